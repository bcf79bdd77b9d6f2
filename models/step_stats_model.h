// One row per step of a RunTraceModel (models/run_trace_model.h), a view over it: step, phase, best
// and mean objective L over the beam, the best member's terms (D, L_CoLA, L_cos, perplexity),
// candidates scored and time, each read from the trace's step when asked (issue 36: it held a copy
// of every step). Its rows follow the trace's: appended steps are inserted rows, a reset resets it.
// The objective chart (widgets/objective_chart.h) reads it.
#pragma once

#include "models/run_trace_model.h"

namespace gauntlet {

class StepStatsModel : public TraceTableModel {
    Q_OBJECT
public:
    enum Column { StepColumn, PhaseColumn, BestLossColumn, MeanLossColumn, DifficultyColumn, FluencyColumn, CohesionColumn,
                  PerplexityColumn, CandidatesColumn, ElapsedColumn, ColumnCount };
    enum Role { ValueRole = Qt::UserRole + 1 };  ///< the raw number (double; NaN when unknown)

    /// Rows over the steps of `source` (not owned; nullptr: no rows until setSourceTrace).
    explicit StepStatsModel(const RunTraceModel *source, QObject *parent = nullptr);

    /// Raw value of row `row`, column `column` (NaN when unknown).
    double value(int row, int column) const;
    /// The first step of phase 2, or -1 when the run has no phase 2 (yet).
    int phaseBoundaryStep() const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return sourceTrace() ? int(sourceTrace()->steps().size()) : 0; }
    void forgetSource() override {}  // nothing of its own
};

}  // namespace gauntlet
