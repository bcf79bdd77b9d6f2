#include "models/step_stats_model.h"

#include "models/beam_table_model.h"

#include <cmath>

namespace gauntlet {

StepStatsModel::StepStatsModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

StepStatsModel::Row StepStatsModel::rowFor(const ato::StepFinishedEvent &e)
{
    Row r;
    r.step = e.step;
    r.phase = e.phase;
    r.bestLoss = e.bestLoss;
    r.meanLoss = e.meanLoss;
    const ato::TermValues best = e.beam.empty() ? ato::TermValues() : e.beam.front().values;
    r.difficulty = best.difficulty;
    r.fluency = best.fluencyLoss;
    r.cohesion = best.cohesionLoss;
    r.perplexity = best.perplexity;
    r.candidates = e.candidatesScored;
    r.elapsedMs = e.elapsedMs;
    return r;
}

void StepStatsModel::addSteps(const std::vector<ato::StepFinishedEvent> &steps)
{
    std::vector<Row> fresh;
    for (const ato::StepFinishedEvent &e : steps) {
        const Row row = rowFor(e);
        bool replaced = false;
        for (size_t i = 0; i < m_rows.size(); ++i) {
            if (m_rows[i].step == row.step) {
                m_rows[i] = row;
                Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
                replaced = true;
                break;
            }
        }
        if (!replaced)
            fresh.push_back(row);
    }
    if (fresh.empty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    m_rows.insert(m_rows.end(), fresh.begin(), fresh.end());
    endInsertRows();
}

void StepStatsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

double StepStatsModel::value(int row, int column) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return ato::TermValues::unknown;
    const Row &r = m_rows[size_t(row)];
    switch (column) {
    case StepColumn: return r.step;
    case PhaseColumn: return r.phase;
    case BestLossColumn: return r.bestLoss;
    case MeanLossColumn: return r.meanLoss;
    case DifficultyColumn: return r.difficulty;
    case FluencyColumn: return r.fluency;
    case CohesionColumn: return r.cohesion;
    case PerplexityColumn: return r.perplexity;
    case CandidatesColumn: return r.candidates;
    case ElapsedColumn: return r.elapsedMs;
    default: return ato::TermValues::unknown;
    }
}

int StepStatsModel::phaseBoundaryStep() const
{
    for (const Row &r : m_rows) {
        if (r.phase == 2)
            return r.step;
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
