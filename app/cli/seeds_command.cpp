// `gauntlet seeds import|list|remove`: the project's seed texts.
#include "app/cli/commands.h"

#include "engine/core/text_file.h"
#include "engine/store/project.h"

#include <QFileInfo>

namespace gauntlet::cli {

namespace {

int importSeeds(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Imports seed texts from FILE into the project as a new seed set.\n"
        "Formats: TSV with a header (a text column named text, source, src, sentence, first_sentence or segment;\n"
        "optional corpus, doc_id, domain, seg_key), plain text (one seed per line), or JSONL (objects with \"text\")."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The seed file."));
    const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("Seed set name (default: the file's base name)."),
                                        QStringLiteral("NAME"));
    const QCommandLineOption formatOption(QStringLiteral("format"), QStringLiteral("auto, tsv, text or jsonl (default: auto)."),
                                          QStringLiteral("FORMAT"), QStringLiteral("auto"));
    const QCommandLineOption licenceOption(QStringLiteral("licence"), QStringLiteral("Licence of the texts, stored with the set."),
                                           QStringLiteral("TEXT"));
    const QCommandLineOption replaceOption(QStringLiteral("replace"), QStringLiteral("Replace a seed set of the same name."));
    parser.addOptions({nameOption, formatOption, licenceOption, replaceOption});
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("exactly one FILE"));
    storage::SeedFileFormat format;
    try {
        format = storage::parseSeedFileFormat(parser.value(formatOption));
    } catch (const std::invalid_argument &e) {
        ctx.err << args[0] << ": " << e.what() << '\n';
        return ExitUsage;
    }
    const QString path = parser.positionalArguments().constFirst();
    const QString name = parser.isSet(nameOption) ? parser.value(nameOption) : QFileInfo(path).completeBaseName();

    QVector<storage::SeedRecord> seeds;
    seeds = storage::readSeedFile(path, format);
    storage::SeedStore store = ctx.project().seeds();
    store.addSet(name, seeds, QFileInfo(path).absoluteFilePath(), parser.value(licenceOption), parser.isSet(replaceOption));
    ctx.out << "Imported " << seeds.size() << " seeds into seed set '" << name << "' of " << ctx.project().path() << '\n';
    return ExitOk;
}

int listSeeds(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Lists the project's seed sets, or with SET the seeds of one set (tab-separated: position, corpus, domain, text)."));
    parser.addPositionalArgument(QStringLiteral("set"), QStringLiteral("A seed set name."), QStringLiteral("[SET]"));
    const QCommandLineOption limitOption(QStringLiteral("limit"), QStringLiteral("Show at most N seeds (default: all)."),
                                         QStringLiteral("N"), QStringLiteral("-1"));
    parser.addOption(limitOption);
    parseArguments(parser, args, ctx);
    bool ok = false;
    const int limit = parser.value(limitOption).toInt(&ok);
    if (!ok || (parser.isSet(limitOption) && limit < 0)) {  // unset, -1 stands for "all"
        ctx.err << args[0] << ": --limit expects a number of seeds (0 or more), got '" << parser.value(limitOption) << "'\n";
        return ExitUsage;
    }
    if (parser.positionalArguments().size() > 1) {
        ctx.err << args[0] << ": expected at most one SET (see --help)\n";
        return ExitUsage;
    }
    storage::SeedStore store = ctx.project().seeds();
    if (parser.positionalArguments().isEmpty()) {
        const QVector<storage::SeedSetInfo> sets = store.sets();
        ctx.out << "seed_set\tseeds\tsource\tlicence\n";
        int total = 0;
        for (const storage::SeedSetInfo &set : sets) {
            ctx.out << set.name << '\t' << set.seedCount << '\t' << set.source << '\t' << set.licence << '\n';
            total += set.seedCount;
        }
        ctx.err << sets.size() << " seed sets, " << total << " seeds in " << ctx.project().path() << '\n';
        return ExitOk;
    }
    const QString name = parser.positionalArguments().constFirst();
    const auto set = store.findSet(name);
    if (!set) {
        ctx.err << args[0] << ": no seed set named '" << name << "' in " << ctx.project().path() << '\n';
        return ExitFailure;
    }
    const QVector<storage::Seed> seeds = store.seeds(set->id, limit);
    for (const storage::Seed &seed : seeds)
        ctx.out << seed.position << '\t' << seed.record.corpus << '\t' << seed.record.domain << '\t' << seed.record.text << '\n';
    // said on standard error, as the list of sets says its totals: an empty set printed nothing at all
    ctx.err << seeds.size() << " of " << set->seedCount << " seeds of '" << name << "'\n";
    return ExitOk;
}

int removeSeeds(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Removes a seed set (runs that used it keep their seed texts)."));
    parser.addPositionalArgument(QStringLiteral("set"), QStringLiteral("The seed set name."));
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("exactly one SET"));
    const QString name = parser.positionalArguments().constFirst();
    storage::SeedStore store = ctx.project().seeds();
    const auto set = store.findSet(name);
    if (!set) {
        ctx.err << args[0] << ": no seed set named '" << name << "'\n";
        return ExitFailure;
    }
    store.removeSet(set->id);
    ctx.out << "Removed seed set '" << name << "' (" << set->seedCount << " seeds)\n";
    return ExitOk;
}

int seeds(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args,
                          QStringLiteral("Usage: gauntlet seeds import FILE [--name NAME] [--format auto|tsv|text|jsonl] [--licence TEXT] [--replace]\n"
                                         "       gauntlet seeds list [SET] [--limit N]\n"
                                         "       gauntlet seeds remove SET\n"),
                          {{QStringLiteral("import"), importSeeds}, {QStringLiteral("list"), listSeeds}, {QStringLiteral("remove"), removeSeeds}},
                          false);

}

}  // namespace

Command seedsCommand()
{
    return {QStringLiteral("seeds"), QStringLiteral("Import, list and remove seed texts in the project"), seeds};
}

}  // namespace gauntlet::cli
