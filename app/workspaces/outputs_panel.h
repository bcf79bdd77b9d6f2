// The Contribute page's MT outputs and verdicts: runs the project's MT systems on the example
// (concurrently, with progress and cancel), takes pasted outputs of systems run elsewhere,
// verifies the reference and the outputs with the project's verifiers or those chosen in the
// Verifiers menu (stored verdicts are reused), and shows the verdict matrix (VerdictMatrixModel) with the verdict detail pane.
#pragma once

#include <QGroupBox>

#include <functional>

class QProgressBar;
class QPushButton;
class QTableView;

namespace gauntlet {

namespace storage { class Project; }
namespace translate { class TranslationRunner; }
class VerdictDetailPane;
namespace verify { struct VerdictMatrix; }
class VerdictMatrixModel;
namespace verify { class VerificationRunner; }
class VerifierChoiceButton;

class OutputsPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit OutputsPanel(QWidget *parent = nullptr);
    ~OutputsPanel() override;

    void setProject(storage::Project *project);
    void setProfileName(const QString &name);
    /// Called before translating, verifying or pasting; returns false to stop (the page saves
    /// the example first).
    void setBeforeRun(std::function<bool()> beforeRun) { m_beforeRun = std::move(beforeRun); }
    /// The example whose outputs and verdicts the panel shows and runs (0: none yet).
    void setExampleId(qint64 id);
    void setMatrix(const verify::VerdictMatrix &matrix);
    /// Whether outputs may be added or removed (drafts and returned examples).
    void setEditable(bool editable);
    bool isBusy() const { return m_translationRunner || m_verificationRunner; }
    bool canTranslate() const;
    bool canVerify() const;

    /// Runs the enabled non-manual MT systems; translationFinished() follows.
    void translate();
    /// Verifies the reference and outputs; verificationFinished() follows.
    void verify();
    void cancel();

Q_SIGNALS:
    /// A translation run starts for `sourceText` (the outputs will belong to it).
    void translationStarted(const QString &sourceText);
    /// A pasted output was stored.
    void manualOutputAdded();
    /// Stored outputs or verdicts changed: the page reassesses the example.
    void outputsChanged();
    /// A verdict was set by hand or asked again (the example changed in the store).
    void verdictsChanged();
    void busyChanged();
    void statusMessage(const QString &text, bool error);
    void translationFinished();
    void verificationFinished();

private:
    void updateButtons();
    void addManualOutput();
    void removeOutput();
    void editSystems();
    bool prepare();

    storage::Project *m_project = nullptr;
    qint64 m_id = 0;
    bool m_editable = true;
    std::function<bool()> m_beforeRun;
    QPushButton *m_translateButton;
    QPushButton *m_manualButton;
    QPushButton *m_removeOutputButton;
    QPushButton *m_verifyButton;
    VerifierChoiceButton *m_verifierChoice;
    QPushButton *m_cancelButton;
    QPushButton *m_systemsButton;
    QProgressBar *m_progress;
    VerdictMatrixModel *m_matrixModel;
    QTableView *m_matrixView;
    VerdictDetailPane *m_verdictDetail;
    translate::TranslationRunner *m_translationRunner = nullptr;
    verify::VerificationRunner *m_verificationRunner = nullptr;
};

}  // namespace gauntlet
