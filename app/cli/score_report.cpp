#include "app/cli/score_report.h"

#include "app/cli/score_table.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <map>

namespace gauntlet::cli {

namespace {

using metrics::formatFixed;

QString q(const std::string &s) { return QString::fromStdString(s); }

// float(f"{value:.{width}f}"), as sacrebleu's JSON rounds scores (locale-independent).
double rounded(double value, int width) { return std::stod(formatFixed(value, width)); }

// Score.format(): the score, and with a bootstrap estimate " (μ = mean ± ci)".
std::string scoreText(const CorpusScore &s, int width)
{
    std::string text = formatFixed(s.score, width);
    if (s.interval)
        text += " (μ = " + formatFixed(s.interval->mean, width) + " ± " + formatFixed(s.interval->halfWidth, width) + ")";
    return text;
}

// Signature "key:value|..." pairs as JSON fields, as Score.format(is_json=True) adds them.
void addSignatureFields(nlohmann::ordered_json &entry, const std::string &signature)
{
    std::size_t start = 0;
    while (start <= signature.size()) {
        const std::size_t end = std::min(signature.find('|', start), signature.size());
        const std::string pair = signature.substr(start, end - start);
        const std::size_t colon = pair.find(':');
        entry[pair.substr(0, colon)] = pair.substr(colon + 1);
        start = end + 1;
    }
}

// sacrebleu's signature as printed: long, or with -sh abbreviated.
std::string shownSignature(const CorpusReport &r, std::size_t m)
{
    return r.shortSignatures ? shortSignature(r.metricNames[m], r.signatures[m]) : r.signatures[m];
}

// Score.format(width, score_only, signature) as text: "BLEU|sig = 30.2 (μ = ...) 60.0/...".
std::string scoreLine(const CorpusReport &r, std::size_t m, const CorpusScore &s)
{
    if (r.scoreOnly)
        return scoreText(s, r.width);
    std::string line = r.metricNames[m] + "|" + shownSignature(r, m) + " = " + scoreText(s, r.width);
    if (!s.verbose.empty())
        line += " " + s.verbose;
    return line;
}

// Python's len(): code points of UTF-8 text.
qsizetype codePoints(const std::string &s)
{
    qsizetype n = 0;
    for (const char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// One system as text (also for -f latex): print_single_results() aligns the lines on their
// first '=' by right-justifying what comes before it; score-only lines are printed as they are.
void printSingleText(QTextStream &out, const CorpusReport &r)
{
    std::vector<std::string> lines;
    for (std::size_t m = 0; m < r.metricNames.size(); ++m)
        lines.push_back(scoreLine(r, m, r.scores[0][m]));
    if (lines.size() == 1 || r.scoreOnly) {
        for (const std::string &line : lines)
            out << q(line) << '\n';
    } else {
        qsizetype w = 0;
        for (const std::string &line : lines)
            w = std::max(w, codePoints(line.substr(0, line.find('=') - 1)));
        for (const std::string &line : lines) {
            const std::size_t cut = line.find('=') - 1;
            const QString left = q(line.substr(0, cut));
            out << QString(std::max<qsizetype>(0, w - codePoints(line.substr(0, cut))), u' ') << left
                << q(line.substr(cut)) << '\n';
        }
    }
    if (r.detail)  // sacrebleu -d without a test set (-t): no origlang information to split by
        out << "No subset information found. Consider using --origlang argument.\n";
}

// One system as JSON: each metric as Score.format(is_json=True) writes it (json.dumps with
// indent=1, keys in sacrebleu's order, non-ASCII kept), one object, or several in sacrebleu's
// "[\n" ... ",\n" ... "\n]". --exact adds the unrounded score, the summed statistics and the
// number of segments to each. With -b each entry is the bare score, as sacrebleu prints it.
void printSingleJson(QTextStream &out, const CorpusReport &r)
{
    std::vector<std::string> entries;
    for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
        const CorpusScore &s = r.scores[0][m];
        if (r.scoreOnly) {  // sacrebleu's Score.format returns the bare score before making JSON
            entries.push_back(scoreText(s, r.width));
            continue;
        }
        nlohmann::ordered_json entry;
        entry["name"] = r.metricNames[m];
        entry["score"] = rounded(s.score, r.width);
        entry["signature"] = r.signatures[m];
        if (s.interval) {
            entry["confidence_mean"] = rounded(s.interval->mean, r.width);
            entry["confidence_var"] = rounded(s.interval->halfWidth, r.width);
            entry["confidence"] = "μ = " + formatFixed(s.interval->mean, r.width) + " ± "
                + formatFixed(s.interval->halfWidth, r.width);
        }
        if (!s.verbose.empty())
            entry["verbose_score"] = s.verbose;
        addSignatureFields(entry, r.signatures[m]);
        if (r.exactJson) {
            entry["exact_score"] = s.score;
            entry["statistics"] = s.total;
            entry["segments"] = s.segments;
        }
        entries.push_back(entry.dump(1, ' ', false));
    }
    if (entries.size() == 1) {
        out << q(entries.front()) << '\n';
        return;
    }
    std::string joined = "[\n";
    for (std::size_t i = 0; i < entries.size(); ++i)
        joined += entries[i] + (i + 1 < entries.size() ? ",\n" : "\n]");
    out << q(joined) << '\n';
}

bool pairedTest(const CorpusReport &r)
{
    return r.test == ScoreTest::PairedBootstrap || r.test == ScoreTest::PairedRandomization;
}

// _format_score_lines(): "30.15 (30.10 ± 1.20)" and the p-value on the next line (text) or after a
// space (latex), starred when p <= 0.05.
QString cellText(const CorpusReport &r, const CorpusScore &s, bool multiline)
{
    std::string text = formatFixed(s.score, r.width);
    if (pairedTest(r)) {
        if (s.interval)
            text += " (" + formatFixed(s.interval->mean, r.width) + " ± " + formatFixed(s.interval->halfWidth, r.width) + ")";
        if (s.pValue)
            text += std::string(multiline ? "\n" : " ") + "(p = " + formatFixed(*s.pValue, 4) + ")" + (*s.pValue > 0.05 ? "" : "*");
    }
    return q(text);
}

// The text printed after a paired test's table (print_results_table).
void printPairedExplanation(QTextStream &out, const CorpusReport &r)
{
    const bool bs = r.test == ScoreTest::PairedBootstrap;
    const QString msg = QStringLiteral("Paired %1 test with %2 %3")
                            .arg(bs ? QStringLiteral("bootstrap resampling") : QStringLiteral("approximate randomization"))
                            .arg(r.samples)
                            .arg(bs ? QStringLiteral("resampling trials") : QStringLiteral("trials"));
    // sacrebleu names the baseline only when its row starts with "Baseline:" (not on standard input).
    const QString baseline = r.systems.constFirst().startsWith(QLatin1String("Baseline:")) ? r.systems.constFirst() : QString();
    out << QString(msg.size(), u'-') << '\n' << msg << '\n' << QString(msg.size(), u'-') << '\n';
    out << " - Each system is pairwise compared to " << baseline << ".\n";
    if (bs)
        out << "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric.\n";
    else
        out << "   Actual system score is provided for each metric.\n";
    out << "\n"
           " - Null hypothesis: the system and the baseline translations are essentially\n"
           "   generated by the same underlying process. For a given system and the baseline,\n"
           "   the p-value is roughly the probability of the absolute score difference (delta)\n"
           "   or higher occurring due to chance, under the assumption that the null hypothesis is correct.\n"
           "\n"
           " - Assuming a significance threshold of 0.05, the null hypothesis can be rejected\n"
           "   for p-values < 0.05 (marked with \"*\"). This means that the delta is unlikely to be attributed\n"
           "   to chance, hence the system is significantly \"different\" than the baseline.\n"
           "   Otherwise, the p-values are highlighted in red.\n"
           "\n"
           " - NOTE: Significance does not tell whether a system is \"better\" than the baseline but rather\n"
           "   emphasizes the \"difference\" of the systems in terms of the replicability of the delta.\n"
           "\n";
}

// Several systems as text or LaTeX: sacrebleu's tabulate table, the paired test's explanation
// and the metric signatures.
void printTable(QTextStream &out, const CorpusReport &r, TableStyle style)
{
    const bool multiline = style == TableStyle::FancyGrid;
    QStringList headers{QStringLiteral("System")};
    for (std::size_t m = 0; m < r.metricNames.size(); ++m)
        headers.append(q(r.metricNames[m]) + (r.test == ScoreTest::PairedBootstrap ? QStringLiteral(" (μ ± 95% CI)") : QString()));
    std::vector<QStringList> rows;
    for (int s = 0; s < r.systems.size(); ++s) {
        QStringList row{r.systems[s]};
        for (std::size_t m = 0; m < r.metricNames.size(); ++m)
            row.append(cellText(r, r.scores[static_cast<std::size_t>(s)][m], multiline));
        rows.push_back(row);
    }
    out << tabulateTable(headers, rows, style) << "\n\n";
    if (pairedTest(r))
        printPairedExplanation(out, r);
    out << "-----------------\nMetric signatures\n-----------------\n";
    for (std::size_t m = 0; m < r.metricNames.size(); ++m)
        out << " - " << q(r.metricNames[m]).leftJustified(10) << ' ' << q(shownSignature(r, m)) << '\n';
}

// Several systems as JSON: json.dumps(indent=4) of sacrebleu's list of {"system": name,
// metric: "30.2"} (paired tests: metric: {"score", "p_value", "mean", "ci"}, unrounded, null
// where absent), non-ASCII escaped as Python does. --exact adds "exact_scores" (outside paired
// tests) and "signatures".
void printTableJson(QTextStream &out, const CorpusReport &r)
{
    const bool paired = pairedTest(r);
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (int s = 0; s < r.systems.size(); ++s) {
        nlohmann::ordered_json entry;
        entry["system"] = r.systems[s].toStdString();
        nlohmann::ordered_json exact, signatures;
        for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
            const CorpusScore &c = r.scores[static_cast<std::size_t>(s)][m];
            if (paired) {
                nlohmann::ordered_json v;
                v["score"] = c.score;
                v["p_value"] = c.pValue ? nlohmann::ordered_json(*c.pValue) : nlohmann::ordered_json();
                v["mean"] = c.interval ? nlohmann::ordered_json(c.interval->mean) : nlohmann::ordered_json();
                v["ci"] = c.interval ? nlohmann::ordered_json(c.interval->halfWidth) : nlohmann::ordered_json();
                entry[r.metricNames[m]] = v;
            } else {
                entry[r.metricNames[m]] = formatFixed(c.score, r.width);
                exact[r.metricNames[m]] = c.score;
            }
            signatures[r.metricNames[m]] = shownSignature(r, m);
        }
        if (r.exactJson) {
            if (!paired)
                entry["exact_scores"] = exact;
            entry["signatures"] = signatures;
        }
        results.push_back(entry);
    }
    out << q(results.dump(4, ' ', true)) << '\n';
}

// TSV: a header, then one row per system and metric.
void printCorpusTsv(QTextStream &out, const CorpusReport &r)
{
    const bool interval = r.test == ScoreTest::Confidence || r.test == ScoreTest::PairedBootstrap;
    const bool paired = r.test == ScoreTest::PairedBootstrap || r.test == ScoreTest::PairedRandomization;
    out << "system\tmetric\tscore";
    if (interval)
        out << "\tmean\tci";
    if (paired)
        out << "\tp_value";
    out << "\tsignature\n";
    for (int s = 0; s < r.systems.size(); ++s) {
        for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
            const CorpusScore &c = r.scores[static_cast<std::size_t>(s)][m];
            out << r.systems[s] << '\t' << q(r.metricNames[m]) << '\t' << q(formatFixed(c.score, r.width));
            if (interval)
                out << '\t' << (c.interval ? q(formatFixed(c.interval->mean, r.width)) : QString()) << '\t'
                    << (c.interval ? q(formatFixed(c.interval->halfWidth, r.width)) : QString());
            if (paired)
                out << '\t' << (c.pValue ? q(formatFixed(*c.pValue, 4)) : QString());
            out << '\t' << q(r.signatures[m]) << '\n';
        }
    }
}

}  // namespace

std::string shortSignature(const std::string &metricName, const std::string &signature)
{
    // Signature._abbr of the base class and of BLEU, CHRF and TER (sacrebleu/metrics/*.py).
    static const std::map<std::string, std::string> common{
        {"version", "v"}, {"nrefs", "#"}, {"test", "t"}, {"lang", "l"}, {"subset", "S"}, {"origlang", "o"},
        {"bs", "bs"}, {"ar", "ar"}, {"seed", "rs"}, {"case", "c"}, {"eff", "e"}, {"smooth", "s"}, {"nc", "nc"},
        {"nw", "nw"}, {"space", "s"}, {"norm", "nr"}, {"punct", "pn"}, {"asian", "as"}};
    const bool ter = metricName.rfind("TER", 0) == 0;
    std::string out;
    std::size_t start = 0;
    while (start <= signature.size()) {
        const std::size_t end = std::min(signature.find('|', start), signature.size());
        const std::string pair = signature.substr(start, end - start);
        const std::size_t colon = pair.find(':');
        const std::string key = pair.substr(0, colon);
        std::string shortKey = key;
        if (key == "tok")
            shortKey = ter ? "t" : "tok";
        else if (const auto it = common.find(key); it != common.end())
            shortKey = it->second;
        out += (out.empty() ? "" : "|") + shortKey + pair.substr(colon);
        start = end + 1;
    }
    return out;
}

void printCorpusReport(QTextStream &out, const CorpusReport &report, ScoreFormat format)
{
    const bool single = report.systems.size() == 1;
    switch (format) {
    case ScoreFormat::Text:
        single ? printSingleText(out, report) : printTable(out, report, TableStyle::FancyGrid);
        break;
    case ScoreFormat::Latex:
        single ? printSingleText(out, report) : printTable(out, report, TableStyle::LatexBooktabs);
        break;
    case ScoreFormat::Json:
        if (single && report.detail) {
            printSingleText(out, report);  // sacrebleu: -d turns JSON into text
            break;
        }
        single ? printSingleJson(out, report) : printTableJson(out, report);
        break;
    case ScoreFormat::Tsv:
        printCorpusTsv(out, report);
        break;
    }
}

void printSentenceReport(QTextStream &out, const SentenceReport &r, ScoreFormat format)
{
    if (format == ScoreFormat::Json && r.exactJson) {
        // gauntlet's own (sacrebleu -sl prints text lines in every format): one entry per system
        // and metric; "scores" rounded to the width as sacrebleu's JSON rounds, "exact_scores"
        // unrounded.
        nlohmann::json results = nlohmann::json::array();
        for (int s = 0; s < r.systems.size(); ++s) {
            for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
                const auto &values = r.scores[static_cast<std::size_t>(s)][m];
                nlohmann::json entry;
                entry["system"] = r.systems[s].toStdString();
                entry["name"] = r.metricNames[m];
                entry["signature"] = r.signatures[m];
                nlohmann::json roundedScores = nlohmann::json::array();
                for (double v : values)
                    roundedScores.push_back(rounded(v, r.width));
                entry["scores"] = roundedScores;
                entry["exact_scores"] = values;
                results.push_back(entry);
            }
        }
        out << q(results.dump(1, ' ', false)) << '\n';
        return;
    }
    if (format == ScoreFormat::Tsv)
        out << "system\tsegment\tmetric\tscore\n";
    const bool several = r.systems.size() > 1;
    std::string line;
    for (int s = 0; s < r.systems.size(); ++s) {
        const std::string system = r.systems[s].toStdString();
        const std::size_t segments = r.scores[static_cast<std::size_t>(s)].front().size();
        for (std::size_t i = 0; i < segments; ++i) {
            for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
                const double v = r.scores[static_cast<std::size_t>(s)][m][i];
                line.clear();
                if (format == ScoreFormat::Tsv) {
                    line = system + "\t" + std::to_string(i + 1) + "\t" + r.metricNames[m] + "\t" + formatFixed(v, r.width);
                } else {
                    // sacrebleu -sl: score.format(width, score_only, signature) per segment; with
                    // several systems each line starts with the system's name and a tab.
                    if (several)
                        line = system + "\t";
                    if (r.scoreOnly) {
                        line += formatFixed(v, r.width);
                    } else {
                        line += r.metricNames[m] + "|"
                            + (r.shortSignatures ? shortSignature(r.metricNames[m], r.signatures[m]) : r.signatures[m])
                            + " = " + formatFixed(v, r.width);
                        const auto &verbose = r.verbose[static_cast<std::size_t>(s)][m];
                        if (!verbose.empty() && !verbose[i].empty())
                            line += " " + verbose[i];
                    }
                }
                line += '\n';
                out << q(line);
            }
        }
    }
}

}  // namespace gauntlet::cli
