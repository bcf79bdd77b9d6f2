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

/// Natural order of two names: runs of digits compare as numbers, everything else case-
/// insensitively, so "ted-random-B100-s2" comes before "ted-random-B100-s10". (QCollator's numeric
/// mode does the same only where Qt has ICU; its POSIX fallback ignores it.)
inline bool naturalLess(const QString &a, const QString &b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a[ei].isDigit())
                ++ei;
            while (ej < b.size() && b[ej].isDigit())
                ++ej;
            QStringView x = QStringView(a).mid(i, ei - i), y = QStringView(b).mid(j, ej - j);
            while (x.size() > 1 && x.front() == u'0')
                x = x.mid(1);
            while (y.size() > 1 && y.front() == u'0')
                y = y.mid(1);
            if (x.size() != y.size())
                return x.size() < y.size();
            if (const int c = x.compare(y); c != 0)
                return c < 0;
            i = ei;
            j = ej;
            continue;
        }
        const QChar ca = a[i].toCaseFolded(), cb = b[j].toCaseFolded();
        if (ca != cb)
            return ca < cb;
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

/// A name cell that sorts naturally (naturalLess).
class NaturalSortCell : public QTableWidgetItem {
public:
    explicit NaturalSortCell(const QString &text) : QTableWidgetItem(text) { setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled); }
    bool operator<(const QTableWidgetItem &other) const override { return naturalLess(text(), other.text()); }
};

/// `v` with `decimals` decimals, or "-" when it is undefined (NaN).
inline QString coverageNumber(double v, int decimals)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("-");
}

}  // namespace gauntlet
