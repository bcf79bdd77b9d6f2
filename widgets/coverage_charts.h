// Charts of the Coverage workspace (papers.md, TACTICS section 4, Figure 3 and Table 2), Qt Charts:
// a grouped bar chart (category counts of a sample against the corpus, Cov20/Cov1 per sampler,
// post-edit score and segments-per-document histograms, examples per category / language pair /
// status) and a scatter of category proportions (sample vs corpus, Pearson r in the title).
// Every chart keeps the numbers it draws in a table model (dataModel(); the bar sets read it through
// a QVBarModelMapper) that CSV export writes, saves itself as PNG or SVG, and shows the full label
// and the values of a bar or point on hover.
#pragma once

#include <QChartView>
#include <QColor>
#include <QStringList>
#include <QVector>

class QStandardItemModel;
class QAbstractBarSeries;
class QScatterSeries;
class QVBarModelMapper;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace gauntlet {

/// Base of the coverage charts: title, PNG/SVG export, the data table.
class CoverageChartView : public QChartView {
    Q_OBJECT
public:
    explicit CoverageChartView(QWidget *parent = nullptr);
    ~CoverageChartView() override;

    QString title() const;
    /// Saves the chart as PNG (or any raster format Qt writes) or, for a name ending in .svg, as
    /// SVG, at `size` (default: its current size, at least 900 x 520). Returns an error message
    /// naming the file, or "" on success.
    QString save(const QString &path, const QSize &size = QSize());
    /// The numbers drawn: one row per label (bar category or point), one column per series.
    QStandardItemModel *dataModel() const { return m_data; }
    /// The size the chart needs to show every label legibly (horizontal bars grow with the labels).
    QSize preferredSize() const { return m_preferred; }

protected:
    void setChartTitle(const QString &title);
    void resetData(const QStringList &rowLabels, const QStringList &columns, const QString &labelHeader);
    void setPreferredSize(const QSize &size);

    QStandardItemModel *m_data;
    QSize m_preferred{900, 520};
};

/// One set of bars: a name for the legend and one value per label.
struct BarSetData {
    QString name;
    QVector<double> values;
    QColor color;  ///< invalid: the theme's colour
    /// Optional spread per label, parallel to values (e.g. the lowest and highest value over
    /// seeds when values holds their mean): drawn as a whisker from low to high over each bar
    /// and written to the data table as two more columns. Empty: no whiskers.
    QVector<double> low{}, high{};
};

/// Grouped bars, vertical or horizontal. Horizontal (the default when there are more than
/// `horizontalFrom` labels) puts long category names on the left, one row each, elided in the
/// middle of the path when too long (the full name is in the hover tooltip and the data table).
class CoverageBarChart : public CoverageChartView {
    Q_OBJECT
public:
    enum class Orientation { Auto, Vertical, Horizontal };
    explicit CoverageBarChart(QWidget *parent = nullptr);

    /// Shows the bars. `labels` and every set's values are parallel. With sortDescending() the
    /// labels are ordered by the first set's value (largest first, then by name).
    void setBars(const QString &title, const QStringList &labels, const QVector<BarSetData> &sets, const QString &valueAxisTitle,
                 const QString &labelAxisTitle);
    void setOrientation(Orientation orientation) { m_orientation = orientation; }
    void setSortDescending(bool sort) { m_sort = sort; }
    /// A logarithmic value axis, so a long tail of small counts stays visible next to large ones.
    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    /// Shows each bar's value at its end (default on when there are at most 40 labels).
    void setValueLabelsVisible(bool visible) { m_valueLabels = visible; }
    /// Integer value labels ("12") instead of two decimals.
    void setIntegerValues(bool integer) { m_integer = integer; }
    /// A fixed top of the value axis (e.g. the feasible categories for coverage); 0: from the data.
    void setValueMaximum(double maximum) { m_valueMaximum = maximum; }

    bool isHorizontal() const { return m_horizontal; }
    /// The full labels in the order drawn.
    QStringList labels() const { return m_labels; }
    /// The labels as the axis shows them (elided).
    QStringList axisLabels() const;
    /// The values of the set named `name` as held by its QBarSet (mapped from dataModel()), in
    /// label order (empty if none).
    QVector<double> values(const QString &name) const;
    QStringList setNames() const;
    QAbstractBarSeries *series() const { return m_series; }
    /// The whiskers drawn (one per label and set with a spread), in scene coordinates, and the
    /// (low, high) they stand for, in label order per set.
    QVector<QLineF> whiskerLines() const;
    QVector<QPair<double, double>> spread(const QString &name) const;
    /// Text shown in the middle of an empty chart (no labels), e.g. "No challenge examples yet";
    /// the axes are hidden then, so no axis title stands alone.
    void setEmptyText(const QString &text) { m_emptyText = text; }
    /// The text shown, or "" when the chart has bars.
    QString shownEmptyText() const;

    /// The axis text of a taxonomy path: kept whole up to `maxChars`, otherwise its first element,
    /// an ellipsis and as many of its last elements as fit ("main_tags/…/sense-related/polysemy").
    static QString elideCategory(const QString &path, int maxChars = 48);

private:
    void rebuild();
    void placeOverlays();
    // rebuild()'s steps: the old series, axes, mapper and whiskers go; the data table is filled
    // (its largest value and smallest positive one come back); the mapper turns its columns into
    // bar sets; the value axis is made; the empty-chart text and the whiskers are placed.
    void clearChart();
    void fillDataTable(double *maxValue, double *minPositive);
    void mapBarSets();
    QAbstractAxis *makeValueAxis(double maxValue, double minPositive, bool labelsOn) const;
    void showEmptyText(bool empty);
    void addWhiskers();

    QString m_title, m_valueTitle, m_labelTitle, m_emptyText;
    QStringList m_labels;
    QVector<BarSetData> m_sets;
    Orientation m_orientation = Orientation::Auto;
    bool m_sort = false;
    bool m_log = false;
    bool m_valueLabels = true;
    bool m_integer = true;
    bool m_horizontal = false;
    double m_valueMaximum = 0.0;
    QAbstractBarSeries *m_series = nullptr;
    QVBarModelMapper *m_mapper = nullptr;
    struct Whisker {
        int set = 0, label = 0;
        QGraphicsLineItem *stem = nullptr, *lowCap = nullptr, *highCap = nullptr;
    };
    QVector<Whisker> m_whiskers;
    QGraphicsSimpleTextItem *m_empty = nullptr;
};

/// Category proportions, one point per feasible category: x = share in the corpus, y = share in the
/// sample, with the diagonal y = x (perfect fidelity) and Pearson r in the title.
class ProportionScatterChart : public CoverageChartView {
    Q_OBJECT
public:
    explicit ProportionScatterChart(QWidget *parent = nullptr);
    /// `corpusShares` and `sampleShares` are parallel to `labels`; r is shown as given (NaN: "undefined").
    void setProportions(const QString &sampleName, const QStringList &labels, const QVector<double> &corpusShares,
                        const QVector<double> &sampleShares, double pearsonR);
    /// The scatter's points (x corpus share, y sample share) in label order.
    QVector<QPointF> points() const;
    QStringList labels() const { return m_labels; }
    /// The categories named next to their point: those furthest from the diagonal (at most 6).
    QStringList namedPoints() const;
    /// Scene rectangles of the names shown and of every point's marker: a name never covers a
    /// marker (it moves to another side of its point, or is hidden).
    QVector<QRectF> pointNameRects() const;
    QVector<QRectF> markerRects() const;

private:
    void placePointNames();

    QStringList m_labels;
    QScatterSeries *m_scatter = nullptr;
    QVector<QPair<int, QGraphicsSimpleTextItem *>> m_pointNames;
};

}  // namespace gauntlet
