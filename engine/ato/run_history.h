// Reading stored ATO runs back (tables of migration 0002, written by run_store.h): the list of runs
// of a project, one run's whole trace as the events the engine emitted (for replay in the GUI), and
// exports of a run as JSON Lines (engine/ato/jsonl_writer.h) or CSV.
#pragma once

#include "engine/ato/run_events.h"
#include "engine/store/database.h"

#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace gauntlet::ato {

/// One row of `runs` with its result and step count.
struct RunSummary {
    qint64 id = 0;
    std::optional<qint64> seedId;
    QString seedText;
    QString method;      ///< direct | two-phase | random-words | random-subwords
    QString configJson;  ///< the full ato::AtoConfig as JSON
    QString modelsJson;
    ato::RunStatus status = ato::RunStatus::Queued;  ///< a stored name no RunStatus has reads as Failed
    QString error;
    QString createdAt, startedAt, finishedAt;  ///< ISO 8601 UTC; empty when not set
    QString outputText;  ///< empty without a result
    QString tags;        ///< the user's comma-separated tags (schema 19)
    QString note;        ///< the user's note
    QString outputJudgesJson;  ///< the judges' report on the output (judges.h toJson), "" when not judged
    QString selectedBy;
    int stepCount = 0;   ///< stored steps, the seed's step 0 included
    double bestLoss = ato::TermValues::unknown;  ///< lowest best_loss over the phase-1 steps (phase 2's objective is perplexity)
    double seedDifficulty = ato::TermValues::unknown;    ///< D of the seed (step 0's beam)
    double outputDifficulty = ato::TermValues::unknown;  ///< D of the output; unknown without a result

    /// Cancelled because its process was gone (RunStore::markInterruptedRuns), not by the user.
    bool interrupted() const { return status == ato::RunStatus::Cancelled && error.startsWith(QLatin1String("interrupted:")); }
    /// The status as `gauntlet runs` names it: "interrupted" for an interrupted run, else
    /// runStatusName (queued, running, finished, cancelled, failed).
    QString statusName() const { return interrupted() ? QStringLiteral("interrupted") : QString::fromLatin1(ato::runStatusName(status)); }
};

/// One stored run, as the events the engine emitted while it ran.
struct RunTrace {
    RunSummary summary;
    ato::AtoConfig config;
    /// By step number, with the guards' refusals and (when loaded withArchive) each step's pool with
    /// the candidates' fates; candidates are left empty here (see archive).
    std::vector<ato::StepFinishedEvent> steps;
    std::vector<ato::ArchiveRecord> archive;    ///< every archived candidate, in insertion order
    std::vector<int> archiveSteps;              ///< the step of each archive entry
    std::vector<int> archivePhases;             ///< the phase of each archive entry
    std::optional<ato::RunResult> result;       ///< for finished runs; judges null when the run was not judged
    /// ATO-TwoPhase: the text phase 2 started from, as the search chose it; unset for other
    /// methods and for runs stored before schema 17.
    std::optional<QString> phase2SeedText;
};

class RunHistory {
public:
    explicit RunHistory(storage::Database &db) : m_db(db) {}

    /// Every run of the project, newest first. Throws StoreError.
    QVector<RunSummary> runs();
    /// One run's summary, or nullopt when there is no run `runId`. Throws StoreError.
    std::optional<RunSummary> run(qint64 runId);
    /// The whole stored trace of run `runId` (steps with their beams, the archive when
    /// `withArchive`, the result). Throws StoreError when the run does not exist or a stored JSON
    /// column cannot be parsed.
    RunTrace trace(qint64 runId, bool withArchive = true);

    /// Sets run `runId`'s tags (trimmed, comma-separated, empty ones and repeats dropped) and note.
    /// Throws StoreError (no such run).
    void setTagsAndNote(qint64 runId, const QString &tags, const QString &note);

    /// Writes run `runId` to `path` as JSON Lines in the format of ato::JsonlTraceWriter
    /// (run_started, one step line per stored step, phase_changed, run_ended), with each step's
    /// archived candidates. Throws StoreError (no such run) or ato::AtoError (cannot write `path`).
    void exportJsonl(qint64 runId, const QString &path);
    /// Writes run `runId` to `path` as CSV (RFC 4180, UTF-8, header row): one row per beam member
    /// per step: run_id, step, phase, rank, text, loss, difficulty, fluency_loss, cohesion_loss,
    /// perplexity, injected, parent_rank. Unknown values are empty. Throws StoreError.
    void exportCsv(qint64 runId, const QString &path);

private:
    storage::Database &m_db;
};

}  // namespace gauntlet::ato
