// `gauntlet runs list|show|export|translate`: the augmentation runs stored in the project (engine/ato's
// run_store / run_history), so what a killed or interrupted run kept can be seen without the GUI
// or sqlite3.
#include "app/cli/commands.h"
#include "app/cli/run_translation_cli.h"

#include "engine/ato/run_history.h"
#include "engine/store/project.h"

#include <cmath>

namespace gauntlet::cli {

namespace {

QString number(double v)
{
    return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', 4);
}

/// One line of text for a table cell: tabs and line breaks become spaces.
QString cell(QString s)
{
    s.replace(u'\t', u' ').replace(u'\n', u' ').replace(u'\r', u' ');
    return s;
}

/// The run that `runs show` / `runs export` name by their first positional argument (of exactly
/// `positionals`). Returns ExitOk with *id set, or ExitUsage (wrong arguments, not a run id) or
/// ExitFailure (no such run) after printing why.
int findRun(Context &ctx, const QStringList &args, const QCommandLineParser &parser, int positionals, qint64 *id)
{
    if (parser.positionalArguments().size() != positionals) {
        ctx.err << args[0] << ": expected " << (positionals == 1 ? "RUN_ID" : "RUN_ID FILE") << " (see --help)\n";
        return ExitUsage;
    }
    bool ok = false;
    *id = parser.positionalArguments().constFirst().toLongLong(&ok);
    if (!ok || *id <= 0) {
        ctx.err << args[0] << ": '" << parser.positionalArguments().constFirst() << "' is not a run id (see gauntlet runs list)\n";
        return ExitUsage;
    }
    if (!ato::RunHistory(ctx.project().database()).run(*id)) {
        ctx.err << args[0] << ": no run " << *id << " in " << ctx.project().path() << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

int listRuns(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Lists the project's augmentation runs, newest first, as TSV: id, status (finished, running, cancelled,\n"
        "interrupted, failed), method, stored steps, best objective, started, seed text, output text."));
    const QCommandLineOption limitO(QStringLiteral("limit"), QStringLiteral("At most N runs."), QStringLiteral("N"));
    const QCommandLineOption statusO(QStringLiteral("status"), QStringLiteral("Only runs with this status."), QStringLiteral("STATUS"));
    parser.addOptions({limitO, statusO});
    parseArguments(parser, args, ctx);
    int limit = -1;
    if (parser.isSet(limitO)) {
        bool ok = false;
        limit = parser.value(limitO).toInt(&ok);
        if (!ok || limit < 0) {
            ctx.err << args[0] << ": --limit expects a non-negative number\n";
            return ExitUsage;
        }
    }
    static const QStringList statuses = [] {
        QStringList names;
        for (const ato::RunStatus s : {ato::RunStatus::Finished, ato::RunStatus::Running, ato::RunStatus::Queued, ato::RunStatus::Cancelled})
            names << QString::fromLatin1(ato::runStatusName(s));
        return names << QStringLiteral("interrupted") << QString::fromLatin1(ato::runStatusName(ato::RunStatus::Failed));
    }();
    if (parser.isSet(statusO) && !statuses.contains(parser.value(statusO))) {
        ctx.err << args[0] << ": --status takes one of " << statuses.join(QStringLiteral(", ")) << ", not '" << parser.value(statusO) << "'\n";
        return ExitUsage;
    }
    const QVector<ato::RunSummary> runs = ato::RunHistory(ctx.project().database()).runs();
    ctx.out << "id\tstatus\tmethod\tsteps\tbest_loss\tstarted\tseed\toutput\n";
    int shown = 0;
    for (const ato::RunSummary &r : runs) {
        if (parser.isSet(statusO) && r.statusName() != parser.value(statusO))
            continue;
        if (limit >= 0 && shown >= limit)
            break;
        ctx.out << r.id << '\t' << r.statusName() << '\t' << r.method << '\t' << qMax(0, r.stepCount - 1) << '\t' << number(r.bestLoss) << '\t'
                << (r.startedAt.isEmpty() ? r.createdAt : r.startedAt) << '\t' << cell(r.seedText) << '\t' << cell(r.outputText) << '\n';
        ++shown;
    }
    ctx.err << shown << " of " << runs.size() << " runs in " << ctx.project().path() << '\n';
    return ExitOk;
}

int showRun(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Shows one run: its settings, each stored step (best and mean objective, candidates scored, guard refusals,\n"
        "the best text), and the result; for a run that did not finish, the best text it reached."));
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("The run id (gauntlet runs list)."));
    parseArguments(parser, args, ctx);
    qint64 id = 0;
    if (const int code = findRun(ctx, args, parser, 1, &id); code != ExitOk)
        return code;
    ato::RunHistory history(ctx.project().database());
    const ato::RunTrace trace = history.trace(id, false);
    const ato::RunSummary &r = trace.summary;
    ctx.out << "run " << r.id << ": " << r.method << ", " << r.statusName();
    if (!r.error.isEmpty())
        ctx.out << " (" << r.error << ')';
    ctx.out << "\nstarted " << (r.startedAt.isEmpty() ? r.createdAt : r.startedAt);
    if (!r.finishedAt.isEmpty())
        ctx.out << ", ended " << r.finishedAt;
    ctx.out << "\nsettings: B " << trace.config.beamWidth << ", K " << trace.config.shortlistSize << ", N " << trace.config.candidatesPerMember
            << ", R " << trace.config.randomInjections << ", T " << trace.config.steps << ", seed " << trace.config.seed << '\n';
    if (!trace.config.mtTermSystem.empty())
        ctx.out << "MT term: " << QString::fromStdString(trace.config.mtTermSystem) << " on the " << QString::fromStdString(trace.config.mtTermWhere)
                << ", ranks " << ato::mtTermPoolSize(trace.config) << " candidates, worst-handled first\n";
    ctx.out << "seed: " << r.seedText << "\n\nstep\tphase\tbest_loss\tmean_loss\tcandidates\tgrammar_rejected\tvocabulary_rejected\tbest text\n";
    QString best;
    for (const ato::StepFinishedEvent &s : trace.steps) {
        const QString text = s.beam.empty() ? QString() : QString::fromStdString(s.beam.front().text);
        if (!text.isEmpty())
            best = text;
        ctx.out << s.step << '\t' << s.phase << '\t' << number(s.bestLoss) << '\t' << number(s.meanLoss) << '\t' << s.candidatesScored << '\t'
                << s.grammarRejected << '\t' << s.vocabularyRejected << '\t' << cell(text) << '\n';
    }
    if (!trace.config.mtTermSystem.empty() && trace.config.mtTermWhere == "beam") {
        ctx.out << "\nMT term cost per step\nstep\ttexts\trequests\tms\n";
        for (const ato::StepFinishedEvent &s : trace.steps)
            if (s.step > 0)
                ctx.out << s.step << '\t' << s.mtTerm.texts << '\t' << s.mtTerm.requests << '\t' << qRound64(s.mtTerm.ms) << '\n';
    }
    if (trace.result) {
        const ato::RunResult &res = *trace.result;
        ctx.out << "\noutput (" << QString::fromStdString(res.selectedBy) << ", step " << res.step << "): " << QString::fromStdString(res.outputText)
                << "\nD " << number(res.seedValues.difficulty) << " -> " << number(res.values.difficulty)
                << (res.harder() ? "" : " (not harder than the seed)") << '\n';
    } else if (!best.isEmpty()) {
        ctx.out << "\nno result; best text of the last stored step: " << best << '\n';
    }
    // The run's stored MT outputs (gauntlet runs translate, augment --translate-with) with their signals.
    const QVector<augment::RunTranslation> translations = augment::RunTranslationStore(ctx.project().database()).translations(id);
    if (!translations.isEmpty()) {
        ctx.out << "\ntranslations\nsystem\ttarget\tunknown_words\tround_trip_chrf\tround_trip_via\ttext\ttranslation\n";
        for (const augment::RunTranslation &t : translations)
            ctx.out << t.system << '\t' << t.targetLanguage << '\t' << (t.unknownWords < 0 ? QStringLiteral("-") : QString::number(t.unknownWords))
                    << '\t' << (t.hasRoundTrip() ? QString::number(t.roundTripChrf, 'f', 1) : QStringLiteral("-")) << '\t'
                    << (t.roundTripVia.isEmpty() ? QStringLiteral("-") : t.roundTripVia) << '\t' << cell(t.text) << '\t' << cell(t.translation)
                    << '\n';
    }
    return ExitOk;
}

int exportRun(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes one run to FILE: JSON Lines in the format of augment --trace (default), or CSV with one row per\n"
        "beam member per step (--csv)."));
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("The run id (gauntlet runs list)."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The file to write."));
    const QCommandLineOption csvO(QStringLiteral("csv"), QStringLiteral("CSV instead of JSON Lines."));
    parser.addOption(csvO);
    parseArguments(parser, args, ctx);
    qint64 id = 0;
    if (const int code = findRun(ctx, args, parser, 2, &id); code != ExitOk)
        return code;
    ato::RunHistory history(ctx.project().database());
    const QString path = parser.positionalArguments().at(1);
    if (parser.isSet(csvO))
        history.exportCsv(id, path);
    else
        history.exportJsonl(id, path);
    ctx.out << "Wrote run " << id << " to " << path << '\n';
    return ExitOk;
}

int runs(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args,
                          QStringLiteral("Usage: gauntlet runs list [--limit N] [--status STATUS]\n"
                                         "       gauntlet runs show RUN_ID\n"
                                         "       gauntlet runs export RUN_ID FILE [--csv]\n"
                                         "       gauntlet runs translate RUN_ID [--systems A,B] [--all-candidates|--candidate ID] [--budget N]\n"),
                          {{QStringLiteral("list"), listRuns}, {QStringLiteral("show"), showRun}, {QStringLiteral("export"), exportRun},
                           {QStringLiteral("translate"), runsTranslate}},
                          false);
}

}  // namespace

Command runsCommand()
{
    return {QStringLiteral("runs"), QStringLiteral("List, show and export the augmentation runs stored in the project"), runs};
}

}  // namespace gauntlet::cli
