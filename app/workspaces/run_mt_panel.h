// The MT bar above a run's trace in the Augment workspace's Live and History tabs (issue 21, items
// 1 and 3): translates the best path of the run shown (the seed, the best text of each step, the
// output; Ctrl+T) or the archive candidates chosen (context menu, Ctrl+Shift+T) with the project's
// MT systems (engine/augment/run_translations.h translateRun) on a BackgroundJob, with progress,
// Cancel and errors; Apertium systems are chosen by default, chat (OpenAI-
// compatible) systems only when checked in the Systems menu, and then only within the run's
// request budget; manual systems are never offered. Translations are stored with the run and shown
// in the best path (TraceView::setPathTranslations). "Create Example" (Ctrl+E; Ctrl+Shift+E for an
// archive candidate) makes the draft of `examples add --from-run` (engine/augment/example_from_run.h),
// translating the text first when it has no stored translation.
#pragma once

#include "engine/augment/run_translations.h"
#include "models/best_path.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;

namespace gauntlet {

class BackgroundJob;
namespace storage { class Project; }
namespace core { class Settings; }
class TraceView;

class RunMtPanel : public QWidget {
    Q_OBJECT
public:
    /// Works on the run `view` shows; `objectPrefix` names its widgets ("live", "history").
    RunMtPanel(TraceView *view, const QString &objectPrefix, QWidget *parent = nullptr);
    ~RunMtPanel() override;

    void setProject(storage::Project *project);
    /// The settings the example's author is read from (Contribute's profile name; nullptr: $USER).
    void setSettings(core::Settings *settings) { m_settings = settings; }
    /// Reads the stored translations of the view's run into its best path (after a run is shown).
    void showStoredTranslations();

    /// The project's MT systems checked in the Systems menu (Apertium by default, never manual).
    QStringList chosenSystems() const;
    /// Checks or unchecks `system` in the Systems menu.
    void setSystemChosen(const QString &system, bool chosen);
    /// Translates the texts of the best path shown; returns false (with errorOccurred) when it cannot start.
    bool translatePath();
    /// Translates the archive candidates selected in the view's archive table.
    bool translateSelectedCandidates();
    void cancel();
    bool isBusy() const;

    /// Creates the example from the run's output, or from the best text so far while it runs.
    void createExample();
    /// Creates the example from the archive candidate selected in the view's archive table.
    void createExampleFromSelectedCandidate();

    QLabel *statusLabel() const { return m_status; }
    QProgressBar *progressBar() const { return m_progress; }

Q_SIGNALS:
    /// A draft example was made from the run (Contribute should show it).
    void exampleCreated(qint64 exampleId);
    void errorOccurred(const QString &message);
    /// A translation run ended (finished, cancelled or failed).
    void translationFinished();

private:
    struct PendingExample {
        QString text, origin;
        bool output = false;  ///< the run's output (no text passed to the engine)
    };
    bool startTranslation(const QVector<augment::RunText> &texts, std::optional<PendingExample> createAfter = std::nullopt);
    void addTranslation(const augment::RunTranslation &t);
    void finishTranslation(const augment::RunTranslateReport &report, const QString &error);
    void makeExample(const PendingExample &pending);
    QVector<augment::RunText> selectedCandidates() const;
    void fillSystemsMenu();
    void updateButtons();
    /// A translation's label in the best path: the system, and the target for chat systems (they
    /// can be asked for several targets; an Apertium pair has one).
    static QString systemLabel(const augment::RunTranslation &t);

    TraceView *m_view;
    storage::Project *m_project = nullptr;
    core::Settings *m_settings = nullptr;
    BackgroundJob *m_job;  ///< the translation run (one at a time)
    std::shared_ptr<augment::RunTranslateReport> m_report;  ///< what the running translation has done
    std::optional<PendingExample> m_pending;
    /// System name -> checked, for the systems the user changed (the rest: Apertium on, chat off).
    QHash<QString, bool> m_choice;
    QHash<QString, QVector<PathTranslation>> m_byText;

    QPushButton *m_translate, *m_cancelButton, *m_createExample;
    QPushButton *m_systems;  ///< with the menu of systems
    QProgressBar *m_progress;
    QLabel *m_status;
    qint64 m_shownRun = 0;  ///< the run the status line speaks of
    QAction *m_translateCandidate, *m_exampleFromCandidate;
};

}  // namespace gauntlet
