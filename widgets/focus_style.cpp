#include "widgets/focus_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace gauntlet {

FocusStyle::FocusStyle(QStyle *base) : QProxyStyle(base) {}

void FocusStyle::install(QApplication &app)
{
    app.setStyle(new FocusStyle(QStyleFactory::create(app.style()->name())));
}

void FocusStyle::drawRing(const QRect &rect, const QPalette &palette, QPainter *painter) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    QPen pen(palette.color(QPalette::Active, QPalette::Highlight));
    pen.setWidth(RingWidth);
    pen.setJoinStyle(Qt::MiterJoin);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    // the pen is centred on the path: inset by half its width so the whole ring is inside `rect`
    painter->drawRect(QRectF(rect).adjusted(RingWidth / 2.0, RingWidth / 2.0, -RingWidth / 2.0, -RingWidth / 2.0));
    painter->restore();
}

void FocusStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    if (element == PE_FrameFocusRect) {
        drawRing(option->rect, option->palette, painter);
        return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void FocusStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawControl(element, option, painter, widget);
    // Push buttons: the ring around the whole button when it has the keyboard focus (Fusion marks
    // a focused button only by a faint tint of its frame); check boxes draw PE_FrameFocusRect.
    if (element == CE_PushButton && (option->state & State_HasFocus))
        drawRing(option->rect, option->palette, painter);
}

}  // namespace gauntlet
