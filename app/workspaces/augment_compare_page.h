// The Augment workspace's Compare tab: two stored runs side by side, each chosen from the run
// history in its own combo box and shown in its own TraceView, with the step sliders moving together
// while both runs have the step.
#pragma once

#include <QWidget>

class QComboBox;

namespace gauntlet {

namespace storage { class Project; }
class RunHistoryModel;
class RunTraceModel;
class TraceView;

class AugmentComparePage : public QWidget {
    Q_OBJECT
public:
    /// Offers the runs of `history` (which the caller keeps pointing at the project's database).
    explicit AugmentComparePage(RunHistoryModel *history, QWidget *parent = nullptr);

    /// The project the runs are read from (nullptr: none).
    void setProject(storage::Project *project);
    /// Refills both run choosers from the run history, keeping their choices where they still exist.
    void refreshChoices();
    /// Shows stored runs `left` and `right` side by side; returns the error or "".
    QString compareRuns(qint64 left, qint64 right);
    /// The left (0) or right (1) trace.
    TraceView *view(int side) const { return side == 0 ? m_left : m_right; }

Q_SIGNALS:
    /// A chosen run cannot be read.
    void errorOccurred(const QString &message);

private:
    QWidget *createSide(QComboBox *combo, TraceView *view);

    storage::Project *m_project = nullptr;
    RunHistoryModel *m_history;
    QComboBox *m_leftCombo, *m_rightCombo;
    RunTraceModel *m_leftTrace, *m_rightTrace;  ///< the two runs, rendered by m_left and m_right
    TraceView *m_left, *m_right;
};

}  // namespace gauntlet
