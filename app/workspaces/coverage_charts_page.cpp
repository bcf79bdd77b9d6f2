#include "app/workspaces/coverage_charts_page.h"
#include "engine/core/arg_text.h"
#include "app/workspaces/coverage_table_cells.h"
#include <algorithm>

#include "app/workspaces/coverage_chart_data.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/verify/example_store.h"
#include "widgets/coverage_charts.h"
#include "widgets/table_csv.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>

namespace gauntlet {

namespace {

/// A sampler's name as the charts show it, translated in CoverageChartsPage's context (lupdate
/// reads the context from QT_TRANSLATE_NOOP; a local lambda called tr was filed under "gauntlet",
/// so the German names were never found).
QString samplerDisplayName(const QString &method)
{
    static const struct {
        const char *method, *name;
    } names[] = {{"tactics", QT_TRANSLATE_NOOP("gauntlet::CoverageChartsPage", "TACTICS")},
                 {"random", QT_TRANSLATE_NOOP("gauntlet::CoverageChartsPage", "random")},
                 {"equal", QT_TRANSLATE_NOOP("gauntlet::CoverageChartsPage", "equal allocation")},
                 {"low-confidence", QT_TRANSLATE_NOOP("gauntlet::CoverageChartsPage", "lowest confidence first")},
                 {"dsir", QT_TRANSLATE_NOOP("gauntlet::CoverageChartsPage", "DSIR")}};
    for (const auto &n : names) {
        if (method == QLatin1String(n.method))
            return QCoreApplication::translate("gauntlet::CoverageChartsPage", n.name);
    }
    return method;
}

}  // namespace


using namespace sampling;

namespace {

const QColor CorpusColor(0x9e, 0xb3, 0xc8);
const QColor SampleColor(0xd9, 0x5f, 0x02);

QVector<double> toDouble(const QVector<int> &values)
{
    QVector<double> out;
    out.reserve(values.size());
    for (int v : values)
        out.append(v);
    return out;
}

}  // namespace

CoverageChartsPage::CoverageChartsPage(QWidget *parent)
    : QWidget(parent), m_samples(new QComboBox(this)), m_log(new QCheckBox(tr("&Log scale (long tail)"), this)), m_summary(new QLabel(this)),
      m_tabs(new QTabWidget(this)), m_counts(new CoverageBarChart(this)), m_coverage(new CoverageBarChart(this)), m_ter(new CoverageBarChart(this)),
      m_documents(new CoverageBarChart(this)), m_exCategory(new CoverageBarChart(this)), m_exPair(new CoverageBarChart(this)),
      m_exStatus(new CoverageBarChart(this)), m_scatter(new ProportionScatterChart(this))
{
    m_origin = new QComboBox(this);
    m_origin->setObjectName(QStringLiteral("examplesOriginBox"));
    m_origin->addItem(tr("All examples"), int(ExampleOrigin::All));
    m_origin->addItem(tr("From augmentation"), int(ExampleOrigin::Augmented));
    m_origin->addItem(tr("Not from augmentation"), int(ExampleOrigin::NotAugmented));
    m_origin->setToolTip(tr("Which challenge examples the example charts count: those made from an augmentation run (Create Example, "
                            "examples add --from-run) or the others"));
    m_samples->setMinimumContentsLength(30);
    m_samples->setToolTip(tr("The stored sample the charts show"));
    m_log->setToolTip(tr("A logarithmic count axis for the category counts, so rare categories stay visible next to frequent ones"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_counts->setSortDescending(true);
    m_ter->setIntegerValues(false);
    m_ter->setOrientation(CoverageBarChart::Orientation::Vertical);
    m_ter->setValueLabelsVisible(false);
    m_documents->setOrientation(CoverageBarChart::Orientation::Vertical);
    m_coverage->setOrientation(CoverageBarChart::Orientation::Vertical);
    for (CoverageBarChart *c : {m_exCategory, m_exPair})
        c->setOrientation(CoverageBarChart::Orientation::Horizontal);
    m_exStatus->setOrientation(CoverageBarChart::Orientation::Vertical);
    for (CoverageBarChart *c : {m_counts, m_coverage, m_ter, m_documents})
        c->setEmptyText(tr("No sample to show: draw one on the Sample tab."));
    for (CoverageBarChart *c : {m_exCategory, m_exPair, m_exStatus})
        c->setEmptyText(tr("No challenge examples in this project yet."));
    m_counts->setObjectName(QStringLiteral("categoryCountsChart"));
    m_coverage->setObjectName(QStringLiteral("coverageBySamplerChart"));
    m_scatter->setObjectName(QStringLiteral("proportionsChart"));
    m_ter->setObjectName(QStringLiteral("postEditScoresChart"));
    m_documents->setObjectName(QStringLiteral("segmentsPerDocumentChart"));
    m_exCategory->setObjectName(QStringLiteral("examplesByCategoryChart"));
    m_exPair->setObjectName(QStringLiteral("examplesByLanguagePairChart"));
    m_exStatus->setObjectName(QStringLiteral("examplesByStatusChart"));

    m_tabs->addTab(wrap(m_counts), tr("Category counts"));
    m_tabs->addTab(wrap(m_coverage), tr("Coverage by sampler"));
    m_tabs->addTab(wrap(m_scatter), tr("Proportions"));
    m_tabs->addTab(wrap(m_ter), tr("Post-edit scores"));
    m_tabs->addTab(wrap(m_documents), tr("Segments per document"));
    m_tabs->addTab(wrap(m_exCategory), tr("Examples by category"));
    m_tabs->addTab(wrap(m_exPair), tr("Examples by language pair"));
    m_tabs->addTab(wrap(m_exStatus), tr("Examples by status"));

    auto *exportChart = new QPushButton(tr("Export Chart..."), this);
    exportChart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportChart->setToolTip(tr("Save the chart shown as PNG or SVG (Ctrl+E)"));
    auto *exportData = new QPushButton(tr("Export Data..."), this);
    exportData->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportData->setToolTip(tr("Save the numbers of the chart shown as CSV (Ctrl+Shift+E)"));
    connect(exportChart, &QPushButton::clicked, this, &CoverageChartsPage::exportChartDialog);
    connect(exportData, &QPushButton::clicked, this, &CoverageChartsPage::exportDataDialog);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Sample:"), this));
    top->addWidget(m_samples, 1);
    top->addWidget(m_log);
    top->addWidget(m_origin);
    top->addWidget(exportChart);
    top->addWidget(exportData);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);

    connect(m_samples, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { refresh(); });
    connect(m_origin, qOverload<int>(&QComboBox::currentIndexChanged), this, &CoverageChartsPage::showExamples);
    connect(m_log, &QCheckBox::toggled, this, [this](bool on) {
        m_counts->setLogScale(on);
        m_counts->setMinimumHeight(std::min(m_counts->preferredSize().height(), 3000));
    });
    refresh();
    refreshExamples();
}

QWidget *CoverageChartsPage::wrap(CoverageChartView *chart)
{
    auto *area = new QScrollArea(this);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(chart);
    return area;
}

CoverageChartView *CoverageChartsPage::chart(Chart which) const
{
    switch (which) {
    case CategoryCounts: return m_counts;
    case CoverageBySampler: return m_coverage;
    case Proportions: return m_scatter;
    case PostEditScores: return m_ter;
    case SegmentsPerDocument: return m_documents;
    case ExamplesPerCategory: return m_exCategory;
    case ExamplesPerLanguagePair: return m_exPair;
    case ExamplesPerStatus: return m_exStatus;
    default: return nullptr;
    }
}

CoverageBarChart *CoverageChartsPage::barChart(Chart which) const
{
    return qobject_cast<CoverageBarChart *>(chart(which));
}

void CoverageChartsPage::showChart(Chart which)
{
    m_tabs->setCurrentIndex(int(which));
}

void CoverageChartsPage::setPool(const SamplingPool *pool, const QString &corpusName, const QVector<ChartSample> &samples)
{
    const QString keep = currentSample();
    m_pool = pool;
    m_corpusName = corpusName;
    m_sampleList = samples;
    // Names in natural order (s1, s2, s10; issue 33: s1, s10, s2), opening on the sample drawn last
    // (it opened on the alphabetically last).
    QVector<ChartSample> ordered = samples;
    std::stable_sort(ordered.begin(), ordered.end(), [](const ChartSample &a, const ChartSample &b) { return naturalLess(a.name, b.name); });
    m_sampleList = ordered;  // the combo's indices are the list's
    {
        const QSignalBlocker blocker(m_samples);
        m_samples->clear();
        qint64 newest = -1;
        QString newestName;
        for (const ChartSample &s : ordered) {
            m_samples->addItem(tr("%1  (%2, B = %3, seed %4, %5 segments)").arg(s.name, s.method).arg(s.budget).arg(s.seed).arg(s.segments.size()),
                               s.name);
            if (s.id > newest) {
                newest = s.id;
                newestName = s.name;
            }
        }
        const int index = m_samples->findData(keep);
        m_samples->setCurrentIndex(index >= 0 ? index : m_samples->findData(newestName));
    }
    refresh();
}

bool CoverageChartsPage::selectSample(const QString &name)
{
    const int index = m_samples->findData(name);
    if (index < 0)
        return false;
    m_samples->setCurrentIndex(index);
    refresh();
    return true;
}

QString CoverageChartsPage::currentSample() const
{
    return m_samples->currentData().toString();
}

void CoverageChartsPage::refresh()
{
    const int index = m_samples->currentIndex();
    if (!m_pool || index < 0 || index >= m_sampleList.size()) {
        m_summary->setText(m_pool ? tr("No sample of this labelling yet: draw one on the Sample tab.")
                                  : tr("Select a classified corpus (Corpora tab) and draw a sample (Sample tab) to see its coverage."));
        if (m_pool) {
            // No sample yet: the corpus' own category counts already show its long tail.
            const CategoryDistribution d = categoryDistribution(*m_pool, {});
            m_counts->setLogScale(m_log->isChecked());
            m_counts->setBars(tr("Segments per taxonomy category in corpus '%1' (%2 categories, most frequent first)").arg(core::argText(m_corpusName), core::argText(d.categories.size())),
                              d.categories, {{tr("corpus"), toDouble(d.corpusCounts), CorpusColor}},
                              tr("segments with the category (primary or secondary)"), tr("taxonomy category"));
            m_counts->setMinimumHeight(std::min(m_counts->preferredSize().height(), 3000));
        } else {
            m_counts->setBars(tr("Category counts"), {}, {}, tr("segments"), tr("taxonomy category"));
        }
        m_coverage->setBars(tr("Coverage by sampler"), {}, {}, tr("taxonomy categories (mean over seeds)"), tr("sampler"));
        m_scatter->setProportions(tr("sample"), {}, {}, {}, std::nan(""));
        m_ter->setBars(tr("Post-edit scores"), {}, {}, tr("share of segments"), tr("post-edit score (TER / 100)"));
        m_documents->setBars(tr("Segments per document"), {}, {}, tr("documents"), tr("sampled segments in the document"));
        return;
    }
    const ChartSample &sample = m_sampleList[index];
    const CoverageMeasures m = measureCoverage(*m_pool, sample.segments);
    const CategoryDistribution d = categoryDistribution(*m_pool, m.sampleCategoryCounts);
    m_summary->setText(tr("<b>%1</b>: %2 segments of corpus '%3' (%4 segments). Cov20 %5 (at most %13 in this corpus; fill %14) "
                          "and Cov1 %6 of %7 feasible categories; Pearson r %8; edit rate %9 (corpus %10); %11 segments per document, "
                          "Gini %12.")
                           .arg(sample.name.toHtmlEscaped())
                           .arg(m.sampleSize)
                           .arg(m_corpusName.toHtmlEscaped())
                           .arg(m_pool->segments.size())
                           .arg(m.cov20)
                           .arg(m.cov1)
                           .arg(m.feasibleCategories)
                           .arg(std::isfinite(m.pearsonR) ? QString::number(m.pearsonR, 'f', 3) : tr("undefined"))
                           .arg(m.editRate, 0, 'f', 3)
                           .arg(m.corpusEditRate, 0, 'f', 3)
                           .arg(m.coherenceApplies ? QString::number(m.segmentsPerDocument, 'f', 2) : tr("n/a"))
                           .arg(!m.coherenceApplies ? tr("n/a") : std::isfinite(m.gini) ? QString::number(m.gini, 'f', 3) : tr("undefined"))
                           .arg(m.cov20Ceiling)
                           .arg(m.fill20, 0, 'f', 3));

    m_counts->setLogScale(m_log->isChecked());
    m_counts->setBars(tr("Segments per taxonomy category: %1 vs corpus (%2 categories, most frequent first)").arg(core::argText(sample.name), core::argText(d.categories.size())),
                      d.categories,
                      {{tr("corpus"), toDouble(d.corpusCounts), CorpusColor}, {tr("sample %1").arg(sample.name), toDouble(d.sampleCounts), SampleColor}},
                      tr("segments with the category (primary or secondary)"), tr("taxonomy category"));

    // Every stored sample with the same budget, aggregated per sampler: the mean Cov20 and Cov1
    // over its seeds as bars, the lowest and highest seed as a whisker.
    const SamplerCoverage perSampler = coverageBySampler(*m_pool, m_sampleList, sample.budget);
    QStringList samplers;
    for (int k = 0; k < perSampler.methods.size(); ++k) {
        const int seeds = perSampler.seeds[k];
        QString name = samplerDisplayName(perSampler.methods[k]);
        if (!perSampler.settingsShown[k].isEmpty())  // another group of this sampler has other settings
            name += QStringLiteral(", ") + perSampler.settingsShown[k];
        samplers.append(seeds == 1 ? tr("%1 (1 seed)").arg(name) : tr("%1 (%2)").arg(name, tr("%n seed(s)", "", int(seeds))));
    }
    m_coverage->setValueMaximum(m.feasibleCategories);
    m_coverage->setIntegerValues(false);
    m_coverage->setBars(tr("Coverage at B = %1, mean over seeds per sampler (whiskers: lowest and highest seed): "
                           "categories with >= 20 (Cov20) and >= 1 (Cov1) sampled segments, of %2 feasible")
                            .arg(sample.budget)
                            .arg(m.feasibleCategories),
                        samplers,
                        {{tr("Cov20"), perSampler.cov20Mean, QColor(0x1b, 0x9e, 0x77), perSampler.cov20Low, perSampler.cov20High},
                         {tr("Cov1"), perSampler.cov1Mean, QColor(0x75, 0x70, 0xb3), perSampler.cov1Low, perSampler.cov1High}},
                        tr("taxonomy categories (mean over seeds)"), tr("sampler"));

    m_scatter->setProportions(sample.name, d.categories, d.corpusShares, d.sampleShares, m.pearsonR);

    const ScoreHistogram h = postEditScoreHistogram(*m_pool, sample.segments);
    m_ter->setBars(tr("Post-edit score (TER / 100) distribution: %1 vs corpus (MSE %2)").arg(sample.name).arg(m.mseTer, 0, 'e', 2), h.bins,
                   {{tr("corpus"), h.corpusShares, CorpusColor}, {tr("sample %1").arg(sample.name), h.sampleShares, SampleColor}},
                   tr("share of segments"), tr("post-edit score (TER / 100), bins of width 0.05 from the value shown; the last holds every score >= 0.95"));

    const DocumentHistogram dh = segmentsPerDocumentHistogram(*m_pool, sample.segments);
    m_documents->setValueLabelsVisible(dh.documents.size() <= 12);
    if (!m.coherenceApplies)
        m_documents->setBars(tr("Segments per document: not applicable (corpus '%1' has no document column, every segment is its own document)")
                                 .arg(m_corpusName),
                             {}, {}, tr("documents"), tr("sampled segments in the document"));
    else
        m_documents->setBars(tr("Segments per document in %1 (S/D %2, Gini %3)")
                             .arg(sample.name)
                             .arg(m.segmentsPerDocument, 0, 'f', 2)
                             .arg(std::isfinite(m.gini) ? QString::number(m.gini, 'f', 3) : tr("undefined")),
                         dh.segmentsPerDocument, {{tr("documents"), toDouble(dh.documents), SampleColor}}, tr("documents"),
                         tr("sampled segments in the document"));
    for (CoverageBarChart *c : {m_counts, m_coverage, m_ter, m_documents})
        c->setMinimumHeight(std::min(c->preferredSize().height(), 3000));
}

void CoverageChartsPage::setExamples(const QVector<verify::ChallengeExample> &examples)
{
    m_examples = examples;
    showExamples();
}

void CoverageChartsPage::showExamples()
{
    const auto origin = ExampleOrigin(m_origin->currentData().toInt());
    const QVector<verify::ChallengeExample> examples = examplesOfOrigin(m_examples, origin);
    const QString which = origin == ExampleOrigin::Augmented      ? tr(" from augmentation")
                          : origin == ExampleOrigin::NotAugmented ? tr(" not from augmentation")
                                                                  : QString();
    const auto show = [](CoverageBarChart *chart, const QString &title, const LabelCounts &counts, const QString &labelTitle) {
        QStringList labels;
        QVector<double> values;
        for (const auto &c : counts) {
            labels.append(c.first);
            values.append(c.second);
        }
        chart->setBars(title, labels, {{QCoreApplication::translate("gauntlet::CoverageChartsPage", "examples"), values, QColor(0x1b, 0x9e, 0x77)}},
                       QCoreApplication::translate("gauntlet::CoverageChartsPage", "challenge examples"), labelTitle);
        chart->setMinimumHeight(std::min(chart->preferredSize().height(), 3000));
    };
    // Without examples the charts say so instead of drawing empty axes (an empty status chart
    // would still list every status at 0).
    const bool none = examples.isEmpty();
    show(m_exCategory,
         none ? tr("Challenge examples%1 per LTB taxonomy category: no examples").arg(which)
              : tr("Challenge examples%1 per LTB taxonomy category (%2 examples)").arg(which).arg(examples.size()),
         none ? LabelCounts() : examplesPerCategory(examples), tr("LTB taxonomy category"));
    show(m_exPair, none ? tr("Challenge examples%1 per language pair: no examples").arg(which) : tr("Challenge examples%1 per language pair").arg(which),
         none ? LabelCounts() : examplesPerLanguagePair(examples), tr("language pair"));
    show(m_exStatus, none ? tr("Challenge examples%1 per status: no examples").arg(which) : tr("Challenge examples%1 per status").arg(which),
         none ? LabelCounts() : examplesPerStatus(examples), tr("status"));
}

void CoverageChartsPage::refreshExamples()
{
    setExamples({});
}

QString CoverageChartsPage::exportChart(Chart which, const QString &path)
{
    CoverageChartView *view = chart(which);
    return view ? view->save(path) : tr("No such chart");
}

QString CoverageChartsPage::exportChartData(Chart which, const QString &path)
{
    CoverageChartView *view = chart(which);
    return view ? saveTableCsv(*view->dataModel(), path) : tr("No such chart");
}

QString CoverageChartsPage::suggestedFileName(Chart which, const QString &extension) const
{
    static const char *const names[] = {"counts", "samplers", "proportions", "post-edit-scores", "segments-per-document",
                                        "examples-by-category", "examples-by-language-pair", "examples-by-status"};
    QString sample = which < ExamplesPerCategory ? currentSample() : QString();
    sample.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
    return QStringLiteral("coverage-%1%2.%3").arg(QLatin1String(names[int(which)]), sample.isEmpty() ? QString() : u'-' + sample, extension);
}

void CoverageChartsPage::exportChartDialog()
{
    const Chart which = Chart(m_tabs->currentIndex());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), suggestedFileName(which, QStringLiteral("png")),
                                                      tr("PNG image (*.png);;SVG image (*.svg)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportChart(which, path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export Chart"), error);
}

void CoverageChartsPage::exportDataDialog()
{
    const Chart which = Chart(m_tabs->currentIndex());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart Data"), suggestedFileName(which, QStringLiteral("csv")), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportChartData(which, path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export Data"), error);
}

}  // namespace gauntlet
