// One row per finished step of an ATO run: step, phase, best and mean objective L over the beam, the
// best member's terms (D, L_CoLA, L_cos, perplexity), candidates scored and time. The objective chart
// (widgets/objective_chart.h) and the progress display read it.
#pragma once

#include "engine/ato/run_events.h"

#include "models/flat_table_model.h"

#include <vector>

namespace gauntlet {

class StepStatsModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { StepColumn, PhaseColumn, BestLossColumn, MeanLossColumn, DifficultyColumn, FluencyColumn, CohesionColumn,
                  PerplexityColumn, CandidatesColumn, ElapsedColumn, ColumnCount };
    enum Role { ValueRole = Qt::UserRole + 1 };  ///< the raw number (double; NaN when unknown)

    explicit StepStatsModel(QObject *parent = nullptr);

    /// Appends one row per event (a step number already present replaces its row's values).
    void addSteps(const std::vector<ato::StepFinishedEvent> &steps);
    void clear();
    /// Raw value of row `row`, column `column` (NaN when unknown).
    double value(int row, int column) const;
    /// The first step of phase 2, or -1 when the run has no phase 2 (yet).
    int phaseBoundaryStep() const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_rows.size()); }
    struct Row {
        int step = 0, phase = 1;
        double bestLoss, meanLoss, difficulty, fluency, cohesion, perplexity;
        int candidates = 0;
        double elapsedMs = 0;
    };
    static Row rowFor(const ato::StepFinishedEvent &e);
    std::vector<Row> m_rows;
};

}  // namespace gauntlet
