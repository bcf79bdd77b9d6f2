#include "app/cli/score_table.h"

namespace gauntlet::cli {

namespace {

// Python's len(): code points.
qsizetype width(const QString &s)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size(); ++i)
        if (!s[i].isLowSurrogate())
            ++n;
    return n;
}

// "{0:>w}" and "{0:^w}": Python's centring puts the odd space on the right.
QString padLeft(const QString &s, qsizetype w) { return QString(std::max<qsizetype>(0, w - width(s)), u' ') + s; }

QString padBoth(const QString &s, qsizetype w)
{
    const qsizetype pad = std::max<qsizetype>(0, w - width(s));
    return QString(pad / 2, u' ') + s + QString(pad - pad / 2, u' ');
}

QString align(const QString &s, qsizetype w, bool right) { return right ? padLeft(s, w) : padBoth(s, w); }

// tabulate's LATEX_ESCAPE_RULES, applied character by character.
QString latexEscaped(const QString &s)
{
    QString out;
    for (const QChar c : s) {
        switch (c.unicode()) {
        case u'&': out += QStringLiteral("\\&"); break;
        case u'%': out += QStringLiteral("\\%"); break;
        case u'$': out += QStringLiteral("\\$"); break;
        case u'#': out += QStringLiteral("\\#"); break;
        case u'_': out += QStringLiteral("\\_"); break;
        case u'^': out += QStringLiteral("\\^{}"); break;
        case u'{': out += QStringLiteral("\\{"); break;
        case u'}': out += QStringLiteral("\\}"); break;
        case u'~': out += QStringLiteral("\\textasciitilde{}"); break;
        case u'\\': out += QStringLiteral("\\textbackslash{}"); break;
        case u'<': out += QStringLiteral("\\ensuremath{<}"); break;
        case u'>': out += QStringLiteral("\\ensuremath{>}"); break;
        default: out += c;
        }
    }
    return out;
}

// Python's str.splitlines() for the line breaks a cell can hold.
QStringList cellLines(const QString &cell)
{
    QString s = cell;
    s.replace(QStringLiteral("\r\n"), QStringLiteral("\n")).replace(u'\r', u'\n');
    QStringList lines = s.split(u'\n');
    if (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    return lines;
}

}  // namespace

QString tabulateTable(const QStringList &headers, const std::vector<QStringList> &rows, TableStyle style)
{
    const qsizetype columns = headers.size();
    bool multiline = false;
    if (style == TableStyle::FancyGrid) {
        for (const QStringList &row : rows)
            for (const QString &cell : row)
                multiline = multiline || cell.contains(u'\n') || cell.contains(u'\r');
    }
    // Each column's width: its header plus MIN_PADDING (2), or its widest cell line.
    std::vector<qsizetype> widths(static_cast<std::size_t>(columns));
    std::vector<std::vector<QStringList>> cells(rows.size());  // [row][column] -> lines
    for (qsizetype c = 0; c < columns; ++c)
        widths[static_cast<std::size_t>(c)] = width(headers[c]) + 2;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (qsizetype c = 0; c < columns; ++c) {
            const QString cell = rows[r].value(c).trimmed();
            QStringList lines = multiline ? cellLines(cell) : QStringList{cell};
            for (const QString &line : lines)
                widths[static_cast<std::size_t>(c)] = std::max(widths[static_cast<std::size_t>(c)], width(line));
            cells[r].push_back(std::move(lines));
        }
    }

    QStringList out;
    auto rule = [&](const QString &begin, QChar fill, const QString &sep, const QString &end) {
        QStringList parts;
        for (const qsizetype w : widths)
            parts.append(QString(w + 2, fill));
        out.append(begin + parts.join(sep) + end);
    };
    // One printed line of a row: each cell padded to its width, one space either side.
    auto line = [&](const QStringList &texts) {
        QStringList parts;
        for (qsizetype c = 0; c < columns; ++c) {
            const QString padded = u' ' + align(texts[c], widths[static_cast<std::size_t>(c)], c == 0) + u' ';
            parts.append(style == TableStyle::LatexBooktabs ? latexEscaped(padded) : padded);
        }
        if (style == TableStyle::LatexBooktabs)
            out.append(parts.join(u'&') + QStringLiteral("\\\\"));
        else
            out.append(u'│' + parts.join(u'│') + u'│');
    };
    auto row = [&](const std::vector<QStringList> &rowCells) {
        qsizetype height = 1;
        for (const QStringList &lines : rowCells)
            height = std::max(height, lines.size());
        for (qsizetype i = 0; i < height; ++i) {
            QStringList texts;
            for (const QStringList &lines : rowCells)
                texts.append(lines.value(i));  // a missing line is blank, padded to the width
            line(texts);
        }
    };

    if (style == TableStyle::LatexBooktabs) {
        out.append(QStringLiteral("\\begin{tabular}{r") + QString(columns - 1, u'c') + u'}');
        out.append(QStringLiteral("\\toprule"));
    } else {
        rule(QStringLiteral("╒"), u'═', QStringLiteral("╤"), QStringLiteral("╕"));
    }
    line(headers);
    if (style == TableStyle::LatexBooktabs)
        out.append(QStringLiteral("\\midrule"));
    else
        rule(QStringLiteral("╞"), u'═', QStringLiteral("╪"), QStringLiteral("╡"));
    for (std::size_t r = 0; r < cells.size(); ++r) {
        row(cells[r]);
        if (style == TableStyle::FancyGrid && r + 1 < cells.size())
            rule(QStringLiteral("├"), u'─', QStringLiteral("┼"), QStringLiteral("┤"));
    }
    if (style == TableStyle::LatexBooktabs) {
        out.append(QStringLiteral("\\bottomrule"));
        out.append(QStringLiteral("\\end{tabular}"));
    } else {
        rule(QStringLiteral("╘"), u'═', QStringLiteral("╧"), QStringLiteral("╛"));
    }
    return out.join(u'\n');
}

}  // namespace gauntlet::cli
