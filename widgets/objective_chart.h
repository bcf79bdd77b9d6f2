// The objective of an ATO run per step (Qt Charts), read from models/step_stats_model.h: best and
// mean L over the beam of phase 1 on the left axis, the best member's D, L_CoLA and L_cos on the
// right axis, ATO-TwoPhase's phase-2 objective (best and mean perplexity, hundreds where L is about
// 0.5) on an axis of its own, a dashed vertical line where phase 2 starts and a dotted one at the
// step shown. Unknown (NaN) values are left out of their series. Hovering a line shows its value at
// the nearest step; clicking a legend entry hides or shows its series (issue 34 item 8).
#pragma once

#include <QChartView>
#include <QStringList>

class QLineSeries;
class QValueAxis;

namespace gauntlet {

class StepStatsModel;

class ObjectiveChart : public QChartView {
    Q_OBJECT
public:
    explicit ObjectiveChart(QWidget *parent = nullptr);
    void setStatsModel(StepStatsModel *model);
    /// Marks step `step` (the one the beam table shows); -1 hides the mark.
    void setCurrentStep(int step);

    /// Points of the series named `name` (tests): "best L", "mean L", "D", "L_CoLA", "L_cos",
    /// "best PPL", "mean PPL" (phase 2).
    int pointCount(const QString &name) const;
    /// The step of the phase boundary line, or -1 when none is drawn.
    double phaseBoundary() const;
    /// Whether, at the chart's current size, every x tick label and every legend entry fits
    /// whole (the layout reduces the ticks and moves the legend to keep it so; issue 18).
    bool readable() const;
    /// One axis as drawn (tests): whether it and its title show, and its tick labels in order.
    struct AxisState {
        QString title;
        bool visible = false;
        bool titleVisible = false;
        QStringList labels;
    };
    /// The x axis, the objective's (left), the terms' (right) and phase 2's perplexity axis.
    QList<AxisState> axes() const;
    /// What hovering the series named `name` near step `x` shows ("best L · step 3: 0.7219"); ""
    /// when the series has no point at that step.
    QString hoverText(const QString &name, double x) const;
    /// Shows or hides a series as a click on its legend entry does (the entry stays, dimmed).
    void toggleSeries(const QString &name);
    /// Whether the series named `name` is shown.
    bool seriesShown(const QString &name) const;

    /// Saves the chart as PNG (or any raster format Qt writes) or, for a name ending in .svg, as
    /// SVG. Returns an error message, or "" on success.
    QString save(const QString &path, const QSize &size = QSize(1000, 560));

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void rebuild();
    /// Tick count, label formats and legend place for the current size.
    void adaptToSize();
    int legendRowWidth() const;
    int xLabelWidth() const;
    QLineSeries *series(const QString &name) const;
    void toggle(QLineSeries *series);
    void updateLabelFormats();
    void relayout();

    StepStatsModel *m_model = nullptr;
    QValueAxis *m_x, *m_left, *m_right, *m_perplexity;
    QLineSeries *m_best, *m_mean, *m_difficulty, *m_fluency, *m_cohesion, *m_bestPerplexity, *m_meanPerplexity, *m_boundary, *m_current;
    double m_boundaryStep = -1;
    double m_xMax = 1;
    int m_currentStep = -1;
};

}  // namespace gauntlet
