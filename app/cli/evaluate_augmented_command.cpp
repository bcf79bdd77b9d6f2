// `gauntlet evaluate-augmented RESULTS...`: per seed and method, D, L_CoLA, perplexity and the edit
// distance in words of each output (from `gauntlet augment --out` files), then per method the means
// and the word diversity of Table 9 of the ATO paper (unique words / total words over its outputs),
// with the seeds themselves as method "base". TSV (default) or JSON for the GUI's charts.
#include "app/cli/commands.h"
#include "engine/core/json_input.h"

#include "engine/ato/word_frequency.h"
#include "engine/store/database.h"
#include "engine/store/project.h"
#include "engine/judge/judge_summary.h"
#include "engine/judge/judges.h"

#include <QFile>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gauntlet::cli {

namespace {

QStringList words(const QString &text)
{
    return text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

/// Levenshtein distance between two word sequences (substitution, insertion, deletion cost 1).
int wordEditDistance(const QStringList &a, const QStringList &b)
{
    std::vector<int> row(size_t(b.size()) + 1);
    for (int j = 0; j <= b.size(); ++j)
        row[size_t(j)] = j;
    for (int i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = i;
        for (int j = 1; j <= b.size(); ++j) {
            const int up = row[size_t(j)];
            row[size_t(j)] = std::min({up + 1, row[size_t(j) - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[size_t(b.size())];
}

double number(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : std::nan("");
}

struct Row {
    QString seed, method, output;
    double difficulty, fluencyLoss, perplexity;
    int editDistance;
    nlohmann::json judges = nullptr;  ///< the output's JudgeReport JSON (the seed's for "base")
    double outsideVocabulary = std::nan("");  ///< 1 if the output adds a word outside the vocabulary guard
    double trigramPerWord = std::nan("");     ///< log10 P per word under CMU's trigram model (judge::TrigramVerdict::perWord)
};

/// The judge columns of the summary, in order: first the judges a guarded search is not filtered
/// by (the MT round trip), then the trigram model, then those whose verdicts a guarded search's
/// outputs only echo (issue 31 item 4).
const char *const kJudgeColumns[] = {"mt_unknown_words", "round_trip_chrf", "trigram_per_word", "complete_parse", "null_links",
                                     "disjunct_cost", "misspelled_words", "outside_vocabulary"};
constexpr int kJudgeCount = 8;
constexpr int kJudgeDecimals[kJudgeCount] = {3, 1, 3, 3, 3, 3, 3, 3};

struct Summary {
    int count = 0;
    double sums[4] = {0, 0, 0, 0};
    int counted[4] = {0, 0, 0, 0};
    std::set<QString> unique;
    long long totalWords = 0;
    std::vector<double> judged[kJudgeCount];  ///< per kJudgeColumns
    void add(const Row &r, const std::string &pair)
    {
        const judge::JudgeNumbers n = judge::judgeNumbers(r.judges, pair);
        const double columns[kJudgeCount] = {n.unknownWords, n.roundTripChrf, r.trigramPerWord, n.completeParse,
                                             n.nullLinks,    n.disjunctCost,  n.misspelledWords, r.outsideVocabulary};
        for (int k = 0; k < kJudgeCount; ++k)
            judged[k].push_back(columns[k]);
        ++count;
        const double values[4] = {r.difficulty, r.fluencyLoss, r.perplexity, double(r.editDistance)};
        for (int k = 0; k < 4; ++k) {
            if (!std::isnan(values[k])) {
                sums[k] += values[k];
                ++counted[k];
            }
        }
        for (const QString &w : words(r.output)) {
            unique.insert(w.toLower());
            ++totalWords;
        }
    }
    double mean(int k) const { return counted[k] ? sums[k] / counted[k] : std::nan(""); }
    double diversity() const { return totalWords ? double(unique.size()) / double(totalWords) : std::nan(""); }
};

/// The MT signal columns (issue 21): per extra Apertium pair (--mt-pairs) its unknown words and
/// round-trip chrF from the judges; per MT system with stored run translations (--translations)
/// its unknown words (Apertium) and stored round-trip chrF.
struct MtColumn {
    std::string name;  ///< "mt_unknown_words[eng-cat]", "round_trip_chrf[ap]"
    bool chrf = false;
    std::string pair;      ///< judges' pair, or empty for a stored system
    QString system;        ///< stored system
    std::map<QString, std::vector<double>> values;  ///< per method
};

double mtValue(const MtColumn &c, const nlohmann::json &judges, storage::Database *db, const QString &text)
{
    if (!c.pair.empty()) {
        if (!judges.is_object() || !judges.contains("mt") || !judges["mt"].contains(c.pair))
            return std::nan("");
        const judge::JudgeNumbers n = judge::judgeNumbers(judges, c.pair);
        return c.chrf ? n.roundTripChrf : n.unknownWords;
    }
    storage::SqlQuery q(*db, QStringLiteral("SELECT unknown_words, round_trip_chrf FROM run_translations WHERE text = ? AND system = ? ORDER BY id LIMIT 1"));
    q.bind(0, text).bind(1, c.system).exec();
    if (!q.next())
        return std::nan("");
    const QVariant v = q.value(c.chrf ? 1 : 0);
    return v.isNull() ? std::nan("") : v.toDouble();
}

nlohmann::json json(double v)
{
    return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

/// The rows of the result files: one output per method and seed (a finished line over an
/// interrupted one, a later line over an earlier one), then each seed once as method 'base'.
/// Throws std::runtime_error naming the file (and line) that cannot be read.
std::vector<Row> readResults(Context &ctx, const QString &name, const QStringList &paths)
{
    std::vector<Row> rows;
    std::map<QString, Row> bases;
    // One output per method and seed: a finished line over an interrupted one (Ctrl-C, then
    // --resume into the same file), a later line over an earlier one (issue 34: 7 outputs for 6 seeds).
    std::map<std::pair<QString, QString>, std::pair<size_t, bool>> outputOf;  // (method, seed) -> row, interrupted
    int interruptedOnly = 0, replaced = 0;
    for (const QString &path : paths) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            throw std::runtime_error(QStringLiteral("cannot read %1").arg(path).toStdString());
        int lineNumber = 0;
        while (!f.atEnd()) {
            const QByteArray line = f.readLine().trimmed();
            ++lineNumber;
            if (line.isEmpty())
                continue;
            nlohmann::json j;
            try {
                j = core::parseJson(line.constData(), line.constData() + line.size());
                const QString seed = QString::fromStdString(j.at("seed_text").get<std::string>());
                const QString output = QString::fromStdString(j.at("output_text").get<std::string>());
                // Results of one method with different settings are different rows (issue 18); runs
                // given one --label are one method whatever their per-seed settings (a matched
                // baseline's replacements follow another method's edits, seed by seed).
                QString method = QString::fromStdString(j.value("method", std::string("unknown")));
                if (j.contains("label") && j["label"].is_string() && !j["label"].get<std::string>().empty())
                    method = QString::fromStdString(j["label"].get<std::string>());
                else if (j.contains("settings") && j["settings"].is_string())
                    method += QStringLiteral(" [") + QString::fromStdString(j["settings"].get<std::string>()) + u']';
                const nlohmann::json values = j.value("values", nlohmann::json::object());
                const nlohmann::json judged = j.value("judges", nlohmann::json::object());
                const bool interrupted = j.value("interrupted", false);
                Row row{seed, method, output, number(values, "difficulty"), number(values, "fluency_loss"),
                        number(values, "perplexity"), wordEditDistance(words(seed), words(output)), judged.value("output", nlohmann::json())};
                const auto key = std::make_pair(method, seed);
                if (const auto it = outputOf.find(key); it != outputOf.end()) {
                    if (interrupted && !it->second.second)
                        continue;  // the seed finished elsewhere in the files: its finished output counts
                    rows[it->second.first] = row;
                    it->second.second = interrupted;
                    ++replaced;
                } else {
                    outputOf[key] = {rows.size(), interrupted};
                    rows.push_back(row);
                }
                const nlohmann::json seedValues = j.value("seed_values", nlohmann::json::object());
                if (!bases.count(seed) || (bases[seed].judges.is_null() && judged.contains("seed")))
                    bases[seed] = {seed, QStringLiteral("base"), seed, number(seedValues, "difficulty"), number(seedValues, "fluency_loss"),
                                   number(seedValues, "perplexity"), 0, judged.value("seed", nlohmann::json())};
            } catch (const nlohmann::json::exception &e) {
                throw std::runtime_error(QStringLiteral("%1:%2: not a result line (%3)").arg(path).arg(lineNumber).arg(QString::fromUtf8(e.what())).toStdString());
            }
        }
    }
    for (const auto &[key, entry] : outputOf)
        interruptedOnly += entry.second ? 1 : 0;
    if (replaced > 0)
        ctx.err << name << ": " << replaced << " output(s) of a method and seed given again; the finished, latest one counts\n";
    if (interruptedOnly > 0)
        ctx.err << name << ": " << interruptedOnly << " output(s) are an interrupted run's best text so far (no finished run of that seed)\n";
    for (const auto &[seed, row] : bases)
        rows.push_back(row);

    return rows;
}

/// The judges for texts whose result line carries none (one batch), and the two text measures:
/// words outside the vocabulary guard's table, the trigram model's log probability per word.
void judgeRows(Context &ctx, const QString &name, std::vector<Row> &rows, const std::string &pair, bool judge)
{
    // The judges (engine/judge): texts whose line carries none are judged here, in one batch.
    if (judge) {
        std::vector<size_t> missing;
        std::vector<std::string> texts;
        for (size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].judges.is_null() || rows[i].judges.empty()) {
                missing.push_back(i);
                texts.push_back(rows[i].output.toStdString());
            }
        }
        if (!texts.empty()) {
            judge::JudgeOptions options;
            if (!pair.empty())
                options.pairs = {pair};
            judge::Judges judges(options);
            const std::vector<judge::JudgeReport> reports = judges.judge(texts);
            for (const std::string &why : judges.unavailable())
                ctx.err << name << ": " << QString::fromStdString(why) << '\n';
            for (size_t k = 0; k < missing.size(); ++k)
                rows[missing[k]].judges = judge::toJson(reports[k]);
        }
    }
    // Words an output adds that the vocabulary guard does not allow (the default pack's table).
    try {
        const auto guard = ato::loadVocabularyGuard({});
        for (Row &r : rows)
            r.outsideVocabulary = guard->passes(r.seed.toStdString(), r.output.toStdString()) ? 0.0 : 1.0;
    } catch (const std::exception &e) {
        ctx.err << name << ": outside_vocabulary not computed: " << e.what() << '\n';
    }
    // Plausibility under CMU's trigram model (issue 31), from the text itself.
    try {
        const auto trigram = judge::TrigramModel::english();
        for (Row &r : rows)
            r.trigramPerWord = judge::trigramVerdict(*trigram, r.output.toStdString()).perWord();
    } catch (const std::exception &e) {
        ctx.err << name << ": trigram_per_word not computed: " << e.what() << '\n';
    }

}

/// The MT signals (issue 21): extra Apertium pairs judged here (`mtPairs`, comma-separated), and
/// with `translations` the run translations stored in the project; one column per signal with
/// its values per method.
std::vector<MtColumn> mtColumnsFor(Context &ctx, const QString &name, std::vector<Row> &rows, const QString &mtPairs, bool translations)
{
    // The MT signals (issue 21): extra Apertium pairs judged here, and the stored run translations.
    std::vector<MtColumn> mtColumns;
    for (const QString &mode : mtPairs.split(u',', Qt::SkipEmptyParts)) {
        const std::string m = mode.trimmed().toStdString();
        mtColumns.push_back({"mt_unknown_words[" + m + "]", false, m, {}, {}});
        mtColumns.push_back({"round_trip_chrf[" + m + "]", true, m, {}, {}});
    }
    if (!mtColumns.empty()) {
        judge::JudgeOptions options;
        options.grammar = options.spelling = false;
        for (size_t k = 0; k < mtColumns.size(); k += 2)
            options.pairs.push_back(mtColumns[k].pair);
        std::vector<std::string> texts;
        for (const Row &r : rows)
            texts.push_back(r.output.toStdString());
        judge::Judges judges(options);
        const std::vector<judge::JudgeReport> reports = judges.judge(texts);
        for (const std::string &why : judges.unavailable())
            ctx.err << name << ": " << QString::fromStdString(why) << '\n';
        for (size_t i = 0; i < rows.size(); ++i) {
            if (!rows[i].judges.is_object())
                rows[i].judges = nlohmann::json::object();
            const nlohmann::json mt = judge::toJson(reports[i]).value("mt", nlohmann::json::object());
            for (const auto &[mode, verdict] : mt.items())
                rows[i].judges["mt"][mode] = verdict;
        }
    }
    storage::Database *db = nullptr;
    if (translations) {
        try {
            db = &ctx.project().database();
            storage::SqlQuery q(*db, QStringLiteral("SELECT system, MAX(unknown_words IS NOT NULL) FROM run_translations GROUP BY system ORDER BY system"));
            q.exec();
            while (q.next()) {
                const QString system = q.value(0).toString();
                if (q.value(1).toInt() == 1)
                    mtColumns.push_back({"unknown_words[" + system.toStdString() + "]", false, {}, system, {}});
                mtColumns.push_back({"round_trip_chrf[" + system.toStdString() + "]", true, {}, system, {}});
            }
        } catch (const std::exception &e) {
            throw std::runtime_error(std::string("--translations: ") + e.what());
        }
    }
    for (MtColumn &c : mtColumns)
        for (const Row &r : rows)
            c.values[r.method].push_back(mtValue(c, r.judges, db, r.output));

    return mtColumns;
}

void printJson(QTextStream &out, const std::vector<Row> &rows, const std::map<QString, Summary> &summaries, const std::vector<MtColumn> &mtColumns)
{
    nlohmann::json doc{{"rows", nlohmann::json::array()}, {"methods", nlohmann::json::array()}};
    for (const Row &r : rows)
        doc["rows"].push_back({{"seed_text", r.seed.toStdString()}, {"method", r.method.toStdString()}, {"output_text", r.output.toStdString()},
                               {"difficulty", json(r.difficulty)}, {"fluency_loss", json(r.fluencyLoss)}, {"perplexity", json(r.perplexity)},
                               {"edit_distance_words", r.editDistance}, {"judges", r.judges},
                               {"outside_vocabulary", json(r.outsideVocabulary)}, {"trigram_per_word", json(r.trigramPerWord)}});
    for (const auto &[method, s] : summaries) {
        nlohmann::json judged = nlohmann::json::object();
        for (int k = 0; k < kJudgeCount; ++k)
            judged[kJudgeColumns[k]] = judge::toJson(judge::meanInterval(s.judged[k]));
        nlohmann::json mt = nlohmann::json::object();
        for (const MtColumn &c : mtColumns)
            mt[c.name] = judge::toJson(judge::meanInterval(c.values.at(method)));
        doc["methods"].push_back({{"method", method.toStdString()}, {"outputs", s.count}, {"mean_difficulty", json(s.mean(0))},
                                  {"mean_fluency_loss", json(s.mean(1))}, {"mean_perplexity", json(s.mean(2))},
                                  {"mean_edit_distance_words", json(s.mean(3))}, {"word_diversity", json(s.diversity())},
                                  {"judges", judged}, {"mt", mt}});
    }
    out << QString::fromStdString(doc.dump(1)) << '\n';
}

void printTsv(QTextStream &out, const std::vector<Row> &rows, const std::map<QString, Summary> &summaries, const std::vector<MtColumn> &mtColumns,
              const std::string &pair)
{
    const auto num = [](double v) { return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'g', 6); };
    out << "method\toutputs\tmean_difficulty\tmean_fluency_loss\tmean_perplexity\tmean_edit_distance_words\tword_diversity\n";
    for (const auto &[method, s] : summaries)
        out << method << '\t' << s.count << '\t' << num(s.mean(0)) << '\t' << num(s.mean(1)) << '\t' << num(s.mean(2)) << '\t'
                << num(s.mean(3)) << '\t' << num(s.diversity()) << '\n';
    // The judges: mean [95% bootstrap interval] per method.
    out << "\nmethod";
    for (const char *c : kJudgeColumns)
        out << '\t' << c;
    out << '\n';
    for (const auto &[method, s] : summaries) {
        out << method;
        for (int k = 0; k < kJudgeCount; ++k)
            out << '\t' << QString::fromStdString(judge::formatInterval(judge::meanInterval(s.judged[k]), kJudgeDecimals[k]));
        out << '\n';
    }
    // The MT signals: mean [95% bootstrap interval] per method.
    if (!mtColumns.empty()) {
        out << "\nmethod";
        for (const MtColumn &c : mtColumns)
            out << '\t' << QString::fromStdString(c.name);
        out << '\n';
        for (const auto &entry : summaries) {
            const QString &method = entry.first;
            out << method;
            for (const MtColumn &c : mtColumns)
                out << '\t' << QString::fromStdString(judge::formatInterval(judge::meanInterval(c.values.at(method)), c.chrf ? 1 : 3));
            out << '\n';
        }
    }
    out << "\nseed_text\tmethod\tdifficulty\tfluency_loss\tperplexity\tedit_distance_words\tcomplete_parse\tnull_links\t"
               "misspelled_words\tround_trip_chrf\toutput_text\n";
    for (const Row &r : rows) {
        const judge::JudgeNumbers n = judge::judgeNumbers(r.judges, pair);
        out << r.seed << '\t' << r.method << '\t' << num(r.difficulty) << '\t' << num(r.fluencyLoss) << '\t' << num(r.perplexity) << '\t'
                << r.editDistance << '\t' << num(n.completeParse) << '\t' << num(n.nullLinks) << '\t' << num(n.misspelledWords) << '\t'
                << num(n.roundTripChrf) << '\t' << r.output << '\n';
    }
}

int evaluateAugmented(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet evaluate-augmented"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compares augmentation results (gauntlet augment --out files): per seed and method D, L_CoLA, perplexity and\n"
        "word edit distance to the seed; per method the means and word diversity (unique / total words, ATO Table 9).\n"
        "The seeds appear as method 'base'."));
    parser.addPositionalArgument(QStringLiteral("results"), QStringLiteral("Result files (JSON Lines)."), QStringLiteral("RESULTS..."));
    const QCommandLineOption formatO(QStringLiteral("format"), QStringLiteral("tsv or json (default tsv)."), QStringLiteral("FORMAT"),
                                     QStringLiteral("tsv"));
    parser.addOption(formatO);
    const QCommandLineOption noJudgesO(QStringLiteral("no-judges"),
                                       QStringLiteral("Do not judge texts whose result line carries no judges (link-grammar, Hunspell, Apertium)."));
    const QCommandLineOption pairO(QStringLiteral("pair"), QStringLiteral("Apertium round-trip pair (default eng-spa where installed)."),
                                   QStringLiteral("MODE"));
    const QCommandLineOption mtPairsO(QStringLiteral("mt-pairs"),
                                      QStringLiteral("More Apertium round-trip pairs judged on every text (e.g. eng-cat,en-gl): columns "
                                                     "mt_unknown_words[MODE] and round_trip_chrf[MODE] per method."),
                                      QStringLiteral("MODE,MODE"));
    const QCommandLineOption translationsO(QStringLiteral("translations"),
                                           QStringLiteral("Add the MT signals stored in the project (--project) for each text: per system its "
                                                          "unknown words and round-trip chrF (gauntlet runs translate)."));
    parser.addOptions({noJudgesO, pairO, mtPairsO, translationsO});
    parseArguments(parser, args, ctx);
    const QString format = parser.value(formatO);
    if (parser.positionalArguments().isEmpty() || (format != QLatin1String("tsv") && format != QLatin1String("json"))) {
        ctx.err << name << ": expected RESULTS files and --format tsv|json (see --help)\n";
        return ExitUsage;
    }
    std::vector<Row> rows = readResults(ctx, name, parser.positionalArguments());
    const std::string pair = parser.value(pairO).toStdString();
    judgeRows(ctx, name, rows, pair, !parser.isSet(noJudgesO));
    std::map<QString, Summary> summaries;
    for (const Row &r : rows)
        summaries[r.method].add(r, pair);
    const std::vector<MtColumn> mtColumns = mtColumnsFor(ctx, name, rows, parser.value(mtPairsO), parser.isSet(translationsO));
    if (format == QLatin1String("json"))
        printJson(ctx.out, rows, summaries, mtColumns);
    else
        printTsv(ctx.out, rows, summaries, mtColumns, pair);
    return ExitOk;
}

}  // namespace

Command evaluateAugmentedCommand()
{
    return {QStringLiteral("evaluate-augmented"), QStringLiteral("Compare augmentation results per seed and method (D, L_CoLA, PPL, edits, diversity)"),
            evaluateAugmented};
}

}  // namespace gauntlet::cli
