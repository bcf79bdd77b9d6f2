// The Augment workspace: composes the setup panel, Start/Stop, the job's queue, the error and
// warning panels and the Live, History and Compare tabs around one AugmentSession.
#include "app/workspaces/augment_workspace.h"
#include "engine/core/json_input.h"
#include "engine/ato/run_history.h"

#include "app/workspaces/augment_compare_page.h"
#include "app/workspaces/augment_history_page.h"
#include "app/workspaces/augment_live_page.h"
#include "app/workspaces/augment_queue_box.h"
#include "app/workspaces/augment_settings_form.h"
#include "app/workspaces/augment_status_widget.h"
#include "app/workspaces/run_mt_panel.h"
#include "engine/ato/ato_error.h"
#include "engine/ato/model_pack.h"
#include "engine/ato/run_store.h"
#include "engine/store/project.h"
#include "models/run_history_model.h"
#include "widgets/message_panel.h"
#include "widgets/objective_chart.h"
#include "widgets/trace_view.h"

#include <QAction>
#include <QDir>
#include <QFrame>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScrollArea>
#include "widgets/splitter_memory.h"
#include "engine/core/settings.h"

#include <algorithm>
#include <set>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gauntlet {

AugmentWorkspace::AugmentWorkspace(QWidget *parent)
    : QWidget(parent), m_session(new AugmentSession(this)), m_history(new RunHistoryModel(this))
{
    auto *setup = createSetupColumn();

    m_errorPanel = new MessagePanel(MessagePanel::Kind::Error, QStringLiteral("augmentErrorPanel"), this);
    m_warningPanel = new MessagePanel(MessagePanel::Kind::Warning, QStringLiteral("augmentWarningPanel"), this);

    m_live = new AugmentLivePage(m_session, this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_live, tr("&Live"));  // Alt+L, Alt+H, Alt+C (issue 34: the tabs had no shortcuts)
    m_historyPage = new AugmentHistoryPage(m_history, this);
    m_tabs->addTab(m_historyPage, tr("&History"));
    m_compare = new AugmentComparePage(m_history, this);
    m_tabs->addTab(m_compare, tr("&Compare"));
    connect(m_setup, &AugmentSetupPanel::errorOccurred, this, &AugmentWorkspace::showError);
    connect(m_historyPage, &AugmentHistoryPage::errorOccurred, this, &AugmentWorkspace::showError);
    connect(m_compare, &AugmentComparePage::errorOccurred, this, &AugmentWorkspace::showError);
    for (RunMtPanel *panel : {m_live->mtPanel(), m_historyPage->mtPanel()}) {
        connect(panel, &RunMtPanel::exampleCreated, this, [this](qint64 id) {
            m_historyPage->reloadHistory();  // the run's row counts its examples; the selection stays
            Q_EMIT exampleCreated(id);
        });
        connect(panel, &RunMtPanel::errorOccurred, this, &AugmentWorkspace::showError);
    }
    connect(m_historyPage, &AugmentHistoryPage::exampleRequested, this, &AugmentWorkspace::exampleRequested);
    connect(m_historyPage, &AugmentHistoryPage::runAgainRequested, this, [this](qint64 runId) {
        const QString error = runAgain(runId);
        if (!error.isEmpty())
            showError(error);
    });
    connect(m_historyPage, &AugmentHistoryPage::compareRequested, this, [this](qint64 left, qint64 right) {
        const QString error = compareRuns(left, right);
        if (!error.isEmpty())
            showError(error);
    });

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_errorPanel);
    rightLayout->addWidget(m_warningPanel);
    rightLayout->addWidget(m_tabs, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(setup);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({340, 900});  // the runs get the room; the setup panel scrolls (drag to widen it)
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    m_status = new AugmentStatusWidget(m_session, this);
    createActions();
    connectSession();
    updateButtons();
}

AugmentWorkspace::~AugmentWorkspace() = default;

QWidget *AugmentWorkspace::createSetupColumn()
{
    // Start / Stop above the settings and the queue below them: always in sight, never scrolled away
    m_setup = new AugmentSetupPanel;
    auto *outer = new QWidget(this);
    auto *buttons = new QHBoxLayout;
    m_start = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Start"), outer);
    m_start->setToolTip(tr("Run the selected seeds (Ctrl+R)"));
    m_stop = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("Stop"), outer);
    m_stop->setToolTip(tr("Stop after the current step; finished steps stay saved (Esc or Ctrl+.)"));
    for (QPushButton *b : {m_start, m_stop})
        b->setMinimumHeight(30);
    buttons->addWidget(m_start, 1);
    buttons->addWidget(m_stop, 1);
    connect(m_start, &QPushButton::clicked, this, [this] { startRun(); });
    connect(m_stop, &QPushButton::clicked, this, &AugmentWorkspace::stopRun);
    auto *queueBox = new AugmentQueueBox(m_session->queue(), outer);

    auto *scroll = new QScrollArea(outer);
    scroll->setWidget(m_setup);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *outerLayout = new QVBoxLayout(outer);
    outerLayout->setContentsMargins(0, 0, 0, 0);
    outerLayout->addLayout(buttons);
    outerLayout->addWidget(scroll, 1);
    outerLayout->addWidget(queueBox);
    // Wide enough for the setup's own minimum beside a vertical scroll bar, so it never scrolls
    // sideways (issue 34 item 11: Tab scrolled the labels out of sight); at least 340 px.
    scroll->setObjectName(QStringLiteral("augmentSetupScroll"));
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll) + 2;
    outer->setMinimumWidth(std::max(340, m_setup->minimumSizeHint().width() + scrollBar));
    outer->setMaximumWidth(std::max(460, outer->minimumWidth()));
    return outer;
}

void AugmentWorkspace::connectSession()
{
    // the live page and the status widget follow the job themselves; here: the history and the buttons
    connect(m_session, &AugmentSession::jobStarted, this, [this] {
        updateButtons();
        Q_EMIT runningChanged(true);
    });
    connect(m_session, &AugmentSession::runStarted, m_historyPage, &AugmentHistoryPage::reloadHistory);
    connect(m_session, &AugmentSession::runEnded, m_historyPage, &AugmentHistoryPage::reloadHistory);
    connect(m_session, &AugmentSession::errorOccurred, this, &AugmentWorkspace::showError);
    connect(m_session, &AugmentSession::warningOccurred, m_warningPanel, &MessagePanel::addMessage);
    connect(m_session, &AugmentSession::jobFinished, this, [this] {
        m_live->jobFinished(!errors().isEmpty());
        m_historyPage->reloadHistory();
        m_compare->refreshChoices();
        updateButtons();
        Q_EMIT runningChanged(false);
    });
}

void AugmentWorkspace::createActions()
{
    m_startAction = new QAction(tr("Start augmentation"), this);
    m_startAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_stopAction = new QAction(tr("Stop augmentation"), this);
    m_stopAction->setShortcuts({QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    m_nextAction = new QAction(tr("Next step"), this);
    m_nextAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence(Qt::CTRL | Qt::Key_BracketRight)});
    m_previousAction = new QAction(tr("Previous step"), this);
    m_previousAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::CTRL | Qt::Key_BracketLeft)});
    for (QAction *a : {m_startAction, m_stopAction, m_nextAction, m_previousAction}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    connect(m_startAction, &QAction::triggered, this, [this] {
        if (!isRunning())
            startRun();
    });
    connect(m_stopAction, &QAction::triggered, this, &AugmentWorkspace::stopRun);
    connect(m_nextAction, &QAction::triggered, this, [this] {
        if (TraceView *view = currentTrace())
            view->nextStep();
    });
    connect(m_previousAction, &QAction::triggered, this, [this] {
        if (TraceView *view = currentTrace())
            view->previousStep();
    });
}

void AugmentWorkspace::setProject(storage::Project *project)
{
    m_project = project;
    m_history->setDatabase(project ? &project->database() : nullptr);
    m_setup->setProject(project);
    m_historyPage->setProject(project);
    m_live->setProject(project);
    m_compare->setProject(project);
    updateButtons();
}

void AugmentWorkspace::setSettings(core::Settings *settings)
{
    // The chosen tab and every splitter's position come back at the next launch (issue 34 item 14).
    if (settings && !m_layoutRemembered) {
        m_layoutRemembered = true;
        rememberSplitters(this, settings, QStringLiteral("augment/splitters"));
        const int tab = settings->value("augment/tab", 0).toInt();
        if (tab >= 0 && tab < m_tabs->count())
            m_tabs->setCurrentIndex(tab);
        connect(m_tabs, &QTabWidget::currentChanged, this, [settings](int index) { settings->setValue("augment/tab", index); });
    }
    m_setup->setSettings(settings);
    m_live->mtPanel()->setSettings(settings);
    m_historyPage->mtPanel()->setSettings(settings);
}

QString AugmentWorkspace::reload()
{
    const QString error = m_setup->reload();
    const QString historyError = m_history->reload();
    m_compare->refreshChoices();
    return error.isEmpty() ? historyError : error;
}

QString AugmentWorkspace::runAgain(qint64 runId)
{
    if (!m_project)
        return tr("Open a project first.");
    if (isRunning())
        return tr("A run is going on; stop it or wait for it before running another.");
    std::optional<ato::RunSummary> run;
    ato::AtoConfig config;
    try {
        run = ato::RunHistory(m_project->database()).run(runId);
        if (!run)
            return tr("There is no run %1.").arg(runId);
        config = ato::configFromJson(core::parseJson(run->configJson.toStdString()));
    } catch (const std::exception &e) {
        return tr("Run %1 cannot be run again: %2").arg(QString::number(runId), QString::fromUtf8(e.what()));
    }
    // Its seed and every search setting it ran with; the model pack is the one chosen now.
    setForm(config);
    setTypedSeeds(run->seedText);
    showTab(LiveTab);
    return startRun() ? QString() : tr("Run %1 could not start again; the message above says why.").arg(runId);
}

bool AugmentWorkspace::startRun()
{
    if (isRunning())
        return false;
    // The messages of an earlier run go with it (issue 34: an error stayed up through later
    // successful runs); what this start finds is shown below.
    m_errorPanel->clearMessages();
    m_warningPanel->clearMessages();
    if (!m_project) {
        showError(tr("Open a project first (File > Open Project): every run is stored in it."));
        return false;
    }
    const std::vector<augment::SeedItem> seeds = m_setup->chosenSeeds();
    if (seeds.empty()) {
        showError(tr("No seed chosen: select one or more seeds in the list, or type a seed text."));
        return false;
    }
    ato::AtoConfig config;
    try {
        config = configFromForm();
        config.validate();
    } catch (const ato::AtoError &e) {
        showError(tr("The search settings are not valid: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    // Every search setting (B, K, N, R, T, lambdas, guards, ...) is remembered for the next launch,
    // as the method is (issue 18); the model folders come from the pack, not from here.
    m_setup->rememberSearchSettings(config);
    const QString folder = modelPackFolder();
    if (folder.isEmpty()) {
        showError(tr("No model pack: the default pack was not found. Choose a model pack folder under Models."));
        return false;
    }
    const ato::ModelPack pack = ato::modelPackAt(folder);
    if (pack.folder.isEmpty() || pack.difficulty.isEmpty()) {
        showError(tr("The model folder %1 cannot be used: it holds no difficulty model (difficulty/ or sentinel/).")
                      .arg(QDir::toNativeSeparators(folder)));
        return false;
    }
    ato::applyModelPack(config, pack);
    std::vector<augment::SeedItem> toRun = seeds;
    if (m_setup->skipFinishedSeeds()) {
        std::set<QString> done;
        try {
            done = ato::RunStore::finishedSeedTexts(m_project->database(), QString::fromStdString(ato::methodLabel(config)), config);
        } catch (const std::exception &e) {
            showError(tr("Cannot read the project's finished runs: %1").arg(QString::fromUtf8(e.what())));
            return false;
        }
        toRun.clear();
        for (const augment::SeedItem &seed : seeds)
            if (!done.count(QString::fromStdString(seed.text)))
                toRun.push_back(seed);
        if (toRun.empty()) {
            showError(tr("All %n chosen seed(s) already have a finished run with these settings; uncheck 'Skip seeds already "
                         "finished' to run them again.", nullptr, int(seeds.size())));
            return false;
        }
        if (toRun.size() < seeds.size())
            m_warningPanel->addMessage(tr("%n seed(s) skipped: they already have a finished run with these settings.", nullptr,
                                          int(seeds.size() - toRun.size())));
    }
    m_live->prepareJob();
    showTab(LiveTab);
    if (!m_session->start(config, toRun, m_project->path()))
        return false;
    updateButtons();
    return true;
}

void AugmentWorkspace::stopRun()
{
    if (!isRunning())
        return;
    m_session->stop();
    m_status->showStopping();
    m_stop->setEnabled(false);
}

bool AugmentWorkspace::isRunning() const
{
    return m_session->isRunning();
}

void AugmentWorkspace::updateButtons()
{
    const bool running = isRunning();
    m_start->setEnabled(!running && m_project);
    m_stop->setEnabled(running);
    m_startAction->setEnabled(!running);
    m_stopAction->setEnabled(running);
}

void AugmentWorkspace::showError(const QString &message)
{
    m_errorPanel->addMessage(message);
}

QStringList AugmentWorkspace::errors() const { return m_errorPanel->messages(); }
void AugmentWorkspace::clearErrors() { m_errorPanel->clearMessages(); }
QStringList AugmentWorkspace::warnings() const { return m_warningPanel->messages(); }
void AugmentWorkspace::clearWarnings() { m_warningPanel->clearMessages(); }
QWidget *AugmentWorkspace::statusWidget() const { return m_status; }
QProgressBar *AugmentWorkspace::progressBar() const { return m_status->progressBar(); }
QString AugmentWorkspace::etaText() const { return m_status->etaText(); }

QCheckBox *AugmentWorkspace::grammarGuardBox() const { return m_setup->settingsForm()->grammarGuardBox(); }
QCheckBox *AugmentWorkspace::wordRelationsBox() const { return m_setup->settingsForm()->wordRelationsBox(); }
QCheckBox *AugmentWorkspace::trigramContextBox() const { return m_setup->settingsForm()->trigramContextBox(); }
QCheckBox *AugmentWorkspace::vocabularyGuardBox() const { return m_setup->settingsForm()->vocabularyGuardBox(); }

TraceView *AugmentWorkspace::liveView() const { return m_live->view(); }
RunMtPanel *AugmentWorkspace::liveMtPanel() const { return m_live->mtPanel(); }
RunMtPanel *AugmentWorkspace::historyMtPanel() const { return m_historyPage->mtPanel(); }
TraceView *AugmentWorkspace::replayView() const { return m_historyPage->replayView(); }
TraceView *AugmentWorkspace::compareView(int side) const { return m_compare->view(side); }
QTableView *AugmentWorkspace::historyView() const { return m_historyPage->historyView(); }
QString AugmentWorkspace::replayRun(qint64 runId) { return m_historyPage->replayRun(runId); }
QString AugmentWorkspace::exportRunJsonl(qint64 runId, const QString &path) { return m_historyPage->exportRunJsonl(runId, path); }
QString AugmentWorkspace::exportRunCsv(qint64 runId, const QString &path) { return m_historyPage->exportRunCsv(runId, path); }

QString AugmentWorkspace::compareRuns(qint64 left, qint64 right)
{
    const QString error = m_compare->compareRuns(left, right);
    if (error.isEmpty())
        showTab(CompareTab);
    return error;
}

TraceView *AugmentWorkspace::currentTrace() const
{
    switch (currentTab()) {
    case LiveTab: return liveView();
    case HistoryTab: return replayView();
    case CompareTab: return compareView(0);
    }
    return liveView();
}

QString AugmentWorkspace::saveChart(const QString &path)
{
    TraceView *view = currentTrace();
    if (!view || view->stepCount() == 0)
        return tr("There is no chart to save yet.");
    return view->chart()->save(path);
}

void AugmentWorkspace::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

AugmentWorkspace::Tab AugmentWorkspace::currentTab() const
{
    return Tab(m_tabs->currentIndex());
}

}  // namespace gauntlet
