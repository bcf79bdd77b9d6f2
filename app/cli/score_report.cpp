#include "app/cli/score_report.h"

#include <nlohmann/json.hpp>

#include <QString>

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
void addSignatureFields(nlohmann::json &entry, const std::string &signature)
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

// One system: sacrebleu's single-system lines ("BLEU|signature = 30.15 ..."), one per metric.
void printSingleText(QTextStream &out, const CorpusReport &r)
{
    for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
        const CorpusScore &s = r.scores[0][m];
        if (r.scoreOnly) {
            out << q(scoreText(s, r.width)) << '\n';
            continue;
        }
        std::string line = r.metricNames[m] + "|" + r.signatures[m] + " = " + scoreText(s, r.width);
        if (!s.verbose.empty())
            line += " " + s.verbose;
        out << q(line) << '\n';
    }
}

// One system as JSON: sacrebleu's fields (score rounded to the width), plus the unrounded score,
// the summed statistics and the number of segments. Always an array, one entry per metric.
void printSingleJson(QTextStream &out, const CorpusReport &r)
{
    nlohmann::json results = nlohmann::json::array();
    for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
        const CorpusScore &s = r.scores[0][m];
        nlohmann::json entry;
        entry["name"] = r.metricNames[m];
        entry["score"] = rounded(s.score, r.width);
        entry["signature"] = r.signatures[m];
        if (!s.verbose.empty())
            entry["verbose_score"] = s.verbose;
        if (s.interval) {
            entry["confidence_mean"] = rounded(s.interval->mean, r.width);
            entry["confidence_var"] = rounded(s.interval->halfWidth, r.width);
            entry["confidence"] = "μ = " + formatFixed(s.interval->mean, r.width) + " ± "
                + formatFixed(s.interval->halfWidth, r.width);
        }
        addSignatureFields(entry, r.signatures[m]);
        entry["exact_score"] = s.score;
        entry["statistics"] = s.total;
        entry["segments"] = s.segments;
        results.push_back(entry);
    }
    out << q(results.dump(1, ' ', false)) << '\n';
}

// _format_score_lines(multiline=False): "30.15 (30.10 ± 1.20) (p = 0.0010)*".
std::string cellText(const CorpusReport &r, const CorpusScore &s)
{
    if (r.test == ScoreTest::None)
        return formatFixed(s.score, r.width);
    std::string text = formatFixed(s.score, r.width);
    if (s.interval)
        text += " (" + formatFixed(s.interval->mean, r.width) + " ± " + formatFixed(s.interval->halfWidth, r.width) + ")";
    if (s.pValue)
        text += " (p = " + formatFixed(*s.pValue, 4) + ")" + (*s.pValue > 0.05 ? "" : "*");
    return text;
}

std::string columnTitle(const CorpusReport &r, std::size_t m)
{
    return r.metricNames[m] + (r.test == ScoreTest::PairedBootstrap ? " (μ ± 95% CI)" : "");
}

// Several systems: sacrebleu's table (plain columns instead of box drawing), then the test's
// description and the metric signatures.
void printTableText(QTextStream &out, const CorpusReport &r)
{
    std::vector<std::vector<QString>> rows;
    rows.push_back({QStringLiteral("System")});
    for (std::size_t m = 0; m < r.metricNames.size(); ++m)
        rows[0].push_back(q(columnTitle(r, m)));
    for (int s = 0; s < r.systems.size(); ++s) {
        rows.push_back({r.systems[s]});
        for (std::size_t m = 0; m < r.metricNames.size(); ++m)
            rows.back().push_back(q(cellText(r, r.scores[static_cast<std::size_t>(s)][m])));
    }
    std::vector<qsizetype> widths(rows[0].size(), 0);
    for (const auto &row : rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    for (const auto &row : rows) {
        QString line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c == 0)
                line += row[c].rightJustified(widths[c]);
            else
                line += QStringLiteral("  ") + row[c].leftJustified(c + 1 == row.size() ? 0 : widths[c]);
        }
        out << line << '\n';
    }
    out << '\n';
    if (r.test == ScoreTest::PairedBootstrap || r.test == ScoreTest::PairedRandomization) {
        const bool bs = r.test == ScoreTest::PairedBootstrap;
        out << QStringLiteral("Paired %1 test with %2 %3; each system is compared to the baseline (first row).\n")
                   .arg(bs ? QStringLiteral("bootstrap resampling") : QStringLiteral("approximate randomization"))
                   .arg(r.samples)
                   .arg(bs ? QStringLiteral("resampling trials") : QStringLiteral("trials"));
        if (bs)
            out << "Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric.\n";
        out << "p < 0.05 is marked with '*': the difference is unlikely to be due to chance.\n\n";
    }
    out << "Metric signatures\n";
    for (std::size_t m = 0; m < r.metricNames.size(); ++m)
        out << " - " << q(r.metricNames[m]).leftJustified(10) << ' ' << q(r.signatures[m]) << '\n';
}

// Several systems as JSON: sacrebleu's list of {"system": name, metric: "30.15"} (or, in paired
// tests, metric: {"score", "p_value", "mean", "ci"} with unrounded numbers), plus each system's
// "signatures" and, outside paired tests, "exact_scores".
void printTableJson(QTextStream &out, const CorpusReport &r)
{
    const bool paired = r.test == ScoreTest::PairedBootstrap || r.test == ScoreTest::PairedRandomization;
    nlohmann::json results = nlohmann::json::array();
    for (int s = 0; s < r.systems.size(); ++s) {
        nlohmann::json entry;
        entry["system"] = r.systems[s].toStdString();
        nlohmann::json exact, signatures;
        for (std::size_t m = 0; m < r.metricNames.size(); ++m) {
            const CorpusScore &c = r.scores[static_cast<std::size_t>(s)][m];
            if (paired) {
                nlohmann::json v;
                v["score"] = c.score;
                v["p_value"] = c.pValue ? nlohmann::json(*c.pValue) : nlohmann::json();
                v["mean"] = c.interval ? nlohmann::json(c.interval->mean) : nlohmann::json();
                v["ci"] = c.interval ? nlohmann::json(c.interval->halfWidth) : nlohmann::json();
                entry[r.metricNames[m]] = v;
            } else {
                entry[r.metricNames[m]] = formatFixed(c.score, r.width);
                exact[r.metricNames[m]] = c.score;
            }
            signatures[r.metricNames[m]] = r.signatures[m];
        }
        if (!paired)
            entry["exact_scores"] = exact;
        entry["signatures"] = signatures;
        results.push_back(entry);
    }
    out << q(results.dump(4, ' ', false)) << '\n';
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

void printCorpusReport(QTextStream &out, const CorpusReport &report, ScoreFormat format)
{
    const bool single = report.systems.size() == 1;
    switch (format) {
    case ScoreFormat::Text:
        single ? printSingleText(out, report) : printTableText(out, report);
        break;
    case ScoreFormat::Json:
        single ? printSingleJson(out, report) : printTableJson(out, report);
        break;
    case ScoreFormat::Tsv:
        printCorpusTsv(out, report);
        break;
    }
}

void printSentenceReport(QTextStream &out, const SentenceReport &r, ScoreFormat format)
{
    if (format == ScoreFormat::Json) {
        // One entry per system and metric; "scores" rounded to the width as sacrebleu's JSON
        // rounds, "exact_scores" unrounded.
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
                        line += r.metricNames[m] + "|" + r.signatures[m] + " = " + formatFixed(v, r.width);
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
