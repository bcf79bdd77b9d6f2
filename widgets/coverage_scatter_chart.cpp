// ProportionScatterChart (coverage_charts.h): category shares of a sample against its corpus, the
// diagonal of perfect fidelity, and the names of the points furthest from it, placed where they
// cover no marker.
#include "widgets/coverage_charts.h"

#include <QChart>
#include <QCursor>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStandardItemModel>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gauntlet {

ProportionScatterChart::ProportionScatterChart(QWidget *parent) : CoverageChartView(parent)
{
    setPreferredSize(QSize(760, 640));
    connect(chart(), &QChart::plotAreaChanged, this, &ProportionScatterChart::placePointNames);
}

QStringList ProportionScatterChart::namedPoints() const
{
    QStringList names;
    for (const auto &entry : m_pointNames)
        names.append(m_labels.value(entry.first));
    return names;
}

QVector<QRectF> ProportionScatterChart::markerRects() const
{
    QVector<QRectF> rects;
    if (!m_scatter)
        return rects;
    const double r = m_scatter->markerSize() / 2 + 1;
    for (const QPointF &p : m_scatter->points()) {
        const QPointF at = chart()->mapToScene(chart()->mapToPosition(p, m_scatter));
        rects.append(QRectF(at - QPointF(r, r), at + QPointF(r, r)));
    }
    return rects;
}

QVector<QRectF> ProportionScatterChart::pointNameRects() const
{
    QVector<QRectF> rects;
    for (const auto &entry : m_pointNames) {
        if (entry.second->isVisible())
            rects.append(entry.second->sceneBoundingRect());
    }
    return rects;
}

void ProportionScatterChart::placePointNames()
{
    if (!m_scatter)
        return;
    // In order of distance from the diagonal, each name right, left, above or below its point,
    // wherever it covers no marker (issue 23: a name hid a point) and no name placed before; one
    // that fits nowhere inside the plot is hidden (hover names every point).
    const QVector<QPointF> pts = m_scatter->points();
    const QVector<QRectF> markers = markerRects();
    QVector<QRectF> placed;
    const QRectF plot = chart()->mapToScene(chart()->plotArea()).boundingRect();
    for (const auto &entry : m_pointNames) {
        const QPointF at = chart()->mapToPosition(pts.value(entry.first), m_scatter);
        const QSizeF size = entry.second->boundingRect().size();
        const double gap = m_scatter->markerSize() / 2 + 3;
        const QPointF offsets[] = {QPointF(gap, -size.height() / 2), QPointF(-gap - size.width(), -size.height() / 2),
                                   QPointF(-size.width() / 2, -gap - size.height()), QPointF(-size.width() / 2, gap)};
        bool shown = false;
        for (const QPointF &offset : offsets) {
            entry.second->setPos(at + offset);
            const QRectF rect = entry.second->sceneBoundingRect().adjusted(-2, -1, 2, 1);
            bool free = plot.contains(rect);
            for (const QRectF &other : std::as_const(placed))
                free = free && !other.intersects(rect);
            for (const QRectF &marker : markers)
                free = free && !marker.intersects(rect);
            if (free) {
                placed.append(rect);
                shown = true;
                break;
            }
        }
        entry.second->setVisible(shown);
    }
}

void ProportionScatterChart::setProportions(const QString &sampleName, const QStringList &labels, const QVector<double> &corpusShares,
                                            const QVector<double> &sampleShares, double pearsonR)
{
    QChart *c = chart();
    c->removeAllSeries();
    for (QAbstractAxis *axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    for (const auto &entry : m_pointNames)
        delete entry.second;
    m_pointNames.clear();
    m_scatter = nullptr;
    m_labels = labels;
    const QString r = std::isfinite(pearsonR) ? QString::number(pearsonR, 'f', 3) : tr("undefined");
    setChartTitle(tr("Category proportions: %1 vs corpus (Pearson r = %2)").arg(sampleName, r));
    resetData(labels, {tr("corpus share"), tr("sample share")}, tr("category"));

    double maxShare = 0.0;
    m_scatter = new QScatterSeries;
    m_scatter->setName(tr("taxonomy category (hover for its name)"));
    m_scatter->setMarkerSize(11);
    m_scatter->setColor(QColor(0xd9, 0x5f, 0x02));
    m_scatter->setBorderColor(QColor(0x80, 0x38, 0x00));
    for (int i = 0; i < labels.size(); ++i) {
        m_scatter->append(corpusShares.value(i), sampleShares.value(i));
        maxShare = std::max({maxShare, corpusShares.value(i), sampleShares.value(i)});
        m_data->item(i, 1)->setData(corpusShares.value(i), Qt::DisplayRole);
        m_data->item(i, 2)->setData(sampleShares.value(i), Qt::DisplayRole);
    }
    const double top = maxShare > 0 ? std::min(1.0, maxShare * 1.1) : 1.0;
    auto *diagonal = new QLineSeries;
    diagonal->setName(tr("sample = corpus"));
    diagonal->append(0, 0);
    diagonal->append(1, 1);
    QPen pen(Qt::gray);
    pen.setStyle(Qt::DashLine);
    diagonal->setPen(pen);
    c->addSeries(diagonal);
    c->addSeries(m_scatter);
    auto *x = new QValueAxis;
    x->setRange(0, top);
    x->applyNiceNumbers();
    x->setTitleText(tr("share of the corpus' category labels"));
    x->setLabelFormat(QStringLiteral("%.2f"));
    auto *y = new QValueAxis;
    y->setRange(0, x->max());
    y->setTitleText(tr("share of the sample's category labels"));
    y->setLabelFormat(QStringLiteral("%.2f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : c->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    // Name the categories furthest from the diagonal (the leaf of a long path).
    QVector<int> order;
    for (int i = 0; i < labels.size(); ++i)
        order.append(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return std::abs(sampleShares.value(a) - corpusShares.value(a)) > std::abs(sampleShares.value(b) - corpusShares.value(b));
    });
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    for (int k = 0; k < std::min<int>(6, int(order.size())); ++k) {
        auto *text = new QGraphicsSimpleTextItem(labels[order[k]].size() <= 32 ? labels[order[k]] : labels[order[k]].section(u'/', -1), c);
        text->setFont(font);
        text->setBrush(QColor(0x30, 0x30, 0x30));
        text->setZValue(10);
        m_pointNames.append({order[k], text});
    }
    placePointNames();
    connect(m_scatter, &QScatterSeries::hovered, this, [this](const QPointF &point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        const QVector<QPointF> pts = points();
        for (int i = 0; i < pts.size(); ++i) {
            if (qFuzzyCompare(pts[i].x() + 1, point.x() + 1) && qFuzzyCompare(pts[i].y() + 1, point.y() + 1)) {
                QToolTip::showText(QCursor::pos(), tr("%1\ncorpus %2, sample %3").arg(m_labels[i]).arg(point.x(), 0, 'f', 4).arg(point.y(), 0, 'f', 4),
                                   this);
                return;
            }
        }
    });
}

QVector<QPointF> ProportionScatterChart::points() const
{
    return m_scatter ? m_scatter->points() : QVector<QPointF>();
}

}  // namespace gauntlet
