// The current beam as a table (models/beam_table_model.h): the text column is drawn as rich text
// with the substituted words marked (amber: changed against the seed; bold red: substituted in this
// step), and hovering a marked word shows the word(s) it replaced.
#pragma once

#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>

namespace gauntlet {

class BeamTableModel;

/// Draws BeamTableModel::ChangesHtmlRole; tooltips per word from BeamTableModel::SegmentsRole.
class ChangesDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option, const QModelIndex &index) override;

    /// The tooltip for the word at `x`, `y` (relative to the cell's text rectangle), or "" if
    /// that word is unchanged.
    static QString wordTooltip(const QModelIndex &index, const QPointF &position, const QFont &font, qreal width);
};

class BeamTableView : public QTableView {
    Q_OBJECT
public:
    explicit BeamTableView(QWidget *parent = nullptr);
    void setBeamModel(BeamTableModel *model);
    /// Gives every row the height the longest member's text needs at the Text column's width (at
    /// least two lines, at most eight): measured once per step and per width change, not per paint
    /// (issue 34 item 11: rows stopped at two lines and hid the changed words at the end).
    void fitRows();

private:
    QTimer m_fitTimer;
};

}  // namespace gauntlet
