// `gauntlet convert SRC DST.safetensors [--strip-prefix P]`: a PyTorch checkpoint (pytorch_model.bin,
// Lightning model.ckpt) or safetensors checkpoint (file, sharded index or folder) -> one safetensors
// file with bit-identical tensors.
// `gauntlet convert stories260K.bin FOLDER --llama2c-tokenizer tok512.bin`: a llama2.c checkpoint ->
// a Hugging Face Llama folder (config.json, model.safetensors, tokenizer.json).
#include "app/cli/commands.h"

#include "engine/compute/compute.h"

namespace gauntlet::cli {

namespace {

int runConvert(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Converts a checkpoint to safetensors with bit-identical tensors.\n"
        "SRC: a torch.save file (pytorch_model.bin, Lightning model.ckpt, .pt; the state dict is used),\n"
        "a .safetensors file, a model.safetensors.index.json or a folder holding either.\n"
        "Nothing in SRC is executed: pickled objects other than tensors and plain values are ignored.\n"
        "With --llama2c-tokenizer, SRC is a llama2.c checkpoint (legacy format) and DST a folder that receives\n"
        "a Hugging Face Llama model: config.json, model.safetensors and tokenizer.json."));
    parser.addPositionalArgument(QStringLiteral("src"), QStringLiteral("The checkpoint to read."));
    parser.addPositionalArgument(QStringLiteral("dst"), QStringLiteral("The safetensors file to write."));
    const QCommandLineOption stripOption(QStringLiteral("strip-prefix"),
                                         QStringLiteral("Remove prefix P from tensor names that start with it "
                                                        "(e.g. model.); other names are kept."),
                                         QStringLiteral("P"));
    parser.addOption(stripOption);
    const QCommandLineOption llama2cOption(QStringLiteral("llama2c-tokenizer"),
                                           QStringLiteral("SRC is a llama2.c checkpoint and FILE its tokenizer.bin; "
                                                          "DST is the model folder to write."),
                                           QStringLiteral("FILE"));
    parser.addOption(llama2cOption);
    parseArguments(parser, args, ctx);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        ctx.err << args[0] << ": expected SRC and DST (see --help)\n";
        return ExitUsage;
    }
    if (parser.isSet(llama2cOption) && parser.isSet(stripOption)) {
        ctx.err << args[0] << ": --strip-prefix does not apply to a llama2.c checkpoint\n";
        return ExitUsage;
    }
    if (parser.isSet(llama2cOption)) {
        const gauntlet::io::ConvertReport r = compute::engine().convertLlama2c(pos[0], parser.value(llama2cOption), pos[1]);
        ctx.out << "Wrote a Llama model folder with " << r.tensors << " tensors (" << r.bytes << " bytes), config.json and "
                << "tokenizer.json to " << pos[1] << '\n';
        return ExitOk;
    }
    const gauntlet::io::ConvertReport r =
        compute::engine().convertToSafetensors(pos[0], pos[1], parser.value(stripOption));
    for (const auto &name : r.skipped)
        ctx.err << args[0] << ": skipped non-tensor state-dict entry '" << QString::fromStdString(name) << "'\n";
    ctx.out << "Wrote " << r.tensors << " tensors (" << r.bytes << " bytes";
    if (parser.isSet(stripOption))
        ctx.out << ", " << r.stripped << " names stripped of '" << parser.value(stripOption) << "'";
    ctx.out << ") to " << pos[1] << '\n';
    return ExitOk;
}

}  // namespace

Command convertCommand()
{
    return {QStringLiteral("convert"), QStringLiteral("Convert a PyTorch or sharded checkpoint to one safetensors file, or a llama2.c checkpoint to a Llama folder"),
            runConvert};
}

}  // namespace gauntlet::cli
