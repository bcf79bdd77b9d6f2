// The Review page: the queue of submitted examples; for the selected one the source,
// instructions, context, rules, reference, tags, every translation with its verdicts and the
// comment thread with the status history; accept, return with a comment, or comment; accepted
// examples per contributor; LTB release export and import (LTB, papers.md).
#pragma once

#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace gauntlet {

class ExampleListModel;
namespace verify { class ExampleStore; }
namespace storage { class Project; }
class VerdictDetailPane;
class VerdictMatrixModel;
class VerifierStatsView;

class ReviewPanel : public QWidget {
    Q_OBJECT
public:
    explicit ReviewPanel(QWidget *parent = nullptr);

    void setProject(storage::Project *project);
    void setProfileName(const QString &name);
    void reload();

    /// Selects example `id` in the queue (it must be listed under the current filter).
    bool selectExample(qint64 id);
    qint64 currentExampleId() const { return m_id; }

    /// Review actions on the selected example; each returns the error, or an empty string.
    QString accept();
    QString returnToContributor();
    QString addComment();
    /// Writes the accepted examples as an LTB release file; returns the error, or an empty string.
    QString exportAccepted(const QString &path);
    QString importRelease(const QString &path);

    QPlainTextEdit *commentEdit() const { return m_comment; }
    QTextBrowser *details() const { return m_details; }
    QPushButton *acceptButton() const { return m_acceptButton; }
    ExampleListModel *queueModel() const { return m_queueModel; }
    QLabel *contributorsLabel() const { return m_contributors; }

Q_SIGNALS:
    void examplesChanged();

private:
    void showExample(qint64 id);
    void applyFilter();
    void updateButtons();
    /// Runs `change` on the project's examples with the written comment, then clears the comment
    /// (with `reloadQueue`, reloads the queue and emits examplesChanged too) and shows the example
    /// again. Returns the store's error, the comment left as it was, or an empty string.
    QString review(const std::function<void(verify::ExampleStore &, const QString &comment)> &change, bool reloadQueue);

    storage::Project *m_project = nullptr;
    qint64 m_id = 0;
    QString m_profile;
    QComboBox *m_filter;
    ExampleListModel *m_queueModel;
    QTableView *m_queue;
    QTextBrowser *m_details;
    VerdictMatrixModel *m_matrixModel;
    QTableView *m_matrix;
    VerdictDetailPane *m_verdictDetail;
    VerifierStatsView *m_verifierStats;
    QPlainTextEdit *m_comment;
    QPushButton *m_acceptButton;
    QPushButton *m_returnButton;
    QPushButton *m_commentButton;
    QPushButton *m_exportButton;
    QPushButton *m_importButton;
    QLabel *m_contributors;
    QLabel *m_status;
};

}  // namespace gauntlet
