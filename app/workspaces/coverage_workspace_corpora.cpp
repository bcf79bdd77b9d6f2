// The Corpora & Labels tab of the Coverage workspace (coverage_workspace.h): the corpora, the
// classifier choice and the label table with manual relabelling (the jobs are in
// coverage_workspace_jobs.cpp).
#include "app/workspaces/coverage_workspace.h"

#include "app/workspaces/coverage_relabel_command.h"
#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/coverage_job.h"
#include "app/workspaces/coverage_table_cells.h"
#include "app/workspaces/coverage_taxonomy_editor.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/coverage_store.h"
#include "engine/store/project.h"
#include "models/segment_label_model.h"
#include "widgets/category_delegate.h"
#include "widgets/table_csv.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

QWidget *CoverageWorkspace::buildCorporaTab()
{
    auto *page = new QWidget(this);
    m_corporaTable = new QTableWidget(0, 5, page);
    m_corporaTable->setHorizontalHeaderLabels({tr("Corpus"), tr("Segments"), tr("Documents"), tr("Systems"), tr("Mean post-edit score")});
    m_corporaTable->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_corporaTable->verticalHeader()->hide();
    m_corporaTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_corporaTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_corporaTable->setMaximumHeight(110);
    m_corporaTable->setWordWrap(false);
    auto *importButton = new QPushButton(tr("Import Corpus..."), page);
    importButton->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    importButton->setToolTip(tr("Import a corpus file, TSV with a header or JSONL (Ctrl+Shift+O)"));
    auto *removeButton = new QPushButton(tr("Remove Corpus"), page);
    auto *corpusButtons = new QVBoxLayout;
    corpusButtons->addWidget(importButton);
    corpusButtons->addWidget(removeButton);
    corpusButtons->addStretch();
    auto *corpusRow = new QHBoxLayout;
    corpusRow->addWidget(m_corporaTable, 1);
    corpusRow->addLayout(corpusButtons);

    auto *classifyBox = new QGroupBox(tr("Classify the selected corpus with the selected taxonomy"), page);
    m_classifier = new QComboBox(classifyBox);
    m_classifier->addItem(tr("Gold labels of the corpus"), int(ClassifierKind::Gold));
    m_classifier->addItem(tr("Deterministic matchers only"), int(ClassifierKind::Matchers));
    m_classifier->addItem(tr("Matchers + offline centroid classifier"), int(ClassifierKind::Centroid));
    m_classifier->addItem(tr("Matchers + LLM endpoint"), int(ClassifierKind::Llm));
    m_classifier->setCurrentIndex(1);
    m_llmUrl = new QLineEdit(classifyBox);
    m_llmUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/v1"));
    m_llmModel = new QLineEdit(classifyBox);
    m_llmModel->setPlaceholderText(tr("model name"));
    m_llmKeyEnv = new QLineEdit(classifyBox);
    m_llmKeyEnv->setPlaceholderText(tr("environment variable with the API key (optional)"));
    m_classify = new QPushButton(tr("Classify"), classifyBox);
    m_classify->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_classify->setToolTip(tr("Label every segment (Ctrl+L); runs in the background, Esc cancels"));
    auto *classifyForm = new QFormLayout(classifyBox);
    auto *classifierRow = new QHBoxLayout;
    classifierRow->addWidget(m_classifier, 1);
    classifierRow->addWidget(m_classify);
    classifyForm->addRow(tr("Classifier:"), classifierRow);
    auto *llmRow = new QHBoxLayout;
    llmRow->addWidget(m_llmUrl, 2);
    llmRow->addWidget(m_llmModel, 1);
    llmRow->addWidget(m_llmKeyEnv, 2);
    classifyForm->addRow(tr("LLM endpoint:"), llmRow);
    const auto updateLlm = [this] {
        const bool llm = ClassifierKind(m_classifier->currentData().toInt()) == ClassifierKind::Llm;
        for (QLineEdit *e : {m_llmUrl, m_llmModel, m_llmKeyEnv})
            e->setEnabled(llm);
    };
    connect(m_classifier, qOverload<int>(&QComboBox::currentIndexChanged), this, updateLlm);
    updateLlm();

    m_labelModel = new SegmentLabelModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_labelModel);
    proxy->setFilterKeyColumn(-1);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_labelView = new QTableView(page);
    m_labelView->setModel(proxy);
    m_labelView->setItemDelegateForColumn(SegmentLabelModel::Primary, new CategoryDelegate(m_labelView));
    m_labelView->setSortingEnabled(true);
    m_labelView->sortByColumn(SegmentLabelModel::Position, Qt::AscendingOrder);
    m_labelView->verticalHeader()->hide();
    m_labelView->setWordWrap(false);
    m_labelView->setTextElideMode(Qt::ElideRight);
    m_labelView->verticalHeader()->setDefaultSectionSize(m_labelView->fontMetrics().height() + 8);
    m_labelView->horizontalHeader()->setSectionResizeMode(SegmentLabelModel::Source, QHeaderView::Stretch);
    m_labelView->horizontalHeader()->resizeSection(SegmentLabelModel::Position, 56);
    m_labelView->horizontalHeader()->resizeSection(SegmentLabelModel::Document, 90);
    m_labelView->horizontalHeader()->resizeSection(SegmentLabelModel::Primary, 250);
    m_labelView->horizontalHeader()->resizeSection(SegmentLabelModel::Confidence, 90);
    m_labelView->horizontalHeader()->resizeSection(SegmentLabelModel::Origin, 70);
    m_labelView->horizontalHeader()->resizeSection(SegmentLabelModel::Secondary, 260);
    m_labelView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_labelView->setToolTip(tr("Double-click (or F2) a primary category to relabel the segment by hand"));
    m_labelFilter = new QLineEdit(page);
    m_labelFilter->setPlaceholderText(tr("Filter segments (text, document or category)"));
    m_labelFilter->setClearButtonEnabled(true);
    connect(m_labelFilter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_relabelUndo = new QUndoStack(this);
    auto *undo = new QPushButton(tr("Undo Relabel"), page);
    auto *redo = new QPushButton(tr("Redo Relabel"), page);
    undo->setToolTip(tr("Put back the segment's labels before the last manual relabelling (Ctrl+Z in the table)"));
    redo->setToolTip(tr("Relabel again (Ctrl+Shift+Z in the table)"));
    undo->setEnabled(false);
    redo->setEnabled(false);
    connect(undo, &QPushButton::clicked, m_relabelUndo, &QUndoStack::undo);
    connect(redo, &QPushButton::clicked, m_relabelUndo, &QUndoStack::redo);
    connect(m_relabelUndo, &QUndoStack::canUndoChanged, undo, &QWidget::setEnabled);
    connect(m_relabelUndo, &QUndoStack::canRedoChanged, redo, &QWidget::setEnabled);
    QAction *undoAction = m_relabelUndo->createUndoAction(m_labelView);
    undoAction->setShortcut(QKeySequence::Undo);
    undoAction->setShortcutContext(Qt::WidgetShortcut);
    QAction *redoAction = m_relabelUndo->createRedoAction(m_labelView);
    redoAction->setShortcut(QKeySequence::Redo);
    redoAction->setShortcutContext(Qt::WidgetShortcut);
    m_labelView->addAction(undoAction);
    m_labelView->addAction(redoAction);
    auto *exportLabels = new QPushButton(tr("Export CSV..."), page);
    connect(exportLabels, &QPushButton::clicked, this, [this] { exportTableDialog(false); });
    auto *labelTools = new QHBoxLayout;
    labelTools->addWidget(m_labelFilter, 1);
    labelTools->addWidget(undo);
    labelTools->addWidget(redo);
    labelTools->addWidget(exportLabels);

    auto *layout = new QVBoxLayout(page);
    layout->addLayout(corpusRow);
    layout->addWidget(classifyBox);
    layout->addLayout(labelTools);
    layout->addWidget(m_labelView, 1);

    connect(importButton, &QPushButton::clicked, this, &CoverageWorkspace::importCorpusDialog);
    connect(removeButton, &QPushButton::clicked, this, &CoverageWorkspace::removeSelectedCorpus);
    connect(m_corporaTable, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = m_corporaTable->currentRow();
        if (row >= 0 && m_corporaTable->item(row, 0) && m_corpusBox->currentText() != m_corporaTable->item(row, 0)->text()) {
            m_corpusBox->setCurrentText(m_corporaTable->item(row, 0)->text());
            loadLabelling();
        }
    });
    connect(m_classify, &QPushButton::clicked, this, [this] { classify(ClassifierKind(m_classifier->currentData().toInt())); });
    connect(m_labelModel, &SegmentLabelModel::relabelRequested, this, [this](int row, const QString &category) {
        if (const QString error = relabel(row, category); !error.isEmpty())
            setStatus(error, true);
    });
    return page;
}

void CoverageWorkspace::reloadCorpora()
{
    const QString keep = m_corpusBox->currentText();
    const QSignalBlocker b1(m_corpusBox);
    const QSignalBlocker b2(m_corporaTable);
    m_corpusBox->clear();
    m_corporaTable->setRowCount(0);
    if (!m_store)
        return;
    const QVector<CorpusSummary> corpora = m_store->corpora();
    m_corporaTable->setRowCount(int(corpora.size()));
    for (int r = 0; r < corpora.size(); ++r) {
        const CorpusSummary &c = corpora[r];
        m_corpusBox->addItem(c.name);
        m_corporaTable->setItem(r, 0, coverageCell(c.name));
        m_corporaTable->setItem(r, 1, coverageCell(c.segments));
        m_corporaTable->setItem(r, 2, coverageCell(c.documents));
        m_corporaTable->setItem(r, 3, coverageCell(c.systems.join(QStringLiteral(", "))));
        m_corporaTable->setItem(r, 4, coverageCell(QString::number(c.meanPostEditScore, 'f', 4)));
    }
    m_corporaTable->resizeColumnsToContents();
    if (m_corpusBox->findText(keep) >= 0)
        m_corpusBox->setCurrentText(keep);
}

void CoverageWorkspace::removeSelectedCorpus()
{
    const int row = m_corporaTable->currentRow();
    if (row < 0 || !m_store)
        return;
    const QString name = m_corporaTable->item(row, 0)->text();
    if (QMessageBox::question(this, tr("Remove Corpus"), tr("Remove corpus '%1' with its labellings and samples?").arg(name)) != QMessageBox::Yes)
        return;
    if (const auto id = m_store->corpusId(name))
        m_store->removeCorpus(*id);
    m_corpus = Corpus();
    reload();
}

QString CoverageWorkspace::relabel(int row, const QString &category)
{
    if (!m_store || !m_labellingId)
        return tr("Classify the corpus first.");
    try {
        const SegmentLabels before = m_labels.value(row);
        const SegmentLabels labels = m_store->setPrimaryCategory(*m_labellingId, row, category);
        showSegmentLabels(row, labels);
        m_relabelUndo->push(new RelabelCommand([this](int r, const SegmentLabels &l) { applySegmentLabels(r, l); }, row, before, labels,
                                               tr("Relabel segment %1").arg(row + 1)));
        setStatus(tr("Segment %1 is now labelled '%2' (by hand).").arg(row + 1).arg(category));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void CoverageWorkspace::applySegmentLabels(int row, const SegmentLabels &labels)
{
    if (!m_store || !m_labellingId)
        return;
    try {
        m_store->setSegmentLabels(*m_labellingId, row, labels);
        showSegmentLabels(row, labels);
        setStatus(tr("Segment %1: labels restored.").arg(row + 1));
    } catch (const std::exception &e) {
        setStatus(QString::fromUtf8(e.what()), true);
    }
}

void CoverageWorkspace::showSegmentLabels(int row, const SegmentLabels &labels)
{
    m_labels[row] = labels;
    m_labelModel->setSegmentLabels(row, labels);
    m_pool = std::make_unique<SamplingPool>(makeSamplingPool(m_corpus, m_labels, m_taxonomy));
    reloadSamples();
}

QString CoverageWorkspace::exportLabelsCsv(const QString &path)
{
    return saveTableCsv(*m_labelModel, path);
}

}  // namespace gauntlet
