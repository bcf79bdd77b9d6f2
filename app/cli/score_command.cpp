// `gauntlet score`: corpus and sentence-level BLEU, chrF/chrF++ and TER of one or more systems
// against one or more references, computed as sacrebleu 2.6 computes them (engine/metrics), with
// sacrebleu's command-line options, its bootstrap interval and its paired tests (the same random
// draws, so the same numbers for the same seed), printed as text, JSON or TSV.
#include "app/cli/commands.h"
#include "app/cli/score_inputs.h"
#include "app/cli/score_report.h"

#include "engine/core/text_file.h"
#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/sacrebleu_significance.h"
#include "engine/metrics/ter.h"

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <optional>
#include <random>

namespace gauntlet::cli {

namespace {

using namespace gauntlet::metrics;

// sacrebleu's tokenizers that need an external model or library, not built into gauntlet.
const QStringList kMissingTokenizers{QStringLiteral("ja-mecab"), QStringLiteral("ko-mecab"), QStringLiteral("spm"),
                                     QStringLiteral("flores101"), QStringLiteral("flores200"),
                                     QStringLiteral("spBLEU-1K")};

struct ScoreOptions {
    QStringList metrics;
    BleuOptions bleu;
    ChrfOptions chrf;
    bool chrfWordOrderSet = false;
    TerOptions ter;
};

// One metric object per requested name; throws MetricsError for an unknown name.
std::unique_ptr<Metric> makeMetric(const QString &name, const ScoreOptions &o, bool sentenceLevel)
{
    if (name == QLatin1String("bleu")) {
        BleuOptions b = o.bleu;
        b.effectiveOrder = b.effectiveOrder || sentenceLevel;  // sacrebleu -sl turns it on
        return std::make_unique<Bleu>(b);
    }
    if (name == QLatin1String("chrf") || name == QLatin1String("chrf++")) {
        ChrfOptions c = o.chrf;
        if (!o.chrfWordOrderSet)
            c.wordOrder = name == QLatin1String("chrf++") ? 2 : 0;
        return std::make_unique<Chrf>(c);
    }
    if (name == QLatin1String("ter"))
        return std::make_unique<Ter>(o.ter);
    throw MetricsError("unknown metric '" + name.toStdString() + "' (bleu, chrf, chrf++ or ter)");
}

// sacrebleu's nargs options: "-i a b c" and "-m bleu chrf" take every following word that does
// not start with '-'. QCommandLineParser takes one value per option, so such runs become
// repeated options; references given as positional words before -i stay positional. As with
// argparse, a second -i (or -m) replaces the first: `-i a.txt -i b.txt` scores b.txt only, and
// `dropped` names what was replaced.
QStringList expandMultiValueOptions(const QStringList &args, QStringList &dropped)
{
    const QStringList inputNames{QStringLiteral("-i"), QStringLiteral("--input")};
    const QStringList metricNames{QStringLiteral("-m"), QStringLiteral("--metrics")};
    QStringList out, inputs, metrics;
    bool inputSeen = false, metricsSeen = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const bool input = i > 0 && inputNames.contains(args[i]);
        const bool metric = i > 0 && metricNames.contains(args[i]);
        if (!input && !metric) {
            out.append(args[i]);
            continue;
        }
        QStringList values;
        while (i + 1 < args.size() && (!args[i + 1].startsWith(u'-') || args[i + 1] == QLatin1String("-")))
            values.append(args[++i]);
        QStringList &group = input ? inputs : metrics;
        bool &seen = input ? inputSeen : metricsSeen;
        if (seen) {
            QStringList shown = group;
            shown.removeAll(QString());
            dropped.append(QStringLiteral("%1 %2").arg(input ? QStringLiteral("-i") : QStringLiteral("-m"),
                                                       shown.isEmpty() ? QStringLiteral("(nothing)") : shown.join(u' ')));
        }
        seen = true;
        group = values;
        if (values.isEmpty())  // "-i" with no file: kept, so the command can say so
            group.append(QString());
    }
    for (const QString &v : inputs)
        out << QStringLiteral("--input") << v;
    for (const QString &v : metrics)
        out << QStringLiteral("--metrics") << v;
    return out;
}

// SACREBLEU_SEED as sacrebleu reads it: a number, "none" for a random seed, 12345 when unset.
bool seedFromEnvironment(std::uint64_t &seed, QString &shown)
{
    const QByteArray env = qgetenv("SACREBLEU_SEED");
    if (env.isEmpty()) {
        seed = kSacrebleuSeed;
        shown = QStringLiteral("12345");
        return true;
    }
    if (env.toLower() == "none") {
        seed = std::random_device{}();
        shown = QStringLiteral("none");
        return true;
    }
    bool ok = false;
    seed = env.toULongLong(&ok);
    shown = QString::number(seed);
    return ok;
}

// sacrebleu's Signature.format(): bs, ar and seed come right after nrefs.
std::string withTestFields(const std::string &signature, const std::string &fields)
{
    const std::size_t bar = signature.find('|');
    return signature.substr(0, bar) + fields + signature.substr(bar);
}

/// The command line of `gauntlet score`, sacrebleu's options in the order --help lists them; each
/// is added to `parser` as it is made.
struct ScoreCommandLine {
    explicit ScoreCommandLine(QCommandLineParser &p) : parser(p) {}
    static QCommandLineOption add(QCommandLineParser &parser, const QStringList &names, const QString &help, const QString &value = QString(),
                                  const QString &defaultValue = QString())
    {
        QCommandLineOption o(names, help, value, defaultValue);
        parser.addOption(o);
        return o;
    }

    QCommandLineParser &parser;
    const QCommandLineOption hypOption = add(parser, {QStringLiteral("i"), QStringLiteral("input")},
                                  QStringLiteral("System output files; several after one -i, or repeated -i."),
                                  QStringLiteral("SYS"));
    const QCommandLineOption tsvOption = add(parser, {QStringLiteral("tsv")},
                                  QStringLiteral("A TSV file with one column per system; its first line names them."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption refOption = add(parser, {QStringLiteral("r"), QStringLiteral("reference")},
                                  QStringLiteral("A reference file (repeatable); the same as a positional REF."),
                                  QStringLiteral("REF"));
    const QCommandLineOption numRefsOption = add(parser, {QStringLiteral("nr"), QStringLiteral("num-refs")},
                                      QStringLiteral("Tab-separated references per line of the one reference file (default: 1)."),
                                      QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption metricsOption = add(parser, {QStringLiteral("m"), QStringLiteral("metrics")},
                                      QStringLiteral("bleu, chrf, chrf++, ter; space- or comma-separated (default: bleu)."),
                                      QStringLiteral("METRIC"));
    const QCommandLineOption sentenceOption = add(parser, {QStringLiteral("sl"), QStringLiteral("sentence-level")},
                                       QStringLiteral("One score per segment and metric (BLEU with effective order)."));
    const QCommandLineOption formatOption = add(parser, {QStringLiteral("f"), QStringLiteral("format")},
                                     QStringLiteral("json, text, latex (sacrebleu's) or tsv (default: json; SACREBLEU_FORMAT "
                                                    "overrides it as in sacrebleu)."),
                                     QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption jsonOption = add(parser, {QStringLiteral("json")}, QStringLiteral("The same as --format json."));
    const QCommandLineOption exactOption = add(parser, {QStringLiteral("exact")},
                                    QStringLiteral("JSON: add unrounded scores, summed statistics and segment counts (and "
                                                   "JSON for -sl) to sacrebleu's keys."));
    const QCommandLineOption widthOption = add(parser, {QStringLiteral("w"), QStringLiteral("width")},
                                    QStringLiteral("Decimals of the printed scores (default: 1)."), QStringLiteral("N"),
                                    QStringLiteral("1"));
    const QCommandLineOption scoreOnlyOption = add(parser, {QStringLiteral("b"), QStringLiteral("score-only")},
                                        QStringLiteral("Print only the scores (text)."));
    const QCommandLineOption shortOption = add(parser, {QStringLiteral("sh"), QStringLiteral("short")},
                                    QStringLiteral("Abbreviated metric signatures (not in one system's JSON, as sacrebleu)."));
    const QCommandLineOption detailOption = add(parser, {QStringLiteral("d"), QStringLiteral("detail")},
                                     QStringLiteral("sacrebleu's per-origlang detail; without a test set it prints that there "
                                                    "is no subset information (one system, text)."));
    const QCommandLineOption versionOption = add(parser, {QStringLiteral("V"), QStringLiteral("version")},
                                      QStringLiteral("Print the sacrebleu version whose output this command reproduces."));
    const QCommandLineOption langPairOption = add(parser, {QStringLiteral("l"), QStringLiteral("language-pair")},
                                       QStringLiteral("SRC-TGT: as in sacrebleu, a zh target makes zh BLEU's default "
                                                      "tokenizer (ja and ko need MeCab, not available)."),
                                       QStringLiteral("PAIR"));
    // BLEU.
    const QCommandLineOption tokenizeOption = add(parser, {QStringLiteral("tok"), QStringLiteral("tokenize")},
                                       QStringLiteral("BLEU tokenizer: 13a, intl, zh, char or none (default: 13a)."),
                                       QStringLiteral("TOK"), QStringLiteral("13a"));
    const QCommandLineOption smoothOption = add(parser, {QStringLiteral("s"), QStringLiteral("smooth-method")},
                                     QStringLiteral("BLEU smoothing: exp, floor, add-k or none (default: exp)."),
                                     QStringLiteral("METHOD"), QStringLiteral("exp"));
    const QCommandLineOption smoothValueOption = add(parser, {QStringLiteral("sv"), QStringLiteral("smooth-value")},
                                          QStringLiteral("Value for floor (default 0.1) and add-k (default 1)."),
                                          QStringLiteral("X"));
    const QCommandLineOption lowercaseOption = add(parser, {QStringLiteral("lc"), QStringLiteral("lowercase")},
                                        QStringLiteral("Case-insensitive BLEU (as sacrebleu: BLEU only)."));
    const QCommandLineOption effectiveOrderOption = add(parser, {QStringLiteral("bleu-effective-order")},
                                             QStringLiteral("Corpus BLEU with effective order (implied by -sl)."));
    const QCommandLineOption forceOption = add(parser, {QStringLiteral("force")}, QStringLiteral("Accepted for sacrebleu compatibility."));
    // chrF.
    const QCommandLineOption charOrderOption = add(parser, {QStringLiteral("cc"), QStringLiteral("chrf-char-order")},
                                        QStringLiteral("chrF character n-gram order (default: 6)."), QStringLiteral("N"));
    const QCommandLineOption wordOrderOption = add(parser, {QStringLiteral("cw"), QStringLiteral("chrf-word-order")},
                                        QStringLiteral("chrF word n-gram order (default: 0 for chrf, 2 for chrf++)."),
                                        QStringLiteral("N"));
    const QCommandLineOption betaOption = add(parser, {QStringLiteral("chrf-beta")}, QStringLiteral("chrF recall weight beta (default: 2)."),
                                   QStringLiteral("N"));
    const QCommandLineOption whitespaceOption = add(parser, {QStringLiteral("chrf-whitespace")},
                                         QStringLiteral("Keep whitespace in chrF character n-grams."));
    const QCommandLineOption chrfLowercaseOption = add(parser, {QStringLiteral("chrf-lowercase")}, QStringLiteral("Case-insensitive chrF."));
    const QCommandLineOption epsOption = add(parser, {QStringLiteral("chrf-eps-smoothing")},
                                  QStringLiteral("chrF++.py's epsilon smoothing instead of effective order."));
    // TER.
    const QCommandLineOption terCaseOption = add(parser, {QStringLiteral("ter-case-sensitive")}, QStringLiteral("Case-sensitive TER."));
    const QCommandLineOption terNormOption = add(parser, {QStringLiteral("ter-normalized")}, QStringLiteral("Tercom normalisation for TER."));
    const QCommandLineOption terPunctOption = add(parser, {QStringLiteral("ter-no-punct")}, QStringLiteral("Remove punctuation for TER."));
    const QCommandLineOption terAsianOption = add(parser, {QStringLiteral("ter-asian-support")}, QStringLiteral("CJK support for TER."));
    // Statistics.
    const QCommandLineOption confidenceOption = add(parser, {QStringLiteral("ci"), QStringLiteral("confidence")},
                                         QStringLiteral("Bootstrap 95% interval of each score (one system), as sacrebleu."));
    const QCommandLineOption confidenceNOption = add(parser, {QStringLiteral("cin"), QStringLiteral("confidence-n")},
                                          QStringLiteral("Bootstrap resamples for --confidence (default: 1000)."),
                                          QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption pairedBsOption = add(parser, {QStringLiteral("pbs"), QStringLiteral("paired-bs")},
                                       QStringLiteral("Paired bootstrap test of every system against the first (baseline)."));
    const QCommandLineOption pairedArOption = add(parser, {QStringLiteral("par"), QStringLiteral("paired-ar")},
                                       QStringLiteral("Paired approximate randomisation test against the first system."));
    const QCommandLineOption pairedBsNOption = add(parser, {QStringLiteral("pbsn"), QStringLiteral("paired-bs-n")},
                                        QStringLiteral("Resamples of --paired-bs (default: 1000)."), QStringLiteral("N"),
                                        QStringLiteral("1000"));
    const QCommandLineOption pairedArNOption = add(parser, {QStringLiteral("parn"), QStringLiteral("paired-ar-n")},
                                        QStringLiteral("Trials of --paired-ar (default: 10000)."), QStringLiteral("N"),
                                        QStringLiteral("10000"));
    const QCommandLineOption jobsOption = add(parser, {QStringLiteral("j"), QStringLiteral("paired-jobs")},
                                   QStringLiteral("Accepted for sacrebleu compatibility (one process)."), QStringLiteral("N"));
    const QCommandLineOption seedOption = add(parser, {QStringLiteral("seed")},
                                   QStringLiteral("Seed of the resampling (default: SACREBLEU_SEED, else 12345)."),
                                   QStringLiteral("N"));
    const QCommandLineOption quietOption = add(parser, {QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("Accepted (gauntlet logs nothing)."));
    const QCommandLineOption noColorOption = add(parser, {QStringLiteral("nc"), QStringLiteral("no-color")}, QStringLiteral("Accepted (no colours)."));
    const QCommandLineOption encodingOption = add(parser, {QStringLiteral("e"), QStringLiteral("encoding")},
                                       QStringLiteral("Only utf-8 is supported."), QStringLiteral("ENC"), QStringLiteral("utf-8"));
};

/// What a score command line asks for, checked: inputs, metrics and their options, the format and
/// the statistical test. Throws UsageError naming the option that is wrong.
struct ScoreRequest {
    ScoreSources sources;
    ScoreOptions options;
    ScoreFormat format = ScoreFormat::Json;
    int width = 1;
    bool pairedBs = false, pairedAr = false, sentenceLevel = false, confidence = false;
    int confidenceN = 1000, pairedBsN = 1000, pairedArN = 10000;
    std::uint64_t seed = kSacrebleuSeed;
    QString seedShown;  ///< the seed as the signatures show it (empty: none given)
};

/// The metrics (sorted by name outside paired tests, as sacrebleu reports them) and their
/// options: BLEU's tokenizer (from -l's target when -tok is not given) and smoothing, chrF's
/// orders and flags, TER's. Throws UsageError.
ScoreOptions metricOptions(const QCommandLineParser &parser, const ScoreCommandLine &o, bool pairedTest)
{
    auto number = [&](const QCommandLineOption &option, int min, int max, int &value) {
        bool ok = false;
        value = parser.value(option).toInt(&ok);
        return ok && value >= min && value <= max;
    };
    ScoreOptions options;
    for (const QString &value : parser.values(o.metricsOption))
        for (const QString &metric : value.toLower().split(u',', Qt::SkipEmptyParts))
            if (!options.metrics.contains(metric.trimmed()))  // sacrebleu keeps one of each
                options.metrics.append(metric.trimmed());
    if (options.metrics.isEmpty())
        options.metrics = QStringList{QStringLiteral("bleu")};
    // Outside paired tests sacrebleu reports the metrics sorted by name (BLEU, CHRF, TER).
    if (!pairedTest)
        std::sort(options.metrics.begin(), options.metrics.end(),
                  [](const QString &a, const QString &b) { return a.toUpper() < b.toUpper(); });
    QString tok = parser.value(o.tokenizeOption);
    if (parser.isSet(o.langPairOption) && !parser.isSet(o.tokenizeOption)) {
        // sacrebleu's BLEU: with no -tok, the target language picks the tokenizer.
        const QString target = parser.value(o.langPairOption).section(u'-', 1, 1);
        if (target == QLatin1String("zh"))
            tok = QStringLiteral("zh");
        else if (target == QLatin1String("ja"))
            tok = QStringLiteral("ja-mecab");
        else if (target == QLatin1String("ko"))
            tok = QStringLiteral("ko-mecab");
    }
    if (const auto tokenizer = bleuTokenizerNamed(tok.toStdString()))
        options.bleu.tokenizer = *tokenizer;
    else if (kMissingTokenizers.contains(tok))
        throw UsageError(QStringLiteral("tokenizer '%1' is not available in gauntlet (it needs MeCab or a SentencePiece "
                                    "model); available: 13a, intl, zh, char, none")
                         .arg(tok));
    else
        throw UsageError(QStringLiteral("unknown tokenizer '%1' (13a, intl, zh, char or none)").arg(tok));
    const QString smooth = parser.value(o.smoothOption);
    if (const auto method = bleuSmoothingNamed(smooth.toStdString()))
        options.bleu.smoothMethod = *method;
    else
        throw UsageError(QStringLiteral("unknown smoothing method '%1' (exp, floor, add-k or none)").arg(smooth));
    if (parser.isSet(o.smoothValueOption)) {
        bool ok = false;
        const double v = parser.value(o.smoothValueOption).toDouble(&ok);
        if (!ok)
            throw UsageError(QStringLiteral("--smooth-value expects a number"));
        options.bleu.smoothValue = v;
    }
    options.bleu.lowercase = parser.isSet(o.lowercaseOption);
    options.bleu.effectiveOrder = parser.isSet(o.effectiveOrderOption);
    if (parser.isSet(o.charOrderOption) && !number(o.charOrderOption, 0, 100, options.chrf.charOrder))
        throw UsageError(QStringLiteral("--chrf-char-order expects a number from 0 to 100"));
    if (parser.isSet(o.wordOrderOption)) {
        if (!number(o.wordOrderOption, 0, 100, options.chrf.wordOrder))
            throw UsageError(QStringLiteral("--chrf-word-order expects a number from 0 to 100"));
        options.chrfWordOrderSet = true;
    }
    if (parser.isSet(o.betaOption) && !number(o.betaOption, 0, 1000, options.chrf.beta))
        throw UsageError(QStringLiteral("--chrf-beta expects a non-negative number"));
    options.chrf.whitespace = parser.isSet(o.whitespaceOption);
    options.chrf.lowercase = parser.isSet(o.chrfLowercaseOption);
    options.chrf.epsSmoothing = parser.isSet(o.epsOption);
    options.ter.caseSensitive = parser.isSet(o.terCaseOption);
    options.ter.normalized = parser.isSet(o.terNormOption);
    options.ter.noPunct = parser.isSet(o.terPunctOption);
    options.ter.asianSupport = parser.isSet(o.terAsianOption);

    return options;
}

ScoreRequest scoreRequest(const QCommandLineParser &parser, const ScoreCommandLine &o)
{
    auto number = [&](const QCommandLineOption &option, int min, int max, int &value) {
        bool ok = false;
        value = parser.value(option).toInt(&ok);
        return ok && value >= min && value <= max;
    };

    ScoreRequest r;
    ScoreSources &sources = r.sources;
    sources.hypothesisFiles = parser.values(o.hypOption);
    if (parser.isSet(o.hypOption) && sources.hypothesisFiles.join(QString()).isEmpty())
        throw UsageError(QStringLiteral("-i needs at least one system output file (or leave -i out to read standard input)"));
    sources.hypothesisFiles.removeAll(QString());
    sources.systemsTsv = parser.value(o.tsvOption);
    sources.referenceFiles = parser.positionalArguments() + parser.values(o.refOption);
    r.pairedBs = parser.isSet(o.pairedBsOption);
    r.pairedAr = parser.isSet(o.pairedArOption);
    sources.pairedTest = r.pairedBs || r.pairedAr;
    r.sentenceLevel = parser.isSet(o.sentenceOption);
    r.confidence = parser.isSet(o.confidenceOption);
    sources.systemsFromStdin = sources.hypothesisFiles.isEmpty() && sources.systemsTsv.isEmpty();
    if (sources.referenceFiles.isEmpty())
        throw UsageError(QStringLiteral("missing a reference file (REF before -i, or -r REF)"));
    if (!number(o.numRefsOption, 1, 1000, sources.numRefs))
        throw UsageError(QStringLiteral("--num-refs expects a number from 1 to 1000"));
    if (sources.numRefs > 1 && sources.referenceFiles.size() > 1)
        throw UsageError(QStringLiteral("--num-refs takes one reference file with tab-separated references"));
    if (parser.value(o.encodingOption).toLower().remove(u'-') != QLatin1String("utf8"))
        throw UsageError(QStringLiteral("only UTF-8 input is supported (--encoding utf-8)"));
    if (!number(o.widthOption, 0, 17, r.width))
        throw UsageError(QStringLiteral("--width expects a number from 0 to 17"));
    QString formatName = parser.isSet(o.jsonOption) ? QStringLiteral("json") : parser.value(o.formatOption);
    // sacrebleu: SACREBLEU_FORMAT, when it names one of its formats, overrides -f.
    const QString environmentFormat = QString::fromLocal8Bit(qgetenv("SACREBLEU_FORMAT")).toLower();
    if (environmentFormat == QLatin1String("json") || environmentFormat == QLatin1String("text")
        || environmentFormat == QLatin1String("latex"))
        formatName = environmentFormat;
    if (formatName == QLatin1String("json"))
        r.format = ScoreFormat::Json;
    else if (formatName == QLatin1String("text"))
        r.format = ScoreFormat::Text;
    else if (formatName == QLatin1String("latex"))
        r.format = ScoreFormat::Latex;
    else if (formatName == QLatin1String("tsv"))
        r.format = ScoreFormat::Tsv;
    else
        throw UsageError(QStringLiteral("unknown format '%1' (json, text, latex or tsv)").arg(formatName));
    if (r.pairedBs && r.pairedAr)
        throw UsageError(QStringLiteral("--paired-bs and --paired-ar exclude each other"));
    if (r.sentenceLevel && (r.confidence || sources.pairedTest))
        throw UsageError(QStringLiteral("statistical tests are unavailable with --sentence-level"));
    if (!number(o.confidenceNOption, 1, 10000000, r.confidenceN))
        throw UsageError(QStringLiteral("--confidence-n expects a positive number"));
    if (!number(o.pairedBsNOption, 1, 10000000, r.pairedBsN))
        throw UsageError(QStringLiteral("--paired-bs-n expects a positive number"));
    if (!number(o.pairedArNOption, 1, 10000000, r.pairedArN))
        throw UsageError(QStringLiteral("--paired-ar-n expects a positive number"));
    if (parser.isSet(o.seedOption)) {
        bool ok = false;
        r.seed = parser.value(o.seedOption).toULongLong(&ok);
        if (!ok)
            throw UsageError(QStringLiteral("--seed expects a non-negative number"));
        r.seedShown = QString::number(r.seed);
    } else if (!seedFromEnvironment(r.seed, r.seedShown)) {
        throw UsageError(QStringLiteral("SACREBLEU_SEED is '%1'; expected a non-negative number or none")
                         .arg(QString::fromLocal8Bit(qgetenv("SACREBLEU_SEED"))));
    }

    r.options = metricOptions(parser, o, r.sources.pairedTest);
    return r;
}

/// The systems, metrics and display options both reports share.
ReportHeader reportHeader(const QCommandLineParser &parser, const ScoreCommandLine &o, const ScoreRequest &r, const ScoreInputs &inputs,
                          const std::vector<std::unique_ptr<Metric>> &metrics)
{
    ReportHeader h;
    h.systems = inputs.systemNames;
    h.width = r.width;
    h.scoreOnly = parser.isSet(o.scoreOnlyOption);
    h.shortSignatures = parser.isSet(o.shortOption);
    h.exactJson = parser.isSet(o.exactOption);
    for (const auto &metric : metrics) {
        h.metricNames.push_back(metric->name());
        h.signatures.push_back(metric->signature(int(inputs.references.size())));
    }
    return h;
}

/// -sl: one score per segment, system and metric (BLEU with effective order).
SentenceReport sentenceReport(const QCommandLineParser &parser, const ScoreCommandLine &o, const ScoreRequest &r, const ScoreInputs &inputs,
                              const std::vector<std::unique_ptr<Metric>> &metrics)
{
    const std::size_t systemCount = inputs.systems.size();
    SentenceReport report;
    static_cast<ReportHeader &>(report) = reportHeader(parser, o, r, inputs, metrics);
    report.scores.resize(systemCount);
    report.verbose.resize(systemCount);
    for (std::size_t s = 0; s < systemCount; ++s) {
        for (const auto &metric : metrics) {
            const std::vector<Statistics> segments = metric->corpusStatistics(inputs.systems[s], inputs.references);
            std::vector<double> scores;
            std::vector<std::string> verbose;
            scores.reserve(segments.size());
            const auto *bleu = dynamic_cast<const Bleu *>(metric.get());
            for (const Statistics &st : segments) {
                if (bleu) {
                    const BleuScore b = bleu->compute(st);
                    scores.push_back(b.score);
                    verbose.push_back(b.verbose());
                } else {
                    scores.push_back(metric->scoreFromStatistics(st));
                }
            }
            report.scores[s].push_back(std::move(scores));
            report.verbose[s].push_back(std::move(verbose));
        }
    }
    return report;
}

/// Corpus scores of every system and metric, with the statistical test asked for (sacrebleu 2.6's
/// random numbers: numpy's PCG64 under the seed).
CorpusReport corpusReport(const QCommandLineParser &parser, const ScoreCommandLine &o, const ScoreRequest &r, const ScoreInputs &inputs,
                          const std::vector<std::unique_ptr<Metric>> &metrics)
{
    const std::size_t systemCount = inputs.systems.size();
    CorpusReport report;
    static_cast<ReportHeader &>(report) = reportHeader(parser, o, r, inputs, metrics);
    report.detail = parser.isSet(o.detailOption);
    report.test = r.pairedBs ? ScoreTest::PairedBootstrap
        : r.pairedAr         ? ScoreTest::PairedRandomization
        : r.confidence       ? ScoreTest::Confidence
                           : ScoreTest::None;
    report.samples = r.pairedBs ? r.pairedBsN : r.pairedAr ? r.pairedArN : r.confidence ? r.confidenceN : 0;
    if (r.sources.pairedTest) {
        if (r.sources.systemsFromStdin)  // sacrebleu: "Baseline", "System 1", ... on standard input
            for (int s = 0; s < report.systems.size(); ++s)
                report.systems[s] = s == 0 ? QStringLiteral("Baseline") : QStringLiteral("System %1").arg(s);
        else
            report.systems[0] = QStringLiteral("Baseline: ") + report.systems[0];
    }
    const std::string seedText = r.seedShown.toStdString();
    for (std::string &signature : report.signatures) {
        if (r.confidence)
            signature = withTestFields(signature, "|bs:" + std::to_string(r.confidenceN) + "|seed:" + seedText);
        else if (r.pairedBs)
            signature = withTestFields(signature, "|bs:" + std::to_string(r.pairedBsN) + "|seed:" + seedText);
        else if (r.pairedAr)
            signature = withTestFields(signature, "|ar:" + std::to_string(r.pairedArN) + "|seed:" + seedText);
    }
    report.scores.resize(systemCount);
    std::vector<std::vector<Statistics>> baselineSegments(metrics.size());
    for (std::size_t s = 0; s < systemCount; ++s) {
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            const Metric &metric = *metrics[m];
            std::vector<Statistics> segments = metric.corpusStatistics(inputs.systems[s], inputs.references);
            CorpusScore c;
            c.total = sumStatistics(segments);
            c.score = metric.scoreFromStatistics(c.total);
            c.segments = segments.size();
            if (const auto *bleu = dynamic_cast<const Bleu *>(&metric))
                c.verbose = bleu->compute(c.total).verbose();
            if (r.confidence) {
                c.interval = sacrebleuConfidenceInterval(metric, segments, r.confidenceN, r.seed);
            } else if (r.sources.pairedTest && s == 0) {
                if (r.pairedBs)
                    c.interval = sacrebleuBaselineInterval(metric, segments, r.pairedBsN, r.seed);
                baselineSegments[m] = std::move(segments);
            } else if (r.pairedBs) {
                const PairedComparison paired = sacrebleuPairedBootstrap(metric, baselineSegments[m], segments, r.pairedBsN, r.seed);
                c.interval = paired.systemInterval;
                c.pValue = paired.pValue;
            } else if (r.pairedAr) {
                c.pValue = sacrebleuPairedApproximateRandomization(metric, baselineSegments[m], segments, r.pairedArN, r.seed)
                               .pValue;
            }
            report.scores[s].push_back(std::move(c));
        }
    }
    return report;
}

int runScore(Context &ctx, const QStringList &rawArgs)
{
    QStringList dropped;
    const QStringList args = expandMultiValueOptions(rawArgs, dropped);
    QCommandLineParser parser;
    // sacrebleu's short options are words ("-lc", "-tok", "-sl"), so one dash starts a long name.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.setApplicationDescription(QString::fromUtf8(
        "Scores systems against references with BLEU, chrF/chrF++ and TER exactly as sacrebleu 2.6.0, with its options\n"
        "and defaults, so a sacrebleu command line works unchanged and prints the same bytes (JSON, text tables,\n"
        "LaTeX): gauntlet score REF... -i SYS... [options], or the system output on standard input (tab-separated\n"
        "columns for several systems), as sacrebleu reads it.\n"
        "Inputs are UTF-8, one segment per line, trailing whitespace removed as sacrebleu does. A UTF-8 byte order\n"
        "mark at the start of a file is dropped on purpose (sacrebleu keeps it as part of the first word, which\n"
        "changes that segment's score); everything else is read as sacrebleu reads it.\n"
        "As in sacrebleu, a second -i or -m replaces the first (gauntlet says so on standard error), the default\n"
        "metric is BLEU, the default width 1 and the default format JSON (SACREBLEU_FORMAT overrides -f).\n"
        "--confidence, --paired-bs and --paired-ar draw the same random numbers as sacrebleu 2.6 (numpy's PCG64),\n"
        "so they print sacrebleu's numbers for the same seed (SACREBLEU_SEED or --seed, default 12345).\n"
        "Beyond sacrebleu: --tsv FILE (one column per system), -f tsv, -m with a comma-separated list and chrf++,\n"
        "several metrics or systems with -sl (where sacrebleu stops with an error), --exact for unrounded numbers\n"
        "in JSON, and -r REF. Not available: -t/--test-set and what needs it (--echo, --list, --origlang, --subset,\n"
        "--download, --citation; -d prints sacrebleu's notice that there is no subset information), and the\n"
        "tokenizers ") + kMissingTokenizers.join(QStringLiteral(", ")) + QStringLiteral("."));
    parser.addPositionalArgument(QStringLiteral("REF"), QStringLiteral("Reference files (as sacrebleu: before -i)."),
                                 QStringLiteral("[REF...]"));
    const ScoreCommandLine o(parser);
    Q_UNUSED(o.forceOption);
    Q_UNUSED(o.jobsOption);
    Q_UNUSED(o.quietOption);
    Q_UNUSED(o.noColorOption);
    parseArguments(parser, args, ctx);

    const QString name = args.value(0);
    if (parser.isSet(o.versionOption)) {
        ctx.out << name << ": sacrebleu 2.6.0 (the output this command reproduces)\n";
        return ExitOk;
    }
    for (const QString &d : dropped)
        ctx.err << name << ": a later option replaces '" << d << "' (as in sacrebleu, the last -i or -m counts)\n";
    const ScoreRequest r = scoreRequest(parser, o);
    std::vector<std::unique_ptr<Metric>> metrics;
    try {
        for (const QString &m : r.options.metrics)
            metrics.push_back(makeMetric(m.trimmed(), r.options, r.sentenceLevel));
    } catch (const MetricsError &e) {
        throw UsageError(QString::fromStdString(e.what()));
    }

    ScoreInputs inputs;
    try {
        inputs = readScoreInputs(r.sources);
    } catch (const core::InputFileError &e) {
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    } catch (const std::invalid_argument &e) {
        throw UsageError(QString::fromStdString(e.what()));
    }
    const std::size_t systemCount = inputs.systems.size();
    if (r.sources.pairedTest && systemCount < 2)
        throw UsageError(QStringLiteral("paired tests need at least two systems (-i BASELINE SYSTEM...)"));
    if (r.confidence && systemCount > 1)
        throw UsageError(QStringLiteral("--confidence is for one system; use --paired-bs or --paired-ar for several"));

    if (r.sentenceLevel)
        printSentenceReport(ctx.out, sentenceReport(parser, o, r, inputs, metrics), r.format);
    else
        printCorpusReport(ctx.out, corpusReport(parser, o, r, inputs, metrics), r.format);
    return ExitOk;
}

}  // namespace

Command scoreCommand()
{
    return {QStringLiteral("score"),
            QStringLiteral("Score systems with BLEU, chrF and TER as sacrebleu 2.6 (its options, tests and numbers)"), runScore};
}

}  // namespace gauntlet::cli
