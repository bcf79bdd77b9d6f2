// Read-only cells of the Coverage workspace's tables (corpora, samples): numbers right-aligned
// and sortable as numbers, undefined measures shown as "-".
#pragma once

#include <QString>
#include <QTableWidgetItem>
#include <QVariant>

#include <cmath>

namespace gauntlet {

inline QTableWidgetItem *coverageCell(const QVariant &value)
{
    auto *item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, value);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (value.typeId() == QMetaType::Int || value.typeId() == QMetaType::Double || value.typeId() == QMetaType::ULongLong)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

/// `v` with `decimals` decimals, or "-" when it is undefined (NaN).
inline QString coverageNumber(double v, int decimals)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("-");
}

}  // namespace gauntlet
