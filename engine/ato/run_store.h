// Writes ATO runs into a project (tables of migration 0002): an ato::RunObserver that inserts the
// run when it starts, each finished step (run_steps, beam_members, archive_candidates) in its own
// transaction, so a killed process leaves every finished step behind, and the result and status
// when it ends.
#pragma once

#include "engine/ato/run_events.h"
#include "engine/store/database.h"

#include <QString>

#include <optional>
#include <map>
#include <set>

namespace gauntlet::ato {

class RunStore : public ato::RunObserver {
public:
    /// `seedId`: the project seed the run starts from, if any. `archive`: whether each step's scored
    /// candidates go into archive_candidates (ATO-Direct selects its output from them).
    RunStore(storage::Database &db, std::optional<qint64> seedId, bool archive = true);

    /// The id of the run the last runStarted created (0 before).
    qint64 runId() const { return m_runId; }

    void runStarted(const ato::RunStartedEvent &event) override;
    void stepFinished(const ato::StepFinishedEvent &event) override;
    void archiveScored(const ato::ArchiveScoredEvent &event) override;
    /// Stores the text phase 2 starts from (runs.phase2_seed_text), so replay shows what the search did.
    void phaseChanged(const ato::PhaseChangedEvent &event) override;
    void runEnded(const ato::RunEndedEvent &event) override;

    /// Marks the runs of this machine that are still 'running' (or 'queued') although their process
    /// is gone (killed with SIGKILL, a crash) as interrupted: status 'cancelled', error starting
    /// with "interrupted:". Called when a project is opened. Returns how many. Throws StoreError.
    static int markInterruptedRuns(storage::Database &db);

    /// Seed texts with a finished run of `method` in the project whose settings equal `config`'s
    /// (for --resume; issue 34: a rerun with other settings was skipped as "already finished").
    /// Settings that only place the work (threads, device, dtype, batch size) do not count.
    /// `otherSettings` (optional) receives, per seed finished only with other settings, one
    /// difference ("beam_width 16 -> 50").
    static std::set<QString> finishedSeedTexts(storage::Database &db, const QString &method, const ato::AtoConfig &config,
                                               std::map<QString, QString> *otherSettings = nullptr);

private:
    storage::Database &m_db;
    std::optional<qint64> m_seedId;
    bool m_archive;
    qint64 m_runId = 0;
};

}  // namespace gauntlet::ato
