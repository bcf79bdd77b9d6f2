// The 0-100 score slider of an annotation card (issue 20): a score changes only by a deliberate
// click, drag or key. The mouse wheel scrolls the page instead of changing the score (it set
// scores nobody gave while the page was scrolled), a click on the groove puts the handle where it
// was clicked instead of page-stepping from the unset centre, and keyboard focus is drawn.
#pragma once

#include <QSlider>

namespace gauntlet {

class ScoreSlider : public QSlider {
    Q_OBJECT
public:
    explicit ScoreSlider(QWidget *parent = nullptr);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
};

}  // namespace gauntlet
