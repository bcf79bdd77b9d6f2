// The Augment workspace's History tab, the "store -> view" link for finished runs: the project's
// stored runs (RunHistoryModel over ato::RunHistory) in a table, the selected run replayed step by
// step in a TraceView, and its export as JSON Lines, CSV or the objective chart.
#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace gauntlet {

class Project;
class RunHistoryModel;
class RunMtPanel;
class TraceView;

class AugmentHistoryPage : public QWidget {
    Q_OBJECT
public:
    /// Shows the runs of `history` (which the caller keeps pointing at the project's database).
    explicit AugmentHistoryPage(RunHistoryModel *history, QWidget *parent = nullptr);

    /// The project the runs are read from (nullptr: none); clears the replay.
    void setProject(Project *project);
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

Q_SIGNALS:
    /// "Compare" was pressed with two runs selected.
    void compareRequested(qint64 left, qint64 right);
    /// The Examples cell of a run's row was double-clicked: show example `exampleId` in Contribute.
    void exampleRequested(qint64 exampleId);
    /// A problem the user must see (a run that cannot be read or exported).
    void errorOccurred(const QString &message);

private:
    void selectedRunChanged();
    void updateButtons();
    /// Asks for a file and exports the selected run: kind "jsonl", "csv" or "chart".
    void exportDialog(const QString &kind);

    Project *m_project = nullptr;
    RunHistoryModel *m_history;
    QTableView *m_historyView;
    TraceView *m_replay;
    RunMtPanel *m_mt;
    QPushButton *m_exportJsonl, *m_exportCsv, *m_exportChart, *m_compareButton;
};

}  // namespace gauntlet
