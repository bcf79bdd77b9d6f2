#include "engine/augment/run_translations.h"
#include "engine/core/arg_text.h"

#include "engine/ato/run_history.h"
#include "engine/judge/mt_signal.h"
#include "engine/judge/round_trip_judge.h"
#include "engine/metrics/chrf.h"
#include "engine/store/database.h"
#include "engine/store/store_error.h"
#include "engine/translate/apertium.h"
#include "engine/translate/chat_client.h"
#include "engine/verify/example_store.h"

#include <QEventLoop>
#include <QRegularExpression>
#include <QScopeGuard>

#include <algorithm>

#include <utility>

namespace gauntlet::augment {

namespace {

constexpr auto kColumns =
    "run_id, text, system, system_kind, target_language, translation, unknown_words, created_at, back_translation, round_trip_chrf, round_trip_via";

RunTranslation readRow(const storage::SqlQuery &q)
{
    RunTranslation t;
    t.runId = q.value(0).toLongLong();
    t.text = q.value(1).toString();
    t.system = q.value(2).toString();
    t.systemKind = q.value(3).toString();
    t.targetLanguage = q.value(4).toString();
    t.translation = q.value(5).toString();
    t.unknownWords = q.value(6).isNull() ? -1 : q.value(6).toInt();
    t.createdAt = q.value(7).toString();
    t.backTranslation = q.value(8).toString();
    if (!q.value(9).isNull())
        t.roundTripChrf = q.value(9).toDouble();
    t.roundTripVia = q.value(10).toString();
    return t;
}

void requireRun(storage::Database &db, qint64 runId)
{
    storage::SqlQuery q(db, QStringLiteral("SELECT 1 FROM runs WHERE id = ?"));
    q.bind(0, runId).exec();
    if (!q.next())
        throw storage::StoreError(QStringLiteral("there is no run %1 in %2").arg(runId).arg(db.path()));
}

QString shortText(const QString &text)
{
    return text.size() > 60 ? text.left(57) + QStringLiteral("...") : text;
}

/// Apertium mode `pair` (with its unknown-word marks when `mark`), run to the end in a local event loop.
bool runApertium(const QString &pair, int timeoutMs, bool mark, const QString &text, QString *output, QString *error)
{
    translate::ApertiumCall call(pair, text, timeoutMs);
    call.setMarkUnknownWords(mark);
    QEventLoop loop;
    QObject::connect(&call, &translate::ApertiumCall::finished, &loop, &QEventLoop::quit);
    call.start();
    loop.exec();
    *output = call.output();
    *error = call.error();
    return call.ok();
}

}  // namespace

QVector<RunTranslation> RunTranslationStore::translations(qint64 runId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT %1 FROM run_translations WHERE run_id = ? ORDER BY id").arg(QLatin1String(kColumns)));
    q.bind(0, runId).exec();
    QVector<RunTranslation> out;
    while (q.next())
        out << readRow(q);
    return out;
}

QVector<RunTranslation> RunTranslationStore::translationsOfText(qint64 runId, const QString &text)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT %1 FROM run_translations WHERE run_id = ? AND text = ? ORDER BY system, target_language")
                         .arg(QLatin1String(kColumns)));
    q.bind(0, runId).bind(1, text).exec();
    QVector<RunTranslation> out;
    while (q.next())
        out << readRow(q);
    return out;
}

std::optional<RunTranslation> RunTranslationStore::find(qint64 runId, const QString &text, const QString &system, const QString &targetLanguage)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT %1 FROM run_translations WHERE run_id = ? AND text = ? AND system = ? AND target_language = ?")
                         .arg(QLatin1String(kColumns)));
    q.bind(0, runId).bind(1, text).bind(2, system).bind(3, targetLanguage).exec();
    if (!q.next())
        return std::nullopt;
    return readRow(q);
}

void RunTranslationStore::add(const RunTranslation &t, int requests)
{
    storage::Transaction tx(m_db);
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO run_translations (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").arg(QLatin1String(kColumns)));
    q.bind(0, t.runId)
        .bind(1, t.text)
        .bind(2, t.system)
        .bind(3, t.systemKind)
        .bind(4, t.targetLanguage)
        .bind(5, t.translation)
        .bind(6, t.unknownWords < 0 ? QVariant() : QVariant(t.unknownWords))
        .bind(7, storage::utcTimestamp())
        .bind(8, t.hasRoundTrip() ? QVariant(t.backTranslation) : QVariant())
        .bind(9, t.hasRoundTrip() ? QVariant(t.roundTripChrf) : QVariant())
        .bind(10, t.hasRoundTrip() ? QVariant(t.roundTripVia) : QVariant())
        .exec();
    if (requests > 0)
        storage::SqlQuery(m_db, QStringLiteral("UPDATE runs SET translation_requests = translation_requests + ? WHERE id = ?")).bind(0, requests).bind(1, t.runId).exec();
    tx.commit();
}

void RunTranslationStore::setRoundTrip(const RunTranslation &t, int requests)
{
    storage::Transaction tx(m_db);
    storage::SqlQuery(m_db, QStringLiteral("UPDATE run_translations SET back_translation = ?, round_trip_chrf = ?, round_trip_via = ? "
                                  "WHERE run_id = ? AND text = ? AND system = ? AND target_language = ?"))
        .bind(0, t.backTranslation)
        .bind(1, t.hasRoundTrip() ? QVariant(t.roundTripChrf) : QVariant())
        .bind(2, t.roundTripVia)
        .bind(3, t.runId)
        .bind(4, t.text)
        .bind(5, t.system)
        .bind(6, t.targetLanguage)
        .exec();
    if (requests > 0)
        spend(t.runId, requests);
    tx.commit();
}

void RunTranslationStore::spend(qint64 runId, int requests)
{
    storage::SqlQuery(m_db, QStringLiteral("UPDATE runs SET translation_requests = translation_requests + ? WHERE id = ?")).bind(0, requests).bind(1, runId).exec();
}

int RunTranslationStore::budget(qint64 runId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT translation_budget FROM runs WHERE id = ?"));
    q.bind(0, runId).exec();
    if (!q.next() || q.value(0).isNull())
        return DefaultRunTranslationBudget;
    return q.value(0).toInt();
}

void RunTranslationStore::setBudget(qint64 runId, int requests)
{
    if (requests < 0)
        throw storage::StoreError(QStringLiteral("the request budget must be 0 or more, not %1").arg(requests));
    requireRun(m_db, runId);
    storage::SqlQuery(m_db, QStringLiteral("UPDATE runs SET translation_budget = ? WHERE id = ?")).bind(0, requests).bind(1, runId).exec();
}

int RunTranslationStore::requestsSpent(qint64 runId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT translation_requests FROM runs WHERE id = ?"));
    q.bind(0, runId).exec();
    return q.next() ? q.value(0).toInt() : 0;
}

QVector<RunText> runTexts(storage::Database &db, qint64 runId, const RunTextChoice &choice)
{
    requireRun(db, runId);
    QVector<RunText> texts;
    const auto add = [&](const QString &label, const QString &text) {
        if (text.isEmpty())
            return;
        for (RunText &t : texts)
            if (t.text == text) {
                t.label += QStringLiteral(", ") + label;
                return;
            }
        texts.push_back({label, text});
    };
    if (!choice.texts.isEmpty()) {
        if (choice.candidateId || choice.allCandidates)
            throw storage::StoreError(QStringLiteral("choose texts or archive candidates of run %1, not both").arg(runId));
        for (const RunText &t : choice.texts)
            add(t.label, t.text);
        return texts;
    }
    if (choice.candidateId) {
        storage::SqlQuery q(db, QStringLiteral("SELECT text FROM archive_candidates WHERE run_id = ? AND id = ?"));
        q.bind(0, runId).bind(1, *choice.candidateId).exec();
        if (!q.next())
            throw storage::StoreError(QStringLiteral("run %1 has no archive candidate %2").arg(runId).arg(*choice.candidateId));
        add(QStringLiteral("candidate %1").arg(*choice.candidateId), q.value(0).toString());
        return texts;
    }
    const ato::RunTrace trace = ato::RunHistory(db).trace(runId, false);
    for (const ato::StepFinishedEvent &s : trace.steps)
        if (!s.beam.empty())
            add(QStringLiteral("step %1").arg(s.step), QString::fromStdString(s.beam.front().text));
    if (trace.result)
        add(QStringLiteral("output"), QString::fromStdString(trace.result->outputText));
    if (choice.allCandidates) {
        storage::SqlQuery q(db, QStringLiteral("SELECT id, text FROM archive_candidates WHERE run_id = ? ORDER BY id"));
        q.bind(0, runId).exec();
        while (q.next())
            add(QStringLiteral("candidate %1").arg(q.value(0).toLongLong()), q.value(1).toString());
    }
    return texts;
}

int countApertiumUnknownWords(const QString &marked, QString *clean)
{
    // Apertium writes an unknown surface form as "*form" (a word character after the mark, at the
    // start of a word); a lone '*' in the source is not a mark.
    static const QRegularExpression mark(QStringLiteral("(?<![\\w*])\\*(?=\\w)"), QRegularExpression::UseUnicodePropertiesOption);
    int count = 0;
    for (auto it = mark.globalMatch(marked); it.hasNext(); it.next())
        ++count;
    if (clean) {
        *clean = marked;
        clean->remove(mark);
    }
    return count;
}

QString installedReverseApertiumMode(const QString &pair)
{
    const QString back = QString::fromStdString(judge::RoundTripPair::of(pair.toStdString()).back);
    return back != pair && translate::installedApertiumPairs().contains(back) ? back : QString();
}

namespace {

/// The MT systems a run is translated with: `names` from the project (throws StoreError for one it
/// does not have or a manual one), or every system that is not manual when `names` is empty.
QVector<translate::MtSystemConfig> runSystems(verify::ExampleStore &examples, const QStringList &names)
{
    QVector<translate::MtSystemConfig> systems;
    if (names.isEmpty()) {
        for (const translate::MtSystemConfig &s : examples.mtSystems())
            if (s.kind != translate::MtSystemConfig::Kind::Manual)
                systems << s;
    } else {
        for (const QString &name : names) {
            const auto s = examples.mtSystem(name);
            if (!s)
                throw storage::StoreError(QStringLiteral("there is no MT system '%1' in the project (see gauntlet systems list)").arg(name));
            if (s->kind == translate::MtSystemConfig::Kind::Manual)
                throw storage::StoreError(QStringLiteral("MT system '%1' is manual: its outputs are pasted by hand, not computed").arg(name));
            systems << *s;
        }
    }
    return systems;
}

/// The round trip of `t` (translated by `system`) where its pair allows: Apertium's reverse mode
/// when installed, else a chat request within the run's budget. Fills t's round-trip fields and
/// returns the chat requests it made (0 for Apertium); failures and refusals are counted in `report`.
int roundTrip(RunTranslation &t, const translate::MtSystemConfig &system, RunTranslationStore &store, qint64 runId, int budget,
              const QString &sourceLanguage, const metrics::Chrf &chrf, RunTranslateReport &report)
{
    QString back, error;
    int requests = 0;
    bool ok = false;
    if (system.kind == translate::MtSystemConfig::Kind::Apertium) {
        const QString reverse = installedReverseApertiumMode(system.apertiumPair);
        if (reverse.isEmpty())
            return 0;  // the pair does not allow a round trip here
        ok = runApertium(reverse, system.apertiumTimeoutMs, false, t.translation, &back, &error);
        t.roundTripVia = reverse;
    } else {
        const int left = budget - store.requestsSpent(runId);
        if (left <= 0) {
            ++report.refused;
            report.problems << QStringLiteral("%1: no round trip, run %2's budget of %3 requests is spent ('%4')")
                                   .arg(core::argText(system.name), core::argText(runId), core::argText(budget), core::argText(shortText(t.text)));
            return 0;
        }
        ok = judge::chatTranslate(system, t.targetLanguage, sourceLanguage, t.translation, left, &back, &error, &requests);
        report.requests += requests;
        t.roundTripVia = system.name;
    }
    if (!ok) {
        ++report.failed;
        report.problems << QStringLiteral("%1 (round trip of '%2'): %3").arg(system.name, shortText(t.text), error);
        if (requests > 0)
            store.spend(runId, requests);
        return 0;
    }
    t.backTranslation = back.trimmed();
    t.roundTripChrf = chrf.sentenceScore(t.backTranslation.toStdString(), {t.text.toStdString()});
    ++report.roundTrips;
    return requests;
}

/// How one translation went: `refused` when the run's budget was spent before it (counted in the
/// report already), else `ok`, or the `error`; `requests` made either way.
struct Attempt {
    bool ok = false;
    bool refused = false;
    int requests = 0;
    QString error;
};

/// Translates `text` with `system` into `row` (its translation, and Apertium's unknown words):
/// Apertium, or a chat request whose retries stay within the run's budget.
Attempt translateInto(RunTranslation &row, const translate::MtSystemConfig &system, const RunText &text, RunTranslationStore &store, qint64 runId,
                      int budget, const QString &sourceLanguage, RunTranslateReport &report)
{
    Attempt a;
    if (system.kind == translate::MtSystemConfig::Kind::Apertium) {
        QString marked;
        a.ok = runApertium(system.apertiumPair, system.apertiumTimeoutMs, true, text.text, &marked, &a.error);
        if (a.ok)
            row.unknownWords = countApertiumUnknownWords(marked, &row.translation);
    } else {
        if (store.requestsSpent(runId) >= budget) {
            ++report.refused;
            report.problems << QStringLiteral("%1: not translated, run %2's budget of %3 requests is spent (%4: '%5')")
                                   .arg(core::argText(system.name), core::argText(runId), core::argText(budget), core::argText(text.label), core::argText(shortText(text.text)));
            a.refused = true;
            return a;
        }
        translate::TranslationRequest request;
        request.sourceLanguage = sourceLanguage;
        request.targetLanguage = row.targetLanguage;
        request.sourceText = text.text;
        translate::ChatEndpoint endpoint = system.endpoint;
        // never let retries run past the budget: one call may make 1 + maxRetries requests
        endpoint.maxRetries = qMax(0, qMin(endpoint.maxRetries, budget - store.requestsSpent(runId) - 1));
        const translate::ChatReply reply = translate::callChatCompletionBlocking(endpoint, translate::buildTranslationPrompt(system, request));
        a.requests = qMax(1, reply.attempts);
        report.requests += a.requests;
        a.ok = reply.ok && !reply.content.trimmed().isEmpty();
        row.translation = reply.content.trimmed();
        a.error = reply.ok ? QStringLiteral("%1: empty reply").arg(system.name) : reply.error;
    }
    return a;
}

}  // namespace

RunTranslateReport translateRun(storage::Database &db, qint64 runId, const RunTranslateOptions &options)
{
    verify::ExampleStore examples(db);
    const QVector<translate::MtSystemConfig> systems = runSystems(examples, options.systems);
    RunTranslationStore store(db);
    if (options.budget)
        store.setBudget(runId, *options.budget);
    RunTranslateReport report;
    report.texts = runTexts(db, runId, options.texts);
    const int budget = store.budget(runId);
    const metrics::Chrf chrf;
    // The round trip of `t` where its pair allows; fills t's round-trip fields and returns the chat
    // requests it made (0 for Apertium). Failures and refusals are counted in the report.
    const auto roundTripInto = [&](RunTranslation &t) -> int {
        const auto system = std::find_if(systems.cbegin(), systems.cend(), [&](const translate::MtSystemConfig &s) { return s.name == t.system; });
        if (system == systems.cend() || t.translation.isEmpty())
            return 0;
        return roundTrip(t, *system, store, runId, budget, options.sourceLanguage, chrf, report);
    };
    const int total = int(report.texts.size() * systems.size());
    int done = -1;
    const auto step = [&] {
        if (options.progress)
            options.progress(++done, total);
    };
    step();
    for (const RunText &text : std::as_const(report.texts)) {
        for (const translate::MtSystemConfig &system : std::as_const(systems)) {
            if (options.cancel && options.cancel->load()) {
                report.cancelled = true;
                return report;
            }
            const auto afterCall = qScopeGuard(step);  // progress after each pair, whichever way it ends
            const bool apertium = system.kind == translate::MtSystemConfig::Kind::Apertium;
            QString target = options.targetLanguage;
            if (target.isEmpty() && apertium)
                target = system.apertiumPair.section(u'-', 1);
            if (target.isEmpty()) {
                ++report.failed;
                report.problems << QStringLiteral("%1: a chat system needs a target language (--target-lang)").arg(system.name);
                continue;
            }
            if (auto stored = store.find(runId, text.text, system.name, target)) {
                ++report.reused;
                if (options.roundTrip && !stored->hasRoundTrip()) {
                    const int requests = roundTripInto(*stored);
                    if (stored->hasRoundTrip() || requests > 0)
                        store.setRoundTrip(*stored, requests);
                }
                report.rows << *stored;
                if (options.translated)
                    options.translated(*stored);
                continue;
            }
            RunTranslation row;
            row.runId = runId;
            row.text = text.text;
            row.system = system.name;
            row.systemKind = translate::mtSystemKindName(system.kind);
            row.targetLanguage = target;
            const Attempt attempt = translateInto(row, system, text, store, runId, budget, options.sourceLanguage, report);
            if (attempt.refused)
                continue;
            if (!attempt.ok) {
                ++report.failed;
                report.problems << QStringLiteral("%1 (%2): %3").arg(system.name, text.label, attempt.error);
                if (attempt.requests > 0)
                    store.spend(runId, attempt.requests);
                continue;
            }
            store.add(row, attempt.requests);  // first, so its requests count before the round trip's
            if (options.roundTrip) {
                const int more = roundTripInto(row);
                if (row.hasRoundTrip() || more > 0)
                    store.setRoundTrip(row, more);
            }
            ++report.translated;
            report.rows << *store.find(runId, text.text, system.name, target);
            if (options.translated)
                options.translated(report.rows.constLast());
        }
    }
    return report;
}

}  // namespace gauntlet::augment
