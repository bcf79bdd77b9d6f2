// The Evaluate workspace: human rating sessions on the project's campaigns (papers.md: cESA as
// run in Pearmut for LTB, ESA, Likert, the LTB rule form). "Annotate": pick a campaign and an
// annotator profile (several annotators can share one machine) and work through the queue; every
// answer is saved the moment it is given (autosave of the unfinished item, the complete answer on
// Next). "Results" (evaluate_results_page.h): per system mean with 95% interval and rank, spans by
// severity, stage shift, agreement, rank agreement with automatic rankings and annotator quality;
// export JSONL / CSV, hand out packages and import result files. Campaigns are built with New
// Campaign... or `gauntlet campaigns create`.
#pragma once

#include "engine/evaluate/campaign.h"

#include <QWidget>

#include <functional>
#include <memory>

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace gauntlet {

class AnnotationPanel;
class ResultsPage;
namespace evaluate { class CampaignStore; }
namespace evaluate { struct CampaignSetup; }
namespace evaluate { struct CampaignSummary; }
namespace storage { class Project; }

class EvaluateWorkspace : public QWidget {
    Q_OBJECT
public:
    explicit EvaluateWorkspace(QWidget *parent = nullptr);
    ~EvaluateWorkspace() override;

    void setProject(storage::Project *project);
    AnnotationPanel *annotationPanel() const { return m_panel; }
    QComboBox *campaignBox() const { return m_campaigns; }
    /// The annotator profiles: those with a queue in the current campaign first, then the other
    /// local profiles of this machine (CampaignStore::profiles).
    QComboBox *annotatorBox() const { return m_annotators; }
    QPushButton *newProfileButton() const { return m_newProfile; }
    ResultsPage *resultsPage() const { return m_resultsPage; }
    QTableWidget *resultsTable() const;
    QLabel *agreementLabel() const;
    QTabWidget *tabs() const { return m_tabs; }
    QChartView *chartView() const;
    QLabel *statusLabel() const { return m_status; }

    /// Builds a campaign from the project's examples (buildCampaignFromExamples), stores it and
    /// assigns it; returns an empty string, or the reason it was refused (nothing is stored then).
    QString createCampaign(const QString &name, evaluate::Protocol protocol, bool twoStage, bool ruleForm, int redundancy,
                           const QStringList &annotators);
    /// The same with every option (the New Campaign dialog): `definition` gives name, protocol,
    /// scales and options; `setup` which examples, bad references and attention checks (buildCampaign).
    QString createCampaign(const evaluate::Campaign &definition, const evaluate::CampaignSetup &setup, const QStringList &annotators);
    /// Adds a local annotator profile (several annotators on one machine) and selects it; returns
    /// an empty string, or the reason it was refused (empty, too long or existing name).
    QString addProfile(const QString &name);
    /// On an annotator's machine: adds the campaign package at `path` (CampaignStore::importPackage),
    /// makes its annotator a local profile and selects both; returns an empty string, or the
    /// reason it was refused (unreadable, not a package, already here).
    QString openPackage(const QString &path);
    /// On the organiser's machine: imports the annotator's result file at `path`
    /// (CampaignStore::importResults) and shows the campaign it went into. When the file belongs
    /// to another campaign than the selected one, asks first, naming both. Returns an empty
    /// string, or why nothing was imported (unreadable, refused by the store, declined).
    QString importResultFile(const QString &path);

public Q_SLOTS:
    void reload();
    void newCampaignDialog();
    void newProfileDialog();
    void start();
    void showResults();

private:
    void exportResults(bool jsonl);
    void importResultFileDialog();
    void exportPackageFile();
    /// Asks where to save a file of the chosen campaign for the chosen annotator (dialog `title`,
    /// suggested name the annotator's plus `suffix`) and writes what `bytes(campaign, annotator)`
    /// returns; a thrown error or an unwritable file is shown in a warning titled `failedTitle`.
    /// Reads the whole of `path` for an import into the open project; returns why it cannot (no
    /// project open, an unreadable file), or an empty string.
    QString readProjectInput(const QString &path, QByteArray *bytes) const;
    void saveAnnotatorFile(const QString &title, const QString &suffix, const QString &failedTitle,
                           const std::function<QByteArray(qint64 campaign, const QString &annotator)> &bytes);
    void fillAnnotators(const QString &select = {});
    QString campaignLabel(const evaluate::CampaignSummary &summary) const;
    void refreshCampaignLabels();

    storage::Project *m_project = nullptr;
    std::unique_ptr<evaluate::CampaignStore> m_store;
    QTabWidget *m_tabs;
    QComboBox *m_campaigns;
    QComboBox *m_annotators;
    QPushButton *m_start;
    QPushButton *m_newProfile;
    AnnotationPanel *m_panel;
    ResultsPage *m_resultsPage;
    QLabel *m_status;
};

}  // namespace gauntlet
