#include "app/workspaces/coverage_corpora_page.h"
#include "engine/sampling/classification.h"

#include "app/workspaces/coverage_corpus_import_dialog.h"
#include "app/workspaces/coverage_relabel_command.h"
#include "app/workspaces/coverage_table_cells.h"
#include "models/segment_label_model.h"
#include "widgets/category_delegate.h"
#include "widgets/table_csv.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

CoverageCorporaPage::CoverageCorporaPage(CoverageState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_corpora(new QTableWidget(0, 5, this)), m_labelModel(new SegmentLabelModel(this)),
      m_relabelUndo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("coverageCorporaPage"));
    m_corpora->setObjectName(QStringLiteral("corporaTable"));
    m_labelModel->setObjectName(QStringLiteral("segmentLabelModel"));
    m_relabelUndo->setObjectName(QStringLiteral("relabelUndoStack"));
    m_corpora->setHorizontalHeaderLabels({tr("Corpus"), tr("Segments"), tr("Documents"), tr("Systems"), tr("Mean post-edit score")});
    m_corpora->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_corpora->verticalHeader()->hide();
    m_corpora->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_corpora->setSelectionMode(QAbstractItemView::SingleSelection);
    m_corpora->setMaximumHeight(110);
    m_corpora->setWordWrap(false);
    auto *importButton = new QPushButton(tr("Import Corpus..."), this);
    importButton->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    importButton->setToolTip(tr("Import a corpus file, TSV with a header or JSONL (Ctrl+Shift+O)"));
    auto *removeButton = new QPushButton(tr("Remove Corpus"), this);
    auto *corpusButtons = new QVBoxLayout;
    corpusButtons->addWidget(importButton);
    corpusButtons->addWidget(removeButton);
    corpusButtons->addStretch();
    auto *corpusRow = new QHBoxLayout;
    corpusRow->addWidget(m_corpora, 1);
    corpusRow->addLayout(corpusButtons);

    QWidget *classifyBox = buildClassifyBox();
    m_labelView = buildLabelView();
    auto *labelFilter = new QLineEdit(this);
    labelFilter->setObjectName(QStringLiteral("labelFilterEdit"));
    labelFilter->setPlaceholderText(tr("Filter segments (text, document or category)"));
    labelFilter->setClearButtonEnabled(true);
    connect(labelFilter, &QLineEdit::textChanged, static_cast<QSortFilterProxyModel *>(m_labelView->model()),
            &QSortFilterProxyModel::setFilterFixedString);
    auto *undo = new QPushButton(tr("Undo Relabel"), this);
    auto *redo = new QPushButton(tr("Redo Relabel"), this);
    undo->setToolTip(tr("Put back the segment's labels before the last manual relabelling (Ctrl+Z in the table)"));
    redo->setToolTip(tr("Relabel again (Ctrl+Shift+Z in the table)"));
    undo->setEnabled(false);
    redo->setEnabled(false);
    connect(undo, &QPushButton::clicked, m_relabelUndo, &QUndoStack::undo);
    connect(redo, &QPushButton::clicked, m_relabelUndo, &QUndoStack::redo);
    connect(m_relabelUndo, &QUndoStack::canUndoChanged, undo, &QWidget::setEnabled);
    connect(m_relabelUndo, &QUndoStack::canRedoChanged, redo, &QWidget::setEnabled);
    auto *exportLabels = new QPushButton(tr("Export CSV..."), this);
    connect(exportLabels, &QPushButton::clicked, this, &CoverageCorporaPage::exportDialog);
    auto *labelTools = new QHBoxLayout;
    labelTools->addWidget(labelFilter, 1);
    labelTools->addWidget(undo);
    labelTools->addWidget(redo);
    labelTools->addWidget(exportLabels);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(corpusRow);
    layout->addWidget(classifyBox);
    layout->addLayout(labelTools);
    layout->addWidget(m_labelView, 1);

    connect(importButton, &QPushButton::clicked, this, &CoverageCorporaPage::importDialog);
    connect(removeButton, &QPushButton::clicked, this, &CoverageCorporaPage::removeSelected);
    connect(m_corpora, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = m_corpora->currentRow();
        if (row >= 0 && m_corpora->item(row, 0))
            Q_EMIT corpusChosen(m_corpora->item(row, 0)->text());
    });
    connect(m_labelModel, &SegmentLabelModel::relabelRequested, this, [this](int row, const QString &category) {
        if (const QString error = relabel(row, category); !error.isEmpty())
            Q_EMIT statusChanged(error, true);
    });
}

double CoverageCorporaPage::minConfidence() const
{
    return m_minConfidence ? m_minConfidence->value() : 0.0;
}

QWidget *CoverageCorporaPage::buildClassifyBox()
{
    auto *classifyBox = new QGroupBox(tr("Classify the selected corpus with the selected taxonomy"), this);
    m_classifier = new QComboBox(classifyBox);
    m_classifier->setObjectName(QStringLiteral("classifierBox"));
    m_classifier->addItem(tr("Gold labels of the corpus"), int(CoverageClassifierKind::Gold));
    m_classifier->addItem(tr("Deterministic matchers only"), int(CoverageClassifierKind::Matchers));
    m_classifier->addItem(tr("Matchers + offline centroid classifier"), int(CoverageClassifierKind::Centroid));
    m_classifier->addItem(tr("Matchers + LLM endpoint"), int(CoverageClassifierKind::Llm));
    m_classifier->setCurrentIndex(1);
    m_llmUrl = new QLineEdit(classifyBox);
    m_llmUrl->setObjectName(QStringLiteral("llmUrlEdit"));
    m_llmUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/v1"));
    m_llmModel = new QLineEdit(classifyBox);
    m_llmModel->setObjectName(QStringLiteral("llmModelEdit"));
    m_llmModel->setPlaceholderText(tr("model name"));
    m_llmKeyEnv = new QLineEdit(classifyBox);
    m_llmKeyEnv->setObjectName(QStringLiteral("llmKeyVariableEdit"));
    m_llmKeyEnv->setPlaceholderText(tr("environment variable with the API key (optional)"));
    m_classify = new QPushButton(tr("Classify"), classifyBox);
    m_classify->setObjectName(QStringLiteral("classifyButton"));
    m_classify->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_classify->setToolTip(tr("Label every segment (Ctrl+L); runs in the background, Esc cancels"));
    auto *classifyForm = new QFormLayout(classifyBox);
    auto *classifierRow = new QHBoxLayout;
    classifierRow->addWidget(m_classifier, 1);
    classifierRow->addWidget(m_classify);
    classifyForm->addRow(tr("Classifier:"), classifierRow);
    m_minConfidence = new QDoubleSpinBox(classifyBox);
    m_minConfidence->setObjectName(QStringLiteral("minConfidenceBox"));
    m_minConfidence->setRange(0.0, 1.0);
    m_minConfidence->setDecimals(3);
    m_minConfidence->setSingleStep(0.01);
    m_minConfidence->setValue(ClassifyOptions::CentroidMinConfidence);
    m_minConfidence->setToolTip(tr("A classifier's semantic labels below this confidence are dropped. The default was measured against "
                                   "WMT21 TED's gold labels (bench/sampling/centroid_threshold.py)."));
    classifyForm->addRow(tr("Min. confidence:"), m_minConfidence);
    auto *llmRow = new QHBoxLayout;
    llmRow->addWidget(m_llmUrl, 2);
    llmRow->addWidget(m_llmModel, 1);
    llmRow->addWidget(m_llmKeyEnv, 2);
    classifyForm->addRow(tr("LLM endpoint:"), llmRow);
    const auto updateLlm = [this] {
        const bool llm = CoverageClassifierKind(m_classifier->currentData().toInt()) == CoverageClassifierKind::Llm;
        for (QLineEdit *e : {m_llmUrl, m_llmModel, m_llmKeyEnv})
            e->setEnabled(llm);
        const auto kind = CoverageClassifierKind(m_classifier->currentData().toInt());
        m_minConfidence->setEnabled(kind == CoverageClassifierKind::Centroid || kind == CoverageClassifierKind::Llm);
    };
    connect(m_classifier, qOverload<int>(&QComboBox::currentIndexChanged), this, updateLlm);
    updateLlm();
    connect(m_classify, &QPushButton::clicked, this,
            [this] { Q_EMIT classifyRequested(CoverageClassifierKind(m_classifier->currentData().toInt())); });
    return classifyBox;
}

QTableView *CoverageCorporaPage::buildLabelView()
{
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_labelModel);
    proxy->setFilterKeyColumn(-1);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    auto *view = new QTableView(this);
    view->setObjectName(QStringLiteral("labelView"));
    view->setModel(proxy);
    view->setItemDelegateForColumn(SegmentLabelModel::Primary, new CategoryDelegate(view));
    view->setSortingEnabled(true);
    view->sortByColumn(SegmentLabelModel::Position, Qt::AscendingOrder);
    view->verticalHeader()->hide();
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setSectionResizeMode(SegmentLabelModel::Source, QHeaderView::Stretch);
    view->horizontalHeader()->resizeSection(SegmentLabelModel::Position, 56);
    view->horizontalHeader()->resizeSection(SegmentLabelModel::Document, 90);
    view->horizontalHeader()->resizeSection(SegmentLabelModel::Primary, 250);
    view->horizontalHeader()->resizeSection(SegmentLabelModel::Confidence, 90);
    view->horizontalHeader()->resizeSection(SegmentLabelModel::Origin, 70);
    view->horizontalHeader()->resizeSection(SegmentLabelModel::Secondary, 260);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    view->setToolTip(tr("Double-click (or F2) a primary category to relabel the segment by hand"));
    QAction *undoAction = m_relabelUndo->createUndoAction(view);
    undoAction->setShortcut(QKeySequence::Undo);
    undoAction->setShortcutContext(Qt::WidgetShortcut);
    QAction *redoAction = m_relabelUndo->createRedoAction(view);
    redoAction->setShortcut(QKeySequence::Redo);
    redoAction->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(undoAction);
    view->addAction(redoAction);
    return view;
}

void CoverageCorporaPage::reload()
{
    const QSignalBlocker blocker(m_corpora);
    m_corpora->setRowCount(0);
    if (!m_state.store)
        return;
    const QVector<sampling::CorpusSummary> corpora = m_state.store->corpora();
    m_corpora->setRowCount(int(corpora.size()));
    for (int r = 0; r < corpora.size(); ++r) {
        const sampling::CorpusSummary &c = corpora[r];
        m_corpora->setItem(r, 0, coverageCell(c.name));
        m_corpora->setItem(r, 1, coverageCell(c.segments));
        m_corpora->setItem(r, 2, coverageCell(c.documents));
        m_corpora->setItem(r, 3, coverageCell(c.systems.join(QStringLiteral(", "))));
        m_corpora->setItem(r, 4, coverageCell(QString::number(c.meanPostEditScore, 'f', 4)));
    }
    m_corpora->resizeColumnsToContents();
}

void CoverageCorporaPage::showLabelling(bool labellingChanged)
{
    {
        const QSignalBlocker blocker(m_corpora);
        const QList<QTableWidgetItem *> found = m_corpora->findItems(m_state.corpus.name, Qt::MatchExactly);
        if (m_state.corpusId && !found.isEmpty() && found.first()->column() == 0)
            m_corpora->selectRow(found.first()->row());
    }
    if (m_state.labellingId && m_state.pool)
        m_labelModel->setLabelling(m_state.corpus, m_state.labels, m_state.pool->categories);
    else
        m_labelModel->clear();
    if (labellingChanged)
        m_relabelUndo->clear();
}

void CoverageCorporaPage::setClassifyEnabled(bool enabled)
{
    m_classify->setEnabled(enabled);
}

void CoverageCorporaPage::setLlmEndpoint(const QString &baseUrl, const QString &model, const QString &apiKeyVariable)
{
    m_llmUrl->setText(baseUrl);
    m_llmModel->setText(model);
    m_llmKeyEnv->setText(apiKeyVariable);
}

translate::ChatEndpoint CoverageCorporaPage::llmEndpoint() const
{
    translate::ChatEndpoint endpoint;
    endpoint.baseUrl = m_llmUrl->text().trimmed();
    endpoint.model = m_llmModel->text().trimmed();
    endpoint.apiKeyVariable = m_llmKeyEnv->text().trimmed();
    return endpoint;
}

void CoverageCorporaPage::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Corpus"), QString(), tr("Corpora (*.tsv *.jsonl *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    CoverageCorpusImportDialog dialog(path, this);
    if (dialog.exec() == QDialog::Accepted)
        Q_EMIT importRequested(path, dialog.options(), dialog.corpusName());
}

void CoverageCorporaPage::removeSelected()
{
    const int row = m_corpora->currentRow();
    if (row < 0 || !m_state.store)
        return;
    const QString name = m_corpora->item(row, 0)->text();
    if (QMessageBox::question(this, tr("Remove Corpus"), tr("Remove corpus '%1' with its labellings and samples?").arg(name)) != QMessageBox::Yes)
        return;
    if (const auto id = m_state.store->corpusId(name))
        m_state.store->removeCorpus(*id);
    m_state.corpus = Corpus();
    Q_EMIT corpusRemoved();
}

QString CoverageCorporaPage::relabel(int row, const QString &category)
{
    if (!m_state.store || !m_state.labellingId)
        return tr("Classify the corpus first.");
    try {
        const SegmentLabels before = m_state.labels.value(row);
        const SegmentLabels labels = m_state.store->setPrimaryCategory(*m_state.labellingId, row, category);
        showSegmentLabels(row, labels);
        m_relabelUndo->push(new RelabelCommand([this](int r, const SegmentLabels &l) { applySegmentLabels(r, l); }, row, before, labels,
                                               tr("Relabel segment %1").arg(row + 1)));
        Q_EMIT statusChanged(tr("Segment %1 is now labelled '%2' (by hand).").arg(row + 1).arg(category), false);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void CoverageCorporaPage::applySegmentLabels(int row, const SegmentLabels &labels)
{
    if (!m_state.store || !m_state.labellingId)
        return;
    try {
        m_state.store->setSegmentLabels(*m_state.labellingId, row, labels);
        showSegmentLabels(row, labels);
        Q_EMIT statusChanged(tr("Segment %1: labels restored.").arg(row + 1), false);
    } catch (const std::exception &e) {
        Q_EMIT statusChanged(QString::fromUtf8(e.what()), true);
    }
}

void CoverageCorporaPage::showSegmentLabels(int row, const SegmentLabels &labels)
{
    m_state.labels[row] = labels;
    m_labelModel->setSegmentLabels(row, labels);
    m_state.pool = std::make_unique<SamplingPool>(makeSamplingPool(m_state.corpus, m_state.labels, m_state.taxonomy));
    Q_EMIT labelsChanged();
}

QString CoverageCorporaPage::exportLabelsCsv(const QString &path)
{
    return saveTableCsv(*m_labelModel, path);
}

void CoverageCorporaPage::exportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Labels"), QStringLiteral("labels.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportLabelsCsv(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export CSV"), error);
    else
        Q_EMIT statusChanged(tr("Saved %1").arg(path), false);
}

}  // namespace gauntlet
