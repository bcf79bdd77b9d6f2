#include "widgets/beam_table_view.h"

#include "models/beam_table_model.h"
#include "widgets/responsive_columns.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QPainter>
#include <QTextDocument>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gauntlet {

namespace {

constexpr int Margin = 3;

void setUpDocument(QTextDocument &doc, const QString &html, const QFont &font, qreal width)
{
    doc.setDefaultFont(font);
    doc.setDocumentMargin(0);
    doc.setHtml(html);
    doc.setTextWidth(width);
}

}  // namespace

void ChangesDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QString html = index.data(BeamTableModel::ChangesHtmlRole).toString();
    if (html.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QRect rect = option.rect.adjusted(Margin, Margin, -Margin, -Margin);
    QTextDocument doc;
    setUpDocument(doc, html, option.font, rect.width());
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = option.palette;
    if (option.state & QStyle::State_Selected)
        context.palette.setColor(QPalette::Text, option.palette.color(QPalette::HighlightedText));
    painter->save();
    painter->translate(rect.topLeft());
    painter->setClipRect(QRect(QPoint(0, 0), rect.size()));
    doc.documentLayout()->draw(painter, context);
    painter->restore();
}

QSize ChangesDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QString html = index.data(BeamTableModel::ChangesHtmlRole).toString();
    if (html.isEmpty())
        return QStyledItemDelegate::sizeHint(option, index);
    QTextDocument doc;
    const int width = option.rect.width() > 0 ? option.rect.width() - 2 * Margin : 600;
    setUpDocument(doc, html, option.font, width);
    return QSize(int(doc.idealWidth()) + 2 * Margin, int(doc.size().height()) + 2 * Margin);
}

QString ChangesDelegate::wordTooltip(const QModelIndex &index, const QPointF &position, const QFont &font, qreal width)
{
    const auto segments = index.data(BeamTableModel::SegmentsRole).value<QVector<TextSegment>>();
    if (segments.isEmpty())
        return {};
    QTextDocument doc;
    setUpDocument(doc, index.data(BeamTableModel::ChangesHtmlRole).toString(), font, width);
    const int at = doc.documentLayout()->hitTest(position, Qt::ExactHit);
    if (at < 0)
        return {};
    // The HTML has each word followed by one space (text_changes.cpp: changesHtml).
    int start = 0;
    for (const TextSegment &s : segments) {
        const int end = start + int(s.word.size()) + (s.space.isEmpty() ? 0 : 1);
        if (at >= start && at < end) {
            QStringList lines;
            if (s.changedVsSeed)
                lines << tr("Seed had: %1").arg(s.seedOriginal.isEmpty() ? tr("(nothing)") : s.seedOriginal);
            if (s.changedVsParent)
                lines << tr("Previous step had: %1").arg(s.parentOriginal.isEmpty() ? tr("(nothing)") : s.parentOriginal);
            return lines.join(QLatin1Char('\n'));
        }
        start = end;
    }
    return {};
}

bool ChangesDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event && event->type() == QEvent::ToolTip && index.column() == BeamTableModel::TextColumn) {
        const QRect rect = option.rect.adjusted(Margin, Margin, -Margin, -Margin);
        const QString tip = wordTooltip(index, QPointF(event->pos() - rect.topLeft()), option.font, rect.width());
        if (!tip.isEmpty()) {
            QToolTip::showText(event->globalPos(), tip, view);
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

BeamTableView::BeamTableView(QWidget *parent) : QTableView(parent)
{
    setItemDelegateForColumn(BeamTableModel::TextColumn, new ChangesDelegate(this));
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(true);
    verticalHeader()->hide();
    // One height for every row, fitted to the longest text when the step or the width changes
    // (fitRows): measuring each row on every paint, as ResizeToContents does, costs the GUI thread
    // too much while a run streams.
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(2 * fontMetrics().lineSpacing() + 8);
    m_fitTimer.setSingleShot(true);
    m_fitTimer.setInterval(0);
    connect(&m_fitTimer, &QTimer::timeout, this, &BeamTableView::fitRows);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column) {
        if (column == BeamTableModel::TextColumn)
            m_fitTimer.start();
    });
}

void BeamTableView::fitRows()
{
    const int lines = fontMetrics().lineSpacing();
    int need = 2 * lines;
    if (model()) {
        const int width = columnWidth(BeamTableModel::TextColumn) - 2 * Margin;
        QTextDocument doc;
        for (int row = 0; row < model()->rowCount() && width > 20; ++row) {
            const QString html = model()->index(row, BeamTableModel::TextColumn).data(BeamTableModel::ChangesHtmlRole).toString();
            if (html.isEmpty())
                continue;
            setUpDocument(doc, html, font(), width);
            need = std::max(need, int(std::ceil(doc.size().height())));
        }
    }
    need = std::min(need, 8 * lines);
    if (verticalHeader()->defaultSectionSize() != need + 2 * Margin + 2)
        verticalHeader()->setDefaultSectionSize(need + 2 * Margin + 2);
}

void BeamTableView::setBeamModel(BeamTableModel *model)
{
    setModel(model);
    // The Text column keeps at least half of the table: narrow tables (Compare) drop Injected,
    // L_cos, L_CoLA and PPL, in that order, before it shrinks below that.
    auto *columns = new ResponsiveColumns(this, BeamTableModel::TextColumn,
                                          {BeamTableModel::InjectedColumn, BeamTableModel::CohesionColumn, BeamTableModel::FluencyColumn,
                                           BeamTableModel::PerplexityColumn, BeamTableModel::RankColumn},
                                          0.5);
    columns->setFixedWidth(BeamTableModel::RankColumn, 48);
    connect(model, &QAbstractItemModel::modelReset, &m_fitTimer, qOverload<>(&QTimer::start));
    connect(model, &QAbstractItemModel::layoutChanged, &m_fitTimer, qOverload<>(&QTimer::start));
    connect(model, &QAbstractItemModel::dataChanged, &m_fitTimer, qOverload<>(&QTimer::start));
    connect(model, &QAbstractItemModel::rowsInserted, &m_fitTimer, qOverload<>(&QTimer::start));
}

}  // namespace gauntlet
