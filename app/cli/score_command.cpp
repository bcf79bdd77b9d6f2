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
#include <memory>
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
    auto option = [&parser](QStringList names, const QString &help, const QString &value = QString(),
                            const QString &defaultValue = QString()) {
        QCommandLineOption o(names, help, value, defaultValue);
        parser.addOption(o);
        return o;
    };
    const auto hypOption = option({QStringLiteral("i"), QStringLiteral("input")},
                                  QStringLiteral("System output files; several after one -i, or repeated -i."),
                                  QStringLiteral("SYS"));
    const auto tsvOption = option({QStringLiteral("tsv")},
                                  QStringLiteral("A TSV file with one column per system; its first line names them."),
                                  QStringLiteral("FILE"));
    const auto refOption = option({QStringLiteral("r"), QStringLiteral("reference")},
                                  QStringLiteral("A reference file (repeatable); the same as a positional REF."),
                                  QStringLiteral("REF"));
    const auto numRefsOption = option({QStringLiteral("nr"), QStringLiteral("num-refs")},
                                      QStringLiteral("Tab-separated references per line of the one reference file (default: 1)."),
                                      QStringLiteral("N"), QStringLiteral("1"));
    const auto metricsOption = option({QStringLiteral("m"), QStringLiteral("metrics")},
                                      QStringLiteral("bleu, chrf, chrf++, ter; space- or comma-separated (default: bleu)."),
                                      QStringLiteral("METRIC"));
    const auto sentenceOption = option({QStringLiteral("sl"), QStringLiteral("sentence-level")},
                                       QStringLiteral("One score per segment and metric (BLEU with effective order)."));
    const auto formatOption = option({QStringLiteral("f"), QStringLiteral("format")},
                                     QStringLiteral("json, text, latex (sacrebleu's) or tsv (default: json; SACREBLEU_FORMAT "
                                                    "overrides it as in sacrebleu)."),
                                     QStringLiteral("FORMAT"), QStringLiteral("json"));
    const auto jsonOption = option({QStringLiteral("json")}, QStringLiteral("The same as --format json."));
    const auto exactOption = option({QStringLiteral("exact")},
                                    QStringLiteral("JSON: add unrounded scores, summed statistics and segment counts (and "
                                                   "JSON for -sl) to sacrebleu's keys."));
    const auto widthOption = option({QStringLiteral("w"), QStringLiteral("width")},
                                    QStringLiteral("Decimals of the printed scores (default: 1)."), QStringLiteral("N"),
                                    QStringLiteral("1"));
    const auto scoreOnlyOption = option({QStringLiteral("b"), QStringLiteral("score-only")},
                                        QStringLiteral("Print only the scores (text)."));
    const auto shortOption = option({QStringLiteral("sh"), QStringLiteral("short")},
                                    QStringLiteral("Abbreviated metric signatures (not in one system's JSON, as sacrebleu)."));
    const auto detailOption = option({QStringLiteral("d"), QStringLiteral("detail")},
                                     QStringLiteral("sacrebleu's per-origlang detail; without a test set it prints that there "
                                                    "is no subset information (one system, text)."));
    const auto versionOption = option({QStringLiteral("V"), QStringLiteral("version")},
                                      QStringLiteral("Print the sacrebleu version whose output this command reproduces."));
    const auto langPairOption = option({QStringLiteral("l"), QStringLiteral("language-pair")},
                                       QStringLiteral("SRC-TGT: as in sacrebleu, a zh target makes zh BLEU's default "
                                                      "tokenizer (ja and ko need MeCab, not available)."),
                                       QStringLiteral("PAIR"));
    // BLEU.
    const auto tokenizeOption = option({QStringLiteral("tok"), QStringLiteral("tokenize")},
                                       QStringLiteral("BLEU tokenizer: 13a, intl, zh, char or none (default: 13a)."),
                                       QStringLiteral("TOK"), QStringLiteral("13a"));
    const auto smoothOption = option({QStringLiteral("s"), QStringLiteral("smooth-method")},
                                     QStringLiteral("BLEU smoothing: exp, floor, add-k or none (default: exp)."),
                                     QStringLiteral("METHOD"), QStringLiteral("exp"));
    const auto smoothValueOption = option({QStringLiteral("sv"), QStringLiteral("smooth-value")},
                                          QStringLiteral("Value for floor (default 0.1) and add-k (default 1)."),
                                          QStringLiteral("X"));
    const auto lowercaseOption = option({QStringLiteral("lc"), QStringLiteral("lowercase")},
                                        QStringLiteral("Case-insensitive BLEU (as sacrebleu: BLEU only)."));
    const auto effectiveOrderOption = option({QStringLiteral("bleu-effective-order")},
                                             QStringLiteral("Corpus BLEU with effective order (implied by -sl)."));
    const auto forceOption = option({QStringLiteral("force")}, QStringLiteral("Accepted for sacrebleu compatibility."));
    // chrF.
    const auto charOrderOption = option({QStringLiteral("cc"), QStringLiteral("chrf-char-order")},
                                        QStringLiteral("chrF character n-gram order (default: 6)."), QStringLiteral("N"));
    const auto wordOrderOption = option({QStringLiteral("cw"), QStringLiteral("chrf-word-order")},
                                        QStringLiteral("chrF word n-gram order (default: 0 for chrf, 2 for chrf++)."),
                                        QStringLiteral("N"));
    const auto betaOption = option({QStringLiteral("chrf-beta")}, QStringLiteral("chrF recall weight beta (default: 2)."),
                                   QStringLiteral("N"));
    const auto whitespaceOption = option({QStringLiteral("chrf-whitespace")},
                                         QStringLiteral("Keep whitespace in chrF character n-grams."));
    const auto chrfLowercaseOption = option({QStringLiteral("chrf-lowercase")}, QStringLiteral("Case-insensitive chrF."));
    const auto epsOption = option({QStringLiteral("chrf-eps-smoothing")},
                                  QStringLiteral("chrF++.py's epsilon smoothing instead of effective order."));
    // TER.
    const auto terCaseOption = option({QStringLiteral("ter-case-sensitive")}, QStringLiteral("Case-sensitive TER."));
    const auto terNormOption = option({QStringLiteral("ter-normalized")}, QStringLiteral("Tercom normalisation for TER."));
    const auto terPunctOption = option({QStringLiteral("ter-no-punct")}, QStringLiteral("Remove punctuation for TER."));
    const auto terAsianOption = option({QStringLiteral("ter-asian-support")}, QStringLiteral("CJK support for TER."));
    // Statistics.
    const auto confidenceOption = option({QStringLiteral("ci"), QStringLiteral("confidence")},
                                         QStringLiteral("Bootstrap 95% interval of each score (one system), as sacrebleu."));
    const auto confidenceNOption = option({QStringLiteral("cin"), QStringLiteral("confidence-n")},
                                          QStringLiteral("Bootstrap resamples for --confidence (default: 1000)."),
                                          QStringLiteral("N"), QStringLiteral("1000"));
    const auto pairedBsOption = option({QStringLiteral("pbs"), QStringLiteral("paired-bs")},
                                       QStringLiteral("Paired bootstrap test of every system against the first (baseline)."));
    const auto pairedArOption = option({QStringLiteral("par"), QStringLiteral("paired-ar")},
                                       QStringLiteral("Paired approximate randomisation test against the first system."));
    const auto pairedBsNOption = option({QStringLiteral("pbsn"), QStringLiteral("paired-bs-n")},
                                        QStringLiteral("Resamples of --paired-bs (default: 1000)."), QStringLiteral("N"),
                                        QStringLiteral("1000"));
    const auto pairedArNOption = option({QStringLiteral("parn"), QStringLiteral("paired-ar-n")},
                                        QStringLiteral("Trials of --paired-ar (default: 10000)."), QStringLiteral("N"),
                                        QStringLiteral("10000"));
    const auto jobsOption = option({QStringLiteral("j"), QStringLiteral("paired-jobs")},
                                   QStringLiteral("Accepted for sacrebleu compatibility (one process)."), QStringLiteral("N"));
    const auto seedOption = option({QStringLiteral("seed")},
                                   QStringLiteral("Seed of the resampling (default: SACREBLEU_SEED, else 12345)."),
                                   QStringLiteral("N"));
    const auto quietOption = option({QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("Accepted (gauntlet logs nothing)."));
    const auto noColorOption = option({QStringLiteral("nc"), QStringLiteral("no-color")}, QStringLiteral("Accepted (no colours)."));
    const auto encodingOption = option({QStringLiteral("e"), QStringLiteral("encoding")},
                                       QStringLiteral("Only utf-8 is supported."), QStringLiteral("ENC"), QStringLiteral("utf-8"));
    Q_UNUSED(forceOption);
    Q_UNUSED(jobsOption);
    Q_UNUSED(quietOption);
    Q_UNUSED(noColorOption);
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;

    const QString name = args.value(0);
    if (parser.isSet(versionOption)) {
        ctx.out << name << ": sacrebleu 2.6.0 (the output this command reproduces)\n";
        return ExitOk;
    }
    for (const QString &d : dropped)
        ctx.err << name << ": a later option replaces '" << d << "' (as in sacrebleu, the last -i or -m counts)\n";
    auto usage = [&](const QString &why) {
        ctx.err << name << ": " << why << '\n';
        return int(ExitUsage);
    };
    auto number = [&](const QCommandLineOption &o, int min, int max, int &value) {
        bool ok = false;
        value = parser.value(o).toInt(&ok);
        return ok && value >= min && value <= max;
    };

    ScoreSources sources;
    sources.hypothesisFiles = parser.values(hypOption);
    if (parser.isSet(hypOption) && sources.hypothesisFiles.join(QString()).isEmpty())
        return usage(QStringLiteral("-i needs at least one system output file (or leave -i out to read standard input)"));
    sources.hypothesisFiles.removeAll(QString());
    sources.systemsTsv = parser.value(tsvOption);
    sources.referenceFiles = parser.positionalArguments() + parser.values(refOption);
    const bool pairedBs = parser.isSet(pairedBsOption);
    const bool pairedAr = parser.isSet(pairedArOption);
    sources.pairedTest = pairedBs || pairedAr;
    const bool sentenceLevel = parser.isSet(sentenceOption);
    const bool confidence = parser.isSet(confidenceOption);
    sources.systemsFromStdin = sources.hypothesisFiles.isEmpty() && sources.systemsTsv.isEmpty();
    if (sources.referenceFiles.isEmpty())
        return usage(QStringLiteral("missing a reference file (REF before -i, or -r REF)"));
    if (!number(numRefsOption, 1, 1000, sources.numRefs))
        return usage(QStringLiteral("--num-refs expects a number from 1 to 1000"));
    if (sources.numRefs > 1 && sources.referenceFiles.size() > 1)
        return usage(QStringLiteral("--num-refs takes one reference file with tab-separated references"));
    if (parser.value(encodingOption).toLower().remove(u'-') != QLatin1String("utf8"))
        return usage(QStringLiteral("only UTF-8 input is supported (--encoding utf-8)"));
    int width = 1;
    if (!number(widthOption, 0, 17, width))
        return usage(QStringLiteral("--width expects a number from 0 to 17"));
    ScoreFormat format = ScoreFormat::Json;
    QString formatName = parser.isSet(jsonOption) ? QStringLiteral("json") : parser.value(formatOption);
    // sacrebleu: SACREBLEU_FORMAT, when it names one of its formats, overrides -f.
    const QString environmentFormat = QString::fromLocal8Bit(qgetenv("SACREBLEU_FORMAT")).toLower();
    if (environmentFormat == QLatin1String("json") || environmentFormat == QLatin1String("text")
        || environmentFormat == QLatin1String("latex"))
        formatName = environmentFormat;
    if (formatName == QLatin1String("json"))
        format = ScoreFormat::Json;
    else if (formatName == QLatin1String("text"))
        format = ScoreFormat::Text;
    else if (formatName == QLatin1String("latex"))
        format = ScoreFormat::Latex;
    else if (formatName == QLatin1String("tsv"))
        format = ScoreFormat::Tsv;
    else
        return usage(QStringLiteral("unknown format '%1' (json, text, latex or tsv)").arg(formatName));
    if (pairedBs && pairedAr)
        return usage(QStringLiteral("--paired-bs and --paired-ar exclude each other"));
    if (sentenceLevel && (confidence || sources.pairedTest))
        return usage(QStringLiteral("statistical tests are unavailable with --sentence-level"));
    int confidenceN = 1000, pairedBsN = 1000, pairedArN = 10000;
    if (!number(confidenceNOption, 1, 10000000, confidenceN))
        return usage(QStringLiteral("--confidence-n expects a positive number"));
    if (!number(pairedBsNOption, 1, 10000000, pairedBsN))
        return usage(QStringLiteral("--paired-bs-n expects a positive number"));
    if (!number(pairedArNOption, 1, 10000000, pairedArN))
        return usage(QStringLiteral("--paired-ar-n expects a positive number"));
    std::uint64_t seed = kSacrebleuSeed;
    QString seedShown;
    if (parser.isSet(seedOption)) {
        bool ok = false;
        seed = parser.value(seedOption).toULongLong(&ok);
        if (!ok)
            return usage(QStringLiteral("--seed expects a non-negative number"));
        seedShown = QString::number(seed);
    } else if (!seedFromEnvironment(seed, seedShown)) {
        return usage(QStringLiteral("SACREBLEU_SEED is '%1'; expected a non-negative number or none")
                         .arg(QString::fromLocal8Bit(qgetenv("SACREBLEU_SEED"))));
    }

    ScoreOptions options;
    for (const QString &value : parser.values(metricsOption))
        for (const QString &metric : value.toLower().split(u',', Qt::SkipEmptyParts))
            if (!options.metrics.contains(metric.trimmed()))  // sacrebleu keeps one of each
                options.metrics.append(metric.trimmed());
    if (options.metrics.isEmpty())
        options.metrics = QStringList{QStringLiteral("bleu")};
    // Outside paired tests sacrebleu reports the metrics sorted by name (BLEU, CHRF, TER).
    if (!sources.pairedTest)
        std::sort(options.metrics.begin(), options.metrics.end(),
                  [](const QString &a, const QString &b) { return a.toUpper() < b.toUpper(); });
    QString tok = parser.value(tokenizeOption);
    if (parser.isSet(langPairOption) && !parser.isSet(tokenizeOption)) {
        // sacrebleu's BLEU: with no -tok, the target language picks the tokenizer.
        const QString target = parser.value(langPairOption).section(u'-', 1, 1);
        if (target == QLatin1String("zh"))
            tok = QStringLiteral("zh");
        else if (target == QLatin1String("ja"))
            tok = QStringLiteral("ja-mecab");
        else if (target == QLatin1String("ko"))
            tok = QStringLiteral("ko-mecab");
    }
    if (tok == QLatin1String("13a"))
        options.bleu.tokenizer = BleuTokenizer::T13a;
    else if (tok == QLatin1String("none"))
        options.bleu.tokenizer = BleuTokenizer::None;
    else if (tok == QLatin1String("char"))
        options.bleu.tokenizer = BleuTokenizer::Char;
    else if (tok == QLatin1String("intl"))
        options.bleu.tokenizer = BleuTokenizer::Intl;
    else if (tok == QLatin1String("zh"))
        options.bleu.tokenizer = BleuTokenizer::Zh;
    else if (kMissingTokenizers.contains(tok))
        return usage(QStringLiteral("tokenizer '%1' is not available in gauntlet (it needs MeCab or a SentencePiece "
                                    "model); available: 13a, intl, zh, char, none")
                         .arg(tok));
    else
        return usage(QStringLiteral("unknown tokenizer '%1' (13a, intl, zh, char or none)").arg(tok));
    const QString smooth = parser.value(smoothOption);
    if (smooth == QLatin1String("exp"))
        options.bleu.smoothMethod = BleuSmoothing::Exp;
    else if (smooth == QLatin1String("floor"))
        options.bleu.smoothMethod = BleuSmoothing::Floor;
    else if (smooth == QLatin1String("add-k"))
        options.bleu.smoothMethod = BleuSmoothing::AddK;
    else if (smooth == QLatin1String("none"))
        options.bleu.smoothMethod = BleuSmoothing::None;
    else
        return usage(QStringLiteral("unknown smoothing method '%1' (exp, floor, add-k or none)").arg(smooth));
    if (parser.isSet(smoothValueOption)) {
        bool ok = false;
        const double v = parser.value(smoothValueOption).toDouble(&ok);
        if (!ok)
            return usage(QStringLiteral("--smooth-value expects a number"));
        options.bleu.smoothValue = v;
    }
    options.bleu.lowercase = parser.isSet(lowercaseOption);
    options.bleu.effectiveOrder = parser.isSet(effectiveOrderOption);
    if (parser.isSet(charOrderOption) && !number(charOrderOption, 0, 100, options.chrf.charOrder))
        return usage(QStringLiteral("--chrf-char-order expects a number from 0 to 100"));
    if (parser.isSet(wordOrderOption)) {
        if (!number(wordOrderOption, 0, 100, options.chrf.wordOrder))
            return usage(QStringLiteral("--chrf-word-order expects a number from 0 to 100"));
        options.chrfWordOrderSet = true;
    }
    if (parser.isSet(betaOption) && !number(betaOption, 0, 1000, options.chrf.beta))
        return usage(QStringLiteral("--chrf-beta expects a non-negative number"));
    options.chrf.whitespace = parser.isSet(whitespaceOption);
    options.chrf.lowercase = parser.isSet(chrfLowercaseOption);
    options.chrf.epsSmoothing = parser.isSet(epsOption);
    options.ter.caseSensitive = parser.isSet(terCaseOption);
    options.ter.normalized = parser.isSet(terNormOption);
    options.ter.noPunct = parser.isSet(terPunctOption);
    options.ter.asianSupport = parser.isSet(terAsianOption);

    std::vector<std::unique_ptr<Metric>> metrics;
    try {
        for (const QString &m : options.metrics)
            metrics.push_back(makeMetric(m.trimmed(), options, sentenceLevel));
    } catch (const MetricsError &e) {
        return usage(QString::fromStdString(e.what()));
    }

    ScoreInputs inputs;
    try {
        inputs = readScoreInputs(sources);
    } catch (const InputFileError &e) {
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    } catch (const std::invalid_argument &e) {
        return usage(QString::fromStdString(e.what()));
    }
    const std::size_t systemCount = inputs.systems.size();
    if (sources.pairedTest && systemCount < 2)
        return usage(QStringLiteral("paired tests need at least two systems (-i BASELINE SYSTEM...)"));
    if (confidence && systemCount > 1)
        return usage(QStringLiteral("--confidence is for one system; use --paired-bs or --paired-ar for several"));

    const int nrefs = int(inputs.references.size());
    if (sentenceLevel) {
        SentenceReport report;
        report.systems = inputs.systemNames;
        report.width = width;
        report.scoreOnly = parser.isSet(scoreOnlyOption);
        report.shortSignatures = parser.isSet(shortOption);
        report.exactJson = parser.isSet(exactOption);
        for (const auto &metric : metrics) {
            report.metricNames.push_back(metric->name());
            report.signatures.push_back(metric->signature(nrefs));
        }
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
        printSentenceReport(ctx.out, report, format);
        return ExitOk;
    }

    CorpusReport report;
    report.systems = inputs.systemNames;
    report.width = width;
    report.scoreOnly = parser.isSet(scoreOnlyOption);
    report.shortSignatures = parser.isSet(shortOption);
    report.detail = parser.isSet(detailOption);
    report.exactJson = parser.isSet(exactOption);
    report.test = pairedBs ? ScoreTest::PairedBootstrap
        : pairedAr         ? ScoreTest::PairedRandomization
        : confidence       ? ScoreTest::Confidence
                           : ScoreTest::None;
    report.samples = pairedBs ? pairedBsN : pairedAr ? pairedArN : confidence ? confidenceN : 0;
    if (sources.pairedTest) {
        if (sources.systemsFromStdin)  // sacrebleu: "Baseline", "System 1", ... on standard input
            for (int s = 0; s < report.systems.size(); ++s)
                report.systems[s] = s == 0 ? QStringLiteral("Baseline") : QStringLiteral("System %1").arg(s);
        else
            report.systems[0] = QStringLiteral("Baseline: ") + report.systems[0];
    }
    const std::string seedText = seedShown.toStdString();
    for (const auto &metric : metrics) {
        report.metricNames.push_back(metric->name());
        std::string signature = metric->signature(nrefs);
        if (confidence)
            signature = withTestFields(signature, "|bs:" + std::to_string(confidenceN) + "|seed:" + seedText);
        else if (pairedBs)
            signature = withTestFields(signature, "|bs:" + std::to_string(pairedBsN) + "|seed:" + seedText);
        else if (pairedAr)
            signature = withTestFields(signature, "|ar:" + std::to_string(pairedArN) + "|seed:" + seedText);
        report.signatures.push_back(signature);
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
            if (confidence) {
                c.interval = sacrebleuConfidenceInterval(metric, segments, confidenceN, seed);
            } else if (sources.pairedTest && s == 0) {
                if (pairedBs)
                    c.interval = sacrebleuBaselineInterval(metric, segments, pairedBsN, seed);
                baselineSegments[m] = std::move(segments);
            } else if (pairedBs) {
                const PairedComparison r = sacrebleuPairedBootstrap(metric, baselineSegments[m], segments, pairedBsN, seed);
                c.interval = r.systemInterval;
                c.pValue = r.pValue;
            } else if (pairedAr) {
                c.pValue = sacrebleuPairedApproximateRandomization(metric, baselineSegments[m], segments, pairedArN, seed)
                               .pValue;
            }
            report.scores[s].push_back(std::move(c));
        }
    }
    printCorpusReport(ctx.out, report, format);
    return ExitOk;
}

}  // namespace

Command scoreCommand()
{
    return {QStringLiteral("score"),
            QStringLiteral("Score systems with BLEU, chrF and TER as sacrebleu 2.6 (its options, tests and numbers)"), runScore};
}

}  // namespace gauntlet::cli
