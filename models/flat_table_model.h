// The part every flat table model in models/ shared: a list of rows at the root, no children, a
// fixed number of columns (QAbstractTableModel leaves rowCount() and columnCount() to each model).
#pragma once

#include <QAbstractTableModel>

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

private:
    int m_columns;
};

}  // namespace gauntlet
