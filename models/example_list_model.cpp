#include "models/example_list_model.h"

#include "engine/core/enum_names.h"
#include "engine/core/names.h"

#include "engine/store/project.h"

namespace gauntlet {

ExampleListModel::ExampleListModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void ExampleListModel::setProject(storage::Project *project)
{
    m_project = project;
    reload();
}

void ExampleListModel::setStatusFilter(const QVector<verify::ExampleStatus> &statuses)
{
    m_filter = statuses;
    reload();
}

QString ExampleListModel::reload()
{
    QVector<verify::ChallengeExample> examples;
    QString error;
    if (m_project) {
        try {
            verify::ExampleStore store(m_project->database());
            for (const verify::ChallengeExample &e : store.examples())
                if (m_filter.isEmpty() || m_filter.contains(e.status))
                    examples.append(e);
        } catch (const storage::StoreError &e) {
            error = QString::fromUtf8(e.what());
            examples.clear();
        }
    }
    beginResetModel();
    m_examples = examples;
    endResetModel();
    return error;
}

int ExampleListModel::rowOf(qint64 id) const
{
    for (int i = 0; i < m_examples.size(); ++i)
        if (m_examples[i].id == id)
            return i;
    return -1;
}

qint64 ExampleListModel::idAt(int row) const
{
    return row >= 0 && row < m_examples.size() ? m_examples[row].id : 0;
}

QString ExampleListModel::statusLabel(verify::ExampleStatus status)
{
    static const core::EnumName<verify::ExampleStatus> Labels[] = {{verify::ExampleStatus::Draft, QT_TR_NOOP("draft")},
                                                           {verify::ExampleStatus::Submitted, QT_TR_NOOP("submitted")},
                                                           {verify::ExampleStatus::Accepted, QT_TR_NOOP("accepted")},
                                                           {verify::ExampleStatus::Returned, QT_TR_NOOP("returned")}};
    return tr(core::enumNameOrLast(Labels, status));
}

QVariant ExampleListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_examples.size())
        return {};
    const verify::ChallengeExample &e = m_examples[index.row()];
    if (role == ExampleIdRole)
        return e.id;
    if (role == Qt::ToolTipRole && index.column() == SourceColumn)
        return e.sourceText;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return e.id;
    case StatusColumn:
        return statusLabel(e.status);
    case LanguagesColumn:
        // names from files and older projects are shown, never obeyed (a U+202E reversed the list; issue 39)
        return tr("%1 → %2").arg(core::displayText(e.sourceLanguage), core::displayText(e.targetLanguage));
    case SourceColumn:
        return e.sourceText.simplified().left(120);
    case AuthorColumn:
        return core::displayText(e.author);
    case UpdatedColumn:
        return e.updatedAt.left(16).replace(u'T', u' ');
    default:
        return {};
    }
}

QVariant ExampleListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return columnTitle(section, {tr("#"), tr("Status"), tr("Languages"), tr("Source text"), tr("Author"), tr("Updated")});
}

}  // namespace gauntlet
