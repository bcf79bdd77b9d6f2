// Keyboard focus that can be seen (issue 34 item 12: "the focus is often invisible"): the
// application's style with every focus frame (item views, check boxes, ...) drawn as a 2 px ring in
// the palette's highlight colour, and the same ring around a focused push button. Qt's
// QProxyStyle is the documented way to change one primitive of a style.
#pragma once

#include <QProxyStyle>

class QApplication;

namespace gauntlet {

class FocusStyle : public QProxyStyle {
    Q_OBJECT
public:
    /// Wraps `base` (null: the application's current style).
    explicit FocusStyle(QStyle *base = nullptr);
    /// Sets a FocusStyle over the application's style.
    static void install(QApplication &app);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget = nullptr) const override;
    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget = nullptr) const override;

    /// Width of the ring in pixels.
    static constexpr int RingWidth = 2;

private:
    void drawRing(const QRect &rect, const QPalette &palette, QPainter *painter) const;
};

}  // namespace gauntlet
