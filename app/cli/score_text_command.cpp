// `gauntlet score-text --model FOLDER [--kind difficulty|acceptability|perplexity]`: one score per
// input line (standard input or --input FILE), printed tab-separated with the text, batched.
#include "app/cli/commands.h"

#include "engine/ato/model_pack.h"
#include "engine/compute/compute.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace gauntlet::cli {

namespace {

/// Scores one batch of lines and prints them; lines that cannot be scored get "nan" and a message.
void scoreLines(Context &ctx, const QString &name, compute::TextScorer &scorer, const std::vector<QString> &lines, size_t firstLine,
                bool truncate)
{
    std::vector<std::string> utf8;
    utf8.reserve(lines.size());
    for (const QString &line : lines)
        utf8.push_back(line.toStdString());
    const compute::TextScores scored = scorer.score(utf8, firstLine, truncate);
    for (const auto &[index, message] : scored.messages)
        ctx.err << name << ": line " << (firstLine + index + 1) << ": " << QString::fromStdString(message) << '\n';
    for (size_t i = 0; i < lines.size(); ++i)
        ctx.out << QString::number(scored.scores[i], 'g', 8) << '\t' << lines[i] << '\n';
    ctx.out.flush();
}

int scoreText(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Scores each line of text with a model folder and prints \"score<TAB>text\" per line.\n"
        "difficulty: Sentinel-src / COMET score (lower = harder); acceptability: log P(acceptable) of a CoLA\n"
        "classifier; perplexity: causal-LM perplexity (Qwen2). Lines that cannot be scored print nan."));
    const QCommandLineOption modelOption(QStringLiteral("model"), QStringLiteral("The model folder (Hugging Face or Sentinel layout), or a GGUF language model file (default: the shipped pack's model for --kind)."),
                                         QStringLiteral("FOLDER"));
    const QCommandLineOption kindOption(QStringLiteral("kind"), QStringLiteral("difficulty, acceptability or perplexity (default: what the folder holds)."),
                                        QStringLiteral("KIND"));
    const QCommandLineOption inputOption(QStringLiteral("input"), QStringLiteral("Read lines from FILE instead of standard input."),
                                         QStringLiteral("FILE"));
    const QCommandLineOption encoderOption(QStringLiteral("encoder"),
                                           QStringLiteral("XLM-R folder with the tokenizer (and config) for a Sentinel folder."),
                                           QStringLiteral("FOLDER"));
    const QCommandLineOption deviceOption(QStringLiteral("device"), QStringLiteral("cpu or cuda (default: cpu)."), QStringLiteral("DEVICE"),
                                          QStringLiteral("cpu"));
    const QCommandLineOption dtypeOption(QStringLiteral("dtype"), QStringLiteral("float32 or bfloat16 (default: float32)."),
                                         QStringLiteral("DTYPE"), QStringLiteral("float32"));
    const QCommandLineOption threadsOption(QStringLiteral("threads"), QStringLiteral("CPU threads (default: all cores)."), QStringLiteral("N"),
                                           QStringLiteral("0"));
    const QCommandLineOption batchOption(QStringLiteral("batch-size"), QStringLiteral("Lines per batch (default: 64)."), QStringLiteral("N"),
                                         QStringLiteral("64"));
    const QCommandLineOption truncateOption(QStringLiteral("truncate"),
                                            QStringLiteral("Cut lines longer than the model's maximum and report them (default: nan)."));
    parser.addOptions({modelOption, kindOption, inputOption, encoderOption, deviceOption, dtypeOption, threadsOption, batchOption,
                       truncateOption});
    parseArguments(parser, args, ctx);
    const QString name = args.value(0, QStringLiteral("gauntlet score-text"));
    if (!parser.positionalArguments().isEmpty()) {
        ctx.err << name << ": unexpected argument '" << parser.positionalArguments().constFirst() << "' (see --help)\n";
        return ExitUsage;
    }
    // Without --model, the default pack's model for the kind, as `augment` uses it.
    QString modelFolder = parser.value(modelOption);
    if (modelFolder.isEmpty()) {
        if (!parser.isSet(kindOption)) {
            ctx.err << name << ": give --model FOLDER, or --kind to score with the default model pack's model of that kind\n";
            return ExitUsage;
        }
        const ato::ModelPack pack = ato::defaultModelPack();
        const QString kind = parser.value(kindOption);
        modelFolder = kind == QLatin1String("difficulty")      ? pack.difficulty
                      : kind == QLatin1String("acceptability") ? pack.acceptability
                      : kind == QLatin1String("perplexity")    ? pack.languageModel
                                                               : QString();
        const std::vector<std::string> &kinds = compute::scoreKindNames();
        if (modelFolder.isEmpty() && std::find(kinds.begin(), kinds.end(), kind.toStdString()) != kinds.end()) {
            ctx.err << name << ": the default model pack was not found (or has no " << kind << " model); give --model FOLDER\n";
            return ExitFailure;
        }
    }
    compute::TextScorerOptions options;
    options.encoderFolder = parser.value(encoderOption);
    bool ok = false, okBatch = false;
    options.threads = parser.value(threadsOption).toInt(&ok);
    const int batchSize = parser.value(batchOption).toInt(&okBatch);
    if (!ok || options.threads < 0 || !okBatch || batchSize < 1) {
        ctx.err << name << ": --threads and --batch-size expect a non-negative / positive number\n";
        return ExitUsage;
    }
    const QString device = parser.value(deviceOption), dtype = parser.value(dtypeOption);
    if ((device != QLatin1String("cpu") && device != QLatin1String("cuda"))
        || (dtype != QLatin1String("float32") && dtype != QLatin1String("bfloat16"))) {
        ctx.err << name << ": --device is cpu or cuda, --dtype float32 or bfloat16\n";
        return ExitUsage;
    }
    options.device = device.toStdString();
    options.dtype = dtype.toStdString();
    if (parser.isSet(kindOption)) {
        options.kind = parser.value(kindOption).toStdString();
        const std::vector<std::string> &kinds = compute::scoreKindNames();
        if (std::find(kinds.begin(), kinds.end(), options.kind) == kinds.end()) {
            ctx.err << name << ": unknown score kind \"" << parser.value(kindOption)
                    << "\" (expected difficulty, acceptability or perplexity)\n";
            return ExitUsage;
        }
    }

    QFile input;
    if (parser.isSet(inputOption)) {
        input.setFileName(parser.value(inputOption));
        if (!input.open(QIODevice::ReadOnly)) {
            ctx.err << name << ": cannot read " << parser.value(inputOption) << ": " << input.errorString() << '\n';
            return ExitFailure;
        }
    } else if (!input.open(stdin, QIODevice::ReadOnly)) {
        ctx.err << name << ": cannot read standard input\n";
        return ExitFailure;
    }
    const std::unique_ptr<compute::TextScorer> model = compute::engine().loadTextScorer(modelFolder, options);
    std::vector<QString> lines;
    size_t done = 0;
    while (!input.atEnd()) {
        QByteArray line = input.readLine();
        if (line.isEmpty())  // end of a sequential device (an empty input line still holds '\n')
            break;
        if (line.endsWith('\n'))
            line.chop(1);
        if (line.endsWith('\r'))
            line.chop(1);
        lines.push_back(QString::fromUtf8(line));
        if (static_cast<int>(lines.size()) == batchSize) {
            scoreLines(ctx, name, *model, lines, done, parser.isSet(truncateOption));
            done += lines.size();
            lines.clear();
        }
    }
    if (!lines.empty())
        scoreLines(ctx, name, *model, lines, done, parser.isSet(truncateOption));
    return ExitOk;
}

}  // namespace

Command scoreTextCommand()
{
    return {QStringLiteral("score-text"), QStringLiteral("Score lines of text for difficulty, acceptability or perplexity"), scoreText};
}

}  // namespace gauntlet::cli
