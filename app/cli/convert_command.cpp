// `gauntlet convert SRC DST.safetensors [--strip-prefix P]`: a PyTorch checkpoint (pytorch_model.bin,
// Lightning model.ckpt) or safetensors checkpoint (file, sharded index or folder) -> one safetensors
// file with bit-identical tensors.
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
        "Nothing in SRC is executed: pickled objects other than tensors and plain values are ignored."));
    parser.addPositionalArgument(QStringLiteral("src"), QStringLiteral("The checkpoint to read."));
    parser.addPositionalArgument(QStringLiteral("dst"), QStringLiteral("The safetensors file to write."));
    const QCommandLineOption stripOption(QStringLiteral("strip-prefix"),
                                         QStringLiteral("Remove prefix P from tensor names that start with it "
                                                        "(e.g. model.); other names are kept."),
                                         QStringLiteral("P"));
    parser.addOption(stripOption);
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        ctx.err << args[0] << ": expected SRC and DST (see --help)\n";
        return ExitUsage;
    }
    try {
        const gauntlet::io::ConvertReport r =
            compute::engine().convertToSafetensors(pos[0], pos[1], parser.value(stripOption));
        for (const auto &name : r.skipped)
            ctx.err << args[0] << ": skipped non-tensor state-dict entry '" << QString::fromStdString(name) << "'\n";
        ctx.out << "Wrote " << r.tensors << " tensors (" << r.bytes << " bytes";
        if (parser.isSet(stripOption))
            ctx.out << ", " << r.stripped << " names stripped of '" << parser.value(stripOption) << "'";
        ctx.out << ") to " << pos[1] << '\n';
    } catch (const std::exception &e) {
        ctx.err << args[0] << ": " << e.what() << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

}  // namespace

Command convertCommand()
{
    return {QStringLiteral("convert"), QStringLiteral("Convert a PyTorch or sharded checkpoint to one safetensors file"),
            runConvert};
}

}  // namespace gauntlet::cli
