// `gauntlet score-text --model FOLDER [--kind difficulty|acceptability|perplexity]`: one score per
// input line (standard input or --input FILE), printed tab-separated with the text, batched.
#include "app/cli/commands.h"

#include "engine/io/io_error.h"
#include "engine/nn/model_folder.h"
#include "engine/text/tokenizer.h"

#include <QFile>

#include <cmath>
#include <cstdio>
#include <optional>

namespace gauntlet::cli {

namespace {

/// Scores one batch of lines and prints them; lines that cannot be scored get "nan" and a message.
void scoreLines(Context &ctx, const QString &name, const nn::LoadedModel &model, const std::vector<QString> &lines,
                size_t firstLine, bool truncate)
{
    std::vector<std::vector<int64_t>> batch;
    std::vector<size_t> where;  // index into lines of each batch entry
    std::vector<double> scores(lines.size(), std::nan(""));
    for (size_t i = 0; i < lines.size(); ++i) {
        const size_t lineNumber = firstLine + i + 1;
        try {
            bool truncated = false;
            std::vector<int64_t> ids = nn::encodeForScoring(model, lines[i].toStdString(), lineNumber, truncate, &truncated);
            if (truncated)
                ctx.err << name << ": line " << lineNumber << ": truncated to " << model.scorer->maxTokens() << " tokens\n";
            model.scorer->checkSequence(ids, lineNumber);
            batch.push_back(std::move(ids));
            where.push_back(i);
        } catch (const nn::InputError &e) {
            ctx.err << name << ": line " << lineNumber << ": " << e.what() << " (score nan)\n";
        }
    }
    const std::vector<double> batchScores = model.scorer->scoreBatch(batch);
    for (size_t k = 0; k < where.size(); ++k)
        scores[where[k]] = batchScores[k];
    for (size_t i = 0; i < lines.size(); ++i)
        ctx.out << QString::number(scores[i], 'g', 8) << '\t' << lines[i] << '\n';
    ctx.out.flush();
}

int scoreText(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Scores each line of text with a model folder and prints \"score<TAB>text\" per line.\n"
        "difficulty: Sentinel-src / COMET score (lower = harder); acceptability: log P(acceptable) of a CoLA\n"
        "classifier; perplexity: causal-LM perplexity (Qwen2). Lines that cannot be scored print nan."));
    const QCommandLineOption modelOption(QStringLiteral("model"), QStringLiteral("The model folder (Hugging Face or Sentinel layout)."),
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
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;
    const QString name = args.value(0, QStringLiteral("gauntlet score-text"));
    if (!parser.isSet(modelOption) || !parser.positionalArguments().isEmpty()) {
        ctx.err << name << ": expected --model FOLDER and no positional arguments (see --help)\n";
        return ExitUsage;
    }
    nn::ModelFolderOptions options;
    options.requireTokenizer = true;
    options.encoderFolder = parser.value(encoderOption);
    bool ok = false, okBatch = false;
    options.settings.threads = parser.value(threadsOption).toInt(&ok);
    const int batchSize = parser.value(batchOption).toInt(&okBatch);
    if (!ok || options.settings.threads < 0 || !okBatch || batchSize < 1) {
        ctx.err << name << ": --threads and --batch-size expect a non-negative / positive number\n";
        return ExitUsage;
    }
    const QString device = parser.value(deviceOption), dtype = parser.value(dtypeOption);
    if ((device != QLatin1String("cpu") && device != QLatin1String("cuda"))
        || (dtype != QLatin1String("float32") && dtype != QLatin1String("bfloat16"))) {
        ctx.err << name << ": --device is cpu or cuda, --dtype float32 or bfloat16\n";
        return ExitUsage;
    }
    options.settings.device = device == QLatin1String("cuda") ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
    options.settings.dtype = dtype == QLatin1String("bfloat16") ? torch::kBFloat16 : torch::kFloat32;
    if (parser.isSet(kindOption)) {
        try {
            options.kind = nn::parseScoreKind(parser.value(kindOption).toStdString());
        } catch (const nn::InputError &e) {
            ctx.err << name << ": " << e.what() << '\n';
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
    try {
        const nn::LoadedModel model = nn::loadModelFolder(parser.value(modelOption), options);
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
                scoreLines(ctx, name, model, lines, done, parser.isSet(truncateOption));
                done += lines.size();
                lines.clear();
            }
        }
        if (!lines.empty())
            scoreLines(ctx, name, model, lines, done, parser.isSet(truncateOption));
    } catch (const std::runtime_error &e) {  // nn::ModelError, io::IoError, text::TokenizerError
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

}  // namespace

Command scoreTextCommand()
{
    return {QStringLiteral("score-text"), QStringLiteral("Score lines of text for difficulty, acceptability or perplexity"), scoreText};
}

}  // namespace gauntlet::cli
