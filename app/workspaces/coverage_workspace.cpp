#include "app/workspaces/coverage_workspace.h"

#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/coverage_job.h"
#include "app/workspaces/coverage_taxonomy_editor.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/sampling_error.h"
#include "engine/store/coverage_store.h"
#include "engine/store/example_store.h"
#include "engine/store/project.h"
#include "models/segment_label_model.h"
#include "widgets/category_delegate.h"
#include "widgets/table_csv.h"

#include <QComboBox>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace gauntlet {

using namespace sampling;

namespace {

QTableWidgetItem *cell(const QVariant &value)
{
    auto *item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, value);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (value.typeId() == QMetaType::Int || value.typeId() == QMetaType::Double || value.typeId() == QMetaType::ULongLong)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString fixed(double v, int decimals)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("-");
}

}  // namespace

CoverageWorkspace::CoverageWorkspace(QWidget *parent)
    : QWidget(parent), m_job(new CoverageJob(this)), m_corpusBox(new QComboBox(this)), m_taxonomyBox(new QComboBox(this)),
      m_labellingLabel(new QLabel(this)), m_tabs(new QTabWidget(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_status(new QLabel(this))
{
    m_corpusBox->setMinimumContentsLength(18);
    m_taxonomyBox->setMinimumContentsLength(18);
    m_corpusBox->setToolTip(tr("The corpus the Corpora, Sample and Charts tabs work on"));
    m_taxonomyBox->setToolTip(tr("The taxonomy its segments are classified with"));
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Corpus:"), this));
    top->addWidget(m_corpusBox);
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("Taxonomy:"), this));
    top->addWidget(m_taxonomyBox);
    top->addSpacing(12);
    top->addWidget(m_labellingLabel, 1);

    m_tabs->addTab(buildTaxonomiesTab(), tr("&Taxonomies"));
    m_tabs->addTab(buildCorporaTab(), tr("C&orpora && Labels"));
    m_tabs->addTab(buildSampleTab(), tr("&Sample"));
    m_charts = new CoverageChartsPage(this);
    m_tabs->addTab(m_charts, tr("C&harts"));

    m_progress->setVisible(false);
    m_progress->setMaximumWidth(320);
    m_cancel->setVisible(false);
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setToolTip(tr("Stop the running job (Esc); nothing of it is stored"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_progress);
    bottom->addWidget(m_cancel);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(bottom);

    connect(m_cancel, &QPushButton::clicked, this, &CoverageWorkspace::cancelJob);
    connect(m_job, &CoverageJob::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(0, total));
        m_progress->setValue(done);
    });
    connect(m_job, &CoverageJob::finished, this, [this](const QString &label, const QString &error, bool cancelled) {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        for (QPushButton *b : {m_draw, m_compare, m_classify})
            b->setEnabled(true);
        if (cancelled)
            setStatus(tr("%1: cancelled; nothing was stored.").arg(label));
        else if (!error.isEmpty())
            setStatus(tr("%1 failed: %2").arg(label, error), true);
        Q_EMIT jobFinished(label, error, cancelled);
    });
    connect(m_corpusBox, qOverload<int>(&QComboBox::activated), this, [this] { loadLabelling(); });
    connect(m_taxonomyBox, qOverload<int>(&QComboBox::activated), this, [this] { loadLabelling(); });
    setEnabled(false);
}

CoverageWorkspace::~CoverageWorkspace() = default;

// --- tabs ----------------------------------------------------------------------------------------

QWidget *CoverageWorkspace::buildTaxonomiesTab()
{
    auto *page = new QWidget(this);
    m_taxonomyList = new QListWidget(page);
    m_bundled = new QComboBox(page);
    m_bundled->addItems(bundledTaxonomyNames());
    auto *importFile = new QPushButton(tr("Import JSON..."), page);
    importFile->setToolTip(tr("Import a taxonomy file (format gauntlet-taxonomy) into the project"));
    auto *addBundled = new QPushButton(tr("Add Bundled"), page);
    auto *exportFile = new QPushButton(tr("Export JSON..."), page);
    auto *remove = new QPushButton(tr("Remove"), page);
    m_editor = new TaxonomyEditor(page);

    auto *left = new QWidget(page);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(new QLabel(tr("Taxonomies of the project:"), left));
    leftLayout->addWidget(m_taxonomyList, 1);
    leftLayout->addWidget(importFile);
    auto *bundledRow = new QHBoxLayout;
    bundledRow->addWidget(m_bundled, 1);
    bundledRow->addWidget(addBundled);
    leftLayout->addLayout(bundledRow);
    leftLayout->addWidget(exportFile);
    leftLayout->addWidget(remove);
    auto *splitter = new QSplitter(page);
    splitter->addWidget(left);
    splitter->addWidget(m_editor);
    splitter->setStretchFactor(1, 4);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(splitter);

    connect(importFile, &QPushButton::clicked, this, &CoverageWorkspace::importTaxonomyDialog);
    connect(addBundled, &QPushButton::clicked, this, [this] {
        if (const QString error = importBundledTaxonomy(m_bundled->currentText()); !error.isEmpty())
            QMessageBox::warning(this, tr("Add Bundled Taxonomy"), error);
    });
    connect(exportFile, &QPushButton::clicked, this, &CoverageWorkspace::exportTaxonomyDialog);
    connect(remove, &QPushButton::clicked, this, &CoverageWorkspace::removeSelectedTaxonomy);
    connect(m_taxonomyList, &QListWidget::currentTextChanged, this, [this](const QString &name) {
        if (!m_store || name.isEmpty() || name == m_editor->taxonomy().name)
            return;
        if (!confirmDiscardEdits()) {
            const QSignalBlocker blocker(m_taxonomyList);
            const QList<QListWidgetItem *> found = m_taxonomyList->findItems(m_editor->taxonomy().name, Qt::MatchExactly);
            if (!found.isEmpty())
                m_taxonomyList->setCurrentItem(found.first());
            return;
        }
        if (const auto id = m_store->taxonomyId(name)) {
            m_editor->setTaxonomy(m_store->taxonomy(*id));
            if (m_taxonomyBox->currentText() != name) {
                m_taxonomyBox->setCurrentText(name);
                loadLabelling();
            }
        }
    });
    connect(m_editor, &TaxonomyEditor::saveRequested, this, [this](const Taxonomy &t) {
        if (m_store && m_store->taxonomyId(t.name) && !m_store->labellings().isEmpty()) {
            bool used = false;
            for (const LabellingSummary &l : m_store->labellings())
                used = used || l.taxonomyName == t.name;
            if (used && QMessageBox::question(this, tr("Save Taxonomy"),
                                              tr("Saving replaces taxonomy '%1' and drops the corpus labellings and samples made with it. "
                                                 "Save anyway?").arg(t.name))
                            != QMessageBox::Yes)
                return;
        }
        if (const QString error = saveTaxonomy(t); !error.isEmpty())
            QMessageBox::warning(this, tr("Save Taxonomy"), error);
    });
    return page;
}

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
    auto *exportLabels = new QPushButton(tr("Export CSV..."), page);
    connect(exportLabels, &QPushButton::clicked, this, [this] { exportTableDialog(false); });
    auto *labelTools = new QHBoxLayout;
    labelTools->addWidget(m_labelFilter, 1);
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

QWidget *CoverageWorkspace::buildSampleTab()
{
    auto *page = new QWidget(this);
    m_budget = new QSpinBox(page);
    m_budget->setRange(1, 10000000);
    m_budget->setValue(200);
    m_budget->setToolTip(tr("Budget B: the most segments the sample may hold"));
    m_method = new QComboBox(page);
    for (SamplingMethod m : {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation, SamplingMethod::LowConfidence,
                             SamplingMethod::Dsir})
        m_method->addItem(samplingMethodName(m), int(m));
    m_method->setToolTip(tr("tactics: coverage, coherence, fidelity (TACTICS); random; equal: a flat quota per category; "
                            "low-confidence: least certain labels first; dsir: importance resampling towards the long tail"));
    m_seed = new QSpinBox(page);
    m_seed->setRange(0, 2147483647);
    m_seed->setValue(1);
    m_sampleName = new QLineEdit(page);
    m_sampleName->setPlaceholderText(tr("automatic: corpus-method-BB-sSEED"));
    m_draw = new QPushButton(tr("Draw Sample"), page);
    m_draw->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_draw->setToolTip(tr("Draw and store a sample of the selected labelling (Ctrl+D)"));
    m_compare = new QPushButton(tr("Compare Samplers"), page);
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_compare->setToolTip(tr("Draw every sampler at this budget and seed and store each sample (Ctrl+Shift+D); see Charts > Coverage by sampler"));
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_budget->setMinimumWidth(120);
    m_seed->setMinimumWidth(120);
    m_sampleName->setMinimumWidth(320);
    form->addRow(tr("Budget B:"), m_budget);
    form->addRow(tr("Sampler:"), m_method);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Name:"), m_sampleName);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_draw);
    buttons->addWidget(m_compare);
    buttons->addStretch();
    form->addRow(QString(), buttons);

    m_samplesTable = new QTableWidget(0, 12, page);
    m_samplesTable->setHorizontalHeaderLabels({tr("Sample"), tr("Sampler"), tr("B"), tr("Seed"), tr("Size"), tr("Cov20"), tr("Cov1"), tr("Pearson r"),
                                               tr("MSE categories"), tr("Edit rate"), tr("S/D"), tr("Gini")});
    m_samplesTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_samplesTable->verticalHeader()->hide();
    m_samplesTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_samplesTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_samplesTable->setSortingEnabled(true);
    m_samplesTable->setToolTip(tr("Double-click a sample to see its charts"));
    auto *showCharts = new QPushButton(tr("Show Charts"), page);
    auto *remove = new QPushButton(tr("Remove Sample"), page);
    auto *exportCsv = new QPushButton(tr("Export CSV..."), page);
    auto *tableButtons = new QHBoxLayout;
    tableButtons->addWidget(showCharts);
    tableButtons->addWidget(remove);
    tableButtons->addStretch();
    tableButtons->addWidget(exportCsv);

    auto *layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Stored samples of the selected labelling (measures against the whole corpus):"), page));
    layout->addWidget(m_samplesTable, 1);
    layout->addLayout(tableButtons);

    connect(m_draw, &QPushButton::clicked, this, [this] { drawFromForm(false); });
    connect(m_compare, &QPushButton::clicked, this, [this] { drawFromForm(true); });
    const auto show = [this] {
        const int row = m_samplesTable->currentRow();
        if (row >= 0 && m_charts->selectSample(m_samplesTable->item(row, 0)->text()))
            m_tabs->setCurrentIndex(ChartsTab);
    };
    connect(showCharts, &QPushButton::clicked, this, show);
    connect(m_samplesTable, &QTableWidget::cellDoubleClicked, this, show);
    connect(remove, &QPushButton::clicked, this, &CoverageWorkspace::removeSelectedSample);
    connect(exportCsv, &QPushButton::clicked, this, [this] { exportTableDialog(true); });
    return page;
}

// --- project and selection ---------------------------------------------------------------------

void CoverageWorkspace::setProject(Project *project)
{
    if (m_job->isRunning()) {
        m_job->cancel();
        QEventLoop loop;
        connect(m_job, &CoverageJob::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    m_project = project;
    m_store = project ? std::make_unique<CoverageStore>(project->database()) : nullptr;
    setEnabled(project != nullptr);
    reload();
}

bool CoverageWorkspace::confirmDiscardEdits()
{
    if (m_editor->undoStack()->isClean())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved Taxonomy"),
                                              tr("Taxonomy '%1' has unsaved edits. Save them?").arg(m_editor->taxonomy().name),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (const QString error = saveTaxonomy(m_editor->taxonomy()); !error.isEmpty()) {
            QMessageBox::warning(this, tr("Save Taxonomy"), error);
            return false;
        }
    }
    m_editor->undoStack()->setClean();
    return true;
}

bool CoverageWorkspace::confirmClose()
{
    if (!confirmDiscardEdits())
        return false;
    if (m_job->isRunning())
        m_job->cancel();
    return true;
}

void CoverageWorkspace::reload()
{
    reloadTaxonomies();
    reloadCorpora();
    loadLabelling();
    if (m_store && m_project) {
        try {
            m_charts->setExamples(ExampleStore(m_project->database()).examples());
        } catch (const std::exception &e) {
            setStatus(QString::fromUtf8(e.what()), true);
        }
    }
}

void CoverageWorkspace::setStatus(const QString &text, bool error)
{
    m_status->setText(error ? QStringLiteral("<span style='color:#b00020'>%1</span>").arg(text.toHtmlEscaped()) : text.toHtmlEscaped());
    m_status->setToolTip(text);
}

QString CoverageWorkspace::currentCorpusName() const
{
    return m_corpusBox->currentText();
}

QString CoverageWorkspace::currentTaxonomyName() const
{
    return m_taxonomyBox->currentText();
}

void CoverageWorkspace::reloadTaxonomies()
{
    const QString keep = m_taxonomyBox->currentText();
    const QString keepList = m_taxonomyList->currentItem() ? m_taxonomyList->currentItem()->text() : QString();
    const QSignalBlocker b1(m_taxonomyBox);
    const QSignalBlocker b2(m_taxonomyList);
    m_taxonomyBox->clear();
    m_taxonomyList->clear();
    if (!m_store)
        return;
    for (const TaxonomySummary &t : m_store->taxonomies()) {
        m_taxonomyBox->addItem(t.name);
        auto *item = new QListWidgetItem(t.name, m_taxonomyList);
        item->setToolTip(tr("%1 categories, %2 deterministic; added %3").arg(t.categories).arg(t.deterministic).arg(t.createdAt));
    }
    if (m_taxonomyBox->findText(keep) >= 0)
        m_taxonomyBox->setCurrentText(keep);
    const QList<QListWidgetItem *> found = m_taxonomyList->findItems(keepList.isEmpty() ? m_taxonomyBox->currentText() : keepList, Qt::MatchExactly);
    if (!found.isEmpty()) {
        m_taxonomyList->setCurrentItem(found.first());
        if (const auto id = m_store->taxonomyId(found.first()->text()); id && m_editor->taxonomy().name != found.first()->text())
            m_editor->setTaxonomy(m_store->taxonomy(*id));
    }
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
        m_corporaTable->setItem(r, 0, cell(c.name));
        m_corporaTable->setItem(r, 1, cell(c.segments));
        m_corporaTable->setItem(r, 2, cell(c.documents));
        m_corporaTable->setItem(r, 3, cell(c.systems.join(QStringLiteral(", "))));
        m_corporaTable->setItem(r, 4, cell(QString::number(c.meanPostEditScore, 'f', 4)));
    }
    m_corporaTable->resizeColumnsToContents();
    if (m_corpusBox->findText(keep) >= 0)
        m_corpusBox->setCurrentText(keep);
}

bool CoverageWorkspace::selectCorpus(const QString &name)
{
    if (m_corpusBox->findText(name) < 0)
        return false;
    m_corpusBox->setCurrentText(name);
    loadLabelling();
    return true;
}

bool CoverageWorkspace::selectTaxonomy(const QString &name)
{
    if (m_taxonomyBox->findText(name) < 0)
        return false;
    m_taxonomyBox->setCurrentText(name);
    loadLabelling();
    return true;
}

void CoverageWorkspace::loadLabelling()
{
    m_corpusId.reset();
    m_taxonomyId.reset();
    m_labellingId.reset();
    m_labels.clear();
    m_pool.reset();
    if (m_store) {
        try {
            m_corpusId = m_store->corpusId(currentCorpusName());
            m_taxonomyId = m_store->taxonomyId(currentTaxonomyName());
            if (m_corpusId && (m_corpus.name != currentCorpusName() || m_corpus.segments.isEmpty()))
                m_corpus = m_store->corpus(*m_corpusId);
            if (!m_corpusId)
                m_corpus = Corpus();
            m_taxonomy = m_taxonomyId ? m_store->taxonomy(*m_taxonomyId) : Taxonomy();
            if (m_corpusId && m_taxonomyId)
                m_labellingId = m_store->labellingId(*m_corpusId, *m_taxonomyId);
            if (m_labellingId) {
                m_labels = m_store->labels(*m_labellingId);
                m_pool = std::make_unique<SamplingPool>(makeSamplingPool(m_corpus, m_labels, m_taxonomy));
            }
        } catch (const std::exception &e) {
            setStatus(QString::fromUtf8(e.what()), true);
        }
    } else {
        m_corpus = Corpus();
    }
    m_editor->setCorpus(m_corpusId ? &m_corpus : nullptr);
    // The editor follows the selected taxonomy unless it holds unsaved edits of another one.
    if (m_taxonomyId && m_editor->taxonomy().name != m_taxonomy.name && m_editor->undoStack()->isClean()) {
        m_editor->setTaxonomy(m_taxonomy);
        const QSignalBlocker blocker(m_taxonomyList);
        const QList<QListWidgetItem *> found = m_taxonomyList->findItems(m_taxonomy.name, Qt::MatchExactly);
        if (!found.isEmpty())
            m_taxonomyList->setCurrentItem(found.first());
    }
    {
        const QSignalBlocker blocker(m_corporaTable);
        const QList<QTableWidgetItem *> found = m_corporaTable->findItems(currentCorpusName(), Qt::MatchExactly);
        if (!found.isEmpty() && found.first()->column() == 0)
            m_corporaTable->selectRow(found.first()->row());
    }
    if (m_labellingId) {
        const LabellingSummary s = m_store->labelling(*m_labellingId);
        m_labellingLabel->setText(tr("Labelling: %1 of %2 segments have a category (%3, %4)")
                                      .arg(s.labelledSegments)
                                      .arg(m_corpus.segments.size())
                                      .arg(s.classifier, s.createdAt));
        QStringList categories = m_pool->categories;
        m_labelModel->setLabelling(m_corpus, m_labels, categories);
    } else {
        m_labellingLabel->setText(m_corpusId && m_taxonomyId ? tr("Not classified yet: press Classify on the Corpora tab.")
                                                             : tr("Import a corpus and choose a taxonomy."));
        m_labelModel->clear();
    }
    m_draw->setEnabled(m_labellingId.has_value());
    m_compare->setEnabled(m_labellingId.has_value());
    m_classify->setEnabled(m_corpusId.has_value());
    reloadSamples();
}

void CoverageWorkspace::reloadSamples()
{
    const QSignalBlocker blocker(m_samplesTable);
    m_samplesTable->setSortingEnabled(false);
    m_samplesTable->setRowCount(0);
    QVector<ChartSample> chartSamples;
    if (m_store && m_labellingId && m_pool) {
        for (const SampleSummary &summary : m_store->samples()) {
            if (summary.labellingId != *m_labellingId)
                continue;
            const Sample sample = m_store->sample(summary.id);
            const CoverageMeasures m = measureCoverage(*m_pool, sample.segments, sample.settings.terBins);
            const int r = m_samplesTable->rowCount();
            m_samplesTable->insertRow(r);
            const QVariantList values{summary.name, summary.method, summary.budget, QVariant::fromValue(summary.seed), summary.size, m.cov20, m.cov1,
                                      fixed(m.pearsonR, 3), QString::number(m.mseCategory, 'e', 2), fixed(m.editRate, 3), fixed(m.segmentsPerDocument, 2),
                                      fixed(m.gini, 3)};
            for (int c = 0; c < values.size(); ++c)
                m_samplesTable->setItem(r, c, cell(values[c]));
            chartSamples.append({summary.name, summary.method, summary.budget, summary.seed, sample.segments});
        }
    }
    m_samplesTable->setSortingEnabled(true);
    m_samplesTable->sortItems(0, Qt::AscendingOrder);
    m_samplesTable->resizeColumnsToContents();
    m_samplesTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_charts->setPool(m_pool.get(), m_corpus.name, chartSamples);
}

// --- taxonomies ----------------------------------------------------------------------------------

QString CoverageWorkspace::importTaxonomyFile(const QString &path)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return tr("%1: cannot read: %2").arg(path, file.errorString());
        const Taxonomy t = parseTaxonomyJson(file.readAll(), path);
        m_store->addTaxonomy(t);
        reloadTaxonomies();
        selectTaxonomy(t.name);
        setStatus(tr("Imported taxonomy '%1' (%2 categories) from %3").arg(t.name).arg(t.categories.size()).arg(path));
        return {};
    } catch (const std::exception &e) {
        const QString error = QString::fromUtf8(e.what());
        setStatus(error, true);
        return error;
    }
}

QString CoverageWorkspace::importBundledTaxonomy(const QString &name)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        const Taxonomy t = bundledTaxonomy(name);
        if (!m_store->taxonomyId(t.name))
            m_store->addTaxonomy(t);
        reloadTaxonomies();
        selectTaxonomy(t.name);
        setStatus(tr("Taxonomy '%1' (%2 categories) is in the project").arg(t.name).arg(t.categories.size()));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageWorkspace::exportTaxonomy(const QString &name, const QString &path)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        const auto id = m_store->taxonomyId(name);
        if (!id)
            return tr("No taxonomy '%1' in the project.").arg(name);
        const QByteArray json = taxonomyToJson(m_store->taxonomy(*id));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size())
            return tr("%1: cannot write: %2").arg(path, file.errorString());
        setStatus(tr("Exported taxonomy '%1' to %2").arg(name, path));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageWorkspace::saveTaxonomy(const Taxonomy &taxonomy)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        m_store->addTaxonomy(taxonomy, true);
        m_editor->undoStack()->setClean();
        reloadTaxonomies();
        selectTaxonomy(taxonomy.name);
        setStatus(tr("Saved taxonomy '%1' (%2 categories)").arg(taxonomy.name).arg(taxonomy.categories.size()));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void CoverageWorkspace::importTaxonomyDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Taxonomy"), QString(), tr("Taxonomies (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString error = importTaxonomyFile(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot import taxonomy"), error);
}

void CoverageWorkspace::exportTaxonomyDialog()
{
    QListWidgetItem *item = m_taxonomyList->currentItem();
    if (!item)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Taxonomy"), item->text() + QStringLiteral(".json"), tr("Taxonomies (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportTaxonomy(item->text(), path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot export taxonomy"), error);
}

void CoverageWorkspace::removeSelectedTaxonomy()
{
    QListWidgetItem *item = m_taxonomyList->currentItem();
    if (!item || !m_store)
        return;
    if (QMessageBox::question(this, tr("Remove Taxonomy"), tr("Remove taxonomy '%1' with its labellings and samples?").arg(item->text()))
        != QMessageBox::Yes)
        return;
    if (const auto id = m_store->taxonomyId(item->text()))
        m_store->removeTaxonomy(*id);
    reload();
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

void CoverageWorkspace::removeSelectedSample()
{
    const int row = m_samplesTable->currentRow();
    if (row < 0 || !m_store)
        return;
    const QString name = m_samplesTable->item(row, 0)->text();
    if (const auto id = m_store->sampleId(name))
        m_store->removeSample(*id);
    reloadSamples();
}

// --- labels and tables ---------------------------------------------------------------------------

QString CoverageWorkspace::relabel(int row, const QString &category)
{
    if (!m_store || !m_labellingId)
        return tr("Classify the corpus first.");
    try {
        const SegmentLabels labels = m_store->setPrimaryCategory(*m_labellingId, row, category);
        m_labels[row] = labels;
        m_labelModel->setSegmentLabels(row, labels);
        m_pool = std::make_unique<SamplingPool>(makeSamplingPool(m_corpus, m_labels, m_taxonomy));
        reloadSamples();
        setStatus(tr("Segment %1 is now labelled '%2' (by hand).").arg(row + 1).arg(category));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageWorkspace::exportSamplesCsv(const QString &path)
{
    return saveTableCsv(*m_samplesTable->model(), path);
}

QString CoverageWorkspace::exportLabelsCsv(const QString &path)
{
    return saveTableCsv(*m_labelModel, path);
}

void CoverageWorkspace::exportTableDialog(bool samples)
{
    const QString path = QFileDialog::getSaveFileName(this, samples ? tr("Export Samples") : tr("Export Labels"),
                                                      samples ? QStringLiteral("samples.csv") : QStringLiteral("labels.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    const QString error = samples ? exportSamplesCsv(path) : exportLabelsCsv(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export CSV"), error);
    else
        setStatus(tr("Saved %1").arg(path));
}

}  // namespace gauntlet
