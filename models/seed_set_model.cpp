#include "models/seed_set_model.h"

#include "engine/store/project.h"

#include <QDateTime>

namespace gauntlet {

SeedSetModel::SeedSetModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void SeedSetModel::setProject(storage::Project *project)
{
    m_project = project;
    reload();
}

QString SeedSetModel::reload()
{
    beginResetModel();
    m_sets.clear();
    QString error;
    if (m_project) {
        try {
            m_sets = m_project->seeds().sets();
        } catch (const storage::StoreError &e) {
            error = QString::fromUtf8(e.what());
        }
    }
    endResetModel();
    return error;
}

QVariant SeedSetModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const storage::SeedSetInfo &set = m_sets[index.row()];
    if (role == SetIdRole)
        return set.id;
    if (role == Qt::TextAlignmentRole && index.column() == CountColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn: return set.name;
    case CountColumn: return set.seedCount;
    case SourceColumn: return set.source;
    case LicenceColumn: return set.licence;
    case CreatedColumn: {
        const QDateTime created = QDateTime::fromString(set.createdAt, Qt::ISODateWithMs);
        return created.isValid() ? created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : set.createdAt;
    }
    }
    return {};
}

QVariant SeedSetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return columnTitle(section, {tr("Seed set"), tr("Seeds"), tr("Licence"), tr("Created"), tr("Source")});
}

}  // namespace gauntlet
