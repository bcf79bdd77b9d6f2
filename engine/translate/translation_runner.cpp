#include "engine/translate/translation_runner.h"

#include "engine/translate/apertium.h"
#include "engine/translate/chat_client.h"
#include "engine/translate/translate_error.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTimer>

namespace gauntlet::translate {

TranslationRunner::TranslationRunner(QObject *parent) : QObject(parent), m_network(new QNetworkAccessManager(this)) {}

TranslationRunner::~TranslationRunner()
{
    for (QObject *call : std::as_const(m_calls))
        if (call)
            call->disconnect(this);
}

void TranslationRunner::setMaxConcurrent(int limit)
{
    m_maxConcurrent = std::clamp(limit, 1, 64);
}

void TranslationRunner::start(const QVector<TranslationJob> &jobs)
{
    Q_ASSERT(!m_running);
    m_jobs = jobs;
    m_results = QVector<TranslationResult>(jobs.size());
    m_calls = QVector<QObject *>(jobs.size(), nullptr);
    m_clocks = QVector<QElapsedTimer>(jobs.size());
    for (int i = 0; i < jobs.size(); ++i)
        m_results[i].system = jobs[i].system.name;
    m_next = 0;
    m_active = 0;
    m_done = 0;
    m_cancelling = false;
    m_running = true;
    Q_EMIT progress(0, int(m_jobs.size()));
    if (m_jobs.isEmpty()) {
        m_running = false;
        QTimer::singleShot(0, this, &TranslationRunner::finished);
        return;
    }
    launchMore();
}

void TranslationRunner::launchMore()
{
    while (m_running && !m_cancelling && m_active < m_maxConcurrent && m_next < m_jobs.size())
        launch(m_next++);
}

void TranslationRunner::launch(int index)
{
    const TranslationJob &job = m_jobs[index];
    m_clocks[index].start();
    Q_EMIT jobStarted(index);
    try {
        job.system.validate();
    } catch (const TranslateError &e) {
        complete(index, TranslationResult::Status::Failed, QString::fromStdString(e.what()), 0);
        return;
    }
    if (job.request.sourceText.trimmed().isEmpty()) {
        complete(index, TranslationResult::Status::Failed,
                 QStringLiteral("%1: the source text is empty; nothing to translate").arg(job.system.name), 0);
        return;
    }
    switch (job.system.kind) {
    case MtSystemConfig::Kind::Manual:
        complete(index, TranslationResult::Status::Manual, QString(), 0);
        return;
    case MtSystemConfig::Kind::Apertium: {
        auto *call = new ApertiumCall(job.system.apertiumPair, job.request.sourceText, job.system.apertiumTimeoutMs, this);
        m_calls[index] = call;
        ++m_active;
        connect(call, &ApertiumCall::finished, this, [this, index, call] {
            m_calls[index] = nullptr;
            --m_active;
            call->deleteLater();
            if (call->ok() && call->output().trimmed().isEmpty())  // an empty translation is no translation (issue 19)
                complete(index, TranslationResult::Status::Failed, m_jobs[index].system.name + QStringLiteral(": Apertium returned an empty translation"), 1);
            else if (call->ok())
                complete(index, TranslationResult::Status::Ok, call->output(), 1);
            else
                complete(index, call->cancelled() ? TranslationResult::Status::Cancelled : TranslationResult::Status::Failed,
                         call->error(), 1);
        });
        call->start();
        return;
    }
    case MtSystemConfig::Kind::Chat: {
        auto *call = new ChatCompletionCall(m_network, job.system.endpoint, buildTranslationPrompt(job.system, job.request), this);
        m_calls[index] = call;
        ++m_active;
        connect(call, &ChatCompletionCall::retrying, this,
                [this, index](int attempt, const QString &reason, int) { Q_EMIT jobRetrying(index, attempt, reason); });
        connect(call, &ChatCompletionCall::finished, this, [this, index, call] {
            m_calls[index] = nullptr;
            --m_active;
            call->deleteLater();
            const ChatReply &reply = call->reply();
            if (reply.ok && reply.content.trimmed().isEmpty())  // HTTP 200 with empty content: a failure (issue 19)
                complete(index, TranslationResult::Status::Failed,
                         m_jobs[index].system.name + QStringLiteral(": the endpoint replied with an empty translation"), reply.attempts);
            else if (reply.ok)
                complete(index, TranslationResult::Status::Ok, reply.content.trimmed(), reply.attempts);
            else
                complete(index, reply.cancelled ? TranslationResult::Status::Cancelled : TranslationResult::Status::Failed,
                         m_jobs[index].system.name + QStringLiteral(": ") + reply.error, reply.attempts);
        });
        call->start();
        return;
    }
    }
}

void TranslationRunner::complete(int index, TranslationResult::Status status, const QString &textOrError, int attempts)
{
    TranslationResult &result = m_results[index];
    result.status = status;
    if (status == TranslationResult::Status::Ok)
        result.text = textOrError;
    else
        result.error = textOrError;
    result.attempts = attempts;
    result.elapsedMs = m_clocks[index].isValid() ? m_clocks[index].elapsed() : 0;
    ++m_done;
    Q_EMIT jobFinished(index);
    Q_EMIT progress(m_done, int(m_jobs.size()));
    if (m_done == m_jobs.size()) {
        m_running = false;
        Q_EMIT finished();
        return;
    }
    // Launch from the event loop, so a burst of instant completions (manual systems, bad
    // configurations) does not recurse.
    QTimer::singleShot(0, this, &TranslationRunner::launchMore);
}

void TranslationRunner::cancel()
{
    if (!m_running || m_cancelling)
        return;
    m_cancelling = true;
    // Queued jobs first, so the running ones' completions see nothing left to launch.
    const int queuedFrom = m_next;
    m_next = int(m_jobs.size());
    for (int i = queuedFrom; i < m_jobs.size() && m_running; ++i)
        complete(i, TranslationResult::Status::Cancelled, QStringLiteral("%1: cancelled before it started").arg(m_jobs[i].system.name), 0);
    for (int i = 0; i < m_calls.size() && m_running; ++i) {
        if (auto *apertium = qobject_cast<ApertiumCall *>(m_calls[i]))
            apertium->cancel();
        else if (auto *chat = qobject_cast<ChatCompletionCall *>(m_calls[i]))
            chat->cancel();
    }
}

QVector<TranslationResult> TranslationRunner::runBlocking(const QVector<TranslationJob> &jobs, int maxConcurrent)
{
    TranslationRunner runner;
    runner.setMaxConcurrent(maxConcurrent);
    QEventLoop loop;
    connect(&runner, &TranslationRunner::finished, &loop, &QEventLoop::quit);
    runner.start(jobs);
    if (runner.isRunning() || jobs.isEmpty())
        loop.exec();
    return runner.results();
}

}  // namespace gauntlet::translate
