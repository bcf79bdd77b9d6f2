#include "app/cli/run_translation_cli.h"

#include "app/cli/command.h"
#include "app/cli/example_cli_support.h"
#include "engine/augment/example_from_run.h"
#include "engine/store/project.h"

#include <QCommandLineParser>

#include <cmath>

namespace gauntlet::cli {

namespace {

QString oneLine(QString s)
{
    s.replace(u'\t', u' ').replace(u'\n', u' ').replace(u'\r', u' ');
    return s;
}

bool parsePositive(const QString &value, qint64 *id)
{
    bool ok = false;
    *id = value.toLongLong(&ok);
    return ok && *id > 0;
}

}  // namespace

void printRunTranslations(QTextStream &out, QTextStream &err, const augment::RunTranslateReport &report, qint64 runId)
{
    out << "text\tsystem\ttarget\tunknown_words\tsource\ttranslation\tround_trip_chrf\tround_trip_via\tback_translation\n";
    for (const augment::RunText &t : report.texts)
        for (const augment::RunTranslation &r : report.rows)
            if (r.text == t.text)
                out << t.label << '\t' << r.system << '\t' << r.targetLanguage << '\t' << (r.unknownWords < 0 ? QStringLiteral("-") : QString::number(r.unknownWords))
                    << '\t' << oneLine(r.text) << '\t' << oneLine(r.translation) << '\t'
                    << (r.hasRoundTrip() ? QString::number(r.roundTripChrf, 'f', 1) : QStringLiteral("-")) << '\t'
                    << (r.roundTripVia.isEmpty() ? QStringLiteral("-") : r.roundTripVia) << '\t' << oneLine(r.backTranslation) << '\n';
    for (const QString &p : report.problems)
        err << "runs translate: " << p << '\n';
    err << "run " << runId << ": " << report.translated << " translated, " << report.reused << " reused, " << report.failed << " failed, "
        << report.refused << " refused by the budget; " << report.roundTrips << " round trips; " << report.requests
        << " endpoint requests now\n";
}

int runsTranslate(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Translates the best text of each step and the output of stored run RUN with the project's Apertium and chat MT\n"
        "systems (gauntlet systems list; never manual ones), stores the translations with the run (each text, system and\n"
        "target language once; stored ones are reused) and prints them as TSV. Apertium's unknown-word marks are counted.\n"
        "Where the pair allows, each translation is translated back and its round-trip chrF (sacrebleu chrF2, 0-100) stored.\n"
        "Chat systems spend requests from the run's budget (default 100; --budget sets it and is stored)."));
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("The run id (gauntlet runs list)."));
    const QCommandLineOption systemsO(QStringLiteral("systems"), QStringLiteral("Comma-separated MT systems (default: every Apertium and chat system)."),
                                      QStringLiteral("A,B"));
    const QCommandLineOption allO(QStringLiteral("all-candidates"), QStringLiteral("Every archive candidate as well."));
    const QCommandLineOption candidateO(QStringLiteral("candidate"), QStringLiteral("Only this archive candidate."), QStringLiteral("ID"));
    const QCommandLineOption budgetO(QStringLiteral("budget"), QStringLiteral("Set the run's budget of chat requests (stored)."), QStringLiteral("N"));
    const QCommandLineOption targetO(QStringLiteral("target-lang"),
                                     QStringLiteral("Target language asked of chat systems (default for Apertium: the pair's target)."), QStringLiteral("NAME"));
    const QCommandLineOption sourceO(QStringLiteral("source-lang"), QStringLiteral("Source language (default English)."), QStringLiteral("NAME"));
    const QCommandLineOption noRoundTripO(QStringLiteral("no-round-trip"),
                                          QStringLiteral("Do not translate back (by default: Apertium's reverse mode where installed; a chat "
                                                         "system back through itself, one request more against the budget)."));
    parser.addOptions({systemsO, allO, candidateO, budgetO, targetO, sourceO, noRoundTripO});
    parseArguments(parser, args, ctx);
    qint64 runId = 0;
    if (parser.positionalArguments().size() != 1 || !parsePositive(parser.positionalArguments()[0], &runId)) {
        ctx.err << args[0] << ": expected one RUN_ID (see gauntlet runs list)\n";
        return ExitUsage;
    }
    augment::RunTranslateOptions options;
    if (parser.isSet(systemsO))
        for (const QString &s : parser.value(systemsO).split(u',', Qt::SkipEmptyParts))
            options.systems << s.trimmed();
    if (parser.isSet(allO) && parser.isSet(candidateO)) {
        ctx.err << args[0] << ": --all-candidates and --candidate exclude each other\n";
        return ExitUsage;
    }
    options.texts.allCandidates = parser.isSet(allO);
    if (parser.isSet(candidateO)) {
        qint64 id = 0;
        if (!parsePositive(parser.value(candidateO), &id)) {
            ctx.err << args[0] << ": --candidate expects an archive candidate id\n";
            return ExitUsage;
        }
        options.texts.candidateId = id;
    }
    if (parser.isSet(budgetO)) {
        bool ok = false;
        const int budget = parser.value(budgetO).toInt(&ok);
        if (!ok || budget < 0) {
            ctx.err << args[0] << ": --budget expects a number of requests, 0 or more\n";
            return ExitUsage;
        }
        options.budget = budget;
    }
    options.targetLanguage = parser.value(targetO);
    if (parser.isSet(sourceO))
        options.sourceLanguage = parser.value(sourceO);
    options.roundTrip = !parser.isSet(noRoundTripO);
    const augment::RunTranslateReport report = augment::translateRun(ctx.project().database(), runId, options);
    printRunTranslations(ctx.out, ctx.err, report, runId);
    return report.failed > 0 || report.refused > 0 ? ExitFailure : ExitOk;
}

int addExampleFromRun(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Creates a draft example from an augmentation run: its output (or an archive candidate) as source text, English as\n"
        "source language, tags 'ato', the method and run:RUN (seed:ID for a project seed), the provenance in its history,\n"
        "and the MT translations stored for that text (gauntlet runs translate) as its outputs. Prints the example id."));
    const QCommandLineOption fromRunO(QStringLiteral("from-run"), QStringLiteral("The run id."), QStringLiteral("RUN"));
    const QCommandLineOption candidateO(QStringLiteral("candidate"), QStringLiteral("An archive candidate of the run instead of its output."),
                                        QStringLiteral("ID"));
    const QCommandLineOption sourceO(QStringLiteral("source-lang"), QStringLiteral("Source language (default English)."), QStringLiteral("NAME"));
    const QCommandLineOption targetO(QStringLiteral("target-lang"),
                                     QStringLiteral("Target language (default: the target of the stored translations)."), QStringLiteral("NAME"));
    const QCommandLineOption author = authorOption();
    parser.addOptions({fromRunO, candidateO, sourceO, targetO, author});
    parseArguments(parser, args, ctx);
    qint64 runId = 0;
    if (!parsePositive(parser.value(fromRunO), &runId)) {
        ctx.err << args[0] << ": --from-run expects a run id (see gauntlet runs list)\n";
        return ExitUsage;
    }
    augment::ExampleFromRunOptions options;
    options.runId = runId;
    if (parser.isSet(candidateO)) {
        qint64 id = 0;
        if (!parsePositive(parser.value(candidateO), &id)) {
            ctx.err << args[0] << ": --candidate expects an archive candidate id\n";
            return ExitUsage;
        }
        options.candidateId = id;
    }
    if (parser.isSet(sourceO)) {
        options.sourceLanguage = parser.value(sourceO);
        options.sourceLanguageIso.clear();
    }
    options.targetLanguage = parser.value(targetO);
    options.author = authorName(parser, author);
    for (const augment::ExampleFromRunResult &made : augment::createExamplesFromRun(ctx.project().database(), options)) {
        ctx.out << made.exampleId << '\n';
        ctx.err << "Added draft example " << made.exampleId << " (" << made.targetLanguage << ") from run " << runId << " with "
                << made.outputs << " MT outputs to " << ctx.project().path() << '\n';
    }
    return ExitOk;
}

void printExampleProvenance(QTextStream &out, storage::Database &db, const verify::ChallengeExample &example)
{
    const auto number = [](double v) { return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', 4); };
    for (const augment::ExampleProvenance &p : augment::exampleProvenance(db, example)) {
        if (!p.runExists) {
            out << "provenance: run " << p.runId << " (no longer in the project)\n";
            continue;
        }
        out << "provenance: run " << p.runId << ", method " << p.method << ", seed";
        if (p.seedId)
            out << ' ' << *p.seedId;
        out << ": " << p.seedText << '\n';
        if (!p.selectedBy.isEmpty())
            out << "provenance: D " << number(p.difficultyBefore) << " (seed) -> " << number(p.difficultyAfter)
                << (p.fromOutput ? QStringLiteral(" (output, selected by %1)").arg(p.selectedBy) : QStringLiteral(" (this text, %1)").arg(p.selectedBy))
                << "\n";
    }
}

}  // namespace gauntlet::cli
