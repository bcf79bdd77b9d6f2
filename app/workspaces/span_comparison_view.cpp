#include "app/workspaces/span_comparison_view.h"

#include <QGridLayout>
#include <QLabel>

namespace gauntlet {

using namespace evaluate;

namespace {

constexpr char MinorColour[] = "#ffd88a";
constexpr char MajorColour[] = "#f4a0a0";

}  // namespace

SpanComparisonView::SpanComparisonView(QWidget *parent) : QWidget(parent), m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(12);
    m_grid->setColumnStretch(1, 1);
}

QString SpanComparisonView::highlightedHtml(const QString &text, const QVector<ErrorSpan> &spans, int focusStart, int focusEnd)
{
    const int n = codePointCount(text);
    QVector<int> severity(n, 0);  // 0 none, 1 minor, 2 major
    QString missing;
    for (const ErrorSpan &s : spans) {
        if (s.missing) {
            missing += QStringLiteral(" <span style=\"background:%1\">[missing]</span>")
                           .arg(QLatin1String(s.severity == Severity::Major ? MajorColour : MinorColour));
            continue;
        }
        for (int i = std::max(0, s.start); i <= s.end && i < n; ++i)
            severity[i] = std::max(severity[i], s.severity == Severity::Major ? 2 : 1);
    }
    QString html = QStringLiteral("<span style=\"white-space:pre-wrap\">");
    int i = 0;
    while (i < n) {
        const int sev = severity[i];
        const bool focus = i >= focusStart && i <= focusEnd && focusStart >= 0;
        int j = i;
        while (j < n && severity[j] == sev && (j >= focusStart && j <= focusEnd && focusStart >= 0) == focus)
            ++j;
        const QString piece = text.mid(utf16Index(text, i), utf16Index(text, j) - utf16Index(text, i)).toHtmlEscaped();
        QString style;
        if (sev > 0)
            style += QStringLiteral("background:%1;").arg(QLatin1String(sev == 2 ? MajorColour : MinorColour));
        if (focus)
            style += QStringLiteral("text-decoration:underline;");
        html += style.isEmpty() ? piece : QStringLiteral("<span style=\"%1\">%2</span>").arg(style, piece);
        i = j;
    }
    return html + missing + QStringLiteral("</span>");
}

std::optional<std::pair<int, int>> SpanComparisonView::selectedCodePoints() const
{
    for (const QLabel *l : m_texts) {
        const int start = l->selectionStart();
        const int length = int(l->selectedText().size());
        if (start < 0 || length <= 0 || start + length > m_text.size())
            continue;
        return std::make_pair(codePointIndex(m_text, start), codePointIndex(m_text, start + length - 1));
    }
    return std::nullopt;
}

void SpanComparisonView::setRows(const QString &text, const QVector<Row> &rows, int focusStart, int focusEnd)
{
    m_text = text;
    // the labels are kept and reused (no flicker, and no new child waiting to be shown)
    while (m_texts.size() > rows.size()) {
        delete m_names.takeLast();
        delete m_texts.takeLast();
    }
    while (m_texts.size() < rows.size()) {
        const int r = int(m_texts.size());
        auto *name = new QLabel(this);
        name->setObjectName(QStringLiteral("spanRowName%1").arg(r));
        name->setAlignment(Qt::AlignTop | Qt::AlignRight);
        auto *body = new QLabel(this);
        body->setObjectName(QStringLiteral("spanRow%1").arg(r));
        body->setTextFormat(Qt::RichText);
        body->setWordWrap(true);  // same width, font and text in every row: the same line breaks
        body->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        body->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_grid->addWidget(name, r, 0);
        m_grid->addWidget(body, r, 1);
        name->show();
        body->show();
        m_names << name;
        m_texts << body;
    }
    for (int r = 0; r < rows.size(); ++r) {
        m_names[r]->setText(rows[r].label);
        m_texts[r]->setText(highlightedHtml(text, rows[r].spans, focusStart, focusEnd));
    }
    m_grid->setRowStretch(int(rows.size()), 1);  // rows at the top
    m_grid->invalidate();
    m_grid->activate();
    updateGeometry();
}

}  // namespace gauntlet
