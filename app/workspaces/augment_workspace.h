// The Augment workspace: set up an ATO run (seeds from the project's seed sets, a file or typed
// text; the model pack, remembered in the settings; the method and every search setting with the
// paper's defaults; the grammar and vocabulary guards, on by default), start and stop it, watch the
// beam search live (beam table, objective chart, best path, candidate archive; a finished run's
// seed and output with the independent judges' verdicts), and replay, compare and export the runs
// stored in the project. The engine runs off the GUI thread (app/workspaces/augment_session.h).
#pragma once

#include "engine/ato/ato_config.h"
#include "app/workspaces/augment_session.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace gauntlet {

class MessagePanel;
class Project;
class RunHistoryModel;
class SeedSetModel;
class Settings;
class TraceView;

class AugmentWorkspace : public QWidget {
    Q_OBJECT
public:
    /// Settings keys of this workspace.
    static constexpr const char *KeyModelPack = "augment/modelPack";
    static constexpr const char *KeyMethod = "augment/method";
    /// The last started run's search settings (ato::toJson of the form), restored at the next launch.
    static constexpr const char *KeySearchSettings = "augment/searchSettings";

    enum SeedSource { ProjectSeeds, FileSeeds, TypedSeeds };
    enum Tab { LiveTab, HistoryTab, CompareTab };

    explicit AugmentWorkspace(QWidget *parent = nullptr);
    ~AugmentWorkspace() override;

    void setProject(Project *project);
    /// Remembers the model pack folder in `settings` (nullptr: not remembered).
    void setSettings(Settings *settings);
    /// Re-reads the seed sets and the run history; returns an error message or an empty string.
    QString reload();
    SeedSetModel *seedSetModel() const { return m_seedSets; }

    // Run setup (also for tests and scripted use).
    void setSeedSource(SeedSource source);
    /// Loads the seeds of a file (TSV, text, JSONL) as the seed list; returns the error or "".
    QString loadSeedFile(const QString &path);
    void setTypedSeeds(const QString &text);
    QListWidget *seedList() const { return m_seedList; }
    void setModelPackFolder(const QString &folder);
    QString modelPackFolder() const;
    /// The config the form describes (model folders not yet filled in).
    ato::AtoConfig configFromForm() const;
    /// Sets every field of the form from `config` (the guards included).
    void setForm(const ato::AtoConfig &config);
    QCheckBox *grammarGuardBox() const { return m_grammarGuard; }
    QCheckBox *vocabularyGuardBox() const { return m_vocabularyGuard; }

    /// Starts the chosen seeds; returns false (with the reason in the error panel) when it cannot.
    bool startRun();
    void stopRun();
    bool isRunning() const;
    AugmentSession *session() const { return m_session; }

    TraceView *liveView() const { return m_live; }
    TraceView *replayView() const { return m_replay; }
    TraceView *compareView(int side) const { return side == 0 ? m_compareLeft : m_compareRight; }
    RunHistoryModel *historyModel() const { return m_history; }
    QTableView *historyView() const { return m_historyView; }
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
    QWidget *statusWidget() const { return m_statusWidget; }
    QProgressBar *progressBar() const { return m_progress; }
    QString etaText() const;

Q_SIGNALS:
    /// A job started or ended (the main window may update its title or menus).
    void runningChanged(bool running);

private:
    QWidget *createSetupPanel();
    QWidget *createHistoryPage();
    QWidget *createComparePage();
    void createActions();
    void showError(const QString &message);
    /// "guards: grammar, vocabulary" or "no guards", for the run headings.
    QString guardsText(const ato::AtoConfig &config) const;
    void updateButtons();
    void updateModelPackInfo();
    /// Puts the lambdas the model pack recommends (pack.json) into the form.
    void applyPackObjectiveToForm();
    void fillSeedSetList();
    void selectedRunChanged();
    TraceView *currentTrace() const;
    void exportDialog(const QString &kind);
    void refreshCompareChoices();
    /// Re-reads the run history, keeping the replayed run selected.
    void reloadHistory();

    Project *m_project = nullptr;
    Settings *m_settings = nullptr;
    AugmentSession *m_session;
    SeedSetModel *m_seedSets;
    RunHistoryModel *m_history;

    // setup
    QComboBox *m_sourceCombo;
    QStackedWidget *m_sourceStack;
    QComboBox *m_seedSetCombo;
    QLineEdit *m_seedFile;
    QPlainTextEdit *m_typedSeeds;
    QListWidget *m_seedList;
    QLineEdit *m_modelPack;
    QLabel *m_modelPackInfo;
    QComboBox *m_method;
    QSpinBox *m_beamWidth, *m_shortlist, *m_candidates, *m_injections, *m_steps, *m_frozen, *m_phase2Steps, *m_replacements, *m_threads;
    QDoubleSpinBox *m_lambdaF, *m_lambdaC;
    QLineEdit *m_randomSeed;
    QComboBox *m_device, *m_dtype;
    QCheckBox *m_grammarGuard, *m_vocabularyGuard;
    QPushButton *m_start, *m_stop;
    QTableView *m_queueView;

    // results
    QTabWidget *m_tabs;
    MessagePanel *m_errorPanel, *m_warningPanel;
    TraceView *m_live;
    QTableView *m_historyView;
    TraceView *m_replay;
    QComboBox *m_compareLeftCombo, *m_compareRightCombo;
    TraceView *m_compareLeft, *m_compareRight;
    QPushButton *m_exportJsonl, *m_exportCsv, *m_exportChart, *m_compareButton;

    QWidget *m_statusWidget;
    QProgressBar *m_progress;
    QLabel *m_eta;
    QAction *m_startAction, *m_stopAction, *m_nextAction, *m_previousAction;
    int m_liveSeedIndex = -1;
};

}  // namespace gauntlet
