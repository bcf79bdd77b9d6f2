#include "engine/augment/augment_job.h"

#include "engine/ato/run_store.h"
#include "engine/ato/ato_error.h"
#include "engine/compute/compute.h"
#include "engine/judge/judge_error.h"
#include "engine/judge/mt_signal.h"
#include "engine/verify/example_store.h"

#include <chrono>

namespace gauntlet::augment {

namespace {

std::string judgesKey(const judge::JudgeOptions &o)
{
    std::string key = std::string(o.grammar ? "g" : "-") + (o.spelling ? "s" : "-") + (o.mt ? "m" : "-");
    for (const std::string &pair : o.pairs)
        key += ' ' + pair;
    return key;
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Forwards one run's events to the job observer with the seed index, and remembers how it ended.
class SeedForwarder : public ato::RunObserver {
public:
    SeedForwarder(JobObserver &observer, int seedIndex, const ato::RunStore *store) : m_observer(observer), m_index(seedIndex), m_store(store) {}

    void runStarted(const ato::RunStartedEvent &e) override { m_observer.runStarted(m_index, m_store ? m_store->runId() : 0, e); }
    void stepFinished(const ato::StepFinishedEvent &e) override { m_observer.stepFinished(m_index, e); }
    void phaseChanged(const ato::PhaseChangedEvent &e) override { m_observer.phaseChanged(m_index, e); }
    void archiveScored(const ato::ArchiveScoredEvent &e) override { m_observer.archiveScored(m_index, e); }
    void runEnded(const ato::RunEndedEvent &e) override
    {
        m_ended = e;
        m_observer.runEnded(m_index, e);
    }
    const std::optional<ato::RunEndedEvent> &ended() const { return m_ended; }

private:
    JobObserver &m_observer;
    int m_index;
    const ato::RunStore *m_store;
    std::optional<ato::RunEndedEvent> m_ended;
};

}  // namespace

JobCache::JobCache() = default;
JobCache::~JobCache() = default;

std::shared_ptr<const compute::AtoModelSet> JobCache::models(const ato::AtoConfig &config, JobObserver &observer, double *seconds)
{
    *seconds = 0;
    if (m_models && m_modelsConfig && ato::loadsSameModels(*m_modelsConfig, config)) {
        observer.modelsLoaded(0);
        return m_models;
    }
    m_models.reset();
    observer.modelsLoading();
    const auto start = std::chrono::steady_clock::now();
    m_models = compute::engine().loadAtoModels(config);
    m_modelsConfig = config;
    *seconds = secondsSince(start);
    observer.modelsLoaded(*seconds);
    return m_models;
}

std::shared_ptr<judge::Judges> JobCache::judges(const judge::JudgeOptions &options, JobObserver &observer)
{
    const std::string key = judgesKey(options);
    if (!m_judges || m_judgesKey != key) {
        m_judges = std::make_shared<judge::Judges>(options);
        m_judgesKey = key;
        m_judgeLinesReported = 0;
    }
    reportNewJudgeProblems(observer);
    return m_judges;
}

void JobCache::reportNewJudgeProblems(JobObserver &observer)
{
    if (!m_judges)
        return;
    const std::vector<std::string> &lines = m_judges->unavailable();
    for (; m_judgeLinesReported < lines.size(); ++m_judgeLinesReported)
        observer.warning(lines[m_judgeLinesReported]);
}

JobSummary AugmentJob::run(const JobOptions &options, JobObserver &observer, const std::atomic<bool> *cancel)
{
    // Each step before the first run names its stage when it fails.
    const auto stage = [](JobSetupError::Stage s, auto &&step) {
        try {
            return step();
        } catch (const JobSetupError &) {
            throw;
        } catch (const std::exception &e) {
            throw JobSetupError(s, e.what());
        }
    };
    stage(JobSetupError::Stage::Settings, [&] { options.config.validate(); });
    JobSummary summary;
    summary.seeds = int(options.seeds.size());
    const auto cancelled = [&] { return cancel != nullptr && cancel->load(); };
    // The black-box MT term's system, from the project (issue 21); one signal source per run.
    std::optional<translate::MtSystemConfig> mtSystem;
    const auto mtSource = [&] {
        return std::shared_ptr<judge::MtSignalSource>(judge::mtSignalSource(
            *mtSystem, QStringLiteral("English"), QString::fromStdString(options.config.mtTermTargetLanguage), options.config.mtTermBudget));
    };
    if (!options.config.mtTermSystem.empty()) {
        const QString name = QString::fromStdString(options.config.mtTermSystem);
        if (options.database == nullptr)
            throw JobSetupError(JobSetupError::Stage::MtTerm,
                                "the MT term names a project MT system ('" + options.config.mtTermSystem + "'): it needs a project");
        stage(JobSetupError::Stage::MtTerm, [&] { mtSystem = verify::ExampleStore(*options.database).mtSystem(name); });
        if (!mtSystem)
            throw JobSetupError(JobSetupError::Stage::MtTerm, "there is no MT system '" + options.config.mtTermSystem
                                                                  + "' in the project for the MT term (see gauntlet systems list)");
        try {
            mtSource();  // a missing Apertium mode, a manual system or a chat system without a target language, before any run
        } catch (const std::exception &e) {
            throw JobSetupError(JobSetupError::Stage::MtTerm, std::string("the MT term: ") + e.what());
        }
    }

    observer.jobStarted(summary.seeds, ato::plannedSteps(options.config));
    std::shared_ptr<judge::Judges> judges;
    if (options.judge)
        judges = stage(JobSetupError::Stage::Judges, [&] { return m_cache.judges(options.judgeOptions, observer); });
    const std::shared_ptr<const compute::AtoModelSet> models =
        stage(JobSetupError::Stage::Models, [&] { return m_cache.models(options.config, observer, &summary.modelSeconds); });
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < options.seeds.size() && !cancelled(); ++i) {
        const SeedItem &seed = options.seeds[i];
        std::optional<ato::RunStore> store;
        if (options.database != nullptr)
            store.emplace(*options.database, seed.seedId);
        SeedForwarder forwarder(observer, int(i), store ? &*store : nullptr);
        const std::unique_ptr<compute::AtoSearch> search = compute::engine().newSearch(options.config, models);
        search->setJudges(judges);
        if (mtSystem)
            search->setMtTerm(mtSource());
        if (store)
            search->addObserver(&*store);
        for (ato::RunObserver *o : options.runObservers)
            search->addObserver(o);
        search->addObserver(&forwarder);
        try {
            search->run(seed.text, cancel);
        } catch (const std::exception &e) {
            // The search ends its run as failed before rethrowing; a failure before the run started
            // (no runStarted, so no runEnded) is reported here.
            if (!forwarder.ended()) {
                ato::RunEndedEvent failed;
                failed.status = ato::RunStatus::Failed;
                failed.error = e.what();
                observer.runEnded(int(i), failed);
            }
            ++summary.failed;
            continue;
        }
        if (forwarder.ended() && forwarder.ended()->status == ato::RunStatus::Finished && forwarder.ended()->result) {
            ++summary.finished;
            if (!forwarder.ended()->result->harder())
                ++summary.notHarder;
        }
        if (judges)
            m_cache.reportNewJudgeProblems(observer);  // a round trip that failed in this run
    }
    summary.cancelled = cancelled();
    summary.searchSeconds = secondsSince(start);
    observer.jobFinished(summary);
    return summary;
}

}  // namespace gauntlet::augment
