#include "app/main_window.h"
#include "engine/core/arg_text.h"

#include "app/about_dialog.h"
#include "app/workspaces/augment_workspace.h"
#include "app/workspaces/contribute_workspace.h"
#include "app/workspaces/coverage_workspace.h"
#include "app/workspaces/evaluate_workspace.h"
#include "engine/ato/run_store.h"
#include "engine/core/settings.h"
#include "engine/core/text_file.h"
#include "engine/store/project.h"

#include <QTimer>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>

namespace gauntlet {

MainWindow::MainWindow(core::Settings *settings, QWidget *parent)
    : QMainWindow(parent), m_settings(settings), m_sidebar(new QListWidget(this)), m_stack(new QStackedWidget(this)),
      m_augment(new AugmentWorkspace(this)), m_contribute(new ContributeWorkspace(this)), m_evaluate(new EvaluateWorkspace(this)),
      m_coverage(new CoverageWorkspace(this)), m_statusProject(new QLabel(this))
{
    setWindowTitle(tr("Gauntlet"));
    const struct {
        QString name;
        QStyle::StandardPixmap icon;
    } pages[] = {
        {tr("Augment"), QStyle::SP_MediaPlay},
        {tr("Contribute"), QStyle::SP_FileDialogDetailedView},
        {tr("Evaluate"), QStyle::SP_DialogApplyButton},
        {tr("Coverage"), QStyle::SP_FileDialogListView},
    };
    for (const auto &page : pages)
        new QListWidgetItem(style()->standardIcon(page.icon), page.name, m_sidebar);
    m_sidebar->setFixedWidth(130);  // issue 35: room for the workspaces at 1280x720
    m_sidebar->setIconSize(QSize(20, 20));
    m_sidebar->setSpacing(2);

    m_stack->addWidget(m_augment);
    m_stack->addWidget(m_contribute);
    m_stack->addWidget(m_evaluate);
    m_stack->addWidget(m_coverage);

    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_sidebar);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    connect(m_sidebar, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    m_sidebar->setCurrentRow(0);

    statusBar()->addWidget(m_statusProject, 1);
    m_augment->setSettings(m_settings);
    m_contribute->setSettings(m_settings);
    statusBar()->addPermanentWidget(m_augment->statusWidget());
    // issue 21: a run's "Create Example" opens the draft in Contribute; its provenance link opens the run
    const auto showExample = [this](qint64 id) {
        showWorkspace(1);
        m_contribute->showExample(id);
    };
    connect(m_augment, &AugmentWorkspace::exampleCreated, this, showExample);
    connect(m_augment, &AugmentWorkspace::exampleRequested, this, showExample);
    connect(m_contribute, &ContributeWorkspace::runRequested, this, [this](qint64 runId) {
        showWorkspace(0);
        m_augment->showTab(AugmentWorkspace::HistoryTab);
        const QString error = m_augment->replayRun(runId);
        if (!error.isEmpty())
            statusBar()->showMessage(error, 10000);
    });
    createMenus();
    updateStatus();

    const QByteArray geometry = m_settings->value(core::Settings::KeyWindowGeometry).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(1100, 720);
    m_saveGeometry = new QTimer(this);
    m_saveGeometry->setSingleShot(true);
    m_saveGeometry->setInterval(500);
    connect(m_saveGeometry, &QTimer::timeout, this, [this] { m_settings->setValue(core::Settings::KeyWindowGeometry, saveGeometry()); });
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (m_saveGeometry && isVisible())
        m_saveGeometry->start();
}

void MainWindow::moveEvent(QMoveEvent *event)
{
    QMainWindow::moveEvent(event);
    if (m_saveGeometry && isVisible())
        m_saveGeometry->start();
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New Project..."), this, &MainWindow::newProject);
    newAction->setShortcut(QKeySequence::New);
    QAction *openAction = file->addAction(tr("&Open Project..."), this, &MainWindow::openProjectDialog);
    openAction->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addSeparator();
    QAction *importAction = file->addAction(tr("&Import Seeds..."), this, &MainWindow::importSeedsDialog);
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    file->addSeparator();
    QAction *quitAction = file->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_sidebar->count(); ++i) {
        QAction *action = view->addAction(m_sidebar->item(i)->text(), this, [this, i] { showWorkspace(i); });
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }

    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    QMenu *language = settings->addMenu(tr("&Language"));
    auto *group = new QActionGroup(this);
    const struct {
        QString label;
        QString code;
    } languages[] = {{tr("System default"), QStringLiteral("auto")}, {QStringLiteral("English"), QStringLiteral("en")},
                     {QStringLiteral("Deutsch"), QStringLiteral("de")}};
    for (const auto &entry : languages) {
        QAction *action = language->addAction(entry.label, this, [this, code = entry.code] { setLanguage(code); });
        action->setCheckable(true);
        action->setChecked(m_settings->language() == entry.code);
        group->addAction(action);
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Gauntlet"), this, [this] { showAboutDialog(this); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings->recentProjects();
    for (const QString &path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName() + QStringLiteral("  (") + path + u')', this, [this, path] { openProject(path); });
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
}

void MainWindow::updateStatus()
{
    if (!m_project) {
        m_statusProject->setText(tr("No project open"));
        setWindowFilePath(QString());
        return;
    }
    QString text;
    try {
        storage::SeedStore seeds = m_project->seeds();
        text = tr("Project %1 (schema v%2): %3, %4")
                   .arg(core::argText(QDir::toNativeSeparators(m_project->path())), core::argText(m_project->schemaVersion()), core::argText(tr("%n seed set(s)", "", int(seeds.sets().size()))), core::argText(tr("%n seed(s)", "", int(seeds.totalSeedCount()))));
    } catch (const storage::StoreError &e) {
        text = QString::fromUtf8(e.what());
    }
    m_statusProject->setText(text);
    setWindowTitle(tr("%1 - Gauntlet").arg(QFileInfo(m_project->path()).fileName()));
}

QString MainWindow::openProject(const QString &path, bool quiet)
{
    std::unique_ptr<storage::Project> project;
    try {
        project = storage::Project::open(path);
    } catch (const storage::StoreError &e) {
        const QString message = QString::fromUtf8(e.what());
        if (!quiet)
            QMessageBox::critical(this, tr("Cannot open project"), message);
        statusBar()->showMessage(message, 10000);
        return message;
    }
    if (!m_contribute->confirmClose())
        return tr("Kept the current project: the example being edited is not saved yet.");
    if (!m_coverage->confirmClose())
        return tr("Kept the current project: the taxonomy being edited is not saved yet.");
    // Runs left 'running' by a process that is gone (kill -9, a crash) become interrupted.
    int interrupted = 0;
    try {
        interrupted = ato::RunStore::markInterruptedRuns(project->database());
    } catch (const storage::StoreError &) {
        // a read-only or damaged runs table: History shows them as they are
    }
    m_augment->setProject(nullptr);
    m_contribute->setProject(nullptr);
    m_evaluate->setProject(nullptr);
    m_coverage->setProject(nullptr);
    m_project = std::move(project);
    m_augment->setProject(m_project.get());
    m_contribute->setProject(m_project.get());
    m_evaluate->setProject(m_project.get());
    m_coverage->setProject(m_project.get());
    m_settings->addRecentProject(path);
    m_settings->setLastProject(path);
    updateRecentMenu();
    updateStatus();
    if (interrupted > 0)
        statusBar()->showMessage(tr("%n run(s) whose process had ended were marked interrupted.", nullptr, interrupted), 10000);
    return {};
}

QStringList MainWindow::workspaceNames() const
{
    QStringList names;
    for (int i = 0; i < m_sidebar->count(); ++i)
        names << m_sidebar->item(i)->text();
    return names;
}

void MainWindow::showWorkspace(int index)
{
    m_sidebar->setCurrentRow(index);
}

int MainWindow::currentWorkspace() const
{
    return m_stack->currentIndex();
}

QWidget *MainWindow::workspace(int index) const
{
    return m_stack->widget(index);
}

void MainWindow::newProject()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("New Project"), QFileInfo(storage::Project::defaultPath()).absolutePath(),
                                                      tr("Gauntlet projects (*.gauntlet)"));
    if (path.isEmpty())
        return;
    if (QFileInfo::exists(path)) {
        QMessageBox::warning(this, tr("New Project"),
                             tr("%1 already exists. Use File > Open Project to open it; Gauntlet never overwrites a file.").arg(path));
        return;
    }
    openProject(path.endsWith(QLatin1String(".gauntlet")) ? path : path + QStringLiteral(".gauntlet"));
}

void MainWindow::openProjectDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), QFileInfo(storage::Project::defaultPath()).absolutePath(),
                                                      tr("Gauntlet projects (*.gauntlet);;All files (*)"));
    if (!path.isEmpty())
        openProject(path);
}

QString MainWindow::importSeedFile(const QString &path, bool quiet)
{
    QString error;
    if (!m_project) {
        error = tr("Open a project first.");
    } else {
        try {
            const QVector<storage::SeedRecord> seeds = storage::readSeedFile(path);
            storage::SeedStore store = m_project->seeds();
            QString name = QFileInfo(path).completeBaseName();
            for (int n = 2; store.findSet(name); ++n)
                name = QStringLiteral("%1-%2").arg(core::argText(QFileInfo(path).completeBaseName()), core::argText(n));
            store.addSet(name, seeds, QFileInfo(path).absoluteFilePath());
            statusBar()->showMessage(tr("Imported %n seed(s) into seed set '%1'", "", int(seeds.size())).arg(name), 8000);
        } catch (const std::exception &e) {
            error = QString::fromUtf8(e.what());
        }
    }
    if (!error.isEmpty() && !quiet)
        QMessageBox::critical(this, tr("Cannot import seeds"), error);
    m_augment->reload();
    updateStatus();
    return error;
}

void MainWindow::importSeedsDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Seeds"), QString(),
                                                      tr("Seed files (*.tsv *.txt *.jsonl);;All files (*)"));
    if (!path.isEmpty())
        importSeedFile(path);
}

void MainWindow::setLanguage(const QString &language)
{
    m_settings->setLanguage(language);
    statusBar()->showMessage(tr("The language changes the next time Gauntlet starts."), 8000);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_contribute->confirmClose() || !m_coverage->confirmClose()) {
        event->ignore();
        return;
    }
    m_settings->setValue(core::Settings::KeyWindowGeometry, saveGeometry());
    event->accept();
}

}  // namespace gauntlet
