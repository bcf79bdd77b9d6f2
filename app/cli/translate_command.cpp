// `gauntlet translate ID...` runs the project's MT systems on examples and stores their outputs;
// `gauntlet verify ID...` checks the reference and the outputs against the rules, stores the
// verdicts and prints the verdict matrix and the acceptance gate (LTB, papers.md).
#include "app/cli/commands.h"

#include <QSet>
#include "app/cli/example_cli_support.h"
#include "app/cli/interrupt_signals.h"

#include "engine/store/project.h"
#include "engine/translate/translation_runner.h"
#include "engine/verify/verification_runner.h"

#include <QEventLoop>
#include <algorithm>
#include <QTimer>

#include <functional>
#include <memory>

namespace gauntlet::cli {

namespace {

/// While alive, Ctrl-C, SIGTERM and SIGHUP (InterruptSignals) cancel the running requests instead
/// of killing the process: what finished is already stored, and the command exits with ExitInterrupted.
class InterruptGuard {
public:
    explicit InterruptGuard(std::function<void()> cancel) : m_poll(new QTimer)
    {
        QObject::connect(m_poll.get(), &QTimer::timeout, [cancel] {
            if (InterruptSignals::flag()->load())
                cancel();
        });
        m_poll->start(50);
    }
    bool interrupted() const { return m_signals.interrupted(); }

private:
    InterruptSignals m_signals;
    std::unique_ptr<QTimer> m_poll;
};

/// The example ids of `translate` / `verify` (the positional arguments, one or more) and their
/// --concurrency (1 to 64). Throws UsageError naming what is wrong; cli::run prints it under the
/// command's name with ExitUsage.
struct ExampleBatch {
    QVector<qint64> ids;
    int limit = 4;
};

ExampleBatch parseExampleBatch(const QCommandLineParser &parser, const QCommandLineOption &concurrency)
{
    ExampleBatch batch;
    for (const QString &v : parser.positionalArguments()) {
        bool ok = false;
        const qint64 id = v.toLongLong(&ok);
        if (!ok || id <= 0)
            throw UsageError(QStringLiteral("expected example ids (positive numbers), got '") + v + u'\'');
        batch.ids.append(id);
    }
    if (batch.ids.isEmpty())
        throw UsageError(QStringLiteral("expected at least one example ID (see --help)"));
    const QString value = parser.value(concurrency);
    bool ok = false;
    batch.limit = value.toInt(&ok);
    if (!ok || batch.limit < 1 || batch.limit > 64)
        throw UsageError(QStringLiteral("--concurrency expects a number from 1 to 64, got '") + value + u'\'');
    return batch;
}

int translate(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Translates examples with the project's MT systems (see 'gauntlet systems') and stores the outputs. Systems run "
        "concurrently; a failing system is reported and does not stop the others. Prints one line per output: id, system, "
        "ok|failed, translation or error."));
    parser.addPositionalArgument(QStringLiteral("ids"), QStringLiteral("Example ids."), QStringLiteral("ID..."));
    const QCommandLineOption systemsOption(QStringLiteral("systems"), QStringLiteral("Comma-separated system names (default: every non-manual system)."), QStringLiteral("NAMES"));
    const QCommandLineOption concurrency(QStringLiteral("concurrency"), QStringLiteral("Requests at once (default 4)."), QStringLiteral("N"), QStringLiteral("4"));
    parser.addOptions({systemsOption, concurrency});
    parseArguments(parser, args, ctx);
    const ExampleBatch batch = parseExampleBatch(parser, concurrency);

    verify::ExampleStore store(ctx.project().database());
    QVector<translate::MtSystemConfig> systems;
    const QVector<translate::MtSystemConfig> all = store.mtSystems();
    if (parser.isSet(systemsOption)) {
        for (const QString &name : parser.value(systemsOption).split(u',', Qt::SkipEmptyParts)) {
            const auto it = std::find_if(all.begin(), all.end(), [&](const translate::MtSystemConfig &s) { return s.name == name.trimmed(); });
            if (it == all.end()) {
                ctx.err << args[0] << ": there is no MT system named '" << name.trimmed() << "' (see gauntlet systems list)\n";
                return ExitUsage;
            }
            systems.append(*it);
        }
    } else {
        for (const translate::MtSystemConfig &s : all)
            if (s.kind != translate::MtSystemConfig::Kind::Manual)
                systems.append(s);
    }
    if (systems.isEmpty()) {
        ctx.err << args[0] << ": the project has no MT systems to run; add one with 'gauntlet systems add NAME --apertium eng-spa'\n";
        return ExitFailure;
    }

    QVector<translate::TranslationJob> jobs;
    for (qint64 id : batch.ids) {
        const verify::ChallengeExample e = requireExample(store, id);
        if (e.status != verify::ExampleStatus::Draft && e.status != verify::ExampleStatus::Returned) {
            ctx.err << args[0] << ": example " << id << " is " << verify::exampleStatusName(e.status) << "; only drafts and returned examples are translated\n";
            return ExitFailure;
        }
        // At most MaxMtSystemsPerExample outputs per example (LTB): refuse before any (paid) request
        // rather than call every endpoint and drop what does not fit (issue 19).
        // A stored failure (an error, no text) takes no place.
        QSet<QString> outputs;
        for (const verify::StoredTranslation &t : store.translations(id))
            if (!t.text.isEmpty())
                outputs.insert(t.system);
        for (const translate::MtSystemConfig &s : std::as_const(systems))
            outputs.insert(s.name);
        if (outputs.size() > translate::MaxMtSystemsPerExample) {
            ctx.err << args[0] << ": example " << id << " would hold " << outputs.size() << " MT outputs (its stored ones and "
                    << systems.size() << " systems to run); at most " << translate::MaxMtSystemsPerExample
                    << " are kept: choose the systems with --systems NAMES (nothing was sent)\n";
            return ExitUsage;
        }
        for (const translate::MtSystemConfig &s : std::as_const(systems))
            jobs.append({s, {e.sourceLanguage, e.targetLanguage, e.sourceText, e.instructions, e.contextNote}, QString::number(id)});
    }

    translate::TranslationRunner runner;
    runner.setMaxConcurrent(batch.limit);
    int failed = 0;
    QObject::connect(&runner, &translate::TranslationRunner::jobRetrying, [&](int index, int attempt, const QString &reason) {
        ctx.err << "  " << runner.jobs()[index].system.name << ": attempt " << attempt << " failed (" << reason << "); retrying\n";
        ctx.err.flush();
    });
    QObject::connect(&runner, &translate::TranslationRunner::jobFinished, [&](int index) {
        const translate::TranslationJob &job = runner.jobs()[index];
        const translate::TranslationResult &r = runner.results()[index];
        const qint64 id = job.tag.toLongLong();
        const bool ok = r.status == translate::TranslationResult::Status::Ok;
        try {
            if (ok) {
                store.setTranslation(id, job.system.name, translate::mtSystemKindName(job.system.kind), r.text);
            } else if (r.status == translate::TranslationResult::Status::Failed) {
                ++failed;
                // A failure never overwrites an earlier good output.
                const auto stored = store.translations(id);
                const bool hasText = std::any_of(stored.begin(), stored.end(),
                                                 [&](const verify::StoredTranslation &t) { return t.system == job.system.name && !t.text.isEmpty(); });
                if (!hasText)
                    store.setTranslation(id, job.system.name, translate::mtSystemKindName(job.system.kind), QString(), r.error);
            }
        } catch (const storage::StoreError &e) {
            ++failed;
            ctx.err << args[0] << ": " << e.what() << '\n';
        }
        const char *state = ok ? "ok" : r.status == translate::TranslationResult::Status::Cancelled ? "cancelled" : "failed";
        ctx.out << id << '\t' << job.system.name << '\t' << state << '\t' << (ok ? r.text : r.error) << '\n';
        ctx.out.flush();
    });
    QObject::connect(&runner, &translate::TranslationRunner::progress, [&](int done, int total) {
        ctx.err << "translated " << done << " of " << total << '\n';
        ctx.err.flush();
    });
    QEventLoop loop;
    QObject::connect(&runner, &translate::TranslationRunner::finished, &loop, &QEventLoop::quit);
    InterruptGuard guard([&runner] { runner.cancel(); });
    runner.start(jobs);
    if (runner.isRunning())
        loop.exec();
    if (guard.interrupted()) {
        ctx.err << args[0] << ": interrupted; the outputs that finished are stored\n";
        return ExitInterrupted;
    }
    return failed == 0 ? ExitOk : ExitFailure;
}

int verify(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Verifies examples: the reference and every stored MT output against each rule (string rules locally, "
        "natural-language rules with the project's LLM verifiers, see 'gauntlet verifiers'). Each unique (rule, "
        "translation) pair is verified once; stored pass/fail verdicts are reused (unknown ones are asked again; --force\n"
        "asks everything again). Prints the verdict matrix and the acceptance gate."));
    parser.addPositionalArgument(QStringLiteral("ids"), QStringLiteral("Example ids."), QStringLiteral("ID..."));
    const QCommandLineOption concurrency(QStringLiteral("concurrency"), QStringLiteral("Verifier requests at once (default 4)."), QStringLiteral("N"), QStringLiteral("4"));
    const QCommandLineOption forceO(QStringLiteral("force"), QStringLiteral("Ask every verifier again, ignoring stored verdicts (they are replaced)."));
    const QCommandLineOption fullO(QStringLiteral("full-replies"), QStringLiteral("Print the verifiers' replies whole, not cut to one line."));
    const QCommandLineOption verifierO(QStringLiteral("verifier"),
                                       QStringLiteral("Ask only this verifier (repeat for several; default: all of the project's). "
                                                      "The others' stored verdicts stay."),
                                       QStringLiteral("NAME"));
    parser.addOptions({concurrency, forceO, fullO, verifierO});
    parseArguments(parser, args, ctx);
    const ExampleBatch batch = parseExampleBatch(parser, concurrency);

    verify::ExampleStore store(ctx.project().database());
    QVector<verify::VerifierConfig> verifiers = store.verifiers();
    if (parser.isSet(verifierO)) {
        const QStringList chosen = parser.values(verifierO);
        for (const QString &name : chosen)
            if (std::none_of(verifiers.begin(), verifiers.end(), [&](const verify::VerifierConfig &v) { return v.name == name; })) {
                ctx.err << args[0] << ": there is no verifier named '" << name << "' (see 'gauntlet verifiers list')\n";
                return ExitUsage;
            }
        verifiers.erase(std::remove_if(verifiers.begin(), verifiers.end(), [&](const verify::VerifierConfig &v) { return !chosen.contains(v.name); }),
                        verifiers.end());
    }
    int problems = 0;
    for (qint64 id : batch.ids) {
        const verify::ChallengeExample e = requireExample(store, id);
        QVector<verify::VerificationRule> rules;
        for (const verify::StoredRule &r : store.rules(id))
            rules.append(r.rule);
        QStringList texts{e.reference};
        for (const verify::StoredTranslation &t : store.translations(id))
            texts << t.text;

        verify::VerificationRunner runner;
        runner.setMaxConcurrent(batch.limit);
        QObject::connect(&runner, &verify::VerificationRunner::progress, [&](int done, int total) {
            if (total > 0) {
                ctx.err << "example " << id << ": verified " << done << " of " << total << '\n';
                ctx.err.flush();
            }
        });
        QEventLoop loop;
        QObject::connect(&runner, &verify::VerificationRunner::finished, &loop, &QEventLoop::quit);
        InterruptGuard guard([&runner] { runner.cancel(); });
        runner.start(e.sourceText, rules, texts, verifiers, parser.isSet(forceO) ? verify::VerdictCache() : store.verdicts(id));
        loop.exec();
        store.saveVerdicts(id, runner.verdicts());
        if (guard.interrupted()) {
            ctx.err << args[0] << ": interrupted; the verdicts obtained so far are stored\n";
            return ExitInterrupted;
        }
        for (const verify::VerdictEntry &entry : runner.verdicts().entries())
            if (!entry.record.isFinal()) {
                ++problems;
                ctx.err << args[0] << ": example " << id << ": " << entry.record.error << '\n';
            }
        ctx.err << "example " << id << ": " << runner.verifiedCount() << " verdicts new, " << runner.reusedCount() << " reused, "
                << runner.llmCallCount() << " verifier requests\n";
        ctx.out << "example " << id << '\n';
        printAssessment(ctx.out, store.assess(id));
        printVerifierReplies(ctx.out, store, id, parser.isSet(fullO));
    }
    return problems == 0 ? ExitOk : ExitFailure;
}

}  // namespace

Command translateCommand()
{
    return {QStringLiteral("translate"), QStringLiteral("Run the project's MT systems on examples and store the outputs"), translate};
}

Command verifyCommand()
{
    return {QStringLiteral("verify"), QStringLiteral("Verify examples' outputs against their rules; print the verdict matrix and gate"), verify};
}

}  // namespace gauntlet::cli
