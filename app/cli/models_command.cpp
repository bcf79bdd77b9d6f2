// `gauntlet models check PATH [--encoder FOLDER] [--no-load]`: what a model folder or file is
// (layout, role, architecture, parameters and dtypes, tokenizer, the memory its weights take) and
// whether it loads, before a long run (issue 38). Hugging Face hub cache folders are taken as they
// are (nn::hubCacheSnapshot).
// `gauntlet models pack`: where the default model pack and the compute plugin a run uses were
// found (an installed Gauntlet takes them from its own prefix: share/gauntlet, lib/gauntlet).
#include "app/cli/commands.h"

#include "engine/ato/model_pack.h"
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
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("one PATH"));
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

int runModelsPack(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Says where the default model pack is (the models augment, score-text and judge use when none\n"
        "is named) and what it holds, and where the compute plugin that runs the models was loaded from.\n"
        "The pack is $GAUNTLET_MODEL_PACK, else <prefix>/share/gauntlet/models/default beside the\n"
        "executable, else the source tree's resources/models/default.\n"
        "Exit status 0 when both are found, 1 when either is not."));
    parseArguments(parser, args, ctx);
    if (!parser.positionalArguments().isEmpty()) {
        ctx.err << args[0] << ": takes no arguments (see --help)\n";
        return ExitUsage;
    }
    const ato::ModelPack pack = ato::defaultModelPack();
    const auto line = [&ctx](const char *label, const QString &path) {
        ctx.out << label << ": " << (path.isEmpty() ? QStringLiteral("(none)") : core::displayText(path)) << '\n';
    };
    line("pack", pack.folder);
    line("difficulty", pack.difficulty);
    line("acceptability", pack.acceptability);
    line("lm", pack.languageModel);
    line("word list", pack.wordList);
    line("word frequencies", pack.wordFrequencies);
    line("guard frequencies", pack.guardFrequencies);
    line("word vectors", pack.wordVectors);
    int status = pack.difficulty.isEmpty() ? ExitFailure : ExitOk;
    try {
        compute::engine();
        line("compute plugin", compute::pluginPath());
    } catch (const std::exception &e) {
        ctx.out << "compute plugin: not loaded: " << core::displayText(QString::fromLocal8Bit(e.what())) << '\n';
        status = ExitFailure;
    }
    return status;
}

int runModels(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args,
                          QStringLiteral("Usage: gauntlet models check PATH [--encoder FOLDER] [--no-load]\n"
                                         "       gauntlet models pack\n"),
                          {{QStringLiteral("check"), runModelsCheck}, {QStringLiteral("pack"), runModelsPack}});
}

}  // namespace

Command modelsCommand()
{
    return {QStringLiteral("models"), QStringLiteral("Check a model folder or file before a run (what it is, its memory, whether it loads); find the default pack"),
            runModels};
}

}  // namespace gauntlet::cli
