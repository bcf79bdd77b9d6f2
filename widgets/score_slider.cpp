#include "widgets/score_slider.h"

#include <QMouseEvent>
#include <algorithm>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QWheelEvent>

namespace gauntlet {

ScoreSlider::ScoreSlider(QWidget *parent) : QSlider(Qt::Horizontal, parent)
{
    setFocusPolicy(Qt::StrongFocus);  // Tab and click, never the wheel
}

void ScoreSlider::wheelEvent(QWheelEvent *event)
{
    event->ignore();  // to the parent: the page scrolls, the score stays
}

void ScoreSlider::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        QStyleOptionSlider option;
        initStyleOption(&option);
        const QRect handle = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
        if (!handle.contains(event->position().toPoint())) {
            // Click-to-position: the handle jumps under the pointer, then the press drags it.
            const QRect groove = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
            const int span = std::max(1, groove.width() - handle.width());
            const int position = int(event->position().x()) - groove.x() - handle.width() / 2;
            setValue(QStyle::sliderValueFromPosition(minimum(), maximum(), std::clamp(position, 0, span), span, option.upsideDown));
        }
    }
    QSlider::mousePressEvent(event);
}

void ScoreSlider::paintEvent(QPaintEvent *event)
{
    QSlider::paintEvent(event);
    if (!hasFocus())
        return;
    // A visible focus ring around the handle, set or unset (the unset handle is drawn dashed).
    QStyleOptionSlider option;
    initStyleOption(&option);
    const QRect handle = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(QRectF(handle).adjusted(-2, -2, 2, 2), 3, 3);
}

}  // namespace gauntlet
