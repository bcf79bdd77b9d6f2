// One augmentation job: a list of seed texts searched one after another with one ATO
// configuration (papers.md, ATO), each run stored in the project (ato::RunStore), judged
// (judge::Judges) and reported to a JobObserver. `gauntlet augment` and the Augment workspace are
// thin adapters over it: seed -> AugmentJob -> compute::AtoSearch -> RunStore / observers -> view.
//
// Per-seed error policy: a seed that cannot be searched (too long, no editable position, a
// tokenizer that cannot encode it) ends its run as failed, is reported with its error, and the job
// goes on with the next seed. Models that cannot be loaded end the whole job (AugmentJob::run
// throws). Cancel is checked between steps and seeds; every finished step stays stored.
#pragma once

#include "engine/ato/ato_config.h"
#include "engine/ato/run_events.h"
#include "engine/judge/judges.h"

#include <QtGlobal>

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace gauntlet::storage {
class Database;
}  // namespace gauntlet::storage

namespace gauntlet::compute {
class AtoModelSet;
}

namespace gauntlet::augment {

/// One seed of a job: its text (UTF-8) and, for a seed of a project seed set, its id (runs.seed_id).
struct SeedItem {
    std::string text;
    std::optional<qint64> seedId;
};

/// What a job did.
struct JobSummary {
    int seeds = 0;      ///< seeds in the job
    int finished = 0;   ///< runs that ended with a result
    int failed = 0;     ///< seeds that could not be searched
    int notHarder = 0;  ///< finished runs whose output is not harder than the seed (ato::RunResult::harder)
    bool cancelled = false;
    double modelSeconds = 0;   ///< loading the models (0 when the cache had them)
    double searchSeconds = 0;  ///< the runs
};

/// A job's events, in order, on the thread that runs the job. Seed indexes are positions in
/// JobOptions::seeds. Every method has an empty default.
class JobObserver {
public:
    virtual ~JobObserver() = default;
    /// `stepsPerSeed`: ato::plannedSteps of the job's config; the job's total is seeds x stepsPerSeed.
    virtual void jobStarted(int seedCount, int stepsPerSeed) { (void)seedCount, (void)stepsPerSeed; }
    virtual void modelsLoading() {}
    virtual void modelsLoaded(double seconds) { (void)seconds; }
    /// Something that does not stop the job: a judge that is not installed or failed.
    virtual void warning(const std::string &message) { (void)message; }
    /// `runId`: the run's row in the project (0 when runs are not stored).
    virtual void runStarted(int seedIndex, qint64 runId, const ato::RunStartedEvent &event) { (void)seedIndex, (void)runId, (void)event; }
    virtual void stepFinished(int seedIndex, const ato::StepFinishedEvent &event) { (void)seedIndex, (void)event; }
    virtual void phaseChanged(int seedIndex, const ato::PhaseChangedEvent &event) { (void)seedIndex, (void)event; }
    virtual void archiveScored(int seedIndex, const ato::ArchiveScoredEvent &event) { (void)seedIndex, (void)event; }
    /// Every started run ends here exactly once: Finished with its result, Cancelled, or Failed with
    /// the error (the seed could not be searched).
    virtual void runEnded(int seedIndex, const ato::RunEndedEvent &event) { (void)seedIndex, (void)event; }
    virtual void jobFinished(const JobSummary &summary) { (void)summary; }
};

/// Loaded models and judges kept from one job to the next: the models while the settings that
/// choose them stay the same, the judges while their options do. Use from one thread at a time.
class JobCache {
public:
    JobCache();
    ~JobCache();
    /// The models of `config`: the cached ones when the model settings are unchanged, else loaded
    /// (modelsLoading is reported before loading, modelsLoaded either way; *seconds is the loading
    /// time, 0 from the cache).
    /// Throws what compute::engine().loadAtoModels throws.
    std::shared_ptr<const compute::AtoModelSet> models(const ato::AtoConfig &config, JobObserver &observer, double *seconds);
    /// The judges for `options`, made on first use; unavailable judges are reported once as warnings.
    std::shared_ptr<judge::Judges> judges(const judge::JudgeOptions &options, JobObserver &observer);
    /// Reports judges that became unavailable since the last call (a round trip that failed).
    void reportNewJudgeProblems(JobObserver &observer);

private:
    std::shared_ptr<const compute::AtoModelSet> m_models;
    std::optional<ato::AtoConfig> m_modelsConfig;  ///< what m_models were loaded for (ato::loadsSameModels)
    std::shared_ptr<judge::Judges> m_judges;
    std::string m_judgesKey;
    size_t m_judgeLinesReported = 0;
};

/// What a job runs.
struct JobOptions {
    ato::AtoConfig config;
    std::vector<SeedItem> seeds;
    /// Where runs are stored (a connection of the calling thread); null: nothing is stored.
    storage::Database *database = nullptr;
    /// Whether seeds and outputs are judged (link-grammar, Hunspell, Apertium round trip).
    bool judge = true;
    judge::JudgeOptions judgeOptions;
    /// More observers of every run, not told the seed index (e.g. ato::JsonlTraceWriter); not owned.
    std::vector<ato::RunObserver *> runObservers;
};

/// A job that could not start: what failed before any run, and the original message (what()).
/// The command line prints what(); the Augment workspace leads with the stage (issue 36: it called
/// every such error "Cannot load the models").
class JobSetupError : public std::runtime_error {
public:
    enum class Stage {
        Settings,  ///< the configuration is invalid (ato::AtoConfig::validate)
        MtTerm,    ///< the MT term's system is missing or unusable
        Judges,    ///< the judges could not be started
        Models,    ///< a model folder could not be loaded
    };
    JobSetupError(Stage stage, const std::string &message) : std::runtime_error(message), m_stage(stage) {}
    Stage stage() const { return m_stage; }

private:
    Stage m_stage;
};

class AugmentJob {
public:
    /// `cache` keeps models and judges for later jobs (may be shared by jobs run one at a time).
    explicit AugmentJob(JobCache &cache) : m_cache(cache) {}

    /// Runs the job to its end or until `cancel` is set. Throws JobSetupError, naming the stage,
    /// when the configuration, the MT term, the judges or the models fail before any run starts
    /// (its what() is the original error's); errors of one seed are reported, not thrown.
    JobSummary run(const JobOptions &options, JobObserver &observer, const std::atomic<bool> *cancel = nullptr);

private:
    JobCache &m_cache;
};

}  // namespace gauntlet::augment
