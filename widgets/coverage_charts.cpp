#include "widgets/coverage_charts.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBarSeries>
#include <QCoreApplication>
#include <QCursor>
#include <QGraphicsScene>
#include <QGraphicsLayout>
#include <QFileInfo>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QStandardItemModel>
#include <QSortFilterProxyModel>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBarModelMapper>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gauntlet {

namespace {

/// The rows of a table in reverse order: horizontal bar series draw their first row at the bottom,
/// so the mapper reads this to put the table's first row (the largest) on top.
class ReversedRows : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override { return left.row() > right.row(); }
};

}  // namespace

// --- CoverageChartView -------------------------------------------------------------------------

CoverageChartView::CoverageChartView(QWidget *parent) : QChartView(parent), m_data(new QStandardItemModel(this))
{
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setMargins(QMargins(6, 6, 12, 6));
    QFont font = chart()->titleFont();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    chart()->setTitleFont(font);
    setMinimumSize(360, 260);
}

CoverageChartView::~CoverageChartView() = default;

QString CoverageChartView::title() const
{
    return chart()->title();
}

void CoverageChartView::setChartTitle(const QString &title)
{
    chart()->setTitle(title);
}

void CoverageChartView::setPreferredSize(const QSize &size)
{
    m_preferred = size;
    updateGeometry();
}

void CoverageChartView::resetData(const QStringList &rowLabels, const QStringList &columns, const QString &labelHeader)
{
    m_data->clear();
    m_data->setColumnCount(columns.size() + 1);
    m_data->setHorizontalHeaderLabels(QStringList{labelHeader} + columns);
    for (const QString &label : rowLabels) {
        QList<QStandardItem *> row{new QStandardItem(label)};
        for (int c = 0; c < columns.size(); ++c)
            row.append(new QStandardItem());
        m_data->appendRow(row);
    }
}

QString CoverageChartView::save(const QString &path, const QSize &requested)
{
    QSize s = requested;
    if (!s.isValid())
        s = size().expandedTo(m_preferred.boundedTo(QSize(1600, 4000))).expandedTo(QSize(900, 520));
    // The chart is laid out at the export size and its scene area rendered, so the file does not
    // depend on the view's size, scroll position or visibility (a chart of a hidden tab).
    QChart *c = chart();
    const QSizeF shown = c->size();
    const auto layOut = [c](const QSizeF &to) {
        c->resize(to);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        if (c->layout())
            c->layout()->activate();
    };
    layOut(s);
    const QRectF source = c->sceneBoundingRect();
    QString error;
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(s);
        generator.setViewBox(QRect(QPoint(0, 0), s));
        generator.setTitle(c->title());
        QPainter painter;
        if (!painter.begin(&generator)) {
            error = tr("Cannot write %1").arg(path);
        } else {
            painter.setRenderHint(QPainter::Antialiasing);
            scene()->render(&painter, QRectF(QPointF(0, 0), s), source);
            painter.end();
            if (QFileInfo(path).size() == 0)
                error = tr("Cannot write %1").arg(path);
        }
    } else {
        QImage image(s, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            scene()->render(&painter, QRectF(QPointF(0, 0), s), source);
        }
        if (!image.save(path))
            error = tr("Cannot write %1 (unknown image format or no permission)").arg(path);
    }
    layOut(shown.isValid() && !shown.isEmpty() ? shown : QSizeF(viewport()->size()));
    return error;
}

// --- CoverageBarChart --------------------------------------------------------------------------

CoverageBarChart::CoverageBarChart(QWidget *parent) : CoverageChartView(parent)
{
    connect(chart(), &QChart::plotAreaChanged, this, &CoverageBarChart::placeOverlays);
}

QString CoverageBarChart::elideCategory(const QString &path, int maxChars)
{
    if (path.size() <= maxChars)
        return path;
    const QStringList parts = path.split(u'/');
    const auto middle = [](const QString &text, int chars) {
        return text.size() <= chars ? text : text.left(chars / 2) + QChar(0x2026) + text.right(chars - chars / 2 - 1);
    };
    if (parts.size() < 2)
        return middle(path, maxChars);
    if (parts.size() == 2)
        return parts.first() + u'/' + middle(parts.last(), std::max(12, maxChars - int(parts.first().size()) - 1));
    // Keep the leaf and as many of the last parents as fit; the first element gives the branch.
    QString tail = parts.last();
    for (int i = parts.size() - 2; i >= 1; --i) {
        const QString candidate = parts[i] + u'/' + tail;
        if (parts.first().size() + 2 + candidate.size() > maxChars)
            break;
        tail = candidate;
    }
    QString result = parts.first() + QStringLiteral("/\u2026/") + tail;
    if (result.size() > maxChars)
        result = QChar(0x2026) + tail.right(maxChars - 1);
    return result;
}

void CoverageBarChart::setLogScale(bool log)
{
    if (m_log == log)
        return;
    m_log = log;
    rebuild();
}

void CoverageBarChart::setBars(const QString &title, const QStringList &labels, const QVector<BarSetData> &sets,
                               const QString &valueAxisTitle, const QString &labelAxisTitle)
{
    m_title = title;
    m_valueTitle = valueAxisTitle;
    m_labelTitle = labelAxisTitle;
    QVector<int> order(labels.size());
    std::iota(order.begin(), order.end(), 0);
    if (m_sort && !sets.isEmpty()) {
        const QVector<double> &key = sets.first().values;
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            if (key.value(a) != key.value(b))
                return key.value(a) > key.value(b);
            for (int s = 1; s < sets.size(); ++s) {
                if (sets[s].values.value(a) != sets[s].values.value(b))
                    return sets[s].values.value(a) > sets[s].values.value(b);
            }
            return labels[a] < labels[b];
        });
    }
    m_labels.clear();
    for (int i : order)
        m_labels.append(labels[i]);
    m_sets.clear();
    for (const BarSetData &set : sets) {
        BarSetData sorted{set.name, {}, set.color, {}, {}};
        const bool spread = set.low.size() == set.values.size() && set.high.size() == set.values.size() && !set.values.isEmpty();
        for (int i : order) {
            sorted.values.append(set.values.value(i));
            if (spread) {
                sorted.low.append(set.low[i]);
                sorted.high.append(set.high[i]);
            }
        }
        m_sets.append(sorted);
    }
    rebuild();
}

QStringList CoverageBarChart::axisLabels() const
{
    QStringList shown;
    for (const QString &label : m_labels) {
        QString text = elideCategory(label);
        // QBarCategoryAxis needs unique categories.
        for (int n = 2; shown.contains(text); ++n)
            text = elideCategory(label) + QStringLiteral(" (%1)").arg(n);
        shown.append(text);
    }
    return shown;
}

void CoverageBarChart::rebuild()
{
    QChart *c = chart();
    clearChart();
    setChartTitle(m_title);

    m_horizontal = m_orientation == Orientation::Horizontal || (m_orientation == Orientation::Auto && m_labels.size() > 12);
    const QStringList shown = axisLabels();
    double maxValue = 0.0, minPositive = 0.0;
    fillDataTable(&maxValue, &minPositive);
    mapBarSets();
    const bool labelsOn = m_valueLabels && m_labels.size() <= 40;
    m_series->setBarWidth(m_sets.size() == 1 ? 0.7 : 0.85);
    c->addSeries(m_series);

    auto *labelAxis = new QBarCategoryAxis;
    QStringList drawn = shown;
    if (m_horizontal)  // drawn bottom-up: the first (largest) label on top
        std::reverse(drawn.begin(), drawn.end());
    labelAxis->append(drawn);
    labelAxis->setTitleText(m_labelTitle);
    QAbstractAxis *valueAxis = makeValueAxis(maxValue, minPositive, labelsOn);
    valueAxis->setTitleText(m_valueTitle);
    if (m_horizontal) {
        c->addAxis(labelAxis, Qt::AlignLeft);
        c->addAxis(valueAxis, Qt::AlignBottom);
    } else {
        c->addAxis(labelAxis, Qt::AlignBottom);
        c->addAxis(valueAxis, Qt::AlignLeft);
        int longest = 0;
        for (const QString &l : shown)
            longest = std::max<int>(longest, l.size());
        if (m_labels.size() > 8 || longest > 14)
            labelAxis->setLabelsAngle(m_labels.size() > 30 ? -90 : -45);
    }
    m_series->attachAxis(labelAxis);
    m_series->attachAxis(valueAxis);
    const bool empty = m_labels.isEmpty() && !m_emptyText.isEmpty();
    labelAxis->setVisible(!empty);
    valueAxis->setVisible(!empty);
    showEmptyText(empty);
    addWhiskers();
    // With whiskers over the bars, the values go inside the bars at their base, clear of them.
    m_series->setLabelsPosition(m_whiskers.isEmpty() ? QAbstractBarSeries::LabelsOutsideEnd : QAbstractBarSeries::LabelsInsideBase);
    if (!m_whiskers.isEmpty()) {
        for (QBarSet *set : m_series->barSets())
            set->setLabelColor(Qt::white);
    }
    m_series->setLabelsFormat(QStringLiteral("@value"));
    m_series->setLabelsPrecision(m_integer ? 8 : 3);
    m_series->setLabelsVisible(labelsOn);
    c->legend()->setVisible(m_sets.size() > 1 && !empty);

    // Horizontal bars need a row per label that a reader can follow: about 16 px per set and label.
    if (m_horizontal)
        setPreferredSize(QSize(1000, std::max(520, 150 + int(m_labels.size()) * std::max<int>(18, 9 * int(m_sets.size()) + 8))));
    else
        setPreferredSize(QSize(std::max(900, 140 + int(m_labels.size()) * 26 * std::max<int>(1, int(m_sets.size()))), 560));
    placeOverlays();
}

void CoverageBarChart::clearChart()
{
    QChart *c = chart();
    delete m_mapper;  // before its series and model change
    m_mapper = nullptr;
    for (const Whisker &w : std::as_const(m_whiskers)) {
        delete w.stem;
        delete w.lowCap;
        delete w.highCap;
    }
    m_whiskers.clear();
    c->removeAllSeries();
    for (QAbstractAxis *axis : c->axes()) {
        c->removeAxis(axis);
        delete axis;
    }
    m_series = nullptr;
}

void CoverageBarChart::fillDataTable(double *maxValue, double *minPositive)
{
    // The data table (one row per label, one column per set) is what the bars show: a model
    // mapper turns its columns into the bar sets.
    QStringList columns;
    for (const BarSetData &set : m_sets) {
        columns.append(set.name);
        for (double v : set.values) {
            *maxValue = std::max(*maxValue, v);
            if (v > 0 && (*minPositive == 0.0 || v < *minPositive))
                *minPositive = v;
        }
    }
    // Spreads follow the bar columns (the mapper reads only those): "<set> lowest", "<set> highest".
    QVector<int> spreadSets;
    for (int k = 0; k < m_sets.size(); ++k) {
        if (m_sets[k].low.isEmpty())
            continue;
        spreadSets.append(k);
        columns << tr("%1 lowest").arg(m_sets[k].name) << tr("%1 highest").arg(m_sets[k].name);
        for (double v : m_sets[k].high)
            *maxValue = std::max(*maxValue, v);
    }
    resetData(m_labels, columns, m_labelTitle);
    for (int s = 0; s < m_sets.size(); ++s) {
        for (int i = 0; i < m_labels.size(); ++i)
            m_data->item(i, s + 1)->setData(m_sets[s].values.value(i), Qt::DisplayRole);
    }
    for (int k = 0; k < spreadSets.size(); ++k) {
        for (int i = 0; i < m_labels.size(); ++i) {
            m_data->item(i, int(m_sets.size()) + 1 + 2 * k)->setData(m_sets[spreadSets[k]].low[i], Qt::DisplayRole);
            m_data->item(i, int(m_sets.size()) + 2 + 2 * k)->setData(m_sets[spreadSets[k]].high[i], Qt::DisplayRole);
        }
    }
}

void CoverageBarChart::mapBarSets()
{
    m_series = m_horizontal ? static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries) : new QBarSeries;
    if (!m_sets.isEmpty() && !m_labels.isEmpty()) {
        m_mapper = new QVBarModelMapper(this);
        m_mapper->setFirstBarSetColumn(1);
        m_mapper->setLastBarSetColumn(int(m_sets.size()));
        m_mapper->setFirstRow(0);
        m_mapper->setRowCount(int(m_labels.size()));
        m_mapper->setSeries(m_series);
        if (m_horizontal) {
            auto *reversed = new ReversedRows(m_mapper);
            reversed->setSourceModel(m_data);
            reversed->sort(0);
            m_mapper->setModel(reversed);
        } else {
            m_mapper->setModel(m_data);
        }
    }
    const QList<QBarSet *> sets = m_series->barSets();
    for (int s = 0; s < sets.size() && s < m_sets.size(); ++s) {
        QBarSet *set = sets[s];
        set->setLabelColor(QColor(0x30, 0x30, 0x30));  // the theme's is white, invisible outside the bar
        if (m_sets[s].color.isValid())
            set->setColor(m_sets[s].color);
        connect(set, &QBarSet::hovered, this, [this](bool status, int index) {
            const int i = m_horizontal ? int(m_labels.size()) - 1 - index : index;
            if (!status || i < 0 || i >= m_labels.size()) {
                QToolTip::hideText();
                return;
            }
            QString text = m_labels.value(i);
            for (const BarSetData &d : m_sets)
                text += QStringLiteral("\n%1: %2").arg(d.name).arg(d.values.value(i), 0, 'g', 6);
            QToolTip::showText(QCursor::pos(), text, this);
        });
    }
}

QAbstractAxis *CoverageBarChart::makeValueAxis(double maxValue, double minPositive, bool labelsOn) const
{
    QAbstractAxis *valueAxis = nullptr;
    if (m_log) {
        auto *axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        // Bars start at the axis minimum: below 1 so a count of 1 still shows as a bar.
        axis->setRange(minPositive > 0 ? std::min(0.5, minPositive / 2) : 0.5, std::max(10.0, maxValue * (labelsOn ? 3.0 : 1.5)));
        valueAxis = axis;
    } else {
        auto *axis = new QValueAxis;
        double top = maxValue > 0 ? maxValue * (labelsOn ? 1.12 : 1.02) : 1.0;
        if (m_valueMaximum > 0)
            top = std::max(m_valueMaximum, maxValue) * (labelsOn ? 1.08 : 1.0);
        axis->setLabelFormat(m_integer ? QStringLiteral("%d") : QStringLiteral("%.2f"));
        if (m_integer) {
            // Whole numbers: ticks every 1, 2 or 5 times a power of ten, about six of them.
            double step = 1.0;
            while (top / step > 8) {
                const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
                step *= mantissa < 1.5 ? 2.0 : (mantissa < 3 ? 2.5 : 2.0);
            }
            axis->setRange(0, std::max(1.0, std::ceil(top / step) * step));
            axis->setTickType(QValueAxis::TicksDynamic);
            axis->setTickAnchor(0);
            axis->setTickInterval(step);
        } else {
            axis->setRange(0, top);
            axis->applyNiceNumbers();
        }
        valueAxis = axis;
    }
    return valueAxis;
}

void CoverageBarChart::showEmptyText(bool empty)
{
    if (!m_empty) {
        m_empty = new QGraphicsSimpleTextItem(chart());
        m_empty->setZValue(10);
        m_empty->setBrush(QColor(0x50, 0x50, 0x50));
        QFont font = this->font();
        font.setPointSizeF(font.pointSizeF() * 1.2);
        m_empty->setFont(font);
    }
    m_empty->setText(m_emptyText);
    m_empty->setVisible(empty);
}

void CoverageBarChart::addWhiskers()
{
    QChart *c = chart();
    QPen whiskerPen(QColor(0x20, 0x20, 0x20));
    whiskerPen.setWidthF(1.6);
    for (int k = 0; k < m_sets.size(); ++k) {
        if (m_sets[k].low.isEmpty())
            continue;
        for (int i = 0; i < m_labels.size(); ++i) {
            Whisker w{int(k), i, new QGraphicsLineItem(c), new QGraphicsLineItem(c), new QGraphicsLineItem(c)};
            for (QGraphicsLineItem *line : {w.stem, w.lowCap, w.highCap}) {
                line->setPen(whiskerPen);
                line->setZValue(8);
            }
            m_whiskers.append(w);
        }
    }
}

void CoverageBarChart::placeOverlays()
{
    if (m_empty && m_empty->isVisible()) {
        const QRectF plot = chart()->plotArea();
        const QRectF text = m_empty->boundingRect();
        m_empty->setPos(plot.center() - QPointF(text.width() / 2, text.height() / 2));
    }
    if (!m_series || m_whiskers.isEmpty())
        return;
    // A bar group spans barWidth() around its category; set k of n takes the k-th slice of it.
    const double group = m_series->barWidth();
    const double slice = group / std::max<int>(1, int(m_sets.size()));
    const int n = int(m_labels.size());
    for (const Whisker &w : std::as_const(m_whiskers)) {
        const int drawn = m_horizontal ? n - 1 - w.label : w.label;  // horizontal bars are drawn bottom-up
        const double centre = drawn - group / 2 + (w.set + 0.5) * slice;
        const double low = m_sets[w.set].low[w.label], high = m_sets[w.set].high[w.label];
        const auto at = [&](double value, double across) {
            return chart()->mapToPosition(m_horizontal ? QPointF(value, across) : QPointF(across, value), m_series);
        };
        w.stem->setLine(QLineF(at(low, centre), at(high, centre)));
        w.lowCap->setLine(QLineF(at(low, centre - slice / 4), at(low, centre + slice / 4)));
        w.highCap->setLine(QLineF(at(high, centre - slice / 4), at(high, centre + slice / 4)));
        const bool shown = !m_log || low > 0;  // a log axis has no place for 0
        for (QGraphicsLineItem *line : {w.stem, w.lowCap, w.highCap})
            line->setVisible(shown);
    }
}

QVector<QLineF> CoverageBarChart::whiskerLines() const
{
    QVector<QLineF> lines;
    for (const Whisker &w : m_whiskers)
        lines.append(QLineF(w.stem->mapToScene(w.stem->line().p1()), w.stem->mapToScene(w.stem->line().p2())));
    return lines;
}

QVector<QPair<double, double>> CoverageBarChart::spread(const QString &name) const
{
    QVector<QPair<double, double>> result;
    for (const BarSetData &set : m_sets) {
        if (set.name != name)
            continue;
        for (int i = 0; i < set.low.size(); ++i)
            result.append({set.low[i], set.high[i]});
    }
    return result;
}

QString CoverageBarChart::shownEmptyText() const
{
    return m_empty && m_empty->isVisible() ? m_empty->text() : QString();
}

QVector<double> CoverageBarChart::values(const QString &name) const
{
    QVector<double> result;
    if (!m_series)
        return result;
    for (QBarSet *set : m_series->barSets()) {
        if (set->label() != name)
            continue;
        for (int i = 0; i < set->count(); ++i)
            result.append(set->at(i));
        if (m_horizontal)  // mapped from the reversed rows
            std::reverse(result.begin(), result.end());
    }
    return result;
}

QStringList CoverageBarChart::setNames() const
{
    QStringList names;
    if (m_series) {
        for (QBarSet *set : m_series->barSets())
            names.append(set->label());
    }
    return names;
}

}  // namespace gauntlet
