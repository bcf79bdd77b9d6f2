// CSV/TSV input for `gauntlet agreement` and `gauntlet correlate`.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::cli {

/// A delimited text file: rows of fields with the line each came from.
struct DelimitedTable {
    QString path;
    QChar delimiter;            ///< ',' or '\t'
    QVector<QStringList> rows;  ///< non-empty lines, the header (if any) included
    QVector<int> lines;         ///< 1-based line number of each row
};

/// Reads a UTF-8 CSV or TSV file. The delimiter is a tab for *.tsv / *.tab, a comma for *.csv,
/// otherwise a tab when the first non-empty line has one and a comma if not. Fields may be
/// double-quoted ("a, b" and "say ""hi""") on one line. Blank lines are skipped. Throws
/// gauntlet::core::InputFileError naming the file (and line) when it cannot be read, is not UTF-8, or
/// has an unterminated quote.
DelimitedTable readDelimitedTable(const QString &path);

/// Parses a decimal number in the C locale ("3", "-0.5", "1e-3"); false when it is not one or is
/// not finite.
bool parseNumber(const QString &text, double &value);

/// The index of column `spec` in `header`: a header name (case-insensitive) or a 1-based number.
/// -1 when there is no such column.
int columnIndex(const QStringList &header, const QString &spec, int columns);

}  // namespace gauntlet::cli
