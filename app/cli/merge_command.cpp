// `gauntlet merge SHARD... --out FILE`: combines the result files of `gauntlet augment --shard i/n`
// runs into one, keeping one result per (method, seed text): the last one read wins, so a resumed
// shard's newer result replaces an older one. Output order: by method, then by seed_id when
// present, then by seed text.
#include "app/cli/commands.h"

#include <QFile>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <tuple>

namespace gauntlet::cli {

namespace {

int merge(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet merge"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Combines result files of sharded `gauntlet augment` runs into one JSON Lines file."));
    parser.addPositionalArgument(QStringLiteral("shards"), QStringLiteral("Result files of the shards."), QStringLiteral("SHARD..."));
    const QCommandLineOption outO(QStringLiteral("out"), QStringLiteral("The merged file (written atomically)."), QStringLiteral("FILE"));
    parser.addOption(outO);
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;
    if (parser.positionalArguments().isEmpty() || !parser.isSet(outO)) {
        ctx.err << name << ": expected SHARD files and --out FILE (see --help)\n";
        return ExitUsage;
    }
    // key: method, seed id (-1 if none), seed text
    std::map<std::tuple<std::string, std::string, long long, std::string>, std::string> merged;
    for (const QString &path : parser.positionalArguments()) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            ctx.err << name << ": cannot read " << path << '\n';
            return ExitFailure;
        }
        int lineNumber = 0;
        while (!f.atEnd()) {
            const QByteArray line = f.readLine().trimmed();
            ++lineNumber;
            if (line.isEmpty())
                continue;
            try {
                const auto j = nlohmann::json::parse(line.constData(), line.constData() + line.size());
                // one result per (method, settings, seed): runs with other settings are other results
                const auto key = std::make_tuple(j.value("method", std::string()), j.value("settings", std::string()), j.value("seed_id", -1LL),
                                                 j.at("seed_text").get<std::string>());
                merged[key] = line.toStdString();
            } catch (const nlohmann::json::exception &e) {
                ctx.err << name << ": " << path << ':' << lineNumber << ": not a result line (" << e.what() << ")\n";
                return ExitFailure;
            }
        }
    }
    QSaveFile out(parser.value(outO));
    if (!out.open(QIODevice::WriteOnly)) {
        ctx.err << name << ": cannot write " << parser.value(outO) << '\n';
        return ExitFailure;
    }
    for (const auto &[key, line] : merged)
        out.write(QByteArray::fromStdString(line) + '\n');
    if (!out.commit()) {
        ctx.err << name << ": cannot write " << parser.value(outO) << '\n';
        return ExitFailure;
    }
    ctx.err << name << ": " << merged.size() << " results from " << parser.positionalArguments().size() << " files\n";
    return ExitOk;
}

}  // namespace

Command mergeCommand()
{
    return {QStringLiteral("merge"), QStringLiteral("Combine result files of sharded augment runs"), merge};
}

}  // namespace gauntlet::cli
