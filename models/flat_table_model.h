// The part every flat table model in models/ shared: a list of rows at the root, no children, a
// fixed number of columns (QAbstractTableModel leaves rowCount() and columnCount() to each model).
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QVariant>

namespace gauntlet {

/// A QAbstractTableModel whose rows are a flat list: rowCount() is flatRowCount() at the root and 0 under
/// any parent, columnCount() the `columns` given at construction (0 under any parent). A subclass
/// implements flatRowCount() (its row container's size) and data().
class FlatTableModel : public QAbstractTableModel {
public:
    FlatTableModel(int columns, QObject *parent) : QAbstractTableModel(parent), m_columns(columns) {}

    int rowCount(const QModelIndex &parent = {}) const final { return parent.isValid() ? 0 : flatRowCount(); }
    int columnCount(const QModelIndex &parent = {}) const final { return parent.isValid() ? 0 : m_columns; }

protected:
    /// The number of rows (>= 0).
    virtual int flatRowCount() const = 0;
    /// Whether `index` is a valid index of this model at the root: data()'s and setData()'s first check.
    bool isRowIndex(const QModelIndex &index) const
    {
        return checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid);
    }

    /// headerData()'s column titles: `titles[section]`, the titles given in column order (one per
    /// column), or no value for a section that is not a column.
    QVariant columnTitle(int section, const QStringList &titles) const
    {
        Q_ASSERT(titles.size() == m_columns);
        return section >= 0 && section < titles.size() ? QVariant(titles[section]) : QVariant();
    }

private:
    int m_columns;
};

}  // namespace gauntlet
