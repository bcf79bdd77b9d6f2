#include "app/workspaces/evaluate_workspace.h"
#include "engine/core/save_file.h"
#include "engine/core/names.h"

#include "app/workspaces/evaluate_adjudication_page.h"

#include "app/workspaces/evaluate_annotation.h"
#include "app/workspaces/evaluate_new_campaign.h"
#include "engine/augment/paired_seeds.h"
#include "app/workspaces/evaluate_results_page.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/campaign_setup.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/verify/example_store.h"
#include "engine/store/project.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <functional>

namespace gauntlet {

using namespace evaluate;

namespace {

/// Asks for a file (dialog `title`, `filter`) and gives it to `read`; an error `read` returns is
/// shown under `refusedTitle`. Nothing happens when the dialog is cancelled.
void readChosenFile(QWidget *parent, const QString &title, const QString &filter, const QString &refusedTitle,
                    const std::function<QString(const QString &)> &read)
{
    const QString path = QFileDialog::getOpenFileName(parent, title, QString(), filter);
    if (path.isEmpty())
        return;
    const QString error = read(path);
    if (!error.isEmpty())
        QMessageBox::warning(parent, refusedTitle, error);
}

}  // namespace

EvaluateWorkspace::EvaluateWorkspace(QWidget *parent)
    : QWidget(parent), m_tabs(new QTabWidget(this)), m_campaigns(new QComboBox(this)), m_annotators(new QComboBox(this)),
      m_start(new QPushButton(tr("Start"), this)), m_newProfile(new QPushButton(tr("New Profile..."), this)),
      m_panel(new AnnotationPanel(this)), m_resultsPage(new ResultsPage(this)), m_status(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *campaignLabel = new QLabel(tr("&Campaign:"), this);
    campaignLabel->setBuddy(m_campaigns);
    top->addWidget(campaignLabel);
    top->addWidget(m_campaigns, 2);
    auto *annotatorLabel = new QLabel(tr("&Annotator:"), this);
    annotatorLabel->setBuddy(m_annotators);
    top->addWidget(annotatorLabel);
    top->addWidget(m_annotators, 1);
    m_annotators->setToolTip(tr("Who is annotating: several annotators can share this machine, each under their own profile."));
    m_newProfile->setToolTip(tr("Add an annotator profile on this machine (Ctrl+Shift+P)."));
    m_newProfile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    top->addWidget(m_newProfile);
    m_start->setToolTip(tr("Annotate the chosen campaign as the chosen profile, from the first unanswered item (Ctrl+R)."));
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    top->addWidget(m_start);
    auto *create = new QPushButton(tr("New Campaign..."), this);
    create->setToolTip(tr("Build a campaign from the project's examples and hand it to annotators."));
    auto *receive = new QPushButton(tr("Open Package..."), this);
    receive->setToolTip(tr("On an annotator's machine: add a campaign package received from the organiser."));
    auto *results = new QPushButton(tr("Save Result File..."), this);
    results->setToolTip(tr("On an annotator's machine: write this annotator's answers for the organiser."));
    // the organiser's and the annotator's file actions on a second row: the campaign name stays readable
    auto *files = new QHBoxLayout;
    files->addWidget(create);
    files->addWidget(receive);
    files->addWidget(results);
    files->addStretch(1);
    connect(create, &QPushButton::clicked, this, [this] { newCampaignDialog(); });
    connect(receive, &QPushButton::clicked, this, [this] {
        if (m_store)
            readChosenFile(this, tr("Open Package"), tr("JSON (*.json)"), tr("Package refused"),
                           [this](const QString &path) { return openPackage(path); });
    });
    connect(results, &QPushButton::clicked, this, [this] {
        saveAnnotatorFile(tr("Save Result File"), QStringLiteral("-results.json"), tr("Not saved"),
                          [this](qint64 campaign, const QString &annotator) { return m_store->exportResults(campaign, annotator); });
    });
    layout->addLayout(top);
    layout->addLayout(files);
    layout->addWidget(m_tabs, 1);
    m_tabs->addTab(m_panel, tr("Annotate"));

    m_tabs->addTab(m_resultsPage, tr("Results"));
    m_tabs->addTab(new AdjudicationPage(this), tr("Adjudicate"));  // issue 20, item 14
    layout->addWidget(m_status);

    // Refresh also picks up campaigns made meanwhile (by `gauntlet campaigns create`, say).
    connect(m_resultsPage, &ResultsPage::refreshRequested, this, [this] {
        QList<qint64> listed, stored;
        for (int i = 0; i < m_campaigns->count(); ++i)
            listed << m_campaigns->itemData(i).toLongLong();
        try {
            if (m_store)
                for (const evaluate::CampaignSummary &s : m_store->campaigns())
                    stored << s.id;
        } catch (const std::exception &) {
        }
        if (listed != stored)
            reload();
        else
            showResults();
    });
    connect(m_resultsPage, &ResultsPage::exportRequested, this, &EvaluateWorkspace::exportResults);
    connect(m_resultsPage, &ResultsPage::exportPackageRequested, this, &EvaluateWorkspace::exportPackageFile);
    connect(m_resultsPage, &ResultsPage::importRequested, this, &EvaluateWorkspace::importResultFileDialog);
    connect(m_start, &QPushButton::clicked, this, &EvaluateWorkspace::start);
    connect(m_campaigns, &QComboBox::currentIndexChanged, this, [this] {
        m_panel->close();
        fillAnnotators();  // keeps the chosen profile
        showResults();
    });
    connect(m_annotators, &QComboBox::currentIndexChanged, this, [this] {
        // one annotator's screen never stays open under another's name
        if (m_panel->isEnabled()) {
            m_panel->close();
            m_status->setText(tr("Press Start to annotate as %1.").arg(m_annotators->currentText()));
        }
    });
    connect(m_newProfile, &QPushButton::clicked, this, &EvaluateWorkspace::newProfileDialog);
    // the campaign's "n/m answers" follows every answer, not only the end of the queue (issue 20)
    connect(m_panel, &AnnotationPanel::answerSaved, this, &EvaluateWorkspace::refreshCampaignLabels);
    connect(m_panel, &AnnotationPanel::finished, this, [this] {
        m_status->setText(tr("Queue finished; the answers are saved."));
        refreshCampaignLabels();
    });
    setEnabled(false);
}

EvaluateWorkspace::~EvaluateWorkspace() = default;

QTableWidget *EvaluateWorkspace::resultsTable() const
{
    return m_resultsPage->table();
}

QLabel *EvaluateWorkspace::agreementLabel() const
{
    return m_resultsPage->statisticsLabel();
}

QChartView *EvaluateWorkspace::chartView() const
{
    return m_resultsPage->chartView();
}

void EvaluateWorkspace::setProject(storage::Project *project)
{
    m_panel->close();
    m_project = project;
    m_store = project ? std::make_unique<evaluate::CampaignStore>(project->database()) : nullptr;
    setEnabled(project != nullptr);
    reload();
}

void EvaluateWorkspace::reload()
{
    const QVariant current = m_campaigns->currentData();
    m_panel->close();  // the lists are rebuilt: nothing stays open under a stale selection
    {
        const QSignalBlocker block(m_campaigns);
        m_campaigns->clear();
        if (m_store) {
            try {
                for (const evaluate::CampaignSummary &s : m_store->campaigns())
                    m_campaigns->addItem(campaignLabel(s), s.id);
            } catch (const std::exception &e) {
                m_status->setText(QString::fromStdString(e.what()));
            }
            const int keep = m_campaigns->findData(current);
            m_campaigns->setCurrentIndex(keep >= 0 ? keep : (m_campaigns->count() > 0 ? 0 : -1));
        }
    }
    fillAnnotators();  // keeps the chosen profile
    showResults();
    if (m_store && m_campaigns->count() == 0)
        m_status->setText(tr("No campaigns yet: create one with New Campaign... or 'gauntlet campaigns create'."));
}

void EvaluateWorkspace::fillAnnotators(const QString &select)
{
    const QString keep = select.isEmpty() ? m_annotators->currentText() : select;
    const QSignalBlocker block(m_annotators);
    m_annotators->clear();
    if (!m_store)
        return;
    QStringList queued;
    if (m_campaigns->currentIndex() >= 0)
        queued = m_store->annotators(m_campaigns->currentData().toLongLong());
    for (const QString &name : queued) {
        m_annotators->addItem(name, true);
        m_annotators->setItemData(m_annotators->count() - 1, tr("%1 has a queue in this campaign").arg(name), Qt::ToolTipRole);
    }
    for (const QString &name : m_store->profiles()) {
        if (queued.contains(name))
            continue;
        m_annotators->addItem(name, false);
        m_annotators->setItemData(m_annotators->count() - 1, tr("%1 has no items in this campaign").arg(name), Qt::ToolTipRole);
    }
    const int index = m_annotators->findText(keep);
    m_annotators->setCurrentIndex(index >= 0 ? index : (m_annotators->count() > 0 ? 0 : -1));
}

QString EvaluateWorkspace::readProjectInput(const QString &path, QByteArray *bytes) const
{
    if (!m_store)
        return tr("No project is open.");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("Cannot read %1: %2").arg(path, file.errorString());
    *bytes = file.readAll();
    return {};
}

QString EvaluateWorkspace::openPackage(const QString &path)
{
    QByteArray bytes;
    if (const QString error = readProjectInput(path, &bytes); !error.isEmpty())
        return error;
    try {
        const QString annotator = parsePackage(bytes, path).annotator;
        const qint64 id = m_store->importPackage(bytes, path);
        if (!m_store->profiles().contains(annotator))  // the package's annotator becomes a profile here
            m_store->addProfile(annotator);
        reload();
        m_campaigns->setCurrentIndex(m_campaigns->findData(id));
        fillAnnotators(annotator);
        m_status->setText(tr("Package for %1 added: press Start to annotate.").arg(annotator));
        return {};
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
}

QString EvaluateWorkspace::addProfile(const QString &name)
{
    if (!m_store)
        return tr("No project is open.");
    try {
        m_store->addProfile(name);
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
    fillAnnotators(name.trimmed());
    m_panel->close();
    m_status->setText(tr("Profile %1 added.").arg(name.trimmed()));
    return {};
}

void EvaluateWorkspace::newProfileDialog()
{
    if (!m_store)
        return;
    for (;;) {
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("New Annotator Profile"),
                                                   tr("Name of the annotator (1 to 100 characters, unique on this machine):"),
                                                   QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return;
        const QString error = addProfile(name);
        if (error.isEmpty())
            return;
        QMessageBox::warning(this, tr("Profile not added"), error);
    }
}

QString EvaluateWorkspace::campaignLabel(const evaluate::CampaignSummary &s) const
{
    return tr("%1 (%2, %3/%4 answers)").arg(s.name, protocolName(s.protocol)).arg(s.answers).arg(s.expectedAnswers);
}

void EvaluateWorkspace::refreshCampaignLabels()
{
    if (!m_store)
        return;
    for (const evaluate::CampaignSummary &s : m_store->campaigns()) {
        const int index = m_campaigns->findData(s.id);
        if (index >= 0)
            m_campaigns->setItemText(index, campaignLabel(s));
    }
}

void EvaluateWorkspace::start()
{
    if (!m_store || m_campaigns->currentIndex() < 0 || m_annotators->currentText().isEmpty())
        return;
    if (!m_annotators->currentData().toBool()) {
        m_status->setText(tr("%1 has no items in this campaign. Choose another profile, or, on an annotator's machine, "
                             "open the package the organiser made for %1.").arg(m_annotators->currentText()));
        return;
    }
    try {
        m_panel->open(m_store.get(), m_campaigns->currentData().toLongLong(), m_annotators->currentText());
        m_tabs->setCurrentIndex(0);
        m_status->setText(tr("Annotating as %1.").arg(m_annotators->currentText()));
    } catch (const std::exception &e) {
        QMessageBox::warning(this, tr("Cannot start"), QString::fromStdString(e.what()));
    }
}

void EvaluateWorkspace::showResults()
{
    m_resultsPage->clear();
    if (!m_store || m_campaigns->currentIndex() < 0)
        return;
    refreshCampaignLabels();  // answer counts in the campaign list
    m_resultsPage->showCampaign(*m_store, m_project->database(), m_campaigns->currentData().toLongLong());
    findChild<AdjudicationPage *>()->showCampaign(&m_project->database(), m_campaigns->currentData().toLongLong());
}

QString EvaluateWorkspace::createCampaign(const QString &name, Protocol protocol, bool twoStage, bool ruleForm, int redundancy,
                                          const QStringList &annotators)
{
    Campaign c;
    c.name = name;
    c.protocol = protocol;
    c.options.twoStage = twoStage;
    c.options.ruleForm = ruleForm;
    c.options.redundancy = redundancy;
    if (protocol == Protocol::Likert)
        for (const QString &scale : LikertScale::namedScales())
            c.scales << LikertScale::named(scale);
    return createCampaign(c, evaluate::CampaignSetup{}, annotators);
}

QString EvaluateWorkspace::createCampaign(const Campaign &definition, const evaluate::CampaignSetup &setup, const QStringList &annotators)
{
    if (!m_store)
        return tr("No project is open.");
    try {
        Campaign c = definition;
        verify::ExampleStore examples(m_project->database());
        const evaluate::ExampleSelection sel = evaluate::buildCampaign(examples, c, setup);
        augment::PairedSeedReport paired;
        if (setup.pairedSeeds)
            paired = augment::addPairedSeedItems(m_project->database(), c);
        const qint64 id = m_store->createCampaign(c);
        try {
            m_store->assign(id, annotators);
        } catch (...) {
            m_store->removeCampaign(id);  // nothing half-made stays behind
            throw;
        }
        for (const QString &n : annotators) {  // they may annotate on this machine: each gets a profile
            try {
                if (!m_store->profiles().contains(n.trimmed()))
                    m_store->addProfile(n);
            } catch (const std::exception &) {
                // the campaign stands; a name that cannot be a profile still has its queue
            }
        }
        reload();
        m_campaigns->setCurrentIndex(m_campaigns->findData(id));
        QString status = tr("Campaign '%1': %2, %3 skipped (too few MT outputs).").arg(c.name, tr("%n example(s) used", "", int(sel.examples))).arg(sel.skipped);
        if (setup.pairedSeeds) {
            status += QLatin1Char(' ') + tr("%1 seed items paired with augmented examples, %2 not paired.").arg(paired.paired).arg(paired.skipped);
            if (!paired.problems.isEmpty())
                status += QLatin1Char('\n') + paired.problems.join(QLatin1Char('\n'));
        }
        m_status->setText(status);
        return {};
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
}

void EvaluateWorkspace::newCampaignDialog()
{
    NewCampaignDialog dialog(m_store ? m_store->profiles() : QStringList(), this);
    for (;;) {
        if (dialog.exec() != QDialog::Accepted)
            return;
        QString error;
        try {
            error = createCampaign(dialog.definition(), dialog.setup(), dialog.annotators());
        } catch (const std::exception &e) {  // an unreadable attention-check file
            error = QString::fromStdString(e.what());
        }
        if (error.isEmpty())
            return;
        QMessageBox::warning(&dialog, tr("Campaign not created"), error);
    }
}

void EvaluateWorkspace::exportResults(bool jsonl)
{
    if (!m_store || m_campaigns->currentIndex() < 0)
        return;
    const QString path = QFileDialog::getSaveFileName(this, jsonl ? tr("Export JSONL") : tr("Export CSV"), QString(),
                                                      jsonl ? tr("JSON lines (*.jsonl)") : tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    const qint64 id = m_campaigns->currentData().toLongLong();
    const Campaign c = m_store->campaign(id);
    const QVector<RatedItem> rated = m_store->ratedItems(id);
    const QByteArray bytes = jsonl ? resultsJsonl(c, rated) : resultsCsv(c, rated);
    if (const QString why = core::saveFile(path, bytes); !why.isEmpty())
        QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1: %2").arg(path, why));
}

void EvaluateWorkspace::exportPackageFile()
{
    saveAnnotatorFile(tr("Export Package"), QStringLiteral(".json"), tr("Export failed"),
                      [this](qint64 campaign, const QString &annotator) { return m_store->exportPackage(campaign, annotator); });
}

void EvaluateWorkspace::saveAnnotatorFile(const QString &title, const QString &suffix, const QString &failedTitle,
                                          const std::function<QByteArray(qint64 campaign, const QString &annotator)> &bytes)
{
    if (!m_store || m_campaigns->currentIndex() < 0 || m_annotators->currentText().isEmpty())
        return;
    const QString path = QFileDialog::getSaveFileName(this, title, core::safeFileName(m_annotators->currentText()) + suffix, tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    try {
        if (const QString why = core::saveFile(path, bytes(m_campaigns->currentData().toLongLong(), m_annotators->currentText())); !why.isEmpty())
            throw std::runtime_error(why.toStdString());
    } catch (const std::exception &e) {
        QMessageBox::warning(this, failedTitle, QString::fromStdString(e.what()));
    }
}

void EvaluateWorkspace::importResultFileDialog()
{
    if (m_store)
        readChosenFile(this, tr("Import Result File"), tr("JSON (*.json)"), tr("Import refused"),
                       [this](const QString &path) { return importResultFile(path); });
}

QString EvaluateWorkspace::importResultFile(const QString &path)
{
    QByteArray bytes;
    if (const QString error = readProjectInput(path, &bytes); !error.isEmpty())
        return error;
    try {
        const ResultFile results = parseResults(bytes, path);
        // the campaign the file belongs to, against the selected one (issue 20: a file of another
        // campaign was imported with only a line in the status bar)
        const QString fileName = QFileInfo(path).fileName();
        const qint64 selected = m_campaigns->currentIndex() >= 0 ? m_campaigns->currentData().toLongLong() : 0;
        std::optional<evaluate::CampaignSummary> target;
        QString selectedName;
        for (const evaluate::CampaignSummary &s : m_store->campaigns()) {
            if (s.uid == results.campaignUid)
                target = s;
            if (s.id == selected)
                selectedName = s.name;
        }
        const QString targetName = target ? target->name : (results.campaignName.isEmpty() ? results.campaignUid : results.campaignName);
        if (!target && selected)
            return tr("Not imported: %1 holds answers of campaign '%2', which is not in this project (campaign '%3' is selected).")
                .arg(fileName, targetName, selectedName);
        if (target && selected && target->id != selected) {
            QMessageBox box(QMessageBox::Question, tr("Import Result File"),
                            tr("%1 holds answers of %2 for campaign '%3', but campaign '%4' is selected.")
                                .arg(fileName, results.annotator, targetName, selectedName),
                            QMessageBox::Cancel, this);
            QPushButton *into = box.addButton(tr("Import into '%1'").arg(targetName), QMessageBox::AcceptRole);
            box.setDefaultButton(QMessageBox::Cancel);
            box.exec();
            if (box.clickedButton() != into)
                return tr("Not imported: %1 belongs to campaign '%2', not to the selected '%3'.").arg(fileName, targetName, selectedName);
        }
        const evaluate::ImportReport r = m_store->importResults(bytes, path);
        reload();
        if (target)
            m_campaigns->setCurrentIndex(m_campaigns->findData(target->id));
        m_status->setText(tr("Imported %n answer(s) of %1 into '%2'.", "", int(r.answers)).arg(r.annotator, r.campaignName));
        return {};
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
}

}  // namespace gauntlet
