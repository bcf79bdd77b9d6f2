// `gauntlet score`: corpus BLEU, chrF/chrF++ and TER of a hypothesis file against one or more
// reference files, computed as sacrebleu 2.6 computes them (engine/metrics), printed as
// sacrebleu's text lines or as JSON.
#include "app/cli/commands.h"

#include "engine/core/text_file.h"
#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/significance.h"
#include "engine/metrics/ter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>

namespace gauntlet::cli {

namespace {

using namespace gauntlet::metrics;

struct ScoreOptions {
    QStringList metrics;
    BleuTokenizer tokenizer = BleuTokenizer::T13a;
    bool lowercase = false;
    int chrfWordOrder = -1;  // -1: 0 for "chrf", 2 for "chrf++"
    TerOptions ter;
};

// One metric object per requested name; throws MetricsError for an unknown name.
std::unique_ptr<Metric> makeMetric(const QString &name, const ScoreOptions &o)
{
    if (name == QLatin1String("bleu")) {
        BleuOptions b;
        b.tokenizer = o.tokenizer;
        b.lowercase = o.lowercase;
        return std::make_unique<Bleu>(b);
    }
    if (name == QLatin1String("chrf") || name == QLatin1String("chrf++")) {
        ChrfOptions c;
        c.lowercase = o.lowercase;
        c.wordOrder = o.chrfWordOrder >= 0 ? o.chrfWordOrder : (name == QLatin1String("chrf++") ? 2 : 0);
        return std::make_unique<Chrf>(c);
    }
    if (name == QLatin1String("ter"))
        return std::make_unique<Ter>(o.ter);
    throw MetricsError("unknown metric '" + name.toStdString() + "' (bleu, chrf, chrf++ or ter)");
}

std::vector<std::string> toUtf8(const QStringList &lines)
{
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(lines.size()));
    for (const QString &line : lines)
        out.push_back(line.toStdString());
    return out;
}

// float(f"{value:.{width}f}") as sacrebleu's JSON output rounds scores (locale-independent).
double roundTo(double value, int width) { return QString::fromStdString(formatFixed(value, width)).toDouble(); }

// sacrebleu's Signature.format() puts the bootstrap fields right after nrefs.
std::string withBootstrap(const std::string &signature, int samples, std::uint64_t seed)
{
    const std::size_t bar = signature.find('|');
    return signature.substr(0, bar) + "|bs:" + std::to_string(samples) + "|rs:" + std::to_string(seed)
        + signature.substr(bar);
}

int runScore(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Scores a hypothesis file against reference files (UTF-8, one segment per line) with BLEU, chrF and TER\n"
        "exactly as sacrebleu 2.6, and prints one sacrebleu-style line per metric, or JSON."));
    const QCommandLineOption metricsOption({QStringLiteral("m"), QStringLiteral("metrics")},
                                           QStringLiteral("Comma-separated: bleu, chrf, chrf++, ter (default: bleu,chrf,ter)."),
                                           QStringLiteral("LIST"), QStringLiteral("bleu,chrf,ter"));
    const QCommandLineOption refOption({QStringLiteral("r"), QStringLiteral("reference")},
                                       QStringLiteral("A reference file; repeat for several references."), QStringLiteral("REF"));
    const QCommandLineOption hypOption({QStringLiteral("i"), QStringLiteral("input")}, QStringLiteral("The hypothesis file."),
                                       QStringLiteral("HYP"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print a JSON array instead of text lines."));
    const QCommandLineOption widthOption({QStringLiteral("w"), QStringLiteral("width")},
                                         QStringLiteral("Decimals of the printed scores (default: 2)."), QStringLiteral("N"),
                                         QStringLiteral("2"));
    const QCommandLineOption tokenizeOption(QStringLiteral("tokenize"), QStringLiteral("BLEU tokenizer: 13a, none or char (default: 13a)."),
                                            QStringLiteral("TOK"), QStringLiteral("13a"));
    const QCommandLineOption lowercaseOption({QStringLiteral("lc"), QStringLiteral("lowercase")},
                                             QStringLiteral("Case-insensitive BLEU and chrF."));
    const QCommandLineOption wordOrderOption(QStringLiteral("chrf-word-order"),
                                             QStringLiteral("chrF word n-gram order (default: 0 for chrf, 2 for chrf++)."),
                                             QStringLiteral("N"));
    const QCommandLineOption terCaseOption(QStringLiteral("ter-case-sensitive"), QStringLiteral("Case-sensitive TER."));
    const QCommandLineOption terNormOption(QStringLiteral("ter-normalized"), QStringLiteral("Tercom normalisation for TER."));
    const QCommandLineOption terPunctOption(QStringLiteral("ter-no-punct"), QStringLiteral("Remove punctuation for TER."));
    const QCommandLineOption terAsianOption(QStringLiteral("ter-asian-support"), QStringLiteral("CJK support for TER."));
    const QCommandLineOption confidenceOption(QStringLiteral("confidence"),
                                              QStringLiteral("Add bootstrap 95% intervals (1000 resamples), as sacrebleu --confidence."));
    const QCommandLineOption seedOption(QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap (default: 12345)."),
                                        QStringLiteral("N"), QStringLiteral("12345"));
    parser.addOptions({metricsOption, refOption, hypOption, jsonOption, widthOption, tokenizeOption, lowercaseOption,
                       wordOrderOption, terCaseOption, terNormOption, terPunctOption, terAsianOption, confidenceOption,
                       seedOption});
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;

    const QString name = args.value(0);
    auto usage = [&](const QString &why) {
        ctx.err << name << ": " << why << '\n';
        return int(ExitUsage);
    };
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1' (see --help)").arg(parser.positionalArguments().constFirst()));
    if (!parser.isSet(hypOption))
        return usage(QStringLiteral("missing the hypothesis file (-i HYP)"));
    if (parser.values(hypOption).size() > 1)
        return usage(QStringLiteral("give one hypothesis file (-i HYP)"));
    if (parser.values(refOption).isEmpty())
        return usage(QStringLiteral("missing a reference file (-r REF)"));
    bool ok = false;
    const int width = parser.value(widthOption).toInt(&ok);
    if (!ok || width < 0 || width > 17)
        return usage(QStringLiteral("--width expects a number from 0 to 17"));
    const qulonglong seed = parser.value(seedOption).toULongLong(&ok);
    if (!ok)
        return usage(QStringLiteral("--seed expects a non-negative number"));

    ScoreOptions options;
    options.metrics = parser.value(metricsOption).toLower().split(u',', Qt::SkipEmptyParts);
    const QString tok = parser.value(tokenizeOption);
    if (tok == QLatin1String("13a"))
        options.tokenizer = BleuTokenizer::T13a;
    else if (tok == QLatin1String("none"))
        options.tokenizer = BleuTokenizer::None;
    else if (tok == QLatin1String("char"))
        options.tokenizer = BleuTokenizer::Char;
    else
        return usage(QStringLiteral("unknown tokenizer '%1' (13a, none or char)").arg(tok));
    options.lowercase = parser.isSet(lowercaseOption);
    if (parser.isSet(wordOrderOption)) {
        options.chrfWordOrder = parser.value(wordOrderOption).toInt(&ok);
        if (!ok || options.chrfWordOrder < 0)
            return usage(QStringLiteral("--chrf-word-order expects a non-negative number"));
    }
    options.ter.caseSensitive = parser.isSet(terCaseOption);
    options.ter.normalized = parser.isSet(terNormOption);
    options.ter.noPunct = parser.isSet(terPunctOption);
    options.ter.asianSupport = parser.isSet(terAsianOption);

    std::vector<std::unique_ptr<Metric>> metrics;
    try {
        if (options.metrics.isEmpty())
            throw MetricsError("no metric given");
        for (const QString &m : options.metrics)
            metrics.push_back(makeMetric(m.trimmed(), options));
    } catch (const MetricsError &e) {
        return usage(QString::fromStdString(e.what()));
    }

    std::vector<std::string> hypotheses;
    ReferenceStreams references;
    try {
        const QString hypPath = parser.value(hypOption);
        const QStringList hypLines = readUtf8Lines(hypPath);
        for (const QString &refPath : parser.values(refOption)) {
            const QStringList refLines = readUtf8Lines(refPath);
            if (refLines.size() != hypLines.size()) {
                const bool refShorter = refLines.size() < hypLines.size();
                const QString &shorter = refShorter ? refPath : hypPath;
                const QString &longer = refShorter ? hypPath : refPath;
                const qsizetype shortCount = std::min(refLines.size(), hypLines.size());
                throw InputFileError(shorter, int(shortCount) + 1,
                                     QStringLiteral("missing line: it has %1 lines but %2 has %3 (one line per segment)")
                                         .arg(shortCount)
                                         .arg(longer)
                                         .arg(std::max(refLines.size(), hypLines.size())));
            }
            references.push_back(toUtf8(refLines));
        }
        if (hypLines.isEmpty())
            throw InputFileError(hypPath, 0, QStringLiteral("has no segments"));
        hypotheses = toUtf8(hypLines);
    } catch (const InputFileError &e) {
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    }

    const int nrefs = int(references.size());
    nlohmann::json results = nlohmann::json::array();
    try {
        for (const auto &metric : metrics) {
            const std::vector<Statistics> segments = metric->corpusStatistics(hypotheses, references);
            const Statistics total = sumStatistics(segments);
            const double score = metric->scoreFromStatistics(total);
            std::string signature = metric->signature(nrefs);
            std::string scoreText = formatFixed(score, width);
            nlohmann::json entry;
            ConfidenceInterval ci;
            if (parser.isSet(confidenceOption)) {
                ci = bootstrapConfidenceInterval(segments, scoreFunctionOf(*metric), 1000, seed);
                signature = withBootstrap(signature, 1000, seed);
                scoreText += " (μ = " + formatFixed(ci.mean, width) + " ± " + formatFixed(ci.halfWidth, width) + ")";
            }
            std::string verbose;
            if (const auto *bleu = dynamic_cast<const Bleu *>(metric.get()))
                verbose = bleu->compute(total).verbose();
            std::string line = metric->name() + "|" + signature + " = " + scoreText;
            if (!verbose.empty())
                line += " " + verbose;
            if (!parser.isSet(jsonOption)) {
                ctx.out << QString::fromStdString(line) << '\n';
                continue;
            }
            // sacrebleu's JSON fields (score rounded to the width), plus the unrounded score and the
            // summed sufficient statistics.
            entry["name"] = metric->name();
            entry["score"] = roundTo(score, width);
            entry["signature"] = signature;
            if (!verbose.empty())
                entry["verbose_score"] = verbose;
            if (parser.isSet(confidenceOption)) {
                entry["confidence_mean"] = roundTo(ci.mean, width);
                entry["confidence_var"] = roundTo(ci.halfWidth, width);
                entry["confidence"] = "μ = " + formatFixed(ci.mean, width) + " ± " + formatFixed(ci.halfWidth, width);
            }
            std::size_t start = 0;
            while (start <= signature.size()) {
                const std::size_t end = std::min(signature.find('|', start), signature.size());
                const std::string pair = signature.substr(start, end - start);
                const std::size_t colon = pair.find(':');
                entry[pair.substr(0, colon)] = pair.substr(colon + 1);
                start = end + 1;
            }
            entry["exact_score"] = score;
            entry["statistics"] = total;
            entry["segments"] = segments.size();
            results.push_back(entry);
        }
    } catch (const MetricsError &e) {
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    }
    if (parser.isSet(jsonOption))
        ctx.out << QString::fromStdString(results.dump(1, ' ', false)) << '\n';
    return ExitOk;
}

}  // namespace

Command scoreCommand()
{
    return {QStringLiteral("score"), QStringLiteral("Score a hypothesis file with BLEU, chrF and TER (as sacrebleu 2.6)"), runScore};
}

}  // namespace gauntlet::cli
