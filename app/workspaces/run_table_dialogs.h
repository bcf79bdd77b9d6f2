// Two views over several stored runs for History's run table (issue 34 item 9; TensorBoard's and
// Weights & Biases' run comparisons are the reference): the settings that differ between two runs,
// and one chart overlaying the objective (best L per step; phase 2's best perplexity on its own
// axis) of several runs.
#pragma once

#include <QDialog>

#include <vector>

class QChartView;
class QTableWidget;

namespace gauntlet {

namespace storage { class Database; }

/// The run-defining settings (ato::runDefiningSettings) in which two runs differ, one row each.
class SettingsDiffDialog : public QDialog {
    Q_OBJECT
public:
    /// Reads both runs' configs from `db`. Throws StoreError (a run that does not exist).
    SettingsDiffDialog(storage::Database &db, qint64 left, qint64 right, QWidget *parent = nullptr);
    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table;
};

/// The objective of several runs on one chart: one "best L" line per run (phase 1) and, for
/// ATO-TwoPhase runs, a dashed best-perplexity line on a right axis.
class RunOverlayDialog : public QDialog {
    Q_OBJECT
public:
    /// Reads the runs' steps from `db`. Throws StoreError.
    RunOverlayDialog(storage::Database &db, const std::vector<qint64> &runIds, QWidget *parent = nullptr);
    QChartView *chartView() const { return m_view; }

private:
    QChartView *m_view;
};

}  // namespace gauntlet
