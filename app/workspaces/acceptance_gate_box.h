// The Contribute page's acceptance gate (LTB, papers.md): whether the gate holds, fails or is
// undecided with the engine's explanation lines, the verifiers' agreement (Krippendorff's alpha)
// and a warning when the MT outputs are older than the source text; and the Submit button.
#pragma once

#include <QGroupBox>

class QLabel;
class QPushButton;

namespace gauntlet {

namespace verify { class ExampleStore; }
namespace verify { struct ExampleAssessment; }

/// The live gate's assessment of example `id`: when `checkStringRules` (drafts and returned
/// examples), first checks its string rules locally on the reference and every output that has no
/// verdict yet and stores those verdicts, so the gate follows every edit; then
/// ExampleStore::assess. Throws StoreError.
verify::ExampleAssessment assessLive(verify::ExampleStore &store, qint64 id, bool checkStringRules);

class AcceptanceGateBox : public QGroupBox {
    Q_OBJECT
public:
    explicit AcceptanceGateBox(QWidget *parent = nullptr);

    /// Shows `assessment`'s gate; `stale`: the source text changed after the outputs were made.
    void showAssessment(const verify::ExampleAssessment &assessment, bool stale);
    /// Shows what to do first (a new example has no gate yet).
    void showStartHint();
    void setSubmitEnabled(bool enabled);

Q_SIGNALS:
    /// Submit was clicked.
    void submitRequested();

private:
    QLabel *m_gateLabel;
    QPushButton *m_submitButton;
};

}  // namespace gauntlet
