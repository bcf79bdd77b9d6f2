// The detail of one verdict matrix cell (issue 19, items 10 and 11): the rule, the translation,
// every verifier's verdict with its whole raw reply and time, and a reviewer's verdict set by hand
// with who, when and why. Below it the override form: set pass or fail with a reason, or remove
// the verdict set by hand; both undoable (Ctrl+Z / Ctrl+Shift+Z in the matrix or the pane). "Ask
// again" re-verifies the selected cell with every verifier, ignoring its stored verdicts (as
// `gauntlet verify --force` does for a whole example; issue 19, item 2).
// Used by the Contribute page and the Review tab, each over its own matrix view.
#pragma once

#include <QPersistentModelIndex>
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QTableView;
class QTextBrowser;
class QUndoStack;

namespace gauntlet {

namespace storage { class Project; }
class VerdictMatrixModel;
namespace verify { class VerificationRunner; }

class VerdictDetailPane : public QWidget {
    Q_OBJECT
public:
    VerdictDetailPane(QTableView *view, VerdictMatrixModel *model, QWidget *parent = nullptr);

    void setProject(storage::Project *project);
    /// The reviewer's name stored with verdicts set by hand.
    void setProfileName(const QString &name) { m_profile = name; }
    QString profileName() const { return m_profile; }
    /// The example the matrix shows; a new example clears the undo history.
    void setExampleId(qint64 id);

    QUndoStack *undoStack() const { return m_undo; }

    /// Sets the selected cell's verdict by hand from the form; returns the error, or an empty string.
    QString applyOverride();
    /// Removes the selected cell's verdict set by hand; returns the error, or an empty string.
    QString removeOverride();
    /// Asks every verifier again for the selected cell (string rules: checks it again); returns at
    /// once with the error, or an empty string; askAgainFinished() follows a start.
    QString askAgain();

    /// Shows `error` under the detail (e.g. an undo that the store refused).
    void showError(const QString &error);

Q_SIGNALS:
    /// A verdict set by hand changed (set, removed, undone, redone) or a cell was verified again:
    /// the owner reassesses the example.
    void verdictsChanged();
    void askAgainFinished();

private:
    void showCell();
    void restoreSelection();

    QTableView *m_view;
    VerdictMatrixModel *m_model;
    storage::Project *m_project = nullptr;
    qint64 m_id = 0;
    bool m_fromRelease = false;  ///< the example came from an LTB release
    QString m_profile;
    // The selected cell by (row label, column), kept across the model resets of a refresh.
    QString m_rowLabel;
    int m_column = -1;
    QTextBrowser *m_text;
    QComboBox *m_verdict;
    QLineEdit *m_reason;
    QPushButton *m_setButton;
    QPushButton *m_removeButton;
    QPushButton *m_undoButton;
    QPushButton *m_askAgainButton;
    verify::VerificationRunner *m_runner = nullptr;
    QUndoStack *m_undo;
};

}  // namespace gauntlet
