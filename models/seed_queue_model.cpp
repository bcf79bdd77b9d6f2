#include "models/seed_queue_model.h"

#include <QBrush>
#include <QColor>

namespace gauntlet {

SeedQueueModel::SeedQueueModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void SeedQueueModel::setSeeds(const QStringList &seeds)
{
    beginResetModel();
    m_rows.clear();
    for (const QString &s : seeds)
        m_rows.push_back({s, State::Queued, {}, 0, 0, 0});
    endResetModel();
}

void SeedQueueModel::changed(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void SeedQueueModel::setState(int row, State state, const QString &detail)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].state = state;
    m_rows[row].detail = detail;
    changed(row);
}

void SeedQueueModel::setStep(int row, int step, int steps)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].step = step;
    m_rows[row].steps = steps;
    changed(row);
}

void SeedQueueModel::setRunId(int row, qint64 runId)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].runId = runId;
    changed(row);
}

QVariant SeedQueueModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const Row &r = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeedColumn: return r.seed;
        case StateColumn:
            switch (r.state) {
            case State::Queued: return tr("queued");
            case State::Loading: return tr("loading models");
            case State::Running: return tr("step %1 of %2").arg(r.step).arg(r.steps);
            case State::Finished: return tr("finished");
            case State::Stopped: return tr("stopped at step %1").arg(r.step);
            case State::Failed: return tr("failed");
            case State::Skipped: return tr("skipped");
            }
            return {};
        case RunColumn: return r.runId > 0 ? QVariant(r.runId) : QVariant();
        default: return {};
        }
    case Qt::ToolTipRole:
        return r.detail.isEmpty() ? r.seed : r.seed + QStringLiteral("\n\n") + r.detail;
    case Qt::ForegroundRole:
        if (r.state == State::Failed)
            return QBrush(QColor(0x9c, 0x1c, 0x1c));
        return {};
    case StateRole: return int(r.state);
    default: return {};
    }
}

QVariant SeedQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return columnTitle(section, {tr("Seed"), tr("State"), tr("Run")});
}

}  // namespace gauntlet
