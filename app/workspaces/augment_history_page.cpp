// The Augment workspace's History tab: stored runs, their replay and export.
#include "app/workspaces/augment_history_page.h"
#include "engine/core/arg_text.h"

#include "app/workspaces/augment_live_page.h"
#include "app/workspaces/run_mt_panel.h"
#include "app/workspaces/run_table_dialogs.h"
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
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace gauntlet {

AugmentHistoryPage::AugmentHistoryPage(RunHistoryModel *history, QWidget *parent) : QWidget(parent), m_history(history)
{
    buildHistoryTable();
    createRunButtons();
    layOutWithReplay(buttonRow());
    updateButtons();
}

void AugmentHistoryPage::buildHistoryTable()
{
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_history);
    m_proxy->setSortRole(RunHistoryModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);  // any column: method, settings, seed, output, tags, note ...
    m_proxy->setFilterRole(RunHistoryModel::FilterRole);  // the status also by its command-line name
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_historyView = new QTableView(this);
    m_historyView->setModel(m_proxy);
    m_historyView->setSortingEnabled(true);
    m_historyView->sortByColumn(RunHistoryModel::IdColumn, Qt::DescendingOrder);
    m_historyView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
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
    header->resizeSection(RunHistoryModel::SettingsColumn, 160);
    header->resizeSection(RunHistoryModel::JudgesColumn, 140);
    header->resizeSection(RunHistoryModel::TagsColumn, 90);
    header->resizeSection(RunHistoryModel::NoteColumn, 120);
    // The timestamps are in the tooltip order of the runs (Run column); hidden until asked for.
    header->setSectionHidden(RunHistoryModel::FinishedColumn, true);
    header->setContextMenuPolicy(Qt::ActionsContextMenu);
    for (int c = 0; c < RunHistoryModel::ColumnCount; ++c) {
        auto *show = new QAction(m_history->headerData(c, Qt::Horizontal).toString(), header);
        show->setCheckable(true);
        show->setChecked(!header->isSectionHidden(c));
        connect(show, &QAction::toggled, header, [header, c](bool on) { header->setSectionHidden(c, !on); });
        header->addAction(show);
    }
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
    connect(m_history, &RunHistoryModel::errorOccurred, this, &AugmentHistoryPage::errorOccurred);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("runFilter"));
    m_filter->setPlaceholderText(tr("Filter runs by any column (method, settings, text, tag, note)..."));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
}

void AugmentHistoryPage::createRunButtons()
{
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
    m_runAgainButton = new QPushButton(tr("Run Again"), this);
    m_runAgainButton->setToolTip(tr("Start the selected run's seed again with its settings (an interrupted or stopped run starts over from its seed)"));
    connect(m_runAgainButton, &QPushButton::clicked, this, [this] {
        const std::vector<qint64> ids = selectedRunIds();
        if (ids.size() == 1)
            Q_EMIT runAgainRequested(ids.front());
    });
    m_diffButton = new QPushButton(tr("Diff Settings"), this);
    m_diffButton->setToolTip(tr("The settings in which the two selected runs differ"));
    connect(m_diffButton, &QPushButton::clicked, this, &AugmentHistoryPage::showSettingsDiff);
    m_overlayButton = new QPushButton(tr("Overlay"), this);
    m_overlayButton->setToolTip(tr("One chart with the objective of every selected run"));
    connect(m_overlayButton, &QPushButton::clicked, this, &AugmentHistoryPage::showOverlay);
    m_deleteButton = new QPushButton(tr("Delete"), this);
    m_deleteButton->setToolTip(tr("Delete the selected runs with their steps, archive and translations (Del; Undo with Ctrl+Z)"));
    connect(m_deleteButton, &QPushButton::clicked, this, [this] {
        const QString error = deleteSelected(true);
        if (!error.isEmpty())
            Q_EMIT errorOccurred(error);
    });
    auto *deleteAction = new QAction(tr("Delete Runs"), m_historyView);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteAction, &QAction::triggered, m_deleteButton, &QPushButton::click);
    m_historyView->addAction(deleteAction);
    m_undoButton = new QPushButton(tr("Undo Delete"), this);
    m_undoButton->setToolTip(tr("Put back the runs just deleted (Ctrl+Z)"));
    m_undoButton->hide();
    connect(m_undoButton, &QPushButton::clicked, this, [this] {
        const QString error = undoDelete();
        if (!error.isEmpty())
            Q_EMIT errorOccurred(error);
    });
    auto *undoAction = new QAction(tr("Undo Delete"), this);
    undoAction->setShortcut(QKeySequence::Undo);
    undoAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(undoAction, &QAction::triggered, this, [this] {
        if (canUndoDelete())
            m_undoButton->click();
    });
    addAction(undoAction);
}

QHBoxLayout *AugmentHistoryPage::buttonRow()
{
    // The exports share one button with a menu, so the row fits beside the setup panel at 1280x720.
    m_exportButton = new QPushButton(tr("Export"), this);
    m_exportButton->setToolTip(tr("Export the selected run as JSON Lines or CSV, or save its objective chart"));
    auto *exportMenu = new QMenu(m_exportButton);
    m_exportJsonlAction = exportMenu->addAction(m_exportJsonl->text(), m_exportJsonl, &QPushButton::click);
    m_exportCsvAction = exportMenu->addAction(m_exportCsv->text(), m_exportCsv, &QPushButton::click);
    m_exportChartAction = exportMenu->addAction(m_exportChart->text(), m_exportChart, &QPushButton::click);
    m_exportButton->setMenu(exportMenu);
    for (QPushButton *b : {m_exportJsonl, m_exportCsv, m_exportChart})
        b->hide();
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_exportButton);
    buttons->addWidget(m_runAgainButton);
    buttons->addWidget(m_deleteButton);
    buttons->addStretch(1);
    buttons->addWidget(m_undoButton);
    buttons->addWidget(m_diffButton);
    buttons->addWidget(m_overlayButton);
    buttons->addWidget(m_compareButton);
    return buttons;
}

void AugmentHistoryPage::layOutWithReplay(QHBoxLayout *buttons)
{
    m_replayTrace = new RunTraceModel(this);
    m_replay = new TraceView(m_replayTrace, this);
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
    topLayout->addWidget(m_filter);
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
}

void AugmentHistoryPage::setProject(storage::Project *project)
{
    m_project = project;
    m_mt->setProject(project);
    m_replayTrace->clear();
    m_replay->setHeading(tr("Select a run above to replay it step by step (Alt+Left / Alt+Right)."));
    updateButtons();
}

void AugmentHistoryPage::reloadHistory()
{
    const QString error = m_history->reload();
    if (!error.isEmpty())
        Q_EMIT errorOccurred(error);
    // Keep the replayed run selected (issue 34: after Create Example the reloaded table lost the
    // selection and Export did nothing).
    const int row = viewRowOf(m_replay->runId());
    if (row >= 0) {
        const QSignalBlocker block(m_historyView->selectionModel());
        m_historyView->selectionModel()->select(m_proxy->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    updateButtons();
}

int AugmentHistoryPage::viewRowOf(qint64 runId) const
{
    const int row = m_history->rowOf(runId);
    return row < 0 ? -1 : m_proxy->mapFromSource(m_history->index(row, 0)).row();
}

std::vector<qint64> AugmentHistoryPage::selectedRunIds() const
{
    std::vector<qint64> out;
    QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &i : rows)
        out.push_back(i.data(RunHistoryModel::RunIdRole).toLongLong());
    return out;
}

QString AugmentHistoryPage::deleteSelected(bool ask)
{
    if (!m_project)
        return tr("Open a project first.");
    const std::vector<qint64> ids = selectedRunIds();
    if (ids.empty())
        return {};
    int examples = 0;
    for (const qint64 id : ids) {
        const int row = m_history->rowOf(id);
        examples += row < 0 ? 0 : int(m_history->index(row, 0).data(RunHistoryModel::ExampleIdsRole).value<QList<qint64>>().size());
    }
    if (ask) {
        QStringList names;
        for (const qint64 id : ids)
            names << QString::number(id);
        QString text = tr("Delete %n run(s) (%1) with their steps, candidate archive and translations?", "", int(ids.size()))
                           .arg(names.join(QStringLiteral(", ")));
        if (examples > 0)
            text += u' ' + tr("%n challenge example(s) made from them keep their texts but lose the link to the run.", "", examples);
        text += u' ' + tr("Undo (Ctrl+Z) puts them back until another deletion.");
        if (QMessageBox::question(this, tr("Delete Runs"), text, QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
            return {};
    }
    try {
        ato::DeletedRuns deleted = ato::deleteRuns(m_project->database(), ids);
        const bool replayedGone = std::find(ids.begin(), ids.end(), m_replay->runId()) != ids.end();
        m_lastDeleted = std::move(deleted);
        if (replayedGone) {
            m_replayTrace->clear();
            m_replay->setHeading(tr("Select a run above to replay it step by step (Alt+Left / Alt+Right)."));
        }
        // The count goes into the Undo button's tooltip (a label beside it widened the window), and
        // the focus back into the table, where Ctrl+Z undoes (it was left nowhere, so Ctrl+Z did nothing).
        m_undoButton->setToolTip(tr("Deleted %n run(s).", "", int(m_lastDeleted->runIds.size())) + u' ' + tr("Put them back (Ctrl+Z)"));
        m_undoButton->show();
        reloadHistory();
        m_historyView->setFocus(Qt::OtherFocusReason);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString AugmentHistoryPage::undoDelete()
{
    if (!m_project || !m_lastDeleted)
        return {};
    try {
        ato::restoreRuns(m_project->database(), *m_lastDeleted);
    } catch (const std::exception &e) {
        return tr("The deleted runs cannot be put back: %1").arg(QString::fromUtf8(e.what()));
    }
    const qint64 first = m_lastDeleted->runIds.front();
    m_lastDeleted.reset();
    m_undoButton->hide();
    reloadHistory();
    if (const int row = viewRowOf(first); row >= 0)
        m_historyView->selectRow(row);
    return {};
}

QDialog *AugmentHistoryPage::showDialog(const std::function<QDialog *()> &make)
{
    try {
        QDialog *dialog = make();
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
        return dialog;
    } catch (const std::exception &e) {
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        return nullptr;
    }
}

QDialog *AugmentHistoryPage::showSettingsDiff()
{
    const std::vector<qint64> ids = selectedRunIds();
    if (!m_project || ids.size() != 2)
        return nullptr;
    return showDialog([&] { return new SettingsDiffDialog(m_project->database(), ids[0], ids[1], this); });
}

QDialog *AugmentHistoryPage::showOverlay()
{
    const std::vector<qint64> ids = selectedRunIds();
    if (!m_project || ids.empty())
        return nullptr;
    return showDialog([&] { return new RunOverlayDialog(m_project->database(), ids, this); });
}

void AugmentHistoryPage::updateButtons()
{
    const int selected = m_historyView->selectionModel() ? int(m_historyView->selectionModel()->selectedRows().size()) : 0;
    const bool replayed = m_replay->runId() > 0 && m_replay->stepCount() > 0;
    m_exportJsonl->setEnabled(selected >= 1 || replayed);
    m_exportCsv->setEnabled(selected >= 1 || replayed);
    m_exportChart->setEnabled(m_replay->stepCount() > 0);
    m_exportJsonlAction->setEnabled(m_exportJsonl->isEnabled());
    m_exportCsvAction->setEnabled(m_exportCsv->isEnabled());
    m_exportChartAction->setEnabled(m_exportChart->isEnabled());
    m_exportButton->setEnabled(m_exportJsonl->isEnabled() || m_exportChart->isEnabled());
    m_compareButton->setEnabled(selected == 2);
    m_diffButton->setEnabled(selected == 2);
    m_overlayButton->setEnabled(selected >= 1);
    m_deleteButton->setEnabled(selected >= 1);
    m_runAgainButton->setEnabled(selected == 1);
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
        const ato::RunTrace trace = ato::RunHistory(m_project->database()).trace(runId);
        m_replayTrace->setTrace(trace);
        m_replay->setHeading(tr("Run %1 \u00b7 %2 \u00b7 %3 \u00b7 %4 \u00b7 %5")
                                 .arg(core::argText(runId), core::argText(RunHistoryModel::methodLabel(trace.summary.method)), core::argText(AugmentLivePage::guardsText(trace.config)), core::argText(RunHistoryModel::statusLabel(trace.summary)), core::argText(trace.summary.seedText)));
        m_mt->showStoredTranslations();
        const int row = viewRowOf(runId);
        if (row >= 0) {
            const QModelIndex index = m_proxy->index(row, 0);
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
    return exportRun(runId, path, false);
}

QString AugmentHistoryPage::exportRunCsv(qint64 runId, const QString &path)
{
    return exportRun(runId, path, true);
}

QString AugmentHistoryPage::exportRun(qint64 runId, const QString &path, bool csv)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        ato::RunHistory history(m_project->database());
        if (csv)
            history.exportCsv(runId, path);
        else
            history.exportJsonl(runId, path);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void AugmentHistoryPage::exportDialog(const QString &kind)
{
    // The selected run, else the one replayed (the selection can go when the table is re-read).
    const std::vector<qint64> selected = selectedRunIds();
    const qint64 runId = selected.empty() ? m_replay->runId() : selected.front();
    if (runId <= 0) {
        Q_EMIT errorOccurred(tr("Select a run to export first."));
        return;
    }
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
