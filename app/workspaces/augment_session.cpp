#include "app/workspaces/augment_session.h"

#include "engine/augment/augment_job.h"
#include "engine/judge/judges.h"
#include "engine/store/database.h"
#include "models/seed_queue_model.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>
#include <QTimer>


#ifdef Q_OS_LINUX
#include <cerrno>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <variant>

namespace gauntlet {

/// What the worker thread queues for the GUI thread: the engine's own events (engine/ato/run_events.h)
/// as the job reported them, each run event with the seed it belongs to, and the job's few events
/// of its own. One type, no copy into a struct of every field (issue 36 item 3).
namespace session_event {
struct JobStarted {};
struct ModelsLoading {};
struct ModelsLoaded {
    double seconds = 0;
};
/// A message for the user: an error that stops the job, or a warning that does not.
struct Message {
    bool error = true;
    QString text;
};
/// An engine event about seed `seedIndex` (runs.id `runId` for RunStarted; 0 otherwise).
template <class Engine>
struct OfSeed {
    int seedIndex = -1;
    Engine event;
    qint64 runId = 0;
};
struct JobFinished {
    bool cancelled = false;
};
}  // namespace session_event

struct AugmentSession::Event
    : std::variant<session_event::JobStarted, session_event::ModelsLoading, session_event::ModelsLoaded, session_event::Message,
                   session_event::OfSeed<ato::RunStartedEvent>, session_event::OfSeed<ato::StepFinishedEvent>,
                   session_event::OfSeed<ato::PhaseChangedEvent>, session_event::OfSeed<ato::ArchiveScoredEvent>,
                   session_event::OfSeed<ato::RunEndedEvent>, session_event::JobFinished> {
    using variant::variant;
};

struct AugmentSession::Shared {
    AugmentSession *session = nullptr;
    std::mutex mutex;
    std::vector<Event> events;
    bool wakePosted = false;
    std::atomic<bool> cancel{false};
    // Used by the worker thread only (one job at a time): the models and judges of the last job.
    augment::JobCache cache;
    judge::JudgeOptions judgeOptions;

    void push(Event event)
    {
        bool post = false;
        {
            std::lock_guard<std::mutex> lock(mutex);
            events.push_back(std::move(event));
            post = !wakePosted;
            wakePosted = true;
        }
        if (post) {
            AugmentSession *target = session;
            QMetaObject::invokeMethod(target, [target] { target->drain(); }, Qt::QueuedConnection);
        }
    }
};

namespace {

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

}  // namespace

/// Runs on the worker thread: queues the job's events for the GUI thread.
class SessionObserver : public augment::JobObserver {
public:
    explicit SessionObserver(AugmentSession::Shared &shared) : m_shared(shared) {}

    void modelsLoading() override { m_shared.push(session_event::ModelsLoading{}); }
    void modelsLoaded(double seconds) override { m_shared.push(session_event::ModelsLoaded{seconds}); }
    void warning(const std::string &message) override
    {
        m_shared.push(session_event::Message{
            false, QCoreApplication::translate("gauntlet::AugmentSession", "Results are shown without this judge: %1").arg(qs(message))});
    }
    void runStarted(int seedIndex, qint64 runId, const ato::RunStartedEvent &e) override { push(seedIndex, e, runId); }
    void stepFinished(int seedIndex, const ato::StepFinishedEvent &e) override { push(seedIndex, e); }
    void phaseChanged(int seedIndex, const ato::PhaseChangedEvent &e) override { push(seedIndex, e); }
    void archiveScored(int seedIndex, const ato::ArchiveScoredEvent &e) override { push(seedIndex, e); }
    void runEnded(int seedIndex, const ato::RunEndedEvent &e) override { push(seedIndex, e); }

private:
    template <class Engine>
    void push(int seedIndex, const Engine &event, qint64 runId = 0)
    {
        m_shared.push(session_event::OfSeed<Engine>{seedIndex, event, runId});
    }

    AugmentSession::Shared &m_shared;
};

namespace {

/// The search thread yields to the GUI thread: on Linux (where QThread priorities do not apply to
/// normal threads) it raises its own nice value by 10, so on busy cores the event loop is served
/// first; torch threads it starts inherit the value (bench/app/bench_augment_gui measures the effect).
void lowerThisThreadsPriority()
{
#ifdef Q_OS_LINUX
    const pid_t tid = pid_t(syscall(SYS_gettid));
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, id_t(tid));
    if (errno == 0)
        setpriority(PRIO_PROCESS, id_t(tid), std::min(19, nice + 10));
#endif
}

void runJob(const std::shared_ptr<AugmentSession::Shared> &shared, const ato::AtoConfig &config, const std::vector<augment::SeedItem> &seeds,
            const QString &projectPath)
{
    lowerThisThreadsPriority();
    shared->push(session_event::JobStarted{});
    const auto error = [&](const QString &text) { shared->push(session_event::Message{true, text}); };
    const auto finish = [&] { shared->push(session_event::JobFinished{shared->cancel.load()}); };
    augment::JobOptions job;
    job.config = config;
    job.seeds = seeds;
    job.judgeOptions = shared->judgeOptions;
    std::unique_ptr<storage::Database> db;
    if (!projectPath.isEmpty()) {
        try {
            db = storage::Database::open(projectPath, storage::Database::Mode::ReadWrite);  // this thread's own connection
        } catch (const std::exception &e) {
            error(QCoreApplication::translate("gauntlet::AugmentSession", "Cannot store runs in the project: %1").arg(qs(e.what())));
            finish();
            return;
        }
        job.database = db.get();
    }
    SessionObserver observer(*shared);
    try {
        augment::AugmentJob(shared->cache).run(job, observer, &shared->cancel);
    } catch (const augment::JobSetupError &e) {  // the job could not start: say which part failed
        QString message;
        switch (e.stage()) {
        case augment::JobSetupError::Stage::Settings:
            message = QCoreApplication::translate("gauntlet::AugmentSession", "The settings are not valid: %1").arg(qs(e.what()));
            break;
        case augment::JobSetupError::Stage::MtTerm:
            message = QCoreApplication::translate("gauntlet::AugmentSession", "Cannot use the MT term: %1").arg(qs(e.what()));
            break;
        case augment::JobSetupError::Stage::Judges:
            message = QCoreApplication::translate("gauntlet::AugmentSession", "Cannot start the judges: %1").arg(qs(e.what()));
            break;
        case augment::JobSetupError::Stage::Models:
            message = QCoreApplication::translate("gauntlet::AugmentSession", "Cannot load the models (%1): %2")
                          .arg(qs(config.difficultyModel), qs(e.what()));
            break;
        }
        error(message);
    } catch (const std::exception &e) {
        error(QCoreApplication::translate("gauntlet::AugmentSession", "The run failed: %1").arg(qs(e.what())));
    }
    finish();
}

}  // namespace

AugmentSession::AugmentSession(QObject *parent)
    : QObject(parent), m_shared(std::make_shared<Shared>()), m_queue(new SeedQueueModel(this)), m_drainTimer(new QTimer(this))
{
    m_shared->session = this;
    m_drainTimer->setSingleShot(true);
    connect(m_drainTimer, &QTimer::timeout, this, &AugmentSession::drain);
}

AugmentSession::~AugmentSession()
{
    if (m_thread) {
        m_shared->cancel.store(true);
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
}

bool AugmentSession::start(const ato::AtoConfig &config, const std::vector<augment::SeedItem> &seeds, const QString &projectPath)
{
    if (m_thread || seeds.empty())
        return false;
    m_shared->cancel.store(false);
    {
        std::lock_guard<std::mutex> lock(m_shared->mutex);
        m_shared->events.clear();
        m_shared->wakePosted = false;
    }
    m_progress.start(int(seeds.size()), ato::plannedSteps(config));
    m_clock.start();
    m_deliveries = 0;
    m_sinceDelivery.invalidate();
    QStringList texts;
    for (const augment::SeedItem &s : seeds)
        texts << QString::fromStdString(s.text);
    m_queue->setSeeds(texts);
    std::shared_ptr<Shared> shared = m_shared;
    m_thread = QThread::create([shared, config, seeds, projectPath] { runJob(shared, config, seeds, projectPath); });
    m_thread->setObjectName(QStringLiteral("gauntlet-augment"));
    m_thread->start(QThread::LowPriority);
    return true;
}

bool AugmentSession::setJudgeOptions(const judge::JudgeOptions &options)
{
    if (m_thread)
        return false;
    m_shared->judgeOptions = options;  // the worker thread is not running: nothing else touches it
    return true;
}

void AugmentSession::stop()
{
    m_shared->cancel.store(true);
}

bool AugmentSession::waitForFinished(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (m_thread && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (m_thread)
            QThread::msleep(2);
    }
    return !m_thread;
}

void AugmentSession::drain()
{
    if (m_sinceDelivery.isValid() && m_sinceDelivery.elapsed() < m_interval) {
        if (!m_drainTimer->isActive())
            m_drainTimer->start(int(qMax<qint64>(1, m_interval - m_sinceDelivery.elapsed())));
        return;
    }
    std::vector<Event> events;
    {
        std::lock_guard<std::mutex> lock(m_shared->mutex);
        events.swap(m_shared->events);
        m_shared->wakePosted = false;
    }
    m_sinceDelivery.start();
    if (events.empty())
        return;
    ++m_deliveries;
    deliver(events);
}

void AugmentSession::deliver(std::vector<Event> &events)
{
    using namespace session_event;
    const int total = m_progress.total();
    const auto now = [this] { return m_clock.elapsed() / 1000.0; };
    const auto progress = [&] { Q_EMIT progressChanged(m_progress.done(), total, m_progress.secondsLeft(now())); };
    for (size_t i = 0; i < events.size(); ++i) {
        Event &event = events[i];
        if (std::holds_alternative<JobStarted>(event)) {
            Q_EMIT jobStarted(m_progress.seeds());
            Q_EMIT progressChanged(0, total, -1);
        } else if (std::holds_alternative<ModelsLoading>(event)) {
            m_queue->setLoadingModels(0, true);
            Q_EMIT modelsLoading();
        } else if (const auto *loaded = std::get_if<ModelsLoaded>(&event)) {
            m_progress.modelsLoaded(now());
            Q_EMIT modelsLoaded(loaded->seconds);
        } else if (const auto *message = std::get_if<Message>(&event)) {
            if (!message->error) {
                Q_EMIT warningOccurred(message->text);
                continue;
            }
            if (m_queue->rowCount() > 0 && m_queue->loadingModels(0))
                m_queue->setStatus(0, ato::RunStatus::Failed, message->text);
            Q_EMIT errorOccurred(message->text);
        } else if (const auto *started = std::get_if<OfSeed<ato::RunStartedEvent>>(&event)) {
            m_progress.runStarted(now());
            m_queue->setStatus(started->seedIndex, ato::RunStatus::Running);
            m_queue->setStep(started->seedIndex, 0, m_progress.stepsPerSeed());
            m_queue->setRunId(started->seedIndex, started->runId);
            Q_EMIT runStarted(started->seedIndex, started->runId, qs(started->event.seedText), started->event.config);
        } else if (const auto *step = std::get_if<OfSeed<ato::StepFinishedEvent>>(&event)) {
            // the steps of one seed that arrived together go out as one batch
            const int seed = step->seedIndex;
            std::vector<ato::StepFinishedEvent> batch;
            for (; i < events.size(); ++i) {
                auto *next = std::get_if<OfSeed<ato::StepFinishedEvent>>(&events[i]);
                if (next == nullptr || next->seedIndex != seed)
                    break;
                batch.push_back(std::move(next->event));
            }
            --i;
            m_progress.stepFinished(seed, batch.back().step);
            m_queue->setStep(seed, qMin(m_progress.stepsPerSeed(), batch.back().step), m_progress.stepsPerSeed());
            Q_EMIT stepsFinished(seed, batch);
            progress();
        } else if (const auto *scored = std::get_if<OfSeed<ato::ArchiveScoredEvent>>(&event)) {
            Q_EMIT archiveScored(scored->seedIndex, scored->event);
        } else if (const auto *phase = std::get_if<OfSeed<ato::PhaseChangedEvent>>(&event)) {
            Q_EMIT phaseChanged(phase->seedIndex, phase->event.phase, qs(phase->event.seedText));
        } else if (const auto *ended = std::get_if<OfSeed<ato::RunEndedEvent>>(&event)) {
            runEndedEvent(ended->seedIndex, ended->event);
            progress();
        } else if (const auto *finished = std::get_if<JobFinished>(&event)) {
            for (int row = 0; row < m_queue->rowCount(); ++row) {
                if (m_queue->status(row) == ato::RunStatus::Queued)  // never started: shown as skipped
                    m_queue->setStatus(row, ato::RunStatus::Cancelled);
            }
            if (m_thread) {
                m_thread->wait();
                delete m_thread;
                m_thread = nullptr;
            }
            Q_EMIT jobFinished(finished->cancelled);
        }
    }
}

void AugmentSession::runEndedEvent(int seedIndex, const ato::RunEndedEvent &e)
{
    // A stopped run keeps its steps in the progress (issue 34: the bar showed full after Stop); a
    // finished or failed seed counts whole.
    m_progress.runEnded(m_clock.elapsed() / 1000.0, e.status != RunStatus::Cancelled);
    const QString error = qs(e.error);
    m_queue->setStatus(seedIndex, e.status, e.status == RunStatus::Failed ? error : QString());
    if (e.status == RunStatus::Failed)
        Q_EMIT errorOccurred(tr("Seed %1 cannot be searched: %2").arg(seedIndex + 1).arg(error));
    Q_EMIT runEnded(seedIndex, e.status, error, e.result);
}

}  // namespace gauntlet
