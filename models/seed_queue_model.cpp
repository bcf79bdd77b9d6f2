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
        m_rows.push_back({s, ato::RunStatus::Queued, false, false, {}, 0, 0, 0});
    endResetModel();
}

void SeedQueueModel::changed(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void SeedQueueModel::setStatus(int row, ato::RunStatus status, const QString &detail)
{
    if (row < 0 || row >= m_rows.size())
        return;
    Row &r = m_rows[row];
    r.status = status;
    r.started = r.started || status == ato::RunStatus::Running;
    r.loadingModels = false;
    r.detail = detail;
    changed(row);
}

void SeedQueueModel::setLoadingModels(int row, bool loading)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].loadingModels = loading;
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
            switch (r.status) {
            case ato::RunStatus::Queued: return r.loadingModels ? tr("loading models") : tr("queued");
            case ato::RunStatus::Running: return tr("step %1 of %2").arg(r.step).arg(r.steps);
            case ato::RunStatus::Finished: return tr("finished");
            case ato::RunStatus::Cancelled: return r.started ? tr("stopped at step %1").arg(r.step) : tr("skipped");
            case ato::RunStatus::Failed: return tr("failed");
            }
            return {};
        case RunColumn: return r.runId > 0 ? QVariant(r.runId) : QVariant();
        default: return {};
        }
    case Qt::ToolTipRole:
        return r.detail.isEmpty() ? r.seed : r.seed + QStringLiteral("\n\n") + r.detail;
    case Qt::ForegroundRole:
        if (r.status == ato::RunStatus::Failed)
            return QBrush(QColor(0x9c, 0x1c, 0x1c));
        return {};
    case StatusRole: return int(r.status);
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
