// The Contribute page: the contributor's examples, the example editor (languages, source text,
// instructions, context, attribution, reference, tags) with autosave, the verification rules,
// MT outputs from the project's systems (concurrent, with progress and cancel), the verdict
// matrix and the live acceptance gate that enables Submit (LTB, papers.md).
#pragma once

#include "engine/verify/example_store.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTableWidget;
class QTimer;

namespace gauntlet {

class ExampleListModel;
class Project;
class TranslationRunner;
class VerdictDetailPane;
class VerdictMatrixModel;
class VerificationRunner;

class ExampleEditor : public QWidget {
    Q_OBJECT
public:
    explicit ExampleEditor(QWidget *parent = nullptr);
    ~ExampleEditor() override;

    void setProject(Project *project);
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

    // Programmatic access for tests and the workspace.
    QLineEdit *sourceLanguageEdit() const { return m_sourceLang; }
    QLineEdit *sourceIsoEdit() const { return m_sourceIso; }
    QLineEdit *targetLanguageEdit() const { return m_targetLang; }
    QLineEdit *targetIsoEdit() const { return m_targetIso; }
    QPlainTextEdit *sourceEdit() const { return m_source; }
    QPlainTextEdit *referenceEdit() const { return m_reference; }
    QLineEdit *attributionEdit() const { return m_attribution; }
    QLineEdit *linguisticsEdit() const { return m_linguistics; }
    QTableWidget *rulesTable() const { return m_rules; }
    QPushButton *translateButton() const { return m_translateButton; }
    QPushButton *verifyButton() const { return m_verifyButton; }
    QPushButton *submitButton() const { return m_submitButton; }
    QLabel *gateLabel() const { return m_gateLabel; }
    QLabel *statusLabel() const { return m_status; }
    VerdictMatrixModel *matrixModel() const { return m_matrixModel; }
    /// Adds a rule row (kind: "llm", "contains", "not_contains", "regex").
    void addRule(const QString &kind, const QString &text, bool caseSensitive = false);
    /// Removes the rule in the current row of the rules table (undoable).
    void removeSelectedRule();
    /// Brings back the last removed rule at its old position (Ctrl+Z in the rules table).
    void undoRemoveRule();
    /// Runs the enabled non-manual MT systems; translationFinished() follows.
    void translate();
    /// Verifies the reference and outputs; verificationFinished() follows.
    void verify();
    void cancel();
    /// Submits for review; returns the error, or an empty string.
    QString submit();
    const GateResult &gate() const { return m_gate; }
    /// Reloads the example list (after review actions elsewhere).
    void reloadList();

Q_SIGNALS:
    void translationFinished();
    void verificationFinished();
    /// The example was saved, submitted or otherwise changed in the store.
    void examplesChanged();

private:
    void buildUi();
    void markDirty();
    void setEditable(bool editable);
    ChallengeExample collect() const;
    QVector<VerificationRule> collectRules(QString *error) const;
    void loadRules(const QVector<StoredRule> &rules);
    void markInvalidRules();
    void refreshAssessment();
    void checkStringRulesLocally();
    void updateCounters();
    void updateButtons();
    void showStatus(const QString &text, bool error);
    void addManualOutput();
    void removeOutput();
    void editSystems();
    void removeCurrentExample();
    void chooseSeed();

    Project *m_project = nullptr;
    qint64 m_id = 0;
    ExampleStatus m_exampleStatus = ExampleStatus::Draft;
    bool m_dirty = false;
    bool m_loading = false;
    QString m_profile;
    GateResult m_gate;
    /// The source text the stored MT outputs were made for (as loaded or translated); when the
    /// source changes afterwards, the outputs are stale and Submit waits for a new translation.
    QString m_translatedSource;
    bool m_hasOutputs = false;
    bool outputsStale() const;

    ExampleListModel *m_listModel;
    QTableView *m_list;
    QLineEdit *m_sourceLang;
    QLineEdit *m_sourceIso;
    QLineEdit *m_targetLang;
    QLineEdit *m_targetIso;
    QPlainTextEdit *m_source;
    QLabel *m_sourceCount;
    QLineEdit *m_instructions;
    QLineEdit *m_context;
    QLineEdit *m_attribution;
    QPlainTextEdit *m_reference;
    QLineEdit *m_linguistics;
    QLineEdit *m_tags;
    QTableWidget *m_rules;
    QLabel *m_ruleCount;
    QPushButton *m_addRuleButton;
    QPushButton *m_removeRuleButton;
    QPushButton *m_undoRuleButton = nullptr;
    struct RemovedRule {
        int row = 0;
        QString kind;
        QString text;
        bool caseSensitive = false;
        QString normalization;
    };
    QVector<RemovedRule> m_removedRules;
    QPushButton *m_translateButton;
    QPushButton *m_manualButton;
    QPushButton *m_removeOutputButton;
    QPushButton *m_verifyButton;
    QPushButton *m_cancelButton;
    QPushButton *m_systemsButton;
    QPushButton *m_submitButton;
    QPushButton *m_newButton;
    QPushButton *m_deleteButton;
    QPushButton *m_seedButton;
    QProgressBar *m_progress;
    VerdictMatrixModel *m_matrixModel;
    QTableView *m_matrixView;
    VerdictDetailPane *m_verdictDetail = nullptr;
    QLabel *m_gateLabel;
    QLabel *m_status;
    QTimer *m_autosave;
    TranslationRunner *m_translationRunner = nullptr;
    VerificationRunner *m_verificationRunner = nullptr;
    QList<QWidget *> m_editors;
};

}  // namespace gauntlet
