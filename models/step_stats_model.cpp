#include "models/step_stats_model.h"

#include "models/beam_table_model.h"

#include <cmath>

namespace gauntlet {

StepStatsModel::StepStatsModel(const RunTraceModel *source, QObject *parent) : TraceTableModel(ColumnCount, source, true, parent) {}

double StepStatsModel::value(int row, int column) const
{
    if (row < 0 || row >= rowCount())
        return ato::TermValues::unknown;
    const ato::StepFinishedEvent &s = sourceTrace()->steps()[size_t(row)];
    const ato::TermValues best = s.beam.empty() ? ato::TermValues() : s.beam.front().values;
    switch (column) {
    case StepColumn: return s.step;
    case PhaseColumn: return s.phase;
    case BestLossColumn: return s.bestLoss;
    case MeanLossColumn: return s.meanLoss;
    case DifficultyColumn: return best.difficulty;
    case FluencyColumn: return best.fluencyLoss;
    case CohesionColumn: return best.cohesionLoss;
    case PerplexityColumn: return best.perplexity;
    case CandidatesColumn: return s.candidatesScored;
    case ElapsedColumn: return s.elapsedMs;
    default: return ato::TermValues::unknown;
    }
}

int StepStatsModel::phaseBoundaryStep() const
{
    if (!sourceTrace())
        return -1;
    for (const ato::StepFinishedEvent &s : sourceTrace()->steps()) {
        if (s.phase == 2)
            return s.step;
    }
    return -1;
}

QVariant StepStatsModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const double v = value(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case StepColumn:
        case PhaseColumn:
        case CandidatesColumn: return int(v);
        case ElapsedColumn: return QString::number(v / 1000.0, 'f', 1);
        default: return BeamTableModel::formatValue(v);
        }
    case ValueRole: return v;
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant StepStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return columnTitle(section, {tr("Step"), tr("Phase"), tr("Best L"), tr("Mean L"), tr("D (best)"), tr("L_CoLA (best)"), tr("L_cos (best)"),
                                 tr("PPL (best)"), tr("Candidates"), tr("Seconds")});
}

}  // namespace gauntlet
