// `gauntlet merge SHARD... --out FILE`: combines the result files of `gauntlet augment --shard i/n`
// runs into one, keeping one result per (method, seed text): the last one read wins, so a resumed
// shard's newer result replaces an older one. Output order: by method, then by seed_id when
// present, then by seed text.
// `gauntlet merge --project TARGET SHARD.gauntlet...` (issue 25): copies the runs of shard project
// files into one project instead (engine/ato/project_merge.h).
#include "app/cli/commands.h"
#include "engine/core/save_file.h"
#include "engine/core/json_input.h"

#include "engine/ato/project_merge.h"
#include "engine/store/store_error.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <tuple>

namespace gauntlet::cli {

namespace {

int mergeProjectFiles(Context &ctx, const QString &name, const QString &target, const QStringList &shards)
{
    const ato::ProjectMergeSummary s = ato::mergeProjects(target, shards);
    ctx.err << name << ": merged " << s.runs << " runs (" << s.steps << " steps, " << s.beamMembers << " beam members, " << s.candidates
            << " archived candidates, " << s.results << " results) from " << s.shards << " shard projects into " << target << '\n';
    if (s.seedSetsAdded > 0)
        ctx.err << name << ": " << s.seedSetsAdded << " seed sets copied into " << target << '\n';
    if (s.seedsUnmatched > 0)
        ctx.err << name << ": " << s.seedsUnmatched << " runs start from a seed the target's seed sets do not hold; their seed text is kept\n";
    ctx.out << s.runs << '\n';
    return ExitOk;
}

int merge(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet merge"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Combines result files of sharded `gauntlet augment` runs into one JSON Lines file (--out), or the shards' project files into "
        "one project (--project): runs, steps, beams, archives and results with new run ids, each run's shard file kept. A shard "
        "whose runs are already in the target, a newer schema or a damaged file is refused and the target is left unchanged."));
    parser.addPositionalArgument(QStringLiteral("shards"), QStringLiteral("Result files (--out) or project files (--project) of the shards."),
                                 QStringLiteral("SHARD..."));
    const QCommandLineOption outO(QStringLiteral("out"), QStringLiteral("The merged file (written atomically)."), QStringLiteral("FILE"));
    const QCommandLineOption projectO(QStringLiteral("project"), QStringLiteral("Merge shard project files into this project (created when missing)."),
                                      QStringLiteral("TARGET"));
    parser.addOptions({outO, projectO});
    parseArguments(parser, args, ctx);
    if (parser.positionalArguments().isEmpty() || parser.isSet(outO) == parser.isSet(projectO)) {
        ctx.err << name << ": expected SHARD files and either --out FILE or --project TARGET (see --help)\n";
        return ExitUsage;
    }
    if (parser.isSet(projectO))
        return mergeProjectFiles(ctx, name, parser.value(projectO), parser.positionalArguments());
    // key: method, seed id (-1 if none), seed text
    std::map<std::tuple<std::string, std::string, long long, std::string>, std::string> merged;
    for (const QString &path : parser.positionalArguments()) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            ctx.err << name << ": cannot read " << path << '\n';
            return ExitFailure;
        }
        int lineNumber = 0;
        int results = 0;
        while (!f.atEnd()) {
            const QByteArray line = f.readLine().trimmed();
            ++lineNumber;
            if (line.isEmpty())
                continue;
            try {
                const auto j = core::parseJson(line.constData(), line.constData() + line.size());
                // one result per (method, settings, seed): runs with other settings are other results
                const auto key = std::make_tuple(j.value("method", std::string()), j.value("settings", std::string()), j.value("seed_id", -1LL),
                                                 j.at("seed_text").get<std::string>());
                merged[key] = line.toStdString();
                ++results;
            } catch (const nlohmann::json::exception &e) {
                ctx.err << name << ": " << path << ':' << lineNumber << ": not a result line (" << e.what() << ")\n";
                return ExitFailure;
            }
        }
        if (results == 0) {  // issue 39: merged as "0 rows" with exit 0
            ctx.err << name << ": " << path << ": no result lines (an empty file?); nothing was written\n";
            return ExitFailure;
        }
    }
    QByteArray out;
    for (const auto &[key, line] : merged)
        out += QByteArray::fromStdString(line) + '\n';
    if (const QString why = core::saveFile(parser.value(outO), out); !why.isEmpty()) {
        ctx.err << name << ": cannot write " << parser.value(outO) << ": " << why << '\n';
        return ExitFailure;
    }
    ctx.err << name << ": " << merged.size() << " results from " << parser.positionalArguments().size() << " files\n";
    return ExitOk;
}

}  // namespace

Command mergeCommand()
{
    return {QStringLiteral("merge"), QStringLiteral("Combine the result files or project files of sharded augment runs"), merge};
}

}  // namespace gauntlet::cli
