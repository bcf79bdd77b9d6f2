// The Sample tab of the Coverage workspace (coverage_workspace.h): budget B (`budgetBox`), sampler
// (`samplerBox`), seed (`seedBox`) and name, Draw Sample / Compare Samplers (`drawSampleButton`,
// `compareSamplersButton`; the drawing runs as a workspace job), and the stored samples of the
// selected labelling with their measures (`samplesTable`), CSV export.
#pragma once

#include "app/workspaces/coverage_chart_data.h"
#include "engine/sampling/sampler.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace gauntlet {

struct CoverageState;

class CoverageSamplesPage : public QWidget {
    Q_OBJECT
public:
    CoverageSamplesPage(CoverageState &state, QWidget *parent = nullptr);

    /// Refills the table with the samples of the selected labelling, their measures computed on
    /// CoverageState::pool; returns them for the charts.
    QVector<ChartSample> reload();
    /// The form's budget, sampler and seed.
    sampling::SamplerSettings settings() const;
    /// The name typed in the form (empty: automatic).
    QString sampleName() const;
    /// Enables Draw and Compare (a labelling is selected and no job runs).
    void setDrawEnabled(bool enabled);
    /// Saves the samples table as CSV; returns an error naming the file, or "".
    QString exportCsv(const QString &path);

Q_SIGNALS:
    void statusChanged(const QString &text, bool error);
    void drawRequested();
    void compareRequested();
    /// Show Charts or a double-click on sample `name`.
    void chartsRequested(const QString &name);
    /// A sample was removed.
    void samplesChanged();

private:
    void removeSelected();
    void exportDialog();

    CoverageState &m_state;
    QSpinBox *m_budget;
    QComboBox *m_method;
    QSpinBox *m_seed;
    QLineEdit *m_name;
    QPushButton *m_draw, *m_compare;
    QTableWidget *m_table;
};

}  // namespace gauntlet
