// The Augment workspace's MT bar: its buttons, the Systems menu, the archive's context menu and the
// translations shown in the best path; the translation runs and Create Example are in
// run_mt_panel_runs.cpp.
#include "app/workspaces/run_mt_panel.h"

#include "app/workspaces/background_job.h"
#include "engine/core/arg_text.h"

#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "models/best_path.h"
#include "models/candidate_archive_model.h"
#include "widgets/best_path_view.h"
#include "widgets/trace_view.h"

#include <QAction>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>

#include <algorithm>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace gauntlet {

namespace {

QPushButton *makeButton(QWidget *parent, const QString &name, const QString &text, const QString &tip)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(name);
    b->setToolTip(tip);
    return b;
}

}  // namespace

QString RunMtPanel::systemLabel(const augment::RunTranslation &t)
{
    return t.systemKind == QLatin1String("apertium") ? t.system : QStringLiteral("%1 \u2192 %2").arg(t.system, t.targetLanguage);
}

RunMtPanel::RunMtPanel(TraceView *view, const QString &objectPrefix, QWidget *parent)
    : QWidget(parent), m_view(view), m_job(new BackgroundJob(this))
{
    setObjectName(objectPrefix + QStringLiteral("MtPanel"));
    m_translate = makeButton(this, objectPrefix + QStringLiteral("TranslateButton"), tr("Translate"),
                             tr("Translate the seed, the best text of each step and the output with the MT systems checked under Systems (Ctrl+T)"));
    m_systems = new QPushButton(tr("Systems"), this);
    m_systems->setObjectName(objectPrefix + QStringLiteral("MtSystemsButton"));
    m_systems->setToolTip(tr("The project's MT systems to translate with: Apertium by default; chat endpoints spend requests from "
                             "the run's budget; manual systems have nothing to compute"));
    m_systems->setMenu(new QMenu(m_systems));
    connect(m_systems->menu(), &QMenu::aboutToShow, this, &RunMtPanel::fillSystemsMenu);
    m_cancelButton = makeButton(this, objectPrefix + QStringLiteral("MtCancelButton"), tr("Cancel"),
                                tr("Stop translating; finished translations stay stored"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(objectPrefix + QStringLiteral("MtProgress"));
    // As wide as its longest text ("Translating: 888 of 888", in the UI language): it was cut
    // to "ranslating: 1 of 8" (issue 34 item 13).
    const int progressText = m_progress->fontMetrics().horizontalAdvance(tr("Translating: %1 of %2").arg(888).arg(888)) + 40;
    m_progress->setMinimumWidth(progressText);
    m_progress->setMaximumWidth(std::max(220, progressText));
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_createExample = makeButton(this, objectPrefix + QStringLiteral("CreateExampleButton"), tr("Create Example"),
                                 tr("A draft example in Contribute from the run's output (the best text so far while it runs), with "
                                    "its translations as MT outputs (Ctrl+E)"));
    m_status = new QLabel(this);
    m_status->setObjectName(objectPrefix + QStringLiteral("MtStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_translate, &QPushButton::clicked, this, &RunMtPanel::translatePath);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunMtPanel::cancel);
    connect(m_createExample, &QPushButton::clicked, this, &RunMtPanel::createExample);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_translate);
    row->addWidget(m_systems);
    row->addWidget(m_progress);
    row->addWidget(m_cancelButton);
    row->addWidget(m_status, 1);
    row->addWidget(m_createExample);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addLayout(row);

    // shortcuts while the page (or anything in it) has focus
    const auto shortcut = [this](QWidget *on, const QString &text, const QKeySequence &key, auto slot) {
        auto *a = new QAction(text, on);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        on->addAction(a);
        return a;
    };
    shortcut(parent ? parent : this, tr("Translate Best Path"), QKeySequence(Qt::CTRL | Qt::Key_T), [this] { translatePath(); });
    shortcut(parent ? parent : this, tr("Create Example"), QKeySequence(Qt::CTRL | Qt::Key_E), [this] { createExample(); });
    QTableView *archive = m_view->archiveView();
    archive->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_translateCandidate = shortcut(archive, tr("Translate Candidate"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T),
                                    [this] { translateSelectedCandidates(); });
    m_exampleFromCandidate = shortcut(archive, tr("Create Example from Candidate"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                                      [this] { createExampleFromSelectedCandidate(); });
    connect(m_job, &BackgroundJob::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, qMax(total, 1));
        m_progress->setValue(done);
        m_progress->setFormat(tr("Translating: %1 of %2").arg(done).arg(total));
    });
    // Cancelled or not, the report says what was done: finished translations stay stored.
    connect(m_job, &BackgroundJob::finished, this, [this](const QString &, const QString &error, bool) {
        finishTranslation(m_report ? *m_report : augment::RunTranslateReport{}, error);
    });
    updateButtons();
}

RunMtPanel::~RunMtPanel()
{
    // The call in flight ends (Apertium: about a second; a chat call: its timeout) before the
    // deliveries the job queues to this panel could outlive it.
    m_job->cancel();
    m_job->wait();
}

void RunMtPanel::setProject(storage::Project *project)
{
    cancel();
    m_job->wait();
    m_project = project;
    m_byText.clear();
    m_status->clear();
    updateButtons();
}

void RunMtPanel::showStoredTranslations()
{
    // A message about another run goes when this one is shown (issue 34: old messages lingered);
    // a translation still running keeps its progress line.
    if (!isBusy() && m_view->runId() != m_shownRun)
        m_status->clear();
    m_shownRun = m_view->runId();
    m_byText.clear();
    if (m_project && m_view->runId() > 0) {
        try {
            for (const augment::RunTranslation &t : augment::RunTranslationStore(m_project->database()).translations(m_view->runId()))
                addTranslation(t);
        } catch (const std::exception &e) {
            Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        }
    }
    m_view->setPathTranslations(m_byText);
    updateButtons();
}

void RunMtPanel::addTranslation(const augment::RunTranslation &t)
{
    QVector<PathTranslation> &list = m_byText[t.text];
    const PathTranslation entry{systemLabel(t), t.translation, t.unknownWords, {}};
    for (PathTranslation &p : list)
        if (p.system == entry.system) {
            p = entry;
            return;
        }
    list << entry;
}

QStringList RunMtPanel::chosenSystems() const
{
    QStringList names;
    if (!m_project)
        return names;
    try {
        for (const translate::MtSystemConfig &s : verify::ExampleStore(m_project->database()).mtSystems()) {
            if (s.kind == translate::MtSystemConfig::Kind::Manual)
                continue;
            if (m_choice.value(s.name, s.kind == translate::MtSystemConfig::Kind::Apertium))
                names << s.name;
        }
    } catch (const std::exception &) {
    }
    return names;
}

void RunMtPanel::setSystemChosen(const QString &system, bool chosen)
{
    m_choice.insert(system, chosen);
}

void RunMtPanel::fillSystemsMenu()
{
    QMenu *menu = m_systems->menu();
    menu->clear();
    if (!m_project)
        return;
    QVector<translate::MtSystemConfig> systems;
    int budget = augment::DefaultRunTranslationBudget, spent = 0;
    try {
        systems = verify::ExampleStore(m_project->database()).mtSystems();
        if (m_view->runId() > 0) {
            augment::RunTranslationStore store(m_project->database());
            budget = store.budget(m_view->runId());
            spent = store.requestsSpent(m_view->runId());
        }
    } catch (const std::exception &e) {
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        return;
    }
    const QStringList chosen = chosenSystems();
    for (const translate::MtSystemConfig &s : std::as_const(systems)) {
        if (s.kind == translate::MtSystemConfig::Kind::Manual)
            continue;
        const bool chat = s.kind != translate::MtSystemConfig::Kind::Apertium;
        QAction *a = menu->addAction(chat ? tr("%1 (endpoint: %2 of %3 requests of this run's budget left)").arg(core::argText(s.name), core::argText(qMax(0, budget - spent)), core::argText(budget))
                                          : tr("%1 (Apertium, offline)").arg(s.name));
        a->setCheckable(true);
        a->setChecked(chosen.contains(s.name));
        const QString name = s.name;
        connect(a, &QAction::toggled, this, [this, name](bool on) { m_choice.insert(name, on); });
    }
    if (menu->isEmpty())
        menu->addAction(tr("No Apertium or endpoint systems: add them in Contribute under 'MT systems && verifiers...'"))->setEnabled(false);
}

bool RunMtPanel::translatePath()
{
    QVector<augment::RunText> texts;
    for (const PathEntry &e : m_view->bestPathView()->path()) {
        QString label;
        switch (e.kind) {
        case PathEntry::Kind::Seed: label = QStringLiteral("seed"); break;
        case PathEntry::Kind::Output: label = QStringLiteral("output"); break;
        default: label = QStringLiteral("step %1").arg(e.step); break;
        }
        texts << augment::RunText{label, e.text};
    }
    if (texts.isEmpty()) {
        Q_EMIT errorOccurred(tr("There is no best path to translate yet: start a run or select one in History."));
        return false;
    }
    return startTranslation(texts);
}

QVector<augment::RunText> RunMtPanel::selectedCandidates() const
{
    QVector<augment::RunText> texts;
    QTableView *archive = m_view->archiveView();
    for (const QModelIndex &row : archive->selectionModel()->selectedRows(CandidateArchiveModel::TextColumn)) {
        const QModelIndex step = row.siblingAtColumn(CandidateArchiveModel::StepColumn);
        texts << augment::RunText{QStringLiteral("candidate of step %1").arg(step.data().toString()), row.data().toString()};
    }
    return texts;
}

bool RunMtPanel::translateSelectedCandidates()
{
    const QVector<augment::RunText> texts = selectedCandidates();
    if (texts.isEmpty()) {
        Q_EMIT errorOccurred(tr("Select one or more candidates in the archive first."));
        return false;
    }
    return startTranslation(texts);
}

void RunMtPanel::cancel()
{
    m_job->cancel();
    m_pending.reset();
}

bool RunMtPanel::isBusy() const
{
    return m_job->isRunning();
}

void RunMtPanel::updateButtons()
{
    const bool busy = isBusy();
    const bool run = m_project && m_view->runId() > 0;
    m_translate->setEnabled(run && !busy);
    m_createExample->setEnabled(run && !busy);
    m_cancelButton->setEnabled(busy);
    m_cancelButton->setVisible(busy);
    m_translateCandidate->setEnabled(run && !busy);
    m_exampleFromCandidate->setEnabled(run && !busy);
}

}  // namespace gauntlet
