// The main window: one workspace per job (Augment, Contribute, Evaluate, Coverage), the File
// menu with recent projects, a status bar and the About dialog.
#pragma once

#include <QMainWindow>

#include <memory>

class QListWidget;
class QStackedWidget;
class QMenu;
class QLabel;
class QTimer;

namespace gauntlet {

namespace storage { class Project; }
namespace core { class Settings; }
class AugmentWorkspace;
class ContributeWorkspace;
class EvaluateWorkspace;
class CoverageWorkspace;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(core::Settings *settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens (or creates) the project at `path`. On failure shows the reason in a message box
    /// (unless `quiet`) and keeps the current project; returns the error, or an empty string.
    QString openProject(const QString &path, bool quiet = false);
    storage::Project *project() const { return m_project.get(); }

    /// The workspace names in sidebar order.
    QStringList workspaceNames() const;
    void showWorkspace(int index);
    int currentWorkspace() const;
    QWidget *workspace(int index) const;

    /// Imports a seed file into the current project; returns the error, or an empty string.
    QString importSeedFile(const QString &path, bool quiet = false);

protected:
    void closeEvent(QCloseEvent *event) override;
    /// The window's size and place are saved a moment after they change, so a crash or kill keeps
    /// them too (issue 34: they were saved only on a clean close).
    void resizeEvent(QResizeEvent *event) override;
    void moveEvent(QMoveEvent *event) override;

private:
    QTimer *m_saveGeometry = nullptr;
    void createMenus();
    void updateRecentMenu();
    void updateStatus();
    void newProject();
    void openProjectDialog();
    void importSeedsDialog();
    void setLanguage(const QString &language);

    core::Settings *m_settings;
    std::unique_ptr<storage::Project> m_project;
    QListWidget *m_sidebar;
    QStackedWidget *m_stack;
    AugmentWorkspace *m_augment;
    ContributeWorkspace *m_contribute;
    EvaluateWorkspace *m_evaluate;
    CoverageWorkspace *m_coverage;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_statusProject;
};

}  // namespace gauntlet
