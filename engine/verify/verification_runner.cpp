#include "engine/verify/verification_runner.h"

#include "engine/translate/chat_client.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QSet>
#include <QTimer>

namespace gauntlet::verify {

QString VerdictCache::key(const QString &ruleKey, const QString &verifier, const QString &translation)
{
    return ruleKey + u'\x1e' + verifier + u'\x1e' + translation;
}

std::optional<VerdictRecord> VerdictCache::find(const VerificationRule &rule, const QString &verifier,
                                                const QString &translation) const
{
    const QString who = rule.isStringRule() ? localVerifierName() : verifier;
    const auto it = m_records.constFind(key(rule.cacheKey(), who, translation));
    if (it == m_records.constEnd())
        return std::nullopt;
    return it->record;
}

void VerdictCache::insert(const VerificationRule &rule, const QString &verifier, const QString &translation,
                          const VerdictRecord &record)
{
    const QString who = rule.isStringRule() ? localVerifierName() : verifier;
    m_records.insert(key(rule.cacheKey(), who, translation), VerdictEntry{rule.cacheKey(), who, translation, record});
}

VerificationRunner::VerificationRunner(QObject *parent) : QObject(parent), m_network(new QNetworkAccessManager(this)) {}

VerificationRunner::~VerificationRunner()
{
    for (QObject *call : std::as_const(m_calls))
        call->disconnect(this);
}

void VerificationRunner::setMaxConcurrent(int limit)
{
    m_maxConcurrent = std::clamp(limit, 1, 64);
}

void VerificationRunner::start(const QString &source, const QVector<VerificationRule> &rules,
                               const QStringList &translations, const QVector<VerifierConfig> &verifiers,
                               const VerdictCache &known)
{
    Q_ASSERT(!m_running);
    for (const VerificationRule &rule : rules)
        rule.validate();
    for (const VerifierConfig &verifier : verifiers)
        verifier.validate();
    m_source = source;
    m_rules = rules;
    m_verifiers = verifiers;
    m_cache = known;
    m_queue.clear();
    m_done = m_verified = m_reused = m_llmCalls = 0;
    m_cancelling = false;

    QStringList unique;
    QSet<QString> seen;
    for (const QString &t : translations)
        if (!t.trimmed().isEmpty() && !seen.contains(t)) {
            seen.insert(t);
            unique << t;
        }

    // String rules are checked here and now; Llm rules become one task per verifier.
    QVector<Task> tasks;
    for (int r = 0; r < m_rules.size(); ++r) {
        const VerificationRule &rule = m_rules[r];
        for (const QString &t : std::as_const(unique)) {
            if (rule.isStringRule()) {
                if (auto cached = m_cache.find(rule, localVerifierName(), t); cached && cached->isFinal()) {
                    ++m_reused;
                    continue;
                }
                record(r, t, localVerifierName(), VerdictRecord{checkStringRule(rule, t), {}, {}, {}});
                continue;
            }
            if (m_verifiers.isEmpty()) {
                record(r, t, localVerifierName(),
                       VerdictRecord{Verdict::Unknown, {}, QStringLiteral("no LLM verifier is configured for natural-language rules"), {}});
                continue;
            }
            for (int v = 0; v < m_verifiers.size(); ++v) {
                // An LLM's Unknown (an empty, foreign or ambiguous reply) is asked again (issue 19).
                if (auto cached = m_cache.find(rule, m_verifiers[v].name, t); cached && cached->isFinal() && cached->verdict != Verdict::Unknown) {
                    ++m_reused;
                    continue;
                }
                tasks.append({r, t, v});
            }
        }
    }
    m_queue = tasks;
    m_total = int(tasks.size());
    m_running = true;
    Q_EMIT progress(0, m_total);
    if (m_queue.isEmpty()) {
        m_running = false;
        QTimer::singleShot(0, this, &VerificationRunner::finished);
        return;
    }
    launchMore();
}

void VerificationRunner::record(int rule, const QString &translation, const QString &verifier, const VerdictRecord &r)
{
    m_cache.insert(m_rules[rule], verifier, translation, r);
    if (r.isFinal())
        ++m_verified;
    Q_EMIT verdictReady(rule, translation, verifier);
}

void VerificationRunner::launchMore()
{
    while (!m_cancelling && m_calls.size() < m_maxConcurrent && !m_queue.isEmpty()) {
        const Task task = m_queue.takeFirst();
        const VerifierConfig &verifier = m_verifiers[task.verifier];
        const QString prompt = buildVerifierPrompt(verifier, m_rules[task.rule].text, m_source, task.translation);
        auto *call = new translate::ChatCompletionCall(m_network, verifier.endpoint, prompt, this);
        m_calls.append(call);
        ++m_llmCalls;
        connect(call, &translate::ChatCompletionCall::finished, this, [this, call, task] {
            m_calls.removeOne(call);
            call->deleteLater();
            const translate::ChatReply &reply = call->reply();
            const QString verifierName = m_verifiers[task.verifier].name;
            if (reply.ok)
                record(task.rule, task.translation, verifierName, VerdictRecord{parseVerifierReply(reply.content), reply.content, {}, {}});
            else
                record(task.rule, task.translation, verifierName,
                       VerdictRecord{Verdict::Unknown, {}, QStringLiteral("verifier '%1': %2").arg(verifierName, reply.error), {}});
            taskDone();
        });
        call->start();
    }
}

void VerificationRunner::taskDone()
{
    ++m_done;
    Q_EMIT progress(m_done, m_total);
    if (m_done == m_total) {
        m_running = false;
        Q_EMIT finished();
        return;
    }
    QTimer::singleShot(0, this, &VerificationRunner::launchMore);
}

void VerificationRunner::cancel()
{
    if (!m_running || m_cancelling)
        return;
    m_cancelling = true;
    const QVector<Task> queued = m_queue;
    m_queue.clear();
    for (const Task &task : queued) {
        record(task.rule, task.translation, m_verifiers[task.verifier].name,
               VerdictRecord{Verdict::Unknown, {}, QStringLiteral("cancelled"), {}});
        taskDone();
    }
    const QVector<QObject *> calls = m_calls;
    for (QObject *call : calls)
        static_cast<translate::ChatCompletionCall *>(call)->cancel();
}

VerificationRunner::Outcome VerificationRunner::runBlocking(const QString &source, const QVector<VerificationRule> &rules,
                                                            const QStringList &translations,
                                                            const QVector<VerifierConfig> &verifiers, const VerdictCache &known)
{
    VerificationRunner runner;
    QEventLoop loop;
    connect(&runner, &VerificationRunner::finished, &loop, &QEventLoop::quit);
    runner.start(source, rules, translations, verifiers, known);
    loop.exec();  // finished() always comes from the event loop
    return Outcome{runner.verdicts(), runner.verifiedCount(), runner.reusedCount(), runner.llmCallCount()};
}

}  // namespace gauntlet::verify
