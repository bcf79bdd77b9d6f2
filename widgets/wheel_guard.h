// Scroll wheels scroll pages, not values: a spin box, combo box or slider changes on the wheel
// only when it has the keyboard focus; otherwise the wheel goes to the page around it (issue 34:
// scrolling the Augment settings changed Steps from 20 to 18 unnoticed). Qt's own advice for
// forms in scroll areas (QAbstractSpinBox/QComboBox take wheel events whenever hovered).
#pragma once

#include <QObject>

class QApplication;

namespace gauntlet {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    /// Installs one guard on `app` (every widget of the application).
    static void install(QApplication &app);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

}  // namespace gauntlet
