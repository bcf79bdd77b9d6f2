// CSV export of any table (an item model): a header row from the horizontal header, then one row
// per model row with the display text, RFC 4180 quoting (fields with a comma, quote or line break
// are quoted, quotes doubled), UTF-8, "\n" line ends.
#pragma once

#include <QString>

class QAbstractItemModel;

namespace gauntlet {

/// The model as CSV text.
QString tableToCsv(const QAbstractItemModel &model);
/// Writes tableToCsv to `path`; returns an error message naming the file, or "" on success.
QString saveTableCsv(const QAbstractItemModel &model, const QString &path);

}  // namespace gauntlet
