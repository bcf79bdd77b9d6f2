// A table of the project's seed sets (name, number of seeds, licence, created, source).
#pragma once

#include "engine/store/seed_store.h"

#include "models/flat_table_model.h"
#include <QVector>

namespace gauntlet {

namespace storage { class Project; }

class SeedSetModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, LicenceColumn, CreatedColumn, SourceColumn, ColumnCount };
    enum Role { SetIdRole = Qt::UserRole + 1 };

    explicit SeedSetModel(QObject *parent = nullptr);

    /// Shows the sets of `project` (nullptr: empty). The project must outlive the model or be reset.
    void setProject(storage::Project *project);
    /// Re-reads the sets from the store (after an import, say). Store errors leave the model empty
    /// and are returned as the message; an empty string means success.
    QString reload();

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_sets.size()); }
    storage::Project *m_project = nullptr;
    QVector<storage::SeedSetInfo> m_sets;
};

}  // namespace gauntlet
