#include "widgets/responsive_columns.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace gauntlet {

ResponsiveColumns::ResponsiveColumns(QTableView *view, int textColumn, QVector<int> hideOrder, double textShare)
    : QObject(view), m_view(view), m_text(textColumn), m_hideOrder(std::move(hideOrder)), m_share(textShare)
{
    m_view->installEventFilter(this);
    m_viewport = m_view->viewport();
    m_viewport->installEventFilter(this);  // a scroll bar appearing narrows only the viewport
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setSectionResizeMode(m_text, QHeaderView::Stretch);
    m_view->horizontalHeader()->setStretchLastSection(false);
}

void ResponsiveColumns::setFixedWidth(int column, int width)
{
    m_fixed.append({column, width});
    update();
}

int ResponsiveColumns::naturalWidth(int column) const
{
    for (const auto &[c, w] : m_fixed) {
        if (c == column)
            return w;
    }
    const QFontMetrics fm = m_view->fontMetrics();
    const QString header = m_view->model() ? m_view->model()->headerData(column, Qt::Horizontal).toString() : QString();
    const int headerWidth = m_view->horizontalHeader()->fontMetrics().horizontalAdvance(header) + 24;  // + sort arrow
    return std::max(headerWidth, fm.horizontalAdvance(QStringLiteral("0.0000")) + 14);
}

void ResponsiveColumns::update()
{
    if (!m_view->model())
        return;
    const int columns = m_view->model()->columnCount();
    const int available = m_view->viewport()->width();
    if (available <= 0)
        return;
    QVector<bool> hidden(columns, false);
    const auto fixedSum = [&] {
        int sum = 0;
        for (int c = 0; c < columns; ++c) {
            if (c != m_text && !hidden[c])
                sum += naturalWidth(c);
        }
        return sum;
    };
    for (int next = 0; next < m_hideOrder.size() && available - fixedSum() < m_share * available; ++next) {
        if (m_hideOrder[next] < columns)
            hidden[m_hideOrder[next]] = true;
    }
    for (int c = 0; c < columns; ++c) {
        m_view->setColumnHidden(c, hidden[c]);
        if (c != m_text && !hidden[c])
            m_view->horizontalHeader()->resizeSection(c, naturalWidth(c));
    }
}

bool ResponsiveColumns::eventFilter(QObject *watched, QEvent *event)
{
    // The type first, and the viewport as stored: while the view is being destroyed it is no longer
    // a QTableView, and calling its viewport() then was undefined behaviour (UBSan, issue 39).
    const bool layout = event->type() == QEvent::Resize || event->type() == QEvent::Show || event->type() == QEvent::LayoutRequest;
    if (layout && (watched == m_view || watched == m_viewport))
        update();
    return QObject::eventFilter(watched, event);
}

}  // namespace gauntlet
