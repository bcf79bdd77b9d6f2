// Runs translation jobs over several MT systems concurrently, with a limit, progress and cancel.
// A failing system records its error and never stops the others.
#pragma once

#include "engine/translate/mt_system.h"

#include <QElapsedTimer>
#include <QObject>
#include <QVector>

#include <memory>

class QNetworkAccessManager;

namespace gauntlet::translate {

struct TranslationJob {
    MtSystemConfig system;
    TranslationRequest request;
    QString tag;  ///< the caller's label (e.g. an example id); not used by the runner
};

class TranslationRunner : public QObject {
    Q_OBJECT
public:
    explicit TranslationRunner(QObject *parent = nullptr);
    ~TranslationRunner() override;

    /// At most this many calls run at once (1 to 64; default 4).
    void setMaxConcurrent(int limit);
    int maxConcurrent() const { return m_maxConcurrent; }

    /// Starts `jobs`; returns at once. Manual systems finish at once with Status::Manual; a system
    /// whose configuration is invalid finishes with Status::Failed. Must not be running.
    void start(const QVector<TranslationJob> &jobs);
    /// Stops running calls and drops queued ones (their results become Cancelled); finished()
    /// follows. What already finished is kept.
    void cancel();
    bool isRunning() const { return m_running; }

    const QVector<TranslationJob> &jobs() const { return m_jobs; }
    /// One result per job, in job order.
    const QVector<TranslationResult> &results() const { return m_results; }

    /// Runs `jobs` to the end in a local event loop (command line, tests). Needs a QCoreApplication.
    static QVector<TranslationResult> runBlocking(const QVector<TranslationJob> &jobs, int maxConcurrent = 4);

Q_SIGNALS:
    void jobStarted(int index);
    void jobFinished(int index);
    /// `done` of `total` jobs finished.
    void progress(int done, int total);
    /// Chat systems only: attempt failed and will be retried.
    void jobRetrying(int index, int attempt, const QString &reason);
    void finished();

private:
    void launchMore();
    void launch(int index);
    void complete(int index, TranslationResult::Status status, const QString &textOrError, int attempts);

    QNetworkAccessManager *m_network;
    int m_maxConcurrent = 4;
    QVector<TranslationJob> m_jobs;
    QVector<TranslationResult> m_results;
    QVector<QObject *> m_calls;   ///< the running call per job, or nullptr
    QVector<QElapsedTimer> m_clocks;
    int m_next = 0;
    int m_active = 0;
    int m_done = 0;
    bool m_running = false;
    bool m_cancelling = false;
};

}  // namespace gauntlet::translate
