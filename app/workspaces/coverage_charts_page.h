// The Charts tab of the Coverage workspace (widgets/coverage_charts.h): for the selected stored
// sample, its category counts against the corpus (sorted, horizontal bars when there are many
// categories, log scale for the long tail), Cov20 and Cov1 of every stored sample with the same
// budget B (one bar group per sampler: the mean over its seeds, whiskers from the lowest to the
// highest seed), sample vs corpus category proportions with Pearson r,
// the post-edit score (TER) distributions and the segments-per-document histogram; and for the
// project's challenge examples (LTB), examples per taxonomy category, language pair and status.
// Every chart exports as PNG or SVG and its numbers as CSV.
#pragma once

#include "app/workspaces/coverage_chart_data.h"
#include "engine/sampling/sampler.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QTabWidget;

namespace gauntlet {

class CoverageBarChart;
class CoverageChartView;
class ProportionScatterChart;
namespace verify { struct ChallengeExample; }

class CoverageChartsPage : public QWidget {
    Q_OBJECT
public:
    enum Chart { CategoryCounts, CoverageBySampler, Proportions, PostEditScores, SegmentsPerDocument, ExamplesPerCategory,
                 ExamplesPerLanguagePair, ExamplesPerStatus, ChartCount };

    explicit CoverageChartsPage(QWidget *parent = nullptr);

    /// The pool of the current labelling (not owned; null: none) and its stored samples.
    void setPool(const sampling::SamplingPool *pool, const QString &corpusName, const QVector<ChartSample> &samples);
    void setExamples(const QVector<verify::ChallengeExample> &examples);
    /// Shows the sample named `name`; returns false when there is none.
    bool selectSample(const QString &name);
    QString currentSample() const;
    QComboBox *sampleBox() const { return m_samples; }
    QCheckBox *logScaleBox() const { return m_log; }
    /// All examples / from augmentation / not from augmentation, for the example charts.
    QComboBox *exampleOriginBox() const { return m_origin; }

    CoverageChartView *chart(Chart which) const;
    CoverageBarChart *barChart(Chart which) const;
    ProportionScatterChart *scatterChart() const { return m_scatter; }
    QTabWidget *tabs() const { return m_tabs; }
    void showChart(Chart which);

    /// Saves the chart shown (PNG, or SVG for .svg); returns an error naming the file, or "".
    QString exportChart(Chart which, const QString &path);
    /// Saves the chart's numbers as CSV; returns an error naming the file, or "".
    QString exportChartData(Chart which, const QString &path);
    /// "coverage-<chart>-<sample>.<extension>", the name the export dialogs offer.
    QString suggestedFileName(Chart which, const QString &extension) const;

public Q_SLOTS:
    void exportChartDialog();
    void exportDataDialog();

private:
    void refresh();
    void refreshExamples();
    void showExamples();
    QWidget *wrap(CoverageChartView *chart);

    const sampling::SamplingPool *m_pool = nullptr;
    QString m_corpusName;
    QVector<ChartSample> m_sampleList;
    QComboBox *m_samples;
    QComboBox *m_origin;
    QVector<verify::ChallengeExample> m_examples;  ///< every example of the project; the charts show m_origin's
    QCheckBox *m_log;
    QLabel *m_summary;
    QTabWidget *m_tabs;
    CoverageBarChart *m_counts, *m_coverage, *m_ter, *m_documents, *m_exCategory, *m_exPair, *m_exStatus;
    ProportionScatterChart *m_scatter;
};

}  // namespace gauntlet
