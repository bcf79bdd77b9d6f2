// One translation shown once per annotator, one row each, with that annotator's error spans
// highlighted (minor: amber, major: red; a [missing] mark after the text), every row the same
// width and font so the text wraps at the same places and a span sits under the others at the
// same spot (adjudication, engine/evaluate/adjudication.h). One span group can be outlined.
#pragma once

#include "engine/evaluate/annotation.h"

#include <QString>
#include <QVector>
#include <QWidget>

#include <optional>

class QGridLayout;
class QLabel;

namespace gauntlet {

class SpanComparisonView : public QWidget {
    Q_OBJECT
public:
    struct Row {
        QString label;  ///< e.g. "anna · 40"
        QVector<evaluate::ErrorSpan> spans;
    };

    explicit SpanComparisonView(QWidget *parent = nullptr);
    /// Shows `text` once per row; `focusStart`..`focusEnd` (code points, inclusive; -1 for none)
    /// is underlined in every row (the selected span group).
    void setRows(const QString &text, const QVector<Row> &rows, int focusStart = -1, int focusEnd = -1);
    int rowCount() const { return int(m_texts.size()); }
    /// The text label of row `row` (objectName "spanRow<N>").
    QLabel *rowLabel(int row) const { return m_texts.value(row); }

    /// The text selected (by mouse) in any row as code points [first, last] of the translation,
    /// or nothing when no row has a selection inside the text.
    std::optional<std::pair<int, int>> selectedCodePoints() const;

    /// The HTML of one row: `text` with `spans` as background colours (code point offsets), the
    /// focus range underlined, white space kept. Exposed for tests.
    static QString highlightedHtml(const QString &text, const QVector<evaluate::ErrorSpan> &spans, int focusStart, int focusEnd);

private:
    QString m_text;
    QGridLayout *m_grid;
    QVector<QLabel *> m_names;
    QVector<QLabel *> m_texts;
};

}  // namespace gauntlet
