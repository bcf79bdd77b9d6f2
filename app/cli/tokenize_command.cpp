// `gauntlet tokenize --tokenizer PATH [--ids|--pieces] [--xlmr-ids]`: tokenizes standard input line
// by line, for users checking a tokenizer and for scripts.
#include "app/cli/commands.h"

#include "engine/text/tokenizer.h"

#include <QFile>

#include <cstdio>

namespace gauntlet::cli {

namespace {

int runTokenize(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Reads lines from standard input and prints, for each line, its token ids (default) or pieces,\n"
        "separated by spaces. PATH is a SentencePiece .model, a Hugging Face tokenizer.json, a folder holding\n"
        "one of them, or a folder with GPT-2's encoder.json + vocab.bpe. A trailing CR of a line is dropped."));
    const QCommandLineOption tokenizerOption(QStringLiteral("tokenizer"), QStringLiteral("The tokenizer to use."),
                                             QStringLiteral("PATH"));
    const QCommandLineOption idsOption(QStringLiteral("ids"), QStringLiteral("Print token ids (the default)."));
    const QCommandLineOption piecesOption(QStringLiteral("pieces"), QStringLiteral("Print pieces instead of ids."));
    const QCommandLineOption xlmrOption(
        QStringLiteral("xlmr-ids"),
        QStringLiteral("Give a SentencePiece .model XLM-R's ids (<s>=0 <pad>=1 </s>=2 <unk>=3, piece id + 1)."));
    parser.addOptions({tokenizerOption, idsOption, piecesOption, xlmrOption});
    parseArguments(parser, args, ctx);
    if (!parser.isSet(tokenizerOption)) {
        ctx.err << args[0] << ": --tokenizer PATH is required (see --help)\n";
        return ExitUsage;
    }
    if (parser.isSet(idsOption) && parser.isSet(piecesOption)) {
        ctx.err << args[0] << ": choose one of --ids and --pieces\n";
        return ExitUsage;
    }
    if (!parser.positionalArguments().isEmpty()) {
        ctx.err << args[0] << ": unexpected argument '" << parser.positionalArguments().constFirst()
                << "' (input comes from standard input)\n";
        return ExitUsage;
    }
    std::shared_ptr<const text::Tokenizer> tokenizer;
    text::LoadOptions options;
    options.xlmrIds = parser.isSet(xlmrOption);
    tokenizer = text::loadTokenizer(parser.value(tokenizerOption), options);
    const bool pieces = parser.isSet(piecesOption);
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly)) {
        ctx.err << args[0] << ": cannot read standard input\n";
        return ExitFailure;
    }
    while (true) {
        // readLine() keeps the '\n', so only the end of input gives an empty array (atEnd() of a
        // sequential device is not reliable before a read has failed).
        QByteArray line = in.readLine();
        if (line.isEmpty())
            break;
        if (line.endsWith('\n'))
            line.chop(1);
        if (line.endsWith('\r'))
            line.chop(1);
        const std::string_view text(line.constData(), std::size_t(line.size()));
        QString out;
        if (pieces) {
            const auto ps = tokenizer->encodeToPieces(text);
            for (std::size_t i = 0; i < ps.size(); ++i) {
                if (i)
                    out += QLatin1Char(' ');
                out += QString::fromStdString(ps[i]);
            }
        } else {
            const auto ids = tokenizer->encode(text);
            for (std::size_t i = 0; i < ids.size(); ++i) {
                if (i)
                    out += QLatin1Char(' ');
                out += QString::number(ids[i]);
            }
        }
        ctx.out << out << '\n';
    }
    ctx.out.flush();
    return ExitOk;
}

}  // namespace

Command tokenizeCommand()
{
    return {QStringLiteral("tokenize"), QStringLiteral("Tokenize lines of standard input (ids or pieces)"), runTokenize};
}

}  // namespace gauntlet::cli
