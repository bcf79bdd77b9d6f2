#include "widgets/table_csv.h"
#include "engine/core/save_file.h"

#include "engine/core/csv.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QStringList>

namespace gauntlet {

QString tableToCsv(const QAbstractItemModel &model)
{
    QString csv;
    QStringList fields;
    for (int c = 0; c < model.columnCount(); ++c)
        fields.append(core::csvField(model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()));
    csv += fields.join(u',') + u'\n';
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < model.columnCount(); ++c)
            fields.append(core::csvField(model.data(model.index(r, c), Qt::DisplayRole).toString()));
        csv += fields.join(u',') + u'\n';
    }
    return csv;
}

QString saveTableCsv(const QAbstractItemModel &model, const QString &path)
{
    if (const QString why = core::saveFile(path, tableToCsv(model).toUtf8()); !why.isEmpty())
        return QCoreApplication::translate("gauntlet::TableCsv", "Cannot write %1: %2").arg(path, why);
    return {};
}

}  // namespace gauntlet
