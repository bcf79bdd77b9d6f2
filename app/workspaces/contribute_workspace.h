// The Contribute workspace: authoring challenge examples (ContributePage) and reviewing them
// (ReviewPanel), the way the Last Translation Benchmark runs contributions (papers.md), with a
// local profile name recorded as author and reviewer.
#pragma once

#include <QWidget>

class QLineEdit;
class QTabWidget;

namespace gauntlet {

class ContributePage;
namespace storage { class Project; }
class ReviewPanel;
namespace core { class Settings; }

class ContributeWorkspace : public QWidget {
    Q_OBJECT
public:
    /// QSettings key of the local profile name.
    static constexpr const char *KeyProfileName = "contribute/profileName";

    explicit ContributeWorkspace(QWidget *parent = nullptr);

    void setSettings(core::Settings *settings);
    void setProject(storage::Project *project);
    /// Saves the editor's draft; when it cannot be saved, asks whether to discard it. Returns false
    /// when the user wants to stay (closing is cancelled).
    bool confirmClose();

    /// Shows example `id` in the Contribute tab (the list reloaded, its row selected).
    void showExample(qint64 id);
    ContributePage *page() const { return m_page; }
    ReviewPanel *review() const { return m_review; }
    QTabWidget *tabs() const { return m_tabs; }
    QLineEdit *profileEdit() const { return m_profile; }

Q_SIGNALS:
    /// The provenance link of an example made from augmentation run `runId` was activated.
    void runRequested(qint64 runId);

private:
    void applyProfile();

    core::Settings *m_settings = nullptr;
    QLineEdit *m_profile;
    QTabWidget *m_tabs;
    ContributePage *m_page;
    ReviewPanel *m_review;
};

}  // namespace gauntlet
