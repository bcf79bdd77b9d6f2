// The Review tab's verifier agreement table (issue 19, item 12): per LLM verifier, Cohen's kappa
// against the verdicts reviewers set by hand and against each other verifier across the project,
// with n, the agreements and the 2x2 table; the same rows as `gauntlet verifiers stats`.
#pragma once

#include <QWidget>

class QLabel;
class QTableWidget;

namespace gauntlet {

namespace storage { class Project; }

class VerifierStatsView : public QWidget {
    Q_OBJECT
public:
    explicit VerifierStatsView(QWidget *parent = nullptr);

    void setProject(storage::Project *project);
    /// Recomputes the table from the project's verdicts and verdicts set by hand.
    void reload();

private:
    storage::Project *m_project = nullptr;
    QTableWidget *m_table;
    QLabel *m_note;
};

}  // namespace gauntlet
