#include "widgets/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QScrollBar>
#include <QWheelEvent>

namespace gauntlet {

namespace {

/// The value widget `object` belongs to (itself, or the spin box whose line edit it is), or null.
QWidget *valueWidget(QObject *object)
{
    auto *w = qobject_cast<QWidget *>(object);
    for (int depth = 0; w && depth < 2; ++depth, w = w->parentWidget()) {
        if (qobject_cast<QScrollBar *>(w))
            return nullptr;  // scroll bars always take the wheel: scrolling is what they are for
        if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractSlider *>(w))
            return w;
    }
    return nullptr;
}

}  // namespace

void WheelGuard::install(QApplication &app)
{
    app.installEventFilter(new WheelGuard(&app));
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Wheel)
        return false;
    QWidget *value = valueWidget(watched);
    if (!value || value->hasFocus() || value->isAncestorOf(QApplication::focusWidget()))
        return false;
    // Not focused: the page scrolls instead, as if the widget were not there. The enclosing
    // scroll area gets the wheel on its viewport (Qt propagates only spontaneous wheel events
    // to parents, so an explicit send serves both).
    QAbstractScrollArea *area = nullptr;
    for (QWidget *p = value->parentWidget(); p && !area; p = p->parentWidget()) {
        area = qobject_cast<QAbstractScrollArea *>(p);
        if (area && !area->viewport()->isAncestorOf(value))
            area = nullptr;  // e.g. a widget in the area's corner, not in its page
    }
    if (!area) {
        event->ignore();  // filtered but not accepted: the parents get it
        return true;
    }
    auto *wheel = static_cast<QWheelEvent *>(event);
    const QPointF at = value->mapTo(area->viewport(), wheel->position().toPoint());
    QWheelEvent forwarded(at, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(), wheel->modifiers(),
                          wheel->phase(), wheel->inverted(), wheel->source());
    QCoreApplication::sendEvent(area->viewport(), &forwarded);
    return true;
}

}  // namespace gauntlet
