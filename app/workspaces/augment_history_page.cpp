// The Augment workspace's History tab: stored runs, their replay and export.
#include "app/workspaces/augment_history_page.h"

#include "app/workspaces/augment_live_page.h"
#include "app/workspaces/run_mt_panel.h"
#include "engine/ato/run_history.h"
#include "engine/store/project.h"
#include "models/run_history_model.h"
#include "widgets/objective_chart.h"
#include "widgets/trace_view.h"

#include <QAction>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace gauntlet {

AugmentHistoryPage::AugmentHistoryPage(RunHistoryModel *history, QWidget *parent) : QWidget(parent), m_history(history)
{
    m_historyView = new QTableView(this);
    m_historyView->setModel(m_history);
    m_historyView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_historyView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Tab leaves the table (issue 34: it moved cell by cell and collapsed a two-run selection).
    m_historyView->setTabKeyNavigation(false);
    m_historyView->setAlternatingRowColors(true);
    m_historyView->verticalHeader()->hide();
    QHeaderView *header = m_historyView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(RunHistoryModel::SeedColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(RunHistoryModel::OutputColumn, QHeaderView::Stretch);
    header->resizeSection(RunHistoryModel::IdColumn, 50);
    header->resizeSection(RunHistoryModel::StepsColumn, 50);
    header->resizeSection(RunHistoryModel::DifficultyColumn, 120);
    header->resizeSection(RunHistoryModel::StartedColumn, 140);
    header->resizeSection(RunHistoryModel::FinishedColumn, 140);
    header->resizeSection(RunHistoryModel::ExamplesColumn, 80);
    connect(m_historyView, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const auto ids = index.data(RunHistoryModel::ExampleIdsRole).value<QList<qint64>>();
        if (index.column() == RunHistoryModel::ExamplesColumn && !ids.isEmpty())
            Q_EMIT exampleRequested(ids.constFirst());
    });
    connect(m_historyView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AugmentHistoryPage::selectedRunChanged);

    m_exportJsonl = new QPushButton(tr("Export JSONL..."), this);
    m_exportJsonl->setToolTip(tr("The whole trace of the selected run as JSON Lines (the format of gauntlet augment --trace)"));
    m_exportCsv = new QPushButton(tr("Export CSV..."), this);
    m_exportCsv->setToolTip(tr("Every beam member of every step of the selected run as CSV"));
    m_exportChart = new QPushButton(tr("Save Chart..."), this);
    m_exportChart->setToolTip(tr("The objective chart as PNG or SVG"));
    m_compareButton = new QPushButton(tr("Compare"), this);
    m_compareButton->setToolTip(tr("Show the two selected runs side by side (select two rows with Ctrl+click)"));
    connect(m_exportJsonl, &QPushButton::clicked, this, [this] { exportDialog(QStringLiteral("jsonl")); });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportDialog(QStringLiteral("csv")); });
    connect(m_exportChart, &QPushButton::clicked, this, [this] { exportDialog(QStringLiteral("chart")); });
    connect(m_compareButton, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
        if (rows.size() >= 2)
            Q_EMIT compareRequested(rows[0].data(RunHistoryModel::RunIdRole).toLongLong(), rows[1].data(RunHistoryModel::RunIdRole).toLongLong());
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_exportJsonl);
    buttons->addWidget(m_exportCsv);
    buttons->addWidget(m_exportChart);
    buttons->addStretch(1);
    buttons->addWidget(m_compareButton);

    m_replay = new TraceView(this);
    m_replay->setHeading(tr("Select a run above to replay it step by step (Alt+Left / Alt+Right)."));
    m_mt = new RunMtPanel(m_replay, QStringLiteral("history"), this);
    // a result row: its output becomes an example (the row's run is the one replayed)
    auto *fromRow = new QAction(tr("Create Example from Output"), m_historyView);
    connect(fromRow, &QAction::triggered, m_mt, &RunMtPanel::createExample);
    m_historyView->addAction(fromRow);
    m_historyView->setContextMenuPolicy(Qt::ActionsContextMenu);
    // One line per run and room for four of them at any window size (issue 35: one run was
    // visible at 1280x720); the full texts are in the tooltips.
    m_historyView->setWordWrap(false);
    m_historyView->verticalHeader()->setDefaultSectionSize(m_historyView->fontMetrics().height() + 8);
    m_historyView->setMinimumHeight(5 * (m_historyView->fontMetrics().height() + 8) + 20);
    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_historyView);
    topLayout->addLayout(buttons);
    auto *split = new QSplitter(Qt::Vertical, this);
    auto *replayPane = new QWidget(this);
    auto *replayLayout = new QVBoxLayout(replayPane);
    replayLayout->setContentsMargins(0, 0, 0, 0);
    replayLayout->setSpacing(0);
    replayLayout->addWidget(m_mt);
    replayLayout->addWidget(m_replay, 1);
    split->addWidget(top);
    split->addWidget(replayPane);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    updateButtons();
}

void AugmentHistoryPage::setProject(Project *project)
{
    m_project = project;
    m_mt->setProject(project);
    m_replay->clear();
    m_replay->setHeading(tr("Select a run above to replay it step by step (Alt+Left / Alt+Right)."));
    updateButtons();
}

void AugmentHistoryPage::reloadHistory()
{
    const QString error = m_history->reload();
    if (!error.isEmpty())
        Q_EMIT errorOccurred(error);
    const int row = m_history->rowOf(m_replay->runId());
    if (row >= 0) {
        const QSignalBlocker block(m_historyView->selectionModel());
        m_historyView->selectionModel()->select(m_history->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    updateButtons();
}

void AugmentHistoryPage::updateButtons()
{
    const int selected = m_historyView->selectionModel() ? int(m_historyView->selectionModel()->selectedRows().size()) : 0;
    m_exportJsonl->setEnabled(selected >= 1);
    m_exportCsv->setEnabled(selected >= 1);
    m_exportChart->setEnabled(m_replay->stepCount() > 0);
    m_compareButton->setEnabled(selected == 2);
}

void AugmentHistoryPage::selectedRunChanged()
{
    updateButtons();
    const QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    if (rows.size() != 1)
        return;
    const QString error = replayRun(rows.first().data(RunHistoryModel::RunIdRole).toLongLong());
    if (!error.isEmpty())
        Q_EMIT errorOccurred(error);
}

QString AugmentHistoryPage::replayRun(qint64 runId)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        const RunTrace trace = RunHistory(m_project->database()).trace(runId);
        m_replay->showTrace(trace);
        m_replay->setHeading(tr("Run %1 \u00b7 %2 \u00b7 %3 \u00b7 %4 \u00b7 %5")
                                 .arg(runId)
                                 .arg(RunHistoryModel::methodLabel(trace.summary.method), AugmentLivePage::guardsText(trace.config),
                                      RunHistoryModel::statusLabel(trace.summary), trace.summary.seedText));
        m_mt->showStoredTranslations();
        const int row = m_history->rowOf(runId);
        if (row >= 0) {
            const QModelIndex index = m_history->index(row, 0);
            if (!m_historyView->selectionModel()->isRowSelected(row, {})) {
                const QSignalBlocker block(m_historyView->selectionModel());
                m_historyView->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            }
        }
        updateButtons();
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString AugmentHistoryPage::exportRunJsonl(qint64 runId, const QString &path)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        RunHistory(m_project->database()).exportJsonl(runId, path);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString AugmentHistoryPage::exportRunCsv(qint64 runId, const QString &path)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        RunHistory(m_project->database()).exportCsv(runId, path);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void AugmentHistoryPage::exportDialog(const QString &kind)
{
    const QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    if (kind != QLatin1String("chart") && rows.isEmpty())
        return;
    const qint64 runId = rows.isEmpty() ? m_replay->runId() : rows.first().data(RunHistoryModel::RunIdRole).toLongLong();
    QString error;
    if (kind == QLatin1String("jsonl")) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Run as JSON Lines"), QStringLiteral("run-%1.jsonl").arg(runId),
                                                          tr("JSON Lines (*.jsonl)"));
        if (path.isEmpty())
            return;
        error = exportRunJsonl(runId, path);
    } else if (kind == QLatin1String("csv")) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Run as CSV"), QStringLiteral("run-%1.csv").arg(runId), tr("CSV (*.csv)"));
        if (path.isEmpty())
            return;
        error = exportRunCsv(runId, path);
    } else {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save Chart"), QStringLiteral("run-%1-objective.png").arg(runId),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty())
            return;
        error = m_replay->chart()->save(path);
    }
    if (!error.isEmpty())
        Q_EMIT errorOccurred(error);
}

}  // namespace gauntlet
