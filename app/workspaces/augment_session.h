// The Augment workspace's job controller: runs engine/augment's AugmentJob (the same pipeline as
// `gauntlet augment`: models loaded once and kept while their settings stay the same, every run
// stored through RunStore on the worker's own database connection, seeds and outputs judged) on a
// worker thread, and turns the job's events into signals on the GUI thread.
//
// Delivery is coalesced: the worker thread appends events to a queue and posts at most one wake-up;
// the GUI thread drains the queue at most once per coalesce interval (50 ms by default), so a fast
// run cannot flood the event loop. Consecutive steps of one run arrive as one stepsFinished batch.
// Stop sets the cancel flag the engine checks between steps; everything finished stays stored.
#pragma once

#include "engine/ato/ato_config.h"
#include "engine/augment/augment_job.h"
#include "engine/augment/job_progress.h"
#include "engine/ato/run_events.h"
#include "engine/judge/judges.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QThread;
class QTimer;

namespace gauntlet {

class SeedQueueModel;


class AugmentSession : public QObject {
    Q_OBJECT
public:
    /// How a run ended: the engine's own status (one status type for the job, the CLI and the GUI).
    using RunStatus = ato::RunStatus;

    explicit AugmentSession(QObject *parent = nullptr);
    /// Stops a running job and waits for its thread (the current step finishes and is stored).
    ~AugmentSession() override;

    /// Starts a job: loads the models of `config` (unless the previous job loaded the same ones) and
    /// runs `seeds` one after another, storing each run in the project file `projectPath` (empty:
    /// nothing is stored). Returns false, doing nothing, while a job runs or when `seeds` is empty.
    bool start(const ato::AtoConfig &config, const std::vector<augment::SeedItem> &seeds, const QString &projectPath);
    /// Asks the running job to stop after the current step; the queue's remaining seeds are skipped.
    void stop();
    bool isRunning() const { return m_thread != nullptr; }
    /// Processes events until the job has ended and every event was delivered, or `timeoutMs` passed.
    bool waitForFinished(int timeoutMs);

    /// The seeds of the current (or last) job with their states.
    SeedQueueModel *queue() const { return m_queue; }
    /// Which judges the next jobs run (default: all, judge::JudgeOptions); the judges are made on
    /// the worker thread at the next job's start. Returns false, doing nothing, while a job runs.
    bool setJudgeOptions(const judge::JudgeOptions &options);
    /// Minimum milliseconds between two deliveries (default 50).
    void setCoalesceInterval(int ms) { m_interval = ms; }
    /// How many batches were delivered in this job (tests of the coalescing).
    int deliveries() const { return m_deliveries; }

Q_SIGNALS:
    void jobStarted(int seedCount);
    void modelsLoading();
    void modelsLoaded(double seconds);
    void runStarted(int seedIndex, qint64 runId, const QString &seedText, const gauntlet::ato::AtoConfig &config);
    /// Steps of run `seedIndex` in order, with their beams and scored candidates.
    void stepsFinished(int seedIndex, const std::vector<gauntlet::ato::StepFinishedEvent> &steps);
    void phaseChanged(int seedIndex, int phase, const QString &phaseSeedText);
    /// The perplexities of run `seedIndex`'s archived candidates, when its output was chosen by them.
    void archiveScored(int seedIndex, const gauntlet::ato::ArchiveScoredEvent &scored);
    void runEnded(int seedIndex, gauntlet::AugmentSession::RunStatus status, const QString &error,
                  const std::optional<gauntlet::ato::RunResult> &result);
    /// Steps done and in total over the whole job, and the estimated seconds left (-1 unknown).
    void progressChanged(int stepsDone, int stepsTotal, double etaSeconds);
    /// A problem the user must see: the models failed to load, a seed cannot be searched, the
    /// project cannot be written. The job goes on with the next seed where it can.
    void errorOccurred(const QString &message);
    /// Something the user should know that does not stop the job: a judge (link-grammar, Hunspell,
    /// Apertium) is not installed or failed, so results are shown without its verdict.
    void warningOccurred(const QString &message);
    void jobFinished(bool cancelled);

public:
    /// Implementation details shared with the worker thread (augment_session.cpp).
    struct Shared;
    struct Event;

private:
    void drain();
    void deliver(std::vector<Event> &events);
    void runEndedEvent(int seedIndex, const ato::RunEndedEvent &event);

    std::shared_ptr<Shared> m_shared;
    QThread *m_thread = nullptr;
    SeedQueueModel *m_queue;
    QTimer *m_drainTimer;
    QElapsedTimer m_sinceDelivery;
    QElapsedTimer m_clock;          ///< since the job started (the progress' clock)
    augment::JobProgress m_progress;
    int m_interval = 50;
    int m_deliveries = 0;
    bool m_finishedPending = false;
};

}  // namespace gauntlet
