// `gauntlet examples override ...` (a reviewer's verdict set by hand) and `gauntlet verifiers
// stats` (Cohen's kappa of each verifier against the human verdicts and the other verifiers);
// issue 19, items 11 and 12.
#include "app/cli/example_cli_support.h"

#include "app/cli/command.h"
#include "engine/store/project.h"
#include "engine/verify/verdict_override_store.h"
#include "engine/verify/verifier_stats.h"

namespace gauntlet::cli {

int overrideVerdict(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Sets the verdict of one rule on one translation by hand, with a reason; it replaces the verifiers' verdict in the "
        "matrix, the gate and the LTB release, and is stored with your profile name and the time. With --remove the "
        "verifiers' verdict counts again."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    const QCommandLineOption system(QStringLiteral("system"), QStringLiteral("The MT system whose output is judged."), QStringLiteral("NAME"));
    const QCommandLineOption reference(QStringLiteral("reference"), QStringLiteral("Judge the reference translation instead."));
    const QCommandLineOption rule(QStringLiteral("rule"), QStringLiteral("The rule number (1-based)."), QStringLiteral("N"));
    const QCommandLineOption verdict(QStringLiteral("verdict"), QStringLiteral("pass or fail."), QStringLiteral("VERDICT"));
    const QCommandLineOption reason(QStringLiteral("reason"), QStringLiteral("Why (required; kept with the verdict)."), QStringLiteral("TEXT"));
    const QCommandLineOption remove(QStringLiteral("remove"), QStringLiteral("Remove the verdict set by hand."));
    const QCommandLineOption author = authorOption();
    parser.addOptions({system, reference, rule, verdict, reason, remove, author});
    parseArguments(parser, args, ctx);
    bool ok = false;
    const qint64 id = parser.positionalArguments().size() == 1 ? parser.positionalArguments()[0].toLongLong(&ok) : 0;
    const int ruleNumber = parser.value(rule).toInt();
    if (!ok || id <= 0 || parser.isSet(system) == parser.isSet(reference) || ruleNumber < 1) {
        ctx.err << args[0] << ": expected ID, --system NAME or --reference, and --rule N (see --help)\n";
        return ExitUsage;
    }
    if (!parser.isSet(remove) && (!parser.isSet(verdict) || !parser.isSet(reason))) {
        ctx.err << args[0] << ": expected --verdict pass|fail and --reason TEXT, or --remove (see --help)\n";
        return ExitUsage;
    }
    verify::ExampleStore store(ctx.project().database());
    const verify::ChallengeExample e = requireExample(store, id);
    QString translation = e.reference;
    if (parser.isSet(system)) {
        translation.clear();
        for (const verify::StoredTranslation &t : store.translations(id))
            if (t.system == parser.value(system))
                translation = t.text;
        if (translation.isEmpty()) {
            ctx.err << args[0] << ": example " << id << " has no output of '" << parser.value(system) << "'\n";
            return ExitFailure;
        }
    }
    const QString row = parser.isSet(system) ? parser.value(system) : QStringLiteral("the reference");
    verify::VerdictOverrideStore overrides(ctx.project().database());
    if (parser.isSet(remove)) {
        if (!overrides.removeOverride(id, ruleNumber - 1, translation, authorName(parser, author))) {
            ctx.err << args[0] << ": rule " << ruleNumber << " on " << row << " has no verdict set by hand\n";
            return ExitFailure;
        }
        ctx.err << "Removed the verdict set by hand of rule " << ruleNumber << " on " << row << "; the verifiers' verdict counts again\n";
    } else {
        const QString name = parser.value(verdict).trimmed().toLower();
        if (name != QLatin1String("pass") && name != QLatin1String("fail")) {
            ctx.err << args[0] << ": --verdict expects pass or fail, got '" << parser.value(verdict) << "'\n";
            return ExitUsage;
        }
        const QString reviewer = authorName(parser, author);
        overrides.setOverride(id, ruleNumber - 1, translation, verify::parseVerdictName(name), parser.value(reason), reviewer);
        ctx.err << "Rule " << ruleNumber << " on " << row << ": " << name << " (set by " << reviewer << ")\n";
    }
    printAssessment(ctx.out, store.assess(id));
    return ExitOk;
}

namespace {

void printVerifierStats(QTextStream &out, const verify::VerifierStats &stats)
{
    out << "verifier\tcompared with\tn\tagreements\tboth pass\tpass/fail\tfail/pass\tboth fail\tCohen's kappa\n";
    for (const verify::VerifierKappa &row : stats.rows) {
        const metrics::AgreementTable2x2 &t = row.table;
        out << row.first << '\t' << row.second << '\t' << t.n() << '\t' << t.agreements() << '\t' << t.bothPositive << '\t' << t.firstOnly
            << '\t' << t.secondOnly << '\t' << t.bothNegative << '\t'
            << (row.kappa ? QString::number(*row.kappa, 'f', 3) : t.n() == 0 ? QStringLiteral("n/a (no common verdicts)")
                                                                              : QStringLiteral("n/a (no variation)"))
            << '\n';
    }
}

}  // namespace

int verifierStatsCommand(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Prints, per LLM verifier, Cohen's kappa (Cohen 1960) against the verdicts reviewers set by hand ('human') and "
        "against each other verifier, over every (natural-language rule, translation) pair of the project both judged "
        "pass or fail, with the counts: n, agreements and the 2x2 table (rows the verifier, columns the other; "
        "'pass/fail' = the verifier says pass, the other fail)."));
    parseArguments(parser, args, ctx);
    const verify::VerifierStats stats = verify::verifierStats(ctx.project().database());
    if (stats.verifiers.isEmpty()) {
        ctx.err << args[0] << ": the project has no verifiers and no verifiers' verdicts\n";
        return ExitFailure;
    }
    printVerifierStats(ctx.out, stats);
    return ExitOk;
}

}  // namespace gauntlet::cli
