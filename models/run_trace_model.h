// The trace of one ATO run, live or replayed: its steps (one row each, with their beams), the seed,
// the text ATO-TwoPhase's phase 2 starts from, the result, the guards it ran with, its planned last
// step and the candidates each step scored. The live page appends to it from the job's events; a
// replay fills it from the store (RunTrace); widgets/trace_view renders it (issue 18: the view
// owned the steps itself). The view's tables (StepStatsModel, BeamTableModel, CandidateArchiveModel)
// are TraceTableModels over it: they read its steps and candidates, and hold no copies (issue 36).
#pragma once

#include "engine/ato/run_events.h"
#include "models/flat_table_model.h"

#include <QAbstractListModel>
#include <QString>

#include <optional>
#include <vector>

namespace gauntlet {

namespace ato { struct RunTrace; }

class RunTraceModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        StepRole = Qt::UserRole + 1,  ///< int: the step number (0 = the seed)
        PhaseRole,                    ///< int: 1, or 2 for ATO-TwoPhase's perplexity phase
        BestLossRole,                 ///< double: the best objective of the step (NaN unknown)
    };

    /// Candidates of one step, in the order they were scored.
    struct StepCandidates {
        int step = 0, phase = 1;
        std::vector<ato::ArchiveRecord> candidates;
    };

    explicit RunTraceModel(QObject *parent = nullptr);

    /// Empties the trace and starts a live run of `seedText` (runs.id `runId`, 0 when not stored).
    void beginRun(const QString &seedText, qint64 runId);
    void clear();
    /// Appends finished steps (steps at or below the last step number are ignored); their
    /// candidates are kept apart (candidates()), the rows hold the beams.
    void addSteps(const std::vector<ato::StepFinishedEvent> &steps);
    void setGuards(bool grammar, bool vocabulary);
    void setPhase2Seed(const QString &text);
    void setPlannedSteps(int lastStep);
    void setResult(const std::optional<ato::RunResult> &result);
    /// The perplexities that chose the output (forwarded to views as perplexitiesScored).
    void setArchivePerplexities(const ato::ArchiveScoredEvent &scored);
    /// A stored run: steps, archive, result, guards, planned steps and phase-2 start.
    void setTrace(const ato::RunTrace &trace);

    const std::vector<ato::StepFinishedEvent> &steps() const { return m_steps; }
    const std::vector<StepCandidates> &candidates() const { return m_candidates; }
    const QString &seedText() const { return m_seedText; }
    const QString &phase2Seed() const { return m_phase2Seed; }
    const std::optional<ato::RunResult> &result() const { return m_result; }
    qint64 runId() const { return m_runId; }
    int plannedSteps() const { return m_plannedSteps; }
    bool grammarGuard() const { return m_grammarGuard; }
    bool vocabularyGuard() const { return m_vocabularyGuard; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// Steps [first, last] (row indexes) were appended, with candidates from index `firstCandidates` on.
    void stepsAppended(int first, int last, int firstCandidates);
    /// The result, the guards, the planned steps or the phase-2 start changed.
    void detailsChanged();
    void perplexitiesScored(const gauntlet::ato::ArchiveScoredEvent &scored);

private:
    std::vector<ato::StepFinishedEvent> m_steps;  ///< beams only; candidates in m_candidates
    std::vector<StepCandidates> m_candidates;
    QString m_seedText, m_phase2Seed;
    std::optional<ato::RunResult> m_result;
    qint64 m_runId = 0;
    int m_plannedSteps = 0;
    bool m_grammarGuard = false, m_vocabularyGuard = false;
};

/// A flat table over a RunTraceModel (its source, not owned): it reads the source's steps and
/// candidates on demand instead of copying them, and resets with the source (forgetSource() inside
/// the reset, before the source changes) and when the source is destroyed. With `followRows` its
/// rows are the source's rows: the source's inserted rows are inserted here too (a trace only
/// appends or resets).
class TraceTableModel : public FlatTableModel {
public:
    const RunTraceModel *sourceTrace() const { return m_source; }
    /// Shows `source` (nullptr: nothing); the model resets.
    void setSourceTrace(const RunTraceModel *source);

protected:
    TraceTableModel(int columns, const RunTraceModel *source, bool followRows, QObject *parent);
    /// Drops what the model derived from the source or kept of its own (rows, caches, marks).
    virtual void forgetSource() = 0;

private:
    void connectSource();
    const RunTraceModel *m_source = nullptr;
    bool m_followRows;
};

}  // namespace gauntlet
