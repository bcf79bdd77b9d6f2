// The Augment workspace's History tab, the "store -> view" link for finished runs: the project's
// stored runs (RunHistoryModel over ato::RunHistory) in a sortable, filterable run table with the
// settings that differ, tags and notes; the selected run replayed step by step in a TraceView; its
// export as JSON Lines, CSV or the objective chart; delete (with undo), run again, a settings diff
// of two runs and one chart overlaying several runs' objective (issue 34 item 9).
#pragma once

#include "engine/ato/run_deletion.h"

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QAction;
class QDialog;
class QHBoxLayout;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace gauntlet {

namespace storage { class Project; }
class RunHistoryModel;
class RunMtPanel;
class RunTraceModel;
class TraceView;

class AugmentHistoryPage : public QWidget {
    Q_OBJECT
public:
    /// Shows the runs of `history` (which the caller keeps pointing at the project's database).
    explicit AugmentHistoryPage(RunHistoryModel *history, QWidget *parent = nullptr);

    /// The project the runs are read from (nullptr: none); clears the replay.
    void setProject(storage::Project *project);
    /// Re-reads the run history, keeping the replayed run selected; errors go to errorOccurred.
    void reloadHistory();

    QTableView *historyView() const { return m_historyView; }
    TraceView *replayView() const { return m_replay; }
    /// The MT bar above the replay (translations of the run, Create Example).
    RunMtPanel *mtPanel() const { return m_mt; }
    /// Replays stored run `runId` and selects its row; returns the error or "".
    QString replayRun(qint64 runId);
    QString exportRunJsonl(qint64 runId, const QString &path);
    QString exportRunCsv(qint64 runId, const QString &path);

    /// The runs selected in the table, in the table's order.
    std::vector<qint64> selectedRunIds() const;
    /// Deletes the selected runs (after asking when `ask`); Undo (Ctrl+Z) puts them back. Returns
    /// the error or "".
    QString deleteSelected(bool ask = true);
    /// Puts back the runs the last deletion removed; returns the error or "".
    QString undoDelete();
    bool canUndoDelete() const { return m_lastDeleted.has_value(); }
    /// The settings diff of the two selected runs, and the overlay chart of the selected runs
    /// (shown; the caller may close them). nullptr when the selection does not fit.
    QDialog *showSettingsDiff();
    QDialog *showOverlay();
    QLineEdit *filterEdit() const { return m_filter; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QPushButton *runAgainButton() const { return m_runAgainButton; }

Q_SIGNALS:
    /// "Compare" was pressed with two runs selected.
    void compareRequested(qint64 left, qint64 right);
    /// "Run Again" was pressed: start the run's seed again with its settings.
    void runAgainRequested(qint64 runId);
    /// The Examples cell of a run's row was double-clicked: show example `exampleId` in Contribute.
    void exampleRequested(qint64 exampleId);
    /// A problem the user must see (a run that cannot be read or exported).
    void errorOccurred(const QString &message);

private:
    /// exportRunJsonl / exportRunCsv: the run as JSON Lines, or with `csv` as CSV.
    QString exportRun(qint64 runId, const QString &path, bool csv);
    // The constructor's steps: the filterable run table, the run buttons with their shortcuts,
    // the row they stand in (exports behind one menu button), and the page with the replay below.
    void buildHistoryTable();
    void createRunButtons();
    QHBoxLayout *buttonRow();
    void layOutWithReplay(QHBoxLayout *buttons);
    void selectedRunChanged();
    void updateButtons();
    /// Asks for a file and exports the selected run: kind "jsonl", "csv" or "chart".
    void exportDialog(const QString &kind);

    storage::Project *m_project = nullptr;
    RunHistoryModel *m_history;
    QTableView *m_historyView;
    RunTraceModel *m_replayTrace;  ///< the replayed run, rendered by m_replay
    TraceView *m_replay;
    RunMtPanel *m_mt;
    QPushButton *m_exportJsonl, *m_exportCsv, *m_exportChart, *m_compareButton;
    QPushButton *m_exportButton;
    QAction *m_exportJsonlAction, *m_exportCsvAction, *m_exportChartAction;
    QPushButton *m_deleteButton, *m_undoButton, *m_runAgainButton, *m_diffButton, *m_overlayButton;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    std::optional<ato::DeletedRuns> m_lastDeleted;
    /// Shows the dialog `make` builds (deleted when closed); a store error goes to errorOccurred.
    QDialog *showDialog(const std::function<QDialog *()> &make);
    /// The row of run `runId` in the table (the proxy's), or -1.
    int viewRowOf(qint64 runId) const;
};

}  // namespace gauntlet
