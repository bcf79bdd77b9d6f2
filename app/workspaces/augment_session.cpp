#include "app/workspaces/augment_session.h"

#include "engine/augment/augment_job.h"
#include "engine/judge/judges.h"
#include "engine/store/database.h"
#include "models/seed_queue_model.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>
#include <QTimer>

#include <functional>

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

namespace gauntlet {

struct AugmentSession::Event {
    enum class Kind { JobStarted, ModelsLoading, ModelsLoaded, Error, Warning, RunStarted, Step, Phase, ArchiveScored, RunEnded, JobFinished };
    Kind kind = Kind::Error;
    int seedIndex = -1;
    qint64 runId = 0;
    QString text;
    double seconds = 0;
    ato::AtoConfig config;
    ato::StepFinishedEvent step;
    ato::ArchiveScoredEvent scored;
    int phase = 1;
    RunStatus status = RunStatus::Finished;
    std::optional<ato::RunResult> result;
    bool cancelled = false;
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

/// Runs on the worker thread: turns the job's events into queued events for the GUI thread.
class SessionObserver : public augment::JobObserver {
public:
    using Event = AugmentSession::Event;
    using Kind = Event::Kind;
    explicit SessionObserver(AugmentSession::Shared &shared) : m_shared(shared) {}

    void modelsLoading() override { m_shared.push(make(Kind::ModelsLoading)); }
    void modelsLoaded(double seconds) override
    {
        Event e = make(Kind::ModelsLoaded);
        e.seconds = seconds;
        m_shared.push(std::move(e));
    }
    void warning(const std::string &message) override
    {
        m_shared.push(make(Kind::Warning, QCoreApplication::translate("gauntlet::AugmentSession", "Results are shown without this judge: %1")
                                              .arg(qs(message))));
    }
    void runStarted(int seedIndex, qint64 runId, const ato::RunStartedEvent &e) override
    {
        pushSeedEvent(Kind::RunStarted, seedIndex, qs(e.seedText), [&](Event &event) {
            event.runId = runId;
            event.config = e.config;
        });
    }
    void stepFinished(int seedIndex, const ato::StepFinishedEvent &e) override
    {
        pushSeedEvent(Kind::Step, seedIndex, {}, [&](Event &event) { event.step = e; });
    }
    void phaseChanged(int seedIndex, const ato::PhaseChangedEvent &e) override
    {
        pushSeedEvent(Kind::Phase, seedIndex, qs(e.seedText), [&](Event &event) { event.phase = e.phase; });
    }
    void archiveScored(int seedIndex, const ato::ArchiveScoredEvent &e) override
    {
        pushSeedEvent(Kind::ArchiveScored, seedIndex, {}, [&](Event &event) { event.scored = e; });
    }
    void runEnded(int seedIndex, const ato::RunEndedEvent &e) override
    {
        pushSeedEvent(Kind::RunEnded, seedIndex, qs(e.error), [&](Event &event) {
            event.status = e.status;
            event.result = e.result;
        });
    }

    static Event make(Kind kind, const QString &text = {})
    {
        Event e;
        e.kind = kind;
        e.text = text;
        return e;
    }

private:
    /// Pushes an event of `kind` about seed `seedIndex`, with `text` and the fields `fill` sets.
    void pushSeedEvent(Kind kind, int seedIndex, const QString &text, const std::function<void(Event &)> &fill)
    {
        Event event = make(kind, text);
        event.seedIndex = seedIndex;
        fill(event);
        m_shared.push(std::move(event));
    }

    AugmentSession::Shared &m_shared;
};

namespace {

using Event = AugmentSession::Event;

Event simple(Event::Kind kind, const QString &text = {})
{
    Event e;
    e.kind = kind;
    e.text = text;
    return e;
}

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
    using Kind = Event::Kind;
    lowerThisThreadsPriority();
    shared->push(simple(Kind::JobStarted));
    const auto finish = [&] {
        Event e = simple(Kind::JobFinished);
        e.cancelled = shared->cancel.load();
        shared->push(std::move(e));
    };
    augment::JobOptions job;
    job.config = config;
    job.seeds = seeds;
    job.judgeOptions = shared->judgeOptions;
    std::unique_ptr<Database> db;
    if (!projectPath.isEmpty()) {
        try {
            db = Database::open(projectPath, Database::Mode::ReadWrite);  // this thread's own connection
        } catch (const std::exception &e) {
            shared->push(simple(Kind::Error, QCoreApplication::translate("gauntlet::AugmentSession", "Cannot store runs in the project: %1")
                                                 .arg(qs(e.what()))));
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
        shared->push(simple(Kind::Error, message));
    } catch (const std::exception &e) {
        shared->push(simple(Kind::Error, QCoreApplication::translate("gauntlet::AugmentSession", "The run failed: %1").arg(qs(e.what()))));
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
    using Kind = Event::Kind;
    const int total = m_progress.total();
    const auto now = [this] { return m_clock.elapsed() / 1000.0; };
    const auto progress = [&] { Q_EMIT progressChanged(m_progress.done(), total, m_progress.secondsLeft(now())); };
    for (size_t i = 0; i < events.size(); ++i) {
        Event &e = events[i];
        switch (e.kind) {
        case Kind::JobStarted:
            Q_EMIT jobStarted(m_progress.seeds());
            Q_EMIT progressChanged(0, total, -1);
            break;
        case Kind::ModelsLoading:
            m_queue->setState(0, SeedQueueModel::State::Loading);
            Q_EMIT modelsLoading();
            break;
        case Kind::ModelsLoaded:
            m_progress.modelsLoaded(now());
            Q_EMIT modelsLoaded(e.seconds);
            break;
        case Kind::Error:
            if (m_queue->rowCount() > 0 && m_queue->state(0) == SeedQueueModel::State::Loading)
                m_queue->setState(0, SeedQueueModel::State::Failed, e.text);
            Q_EMIT errorOccurred(e.text);
            break;
        case Kind::Warning:
            Q_EMIT warningOccurred(e.text);
            break;
        case Kind::RunStarted:
            m_progress.runStarted(now());
            m_queue->setState(e.seedIndex, SeedQueueModel::State::Running);
            m_queue->setStep(e.seedIndex, 0, m_progress.stepsPerSeed());
            m_queue->setRunId(e.seedIndex, e.runId);
            Q_EMIT runStarted(e.seedIndex, e.runId, e.text, e.config);
            break;
        case Kind::Step: {
            std::vector<ato::StepFinishedEvent> batch;
            const int seed = e.seedIndex;
            while (i < events.size() && events[i].kind == Kind::Step && events[i].seedIndex == seed) {
                batch.push_back(std::move(events[i].step));
                ++i;
            }
            --i;
            m_progress.stepFinished(seed, batch.back().step);
            m_queue->setStep(seed, qMin(m_progress.stepsPerSeed(), batch.back().step), m_progress.stepsPerSeed());
            Q_EMIT stepsFinished(seed, batch);
            progress();
            break;
        }
        case Kind::ArchiveScored:
            Q_EMIT archiveScored(e.seedIndex, e.scored);
            break;
        case Kind::Phase:
            Q_EMIT phaseChanged(e.seedIndex, e.phase, e.text);
            break;
        case Kind::RunEnded:
            // A stopped run keeps its steps in the progress (issue 34: the bar showed full after
            // Stop); a finished or failed seed counts whole.
            m_progress.runEnded(now(), e.status != RunStatus::Cancelled);
            if (e.status == RunStatus::Finished) {
                m_queue->setState(e.seedIndex, SeedQueueModel::State::Finished);
            } else if (e.status == RunStatus::Cancelled) {
                m_queue->setState(e.seedIndex, SeedQueueModel::State::Stopped);
            } else {
                m_queue->setState(e.seedIndex, SeedQueueModel::State::Failed, e.text);
                Q_EMIT errorOccurred(tr("Seed %1 cannot be searched: %2").arg(e.seedIndex + 1).arg(e.text));
            }
            Q_EMIT runEnded(e.seedIndex, e.status, e.text, e.result);
            progress();
            break;
        case Kind::JobFinished:
            for (int row = 0; row < m_queue->rowCount(); ++row) {
                if (m_queue->state(row) == SeedQueueModel::State::Queued)
                    m_queue->setState(row, SeedQueueModel::State::Skipped);
            }
            if (m_thread) {
                m_thread->wait();
                delete m_thread;
                m_thread = nullptr;
            }
            Q_EMIT jobFinished(e.cancelled);
            break;
        }
    }
}

}  // namespace gauntlet
