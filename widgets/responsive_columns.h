// Keeps a table's text column readable as the table narrows: the number columns get the width
// their header and a typical value need, and when the text column would still get less than a
// share of the table, the least important columns are hidden, one by one, in a given order (and
// shown again when the table widens). Used by the beam table and the candidate archive, whose
// Text column was a few characters wide in Compare at 1600x1000 (issue 18).
#pragma once

#include <QObject>
#include <QVector>

class QTableView;

namespace gauntlet {

class ResponsiveColumns : public QObject {
    Q_OBJECT
public:
    /// Watches `view` (the filter is installed on it; it owns this object). `textColumn` stretches;
    /// `hideOrder` lists the columns to hide first when the text column gets less than
    /// `textShare` (0-1) of the viewport; `widths` maps columns to fixed widths (others: sized to
    /// their header and "0.0000").
    ResponsiveColumns(QTableView *view, int textColumn, QVector<int> hideOrder, double textShare);

    /// Recomputes the column widths and which columns are hidden for the view's current width.
    void update();
    /// Fixed width for `column` (e.g. a Judges column), in pixels.
    void setFixedWidth(int column, int width);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int naturalWidth(int column) const;

    QTableView *m_view;
    QWidget *m_viewport = nullptr;  // the view's viewport, kept for eventFilter
    int m_text;
    QVector<int> m_hideOrder;
    double m_share;
    QVector<QPair<int, int>> m_fixed;
};

}  // namespace gauntlet
