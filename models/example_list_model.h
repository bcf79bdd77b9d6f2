// A table of the project's challenge examples (id, status, languages, source text, author,
// updated), optionally only those with given statuses: the contributor's list and the review queue.
#pragma once

#include "engine/verify/example_store.h"

#include "models/flat_table_model.h"
#include <QVector>

namespace gauntlet {

namespace storage { class Project; }

class ExampleListModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { IdColumn, StatusColumn, LanguagesColumn, SourceColumn, AuthorColumn, UpdatedColumn, ColumnCount };
    enum Role { ExampleIdRole = Qt::UserRole + 1 };

    explicit ExampleListModel(QObject *parent = nullptr);

    /// Shows examples of `project` (nullptr: none). The project must outlive the model or be reset.
    void setProject(storage::Project *project);
    /// Only examples with these statuses (empty: all).
    void setStatusFilter(const QVector<verify::ExampleStatus> &statuses);
    /// Re-reads the examples; returns a store error message, or an empty string.
    QString reload();
    /// The row of example `id`, or -1.
    int rowOf(qint64 id) const;
    qint64 idAt(int row) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusLabel(verify::ExampleStatus status);

private:
    int flatRowCount() const override { return int(m_examples.size()); }
    storage::Project *m_project = nullptr;
    QVector<verify::ExampleStatus> m_filter;
    QVector<verify::ChallengeExample> m_examples;
};

}  // namespace gauntlet
