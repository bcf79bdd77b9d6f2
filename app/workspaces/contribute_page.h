// The Contribute page: the contributor's examples (ExampleListPane), the example being written
// (ExampleForm, RulesEditor) with autosave, its MT outputs and verdict matrix (OutputsPanel)
// and the live acceptance gate that enables Submit (AcceptanceGateBox; LTB, papers.md). The
// page owns the open example's state: its id, status, unsaved edits and the source text its MT
// outputs were made for.
#pragma once

#include "engine/verify/example_store.h"

#include <QWidget>

class QLabel;
class QTimer;

namespace gauntlet {

class AcceptanceGateBox;
class ExampleForm;
class ExampleListPane;
class OutputsPanel;
namespace storage { class Project; }
class RulesEditor;

class ContributePage : public QWidget {
    Q_OBJECT
public:
    explicit ContributePage(QWidget *parent = nullptr);

    void setProject(storage::Project *project);
    /// The local profile name recorded as author (from the workspace's profile field).
    void setProfileName(const QString &name);

    /// Saves pending edits now. Returns false (and shows why) when they cannot be saved.
    bool saveNow();
    /// Before closing or switching: saves; when that fails, asks whether to discard the unsaved
    /// edits. Returns false when the user wants to stay.
    bool confirmDiscard();
    bool hasUnsavedChanges() const { return m_dirty; }

    /// Starts an empty example (saved as a draft once it has languages and a source text).
    void newExample();
    /// Starts a new example whose source text is `text` (a seed text), in `language`.
    void newExampleFromText(const QString &text, const QString &language);
    /// Loads example `id` into the editor (after saving the current one).
    void openExample(qint64 id);
    qint64 currentExampleId() const { return m_id; }

    /// Submits for review; returns the error, or an empty string.
    QString submit();
    const verify::GateResult &gate() const { return m_gate; }
    /// The provenance line of an example made from an augmentation run (hidden for others).
    QLabel *provenanceLabel() const { return m_provenance; }
    /// Reloads the example list (after review actions elsewhere).
    void reloadList();

Q_SIGNALS:
    /// The example was saved, submitted or otherwise changed in the store.
    void examplesChanged();
    /// The provenance line's link to augmentation run `runId` was activated.
    void runRequested(qint64 runId);

private:
    void buildUi();
    void markDirty();
    bool editable() const { return m_exampleStatus == verify::ExampleStatus::Draft || m_exampleStatus == verify::ExampleStatus::Returned; }
    void setEditable(bool editable);
    void refreshAssessment();
    bool outputsStale() const;
    void updateButtons();
    void showStatus(const QString &text, bool error);
    void removeCurrentExample();
    void chooseSeed();
    /// Shows where `example` came from (engine/augment/example_from_run.h) above the form; hides
    /// the line for examples not made from a run (nullptr: none open).
    /// The status line for `e`: its state, or for a returned example who returned it and why.
    void showExampleStatus(const verify::ChallengeExample &e);
    void showProvenance(const verify::ChallengeExample *example);

    storage::Project *m_project = nullptr;
    qint64 m_id = 0;
    verify::ExampleStatus m_exampleStatus = verify::ExampleStatus::Draft;
    bool m_dirty = false;
    bool m_loading = false;
    QString m_profile;
    verify::GateResult m_gate;
    /// The source text the stored MT outputs were made for (as loaded or translated); when the
    /// source changes afterwards, the outputs are stale and Submit waits for a new translation.
    QString m_translatedSource;
    bool m_hasOutputs = false;

    ExampleListPane *m_list;
    ExampleForm *m_form;
    RulesEditor *m_rules;
    OutputsPanel *m_outputs;
    AcceptanceGateBox *m_gateBox;
    QLabel *m_status;
    QLabel *m_provenance;
    QTimer *m_autosave;
};

}  // namespace gauntlet
