// The Augment workspace: set up an ATO run (AugmentSetupPanel: seeds from the project's seed sets,
// a file or typed text; the model pack, remembered in the settings; the method and every search
// setting with the paper's defaults; the grammar and vocabulary guards, on by default), start and
// stop it, watch the beam search live (AugmentLivePage: beam table, objective chart, best path,
// candidate archive; a finished run's seed and output with the independent judges' verdicts), and
// replay, compare and export the runs stored in the project (AugmentHistoryPage,
// AugmentComparePage). The engine runs off the GUI thread (app/workspaces/augment_session.h).
//
// Seed -> search -> store -> view: AugmentSetupPanel::chosenSeeds and configFromForm go to
// AugmentSession::start, which runs engine/augment's AugmentJob and stores every run; the
// RunHistoryModel reads them back for the History and Compare tabs, while AugmentLivePage follows
// the session's events. Both trace tabs carry an MT bar (RunMtPanel, issue 21): the run's texts
// translated by the project's MT systems beside the best path, and "Create Example" (Ctrl+E), after
// which the main window switches to Contribute with the new draft selected.
#pragma once

#include "app/workspaces/augment_session.h"
#include "app/workspaces/augment_setup_panel.h"
#include "engine/ato/ato_config.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace gauntlet {

class AugmentComparePage;
class AugmentHistoryPage;
class AugmentLivePage;
class AugmentStatusWidget;
class MessagePanel;
namespace storage { class Project; }
class RunHistoryModel;
class RunMtPanel;
class SeedSetModel;
namespace core { class Settings; }
class TraceView;

class AugmentWorkspace : public QWidget {
    Q_OBJECT
public:
    /// Settings keys of this workspace (AugmentSetupPanel remembers them).
    static constexpr const char *KeyModelPack = AugmentSetupPanel::KeyModelPack;
    static constexpr const char *KeyMethod = AugmentSetupPanel::KeyMethod;
    /// The last started run's search settings (ato::toJson of the form), restored at the next launch.
    static constexpr const char *KeySearchSettings = AugmentSetupPanel::KeySearchSettings;

    using SeedSource = AugmentSetupPanel::SeedSource;
    static constexpr SeedSource ProjectSeeds = AugmentSetupPanel::ProjectSeeds;
    static constexpr SeedSource FileSeeds = AugmentSetupPanel::FileSeeds;
    static constexpr SeedSource TypedSeeds = AugmentSetupPanel::TypedSeeds;
    enum Tab { LiveTab, HistoryTab, CompareTab };

    explicit AugmentWorkspace(QWidget *parent = nullptr);
    ~AugmentWorkspace() override;

    void setProject(storage::Project *project);
    /// Remembers the model pack folder in `settings` (nullptr: not remembered).
    void setSettings(core::Settings *settings);
    /// Re-reads the seed sets and the run history; returns an error message or an empty string.
    QString reload();
    SeedSetModel *seedSetModel() const { return m_setup->seedSetModel(); }

    // Run setup (also for tests and scripted use); AugmentSetupPanel holds it.
    AugmentSetupPanel *setupPanel() const { return m_setup; }
    void setSeedSource(SeedSource source) { m_setup->setSeedSource(source); }
    /// Loads the seeds of a file (TSV, text, JSONL) as the seed list; returns the error or "".
    QString loadSeedFile(const QString &path) { return m_setup->loadSeedFile(path); }
    void setTypedSeeds(const QString &text) { m_setup->setTypedSeeds(text); }
    QListWidget *seedList() const { return m_setup->seedList(); }
    void setModelPackFolder(const QString &folder) { m_setup->setModelPackFolder(folder); }
    QString modelPackFolder() const { return m_setup->modelPackFolder(); }
    /// The config the form describes (model folders not yet filled in).
    ato::AtoConfig configFromForm() const { return m_setup->configFromForm(); }
    /// Sets every field of the form from `config` (the guards included).
    void setForm(const ato::AtoConfig &config) { m_setup->setForm(config); }
    QCheckBox *grammarGuardBox() const;
    QCheckBox *wordRelationsBox() const;
    QCheckBox *trigramContextBox() const;
    QCheckBox *vocabularyGuardBox() const;

    /// Starts the chosen seeds; returns false (with the reason in the error panel) when it cannot.
    bool startRun();
    /// Starts stored run `runId`'s seed again with the settings it ran with (History's Run Again;
    /// an interrupted run starts over from its seed). Returns the error or "".
    QString runAgain(qint64 runId);
    void stopRun();
    bool isRunning() const;
    AugmentSession *session() const { return m_session; }

    TraceView *liveView() const;
    /// The MT bars of the Live and History tabs (translate the run shown, Create Example).
    RunMtPanel *liveMtPanel() const;
    RunMtPanel *historyMtPanel() const;
    TraceView *replayView() const;
    TraceView *compareView(int side) const;
    RunHistoryModel *historyModel() const { return m_history; }
    AugmentHistoryPage *historyPage() const { return m_historyPage; }
    QTableView *historyView() const;
    /// Replays stored run `runId` in the History tab; returns the error or "".
    QString replayRun(qint64 runId);
    /// Shows two stored runs side by side in the Compare tab; returns the error or "".
    QString compareRuns(qint64 left, qint64 right);
    QString exportRunJsonl(qint64 runId, const QString &path);
    QString exportRunCsv(qint64 runId, const QString &path);
    /// Saves the chart of the trace on the current tab (PNG or SVG by extension); returns the error or "".
    QString saveChart(const QString &path);
    void showTab(Tab tab);
    Tab currentTab() const;

    /// Messages shown in the error panel since it was last dismissed.
    QStringList errors() const;
    void clearErrors();
    /// Warnings (a judge that is not installed) shown since the warning panel was last dismissed.
    QStringList warnings() const;
    void clearWarnings();
    /// The progress bar and ETA label for the main window's status bar.
    QWidget *statusWidget() const;
    QProgressBar *progressBar() const;
    QString etaText() const;

Q_SIGNALS:
    /// A job started or ended (the main window may update its title or menus).
    void runningChanged(bool running);
    /// "Create Example" made draft example `exampleId` from a run (the main window shows it in Contribute).
    void exampleCreated(qint64 exampleId);
    /// An example made from a run was chosen in History (the main window shows it in Contribute).
    void exampleRequested(qint64 exampleId);

private:
    /// Start / Stop above the setup panel (scrolled) and the job's queue below it.
    QWidget *createSetupColumn();
    void createActions();
    void connectSession();
    void showError(const QString &message);
    void updateButtons();
    TraceView *currentTrace() const;

    storage::Project *m_project = nullptr;
    AugmentSession *m_session;
    RunHistoryModel *m_history;

    AugmentSetupPanel *m_setup;
    QPushButton *m_start, *m_stop;
    QTabWidget *m_tabs;
    MessagePanel *m_errorPanel, *m_warningPanel;
    AugmentLivePage *m_live;
    AugmentHistoryPage *m_historyPage;
    AugmentComparePage *m_compare;

    AugmentStatusWidget *m_status;
    QAction *m_startAction, *m_stopAction, *m_nextAction, *m_previousAction;
    bool m_layoutRemembered = false;  ///< splitters and tab restored and watched (setSettings)
};

}  // namespace gauntlet
