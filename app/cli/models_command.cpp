// `gauntlet models check PATH [--encoder FOLDER] [--no-load]`: what a model folder or file is
// (layout, role, architecture, parameters and dtypes, tokenizer, the memory its weights take) and
// whether it loads, before a long run (issue 38). Hugging Face hub cache folders are taken as they
// are (nn::hubCacheSnapshot).
#include "app/cli/commands.h"

#include "engine/compute/compute.h"
#include "engine/core/names.h"

namespace gauntlet::cli {

namespace {

int runModelsCheck(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Says what a model folder or file is and whether it will load, before a long run:\n"
        "its layout (Hugging Face, Sentinel / COMET, GGUF), role (difficulty, acceptability, perplexity),\n"
        "architecture, weights, parameters and dtypes, the memory the weights take, and its tokenizer.\n"
        "PATH: a model folder, a GGUF file, or a Hugging Face hub cache folder (models--ORG--NAME).\n"
        "Exit status 0 when it loads, 1 with the reason when it does not."));
    parser.addPositionalArgument(QStringLiteral("path"), QStringLiteral("The model folder or file."));
    const QCommandLineOption encoderOption(QStringLiteral("encoder"),
                                           QStringLiteral("The XLM-R folder with the tokenizer (and config) a Sentinel folder needs."),
                                           QStringLiteral("FOLDER"));
    const QCommandLineOption noLoadOption(QStringLiteral("no-load"),
                                          QStringLiteral("Only read the configuration and the weights' headers; do not load the model."));
    parser.addOptions({encoderOption, noLoadOption});
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;
    if (parser.positionalArguments().size() != 1) {
        ctx.err << args[0] << ": expected one PATH (see --help)\n";
        return ExitUsage;
    }
    const compute::ModelCheck check =
        compute::engine().checkModel(parser.positionalArguments()[0], parser.value(encoderOption), !parser.isSet(noLoadOption));
    for (const auto &[key, value] : check.facts)
        ctx.out << QString::fromStdString(key) << ": " << core::displayText(QString::fromStdString(value)) << '\n';
    if (!check.loads) {
        ctx.out << "will not load: " << core::displayText(QString::fromStdString(check.problem)) << '\n';
        return ExitFailure;
    }
    ctx.out << (parser.isSet(noLoadOption) ? "will load: not tried (--no-load); the files a load needs are there\n" : "will load: yes\n");
    return ExitOk;
}

int runModels(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args, QStringLiteral("Usage: gauntlet models check PATH [--encoder FOLDER] [--no-load]\n"),
                          {{QStringLiteral("check"), runModelsCheck}});
}

}  // namespace

Command modelsCommand()
{
    return {QStringLiteral("models"), QStringLiteral("Check a model folder or file before a run: what it is, its memory, whether it loads"),
            runModels};
}

}  // namespace gauntlet::cli
