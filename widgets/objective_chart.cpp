#include "widgets/objective_chart.h"

#include "models/step_stats_model.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QFileInfo>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QPen>
#include <QSvgGenerator>
#include <QValueAxis>
#include <QCursor>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gauntlet {

namespace {

QLineSeries *makeSeries(const QString &name, const QColor &color, qreal width, Qt::PenStyle style = Qt::SolidLine)
{
    auto *s = new QLineSeries;
    s->setName(name);
    QPen pen(color);
    pen.setWidthF(width);
    pen.setStyle(style);
    s->setPen(pen);
    return s;
}

}  // namespace

ObjectiveChart::ObjectiveChart(QWidget *parent)
    : QChartView(parent), m_x(new QValueAxis), m_left(new QValueAxis), m_right(new QValueAxis), m_perplexity(new QValueAxis),
      m_best(makeSeries(tr("best L"), QColor(0x1f, 0x4e, 0x9c), 2.5)), m_mean(makeSeries(tr("mean L"), QColor(0x6f, 0x9b, 0xd8), 1.5, Qt::DashLine)),
      m_difficulty(makeSeries(tr("D"), QColor(0xc2, 0x41, 0x0c), 1.5)), m_fluency(makeSeries(tr("L_CoLA"), QColor(0x2e, 0x7d, 0x32), 1.5)),
      m_cohesion(makeSeries(tr("L_cos"), QColor(0x7b, 0x1f, 0xa2), 1.5)),
      m_bestPerplexity(makeSeries(tr("best PPL"), QColor(0x00, 0x83, 0x8f), 2.5)),
      m_meanPerplexity(makeSeries(tr("mean PPL"), QColor(0x4d, 0xb6, 0xac), 1.5, Qt::DashLine)),
      m_boundary(makeSeries(tr("phase 2"), QColor(0x55, 0x55, 0x55), 1.2, Qt::DashLine)),
      m_current(makeSeries(tr("shown step"), QColor(0x99, 0x99, 0x99), 1, Qt::DotLine))
{
    auto *chart = new QChart;
    chart->setTitle(tr("Objective per step"));
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_x->setTitleText(tr("step"));
    m_x->setLabelFormat(QStringLiteral("%d"));
    // Short titles, so they fit whole beside a plot of a few hundred pixels (issue 34: cut titles).
    m_left->setTitleText(tr("L"));
    m_right->setTitleText(tr("D, L_CoLA, L_cos"));
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_left, Qt::AlignLeft);
    chart->addAxis(m_right, Qt::AlignRight);
    m_perplexity->setTitleText(tr("PPL (phase 2)"));
    chart->addAxis(m_perplexity, Qt::AlignRight);
    for (QLineSeries *s : {m_best, m_mean, m_boundary, m_current}) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_left);
    }
    for (QLineSeries *s : {m_difficulty, m_fluency, m_cohesion}) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_right);
    }
    for (QLineSeries *s : {m_bestPerplexity, m_meanPerplexity}) {
        chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_perplexity);
    }
    for (QLegendMarker *marker : chart->legend()->markers(m_current))
        marker->setVisible(false);
    setChart(chart);
    // Hover names a value; a click on a legend entry hides or shows its series (Qt Charts'
    // legendmarkers example).
    for (QLineSeries *s : {m_best, m_mean, m_difficulty, m_fluency, m_cohesion, m_bestPerplexity, m_meanPerplexity}) {
        connect(s, &QLineSeries::hovered, this, [this, s](const QPointF &point, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            const QString text = hoverText(s->name(), point.x());
            if (!text.isEmpty())
                QToolTip::showText(QCursor::pos(), text, this);
        });
        for (QLegendMarker *marker : chart->legend()->markers(s))
            connect(marker, &QLegendMarker::clicked, this, [this, s] {
                toggle(s);
                if (s == m_bestPerplexity && m_meanPerplexity->isVisible() != s->isVisible())
                    toggle(m_meanPerplexity);  // one entry for both PPL lines (the legend must fit one row)
            });
    }
    connect(m_boundary, &QLineSeries::hovered, this, [this](const QPointF &, bool state) {
        if (state)
            QToolTip::showText(QCursor::pos(), tr("Phase 2 starts here: its objective is perplexity (right axis, PPL)"), this);
        else
            QToolTip::hideText();
    });
    // A full repaint on every change: partial updates left stale fragments after a resize.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);  // the History page at 1280x720 needs the room for the beam (issue 34)
    rebuild();
}

void ObjectiveChart::setStatsModel(StepStatsModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &ObjectiveChart::rebuild);
        connect(m_model, &QAbstractItemModel::modelReset, this, &ObjectiveChart::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &ObjectiveChart::rebuild);
    }
    rebuild();
}

void ObjectiveChart::setCurrentStep(int step)
{
    m_currentStep = step;
    rebuild();
}

QLineSeries *ObjectiveChart::series(const QString &name) const
{
    for (QLineSeries *s : {m_best, m_mean, m_difficulty, m_fluency, m_cohesion, m_bestPerplexity, m_meanPerplexity}) {
        if (s->name() == name)
            return s;
    }
    return nullptr;
}

QString ObjectiveChart::hoverText(const QString &name, double x) const
{
    const QLineSeries *s = series(name);
    if (!s)
        return {};
    const double step = std::round(x);
    for (const QPointF &p : s->points()) {
        if (p.x() == step) {
            const bool perplexity = s == m_bestPerplexity || s == m_meanPerplexity;
            //: %1 series name, %2 step, %3 value
            return tr("%1 \u00b7 step %2: %3").arg(name, QString::number(int(step)), QString::number(p.y(), 'f', perplexity ? 1 : 4));
        }
    }
    return {};
}

void ObjectiveChart::toggle(QLineSeries *s)
{
    s->setVisible(!s->isVisible());
    for (QLegendMarker *marker : chart()->legend()->markers(s)) {
        marker->setVisible(true);  // hiding a series hides its marker; keep it to click again
        QColor label = palette().color(QPalette::WindowText);
        QBrush box = marker->brush();
        QColor boxColor = s->pen().color();
        if (!s->isVisible()) {
            label.setAlphaF(0.4);
            boxColor.setAlphaF(0.25);
        }
        box.setColor(boxColor);
        marker->setLabelBrush(label);
        marker->setBrush(box);
    }
}

void ObjectiveChart::toggleSeries(const QString &name)
{
    if (QLineSeries *s = series(name))
        toggle(s);
}

bool ObjectiveChart::seriesShown(const QString &name) const
{
    const QLineSeries *s = series(name);
    return s && s->isVisible();
}

QList<ObjectiveChart::AxisState> ObjectiveChart::axes() const
{
    QList<AxisState> out;
    for (const QValueAxis *axis : {m_x, m_left, m_right, m_perplexity}) {
        AxisState a;
        a.title = axis->titleText();
        a.visible = axis->isVisible();
        a.titleVisible = axis->isVisible() && axis->isTitleVisible() && !axis->titleText().isEmpty();
        const int n = axis->tickCount();
        const QByteArray format = axis->labelFormat().toLatin1();
        for (int i = 0; i < n; ++i) {
            const double v = axis->min() + (axis->max() - axis->min()) * i / std::max(1, n - 1);
            a.labels << (format.contains('d') ? QString::asprintf(format.constData(), int(std::lround(v))) : QString::asprintf(format.constData(), v));
        }
        out << a;
    }
    return out;
}

int ObjectiveChart::pointCount(const QString &name) const
{
    const QLineSeries *s = series(name);
    return s ? int(s->count()) : -1;
}

double ObjectiveChart::phaseBoundary() const
{
    return m_boundaryStep;
}

void ObjectiveChart::rebuild()
{
    const int rows = m_model ? m_model->rowCount() : 0;
    // phase: 1 = phase 1 only, 2 = phase 2 only, 0 = every row. axis: 0 left, 1 right, 2 perplexity.
    const struct {
        QLineSeries *series;
        int column;
        int phase;
        int axis;
    } lines[] = {{m_best, StepStatsModel::BestLossColumn, 1, 0},
                 {m_mean, StepStatsModel::MeanLossColumn, 1, 0},
                 {m_difficulty, StepStatsModel::DifficultyColumn, 0, 1},
                 {m_fluency, StepStatsModel::FluencyColumn, 0, 1},
                 {m_cohesion, StepStatsModel::CohesionColumn, 0, 1},
                 {m_bestPerplexity, StepStatsModel::BestLossColumn, 2, 2},
                 {m_meanPerplexity, StepStatsModel::MeanLossColumn, 2, 2}};
    double xMax = 1;
    double lows[3], highs[3];
    for (int a = 0; a < 3; ++a) {
        lows[a] = std::numeric_limits<double>::infinity();
        highs[a] = -std::numeric_limits<double>::infinity();
    }
    for (const auto &line : lines) {
        QList<QPointF> points;
        for (int r = 0; r < rows; ++r) {
            const int phase = int(m_model->value(r, StepStatsModel::PhaseColumn));
            // phase 2's first row is its seed: phase 1 keeps the row before it
            if (line.phase != 0 && phase != line.phase)
                continue;
            const double x = m_model->value(r, StepStatsModel::StepColumn);
            const double y = m_model->value(r, line.column);
            if (std::isnan(y) || std::isinf(y))
                continue;
            points.append(QPointF(x, y));
            xMax = std::max(xMax, x);
            lows[line.axis] = std::min(lows[line.axis], y);
            highs[line.axis] = std::max(highs[line.axis], y);
        }
        line.series->replace(points);
    }
    const bool twoPhase = !m_bestPerplexity->points().isEmpty();
    m_perplexity->setVisible(twoPhase);
    m_perplexity->setTitleVisible(twoPhase);  // a hidden axis still drew its title over the plot (issue 34)
    // One legend entry for phase 2 ("best PPL"; the dashed mean line is read as "mean L" is), so
    // the legend fits one row below a chart of about 400 pixels (issue 34: it was cut).
    for (QLegendMarker *marker : chart()->legend()->markers(m_bestPerplexity))
        marker->setVisible(twoPhase);
    for (QLegendMarker *marker : chart()->legend()->markers(m_meanPerplexity))
        marker->setVisible(false);
    const double leftMin = lows[0], leftMax = highs[0], rightMin = lows[1], rightMax = highs[1];
    const auto range = [](QValueAxis *axis, double lo, double hi) {
        if (!std::isfinite(lo) || !std::isfinite(hi)) {
            lo = 0;
            hi = 1;
        }
        // A nearly constant series (D over a TwoPhase run) gets a span of at least 1 % of its
        // value, so its ticks are distinct at the decimals updateLabelFormats gives them.
        const double minSpan = std::max(1e-3, 0.01 * std::max(std::abs(lo), std::abs(hi)));
        if (hi - lo < minSpan) {
            const double mid = (hi + lo) / 2;
            lo = mid - minSpan / 2;
            hi = mid + minSpan / 2;
        }
        const double pad = (hi - lo) * 0.08;
        axis->setRange(lo - pad, hi + pad);
        axis->applyNiceNumbers();
    };
    range(m_left, leftMin, leftMax);
    range(m_right, rightMin, rightMax);
    range(m_perplexity, lows[2], highs[2]);
    m_x->setRange(0, xMax);
    m_xMax = xMax;
    adaptToSize();
    const double lo = m_left->min(), hi = m_left->max();
    const int boundary = m_model ? m_model->phaseBoundaryStep() : -1;
    m_boundaryStep = boundary >= 0 ? boundary - 0.5 : -1;
    if (boundary >= 0)
        m_boundary->replace({QPointF(m_boundaryStep, lo), QPointF(m_boundaryStep, hi)});
    else
        m_boundary->clear();
    for (QLegendMarker *marker : chart()->legend()->markers(m_boundary))
        marker->setVisible(false);  // the dashed vertical line; its tooltip names it
    relayout();
    if (m_currentStep >= 0 && rows > 1)
        m_current->replace({QPointF(m_currentStep, lo), QPointF(m_currentStep, hi)});
    else
        m_current->clear();
}

int ObjectiveChart::legendRowWidth() const
{
    const QFontMetrics fm(chart()->legend()->font());
    int width = 0;
    for (QLegendMarker *marker : chart()->legend()->markers()) {
        if (marker->isVisible())
            width += fm.horizontalAdvance(marker->label()) + 34;  // the marker's box, spacing and margins
    }
    return width;
}

int ObjectiveChart::xLabelWidth() const
{
    return QFontMetrics(m_x->labelsFont()).horizontalAdvance(QString::number(int(m_xMax))) + 14;
}

void ObjectiveChart::adaptToSize()
{
    // Narrow (Compare, small windows): no axis titles (the legend and the tooltips name the
    // lines), a smaller legend font and fewer y ticks, so labels are whole instead of "...".
    const bool narrow = width() < 520;
    QFont legendFont = font();
    if (narrow)
        legendFont.setPointSizeF(std::max(6.5, legendFont.pointSizeF() * 0.85));
    chart()->legend()->setFont(legendFont);
    // Three value axes share a narrow chart's width: smaller labels keep them whole ("0.7..." was
    // what Qt Charts made of 0.736 at 420 pixels).
    for (QValueAxis *axis : {m_x, m_left, m_right, m_perplexity}) {
        axis->setLabelsFont(legendFont);
        QFont titleFont = legendFont;
        titleFont.setBold(true);
        axis->setTitleFont(titleFont);
    }
    // Axis titles while the plot keeps room for them (short titles; issue 34: none in the wide
    // layout, where the chart is a half of the lower area); the chart's title only when wide.
    const bool titles = width() >= 300 && height() >= 200;
    for (QValueAxis *axis : {m_left, m_right, m_perplexity}) {
        axis->setTitleVisible(titles && axis->isVisible());
        axis->setTickCount(height() < 260 ? 4 : 5);
    }
    m_x->setTitleVisible(titles);
    chart()->setTitle(narrow ? QString() : tr("Objective per step"));
    // One row of legend below the plot when it fits, else a column on the right.
    const bool oneRow = legendRowWidth() <= width() - 16;
    chart()->legend()->setAlignment(oneRow ? Qt::AlignBottom : Qt::AlignRight);
    // As many x ticks as whole labels fit (2 to 11), at whole steps.
    const int plotWidth = std::max(60, int(chart()->plotArea().width()));
    const int fit = std::max(2, plotWidth / std::max(1, xLabelWidth()));
    m_x->setTickCount(std::clamp(std::min(fit, int(m_xMax) + 1), 2, 11));
    updateLabelFormats();
    relayout();
}

void ObjectiveChart::relayout()
{
    // Qt Charts does not lay the legend out again when a marker is shown or hidden, nor the axes
    // when their label format changes: a new marker stayed undrawn and labels kept the room of the
    // old format ("0.7..."). Invalidate both layouts.
    if (QGraphicsLayout *legendLayout = chart()->legend()->layout())
        legendLayout->invalidate();
    if (QGraphicsLayout *chartLayout = chart()->layout())
        chartLayout->invalidate();
}

void ObjectiveChart::updateLabelFormats()
{
    // As many decimals as the tick interval needs for distinct labels (issue 34: five "0.68" on
    // a TwoPhase run's D axis), at least 2 (0 for perplexity), at most 6.
    for (QValueAxis *axis : {m_left, m_right, m_perplexity}) {
        const double interval = (axis->max() - axis->min()) / std::max(1, axis->tickCount() - 1);
        int decimals = interval > 0 ? int(std::ceil(-std::log10(interval) - 1e-9)) : 2;
        decimals = std::clamp(decimals, axis == m_perplexity ? 0 : 2, 6);
        axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QLatin1Char('f'));
    }
}

bool ObjectiveChart::readable() const
{
    const QRectF plot = chart()->plotArea();
    if (plot.width() < 120 || plot.height() < 60)
        return false;
    const bool legendFits = chart()->legend()->alignment() == Qt::AlignBottom ? legendRowWidth() <= width() - 16
                                                                                : chart()->legend()->geometry().width() >= 60;
    const bool ticksFit = m_x->tickCount() * xLabelWidth() <= int(plot.width()) + xLabelWidth();
    return legendFits && ticksFit;
}

void ObjectiveChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    adaptToSize();
}

void ObjectiveChart::showEvent(QShowEvent *event)
{
    QChartView::showEvent(event);
    adaptToSize();  // a page of a tab widget is resized while hidden
}

QString ObjectiveChart::save(const QString &path, const QSize &size)
{
    if (!isVisible() || width() < 200 || height() < 150)
        resize(size);
    const QSize s = this->size();
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(s);
        generator.setViewBox(QRect(QPoint(0, 0), s));
        generator.setTitle(chart()->title());
        QPainter painter;
        if (!painter.begin(&generator))
            return tr("Cannot write %1").arg(path);
        render(&painter);
        painter.end();
        if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0)
            return tr("Cannot write %1").arg(path);
        return {};
    }
    QImage image(s * 2, QImage::Format_ARGB32);
    image.setDevicePixelRatio(2);
    image.fill(Qt::white);
    // The widget as shown, at twice its resolution: QWidget::render honours the image's device
    // pixel ratio. QGraphicsView::render (what an unqualified render() calls here) took the
    // image's size in pixels as its target and drew only the top-left quarter, enlarged (issue 34).
    QWidget::render(&image, QPoint(), QRegion(), QWidget::DrawChildren);
    if (!image.save(path))
        return tr("Cannot write %1 (unknown image format or no permission)").arg(path);
    return {};
}

}  // namespace gauntlet
