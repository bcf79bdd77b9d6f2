// The New Campaign dialog of the Evaluate workspace: every option `gauntlet campaigns create` has
// (issue 20), in one form: name, protocol, stages and rule form, Likert scales, annotators and
// redundancy, items per annotator, shuffle seed and system order, hidden system names, the
// instructions, which examples (status, human reference as a system), Appraise bad references and
// attention checks with known answers (tutorial, loud, silent) from a file, and augmented
// examples' seeds as a paired control (issue 21).
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_setup.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;

namespace gauntlet {

class NewCampaignDialog : public QDialog {
    Q_OBJECT
public:
    /// `profiles`: the annotators offered at first (this machine's profiles).
    explicit NewCampaignDialog(const QStringList &profiles, QWidget *parent = nullptr);

    /// The campaign's definition: name, protocol, Likert scales and options (no items yet).
    evaluate::Campaign definition() const;
    /// How the items are built. Throws EvaluateError naming the attention-check file when it
    /// cannot be read or is malformed (evaluate::readCheckItems).
    evaluate::CampaignSetup setup() const;
    QStringList annotators() const;

private:
    // The constructor's steps: the fields' objectNames (the tests find the fields by them; the
    // paired-seeds box is made here), their choices and defaults, the attention-checks row with its
    // Browse button, and the scrolling form above the buttons.
    void nameFields();
    void setDefaults(const QStringList &profiles);
    QHBoxLayout *checksRow();
    void layOut(QHBoxLayout *checksRow);
    void updateEnabled();

    QLineEdit *m_name;
    QComboBox *m_protocol;
    QCheckBox *m_twoStage;
    QCheckBox *m_ruleForm;
    QListWidget *m_scales;
    QLineEdit *m_annotators;
    QSpinBox *m_redundancy;
    QSpinBox *m_perAnnotator;
    QSpinBox *m_seed;
    QCheckBox *m_shuffle;
    QCheckBox *m_hideNames;
    QPlainTextEdit *m_instructions;
    QComboBox *m_status;
    QCheckBox *m_includeReference;
    QSpinBox *m_badReferences;
    QCheckBox *m_characterBased;
    QCheckBox *m_pairedSeeds;
    QLineEdit *m_checks;
};

}  // namespace gauntlet
