#include "app/cli/delimited_table.h"

#include "engine/core/text_file.h"

#include <cmath>

namespace gauntlet::cli {

namespace {

QStringList splitFields(const QString &line, QChar delimiter, const QString &path, int lineNumber)
{
    QStringList fields;
    QString field;
    qsizetype i = 0;
    const qsizetype n = line.size();
    while (true) {
        field.clear();
        if (i < n && line[i] == u'"') {
            ++i;
            while (true) {
                if (i >= n)
                    throw core::InputFileError(path, lineNumber, QStringLiteral("unterminated quoted field"));
                if (line[i] == u'"') {
                    if (i + 1 < n && line[i + 1] == u'"') {
                        field += u'"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += line[i++];
            }
            // Anything between the closing quote and the delimiter is kept as it is.
            while (i < n && line[i] != delimiter)
                field += line[i++];
        } else {
            while (i < n && line[i] != delimiter)
                field += line[i++];
        }
        fields << field;
        if (i >= n)
            return fields;
        ++i;  // the delimiter
    }
}

}  // namespace

DelimitedTable readDelimitedTable(const QString &path)
{
    const QStringList lines = core::readUtf8Lines(path);
    DelimitedTable table;
    table.path = path;
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".tsv")) || lower.endsWith(QLatin1String(".tab"))) {
        table.delimiter = u'\t';
    } else if (lower.endsWith(QLatin1String(".csv"))) {
        table.delimiter = u',';
    } else {
        table.delimiter = u',';
        for (const QString &line : lines) {
            if (line.trimmed().isEmpty())
                continue;
            if (line.contains(u'\t'))
                table.delimiter = u'\t';
            break;
        }
    }
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        table.rows << splitFields(lines[i], table.delimiter, path, i + 1);
        table.lines << i + 1;
    }
    return table;
}

bool parseNumber(const QString &text, double &value)
{
    bool ok = false;
    value = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(value);
}

int columnIndex(const QStringList &header, const QString &spec, int columns)
{
    bool isNumber = false;
    const int number = spec.toInt(&isNumber);
    if (isNumber)
        return number >= 1 && number <= columns ? number - 1 : -1;
    for (int i = 0; i < header.size(); ++i) {
        if (header[i].trimmed().compare(spec, Qt::CaseInsensitive) == 0)
            return i;
    }
    return -1;
}

}  // namespace gauntlet::cli
