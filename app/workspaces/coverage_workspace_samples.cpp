// The Sample tab of the Coverage workspace (coverage_workspace.h): budget B, sampler and seed, the
// stored samples with their measures, CSV export (the drawing is in coverage_workspace_jobs.cpp).
#include "app/workspaces/coverage_workspace.h"

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
    m_sampleName->setPlaceholderText(tr("automatic: corpus-taxonomy-method-BB-sSEED"));
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
                                      coverageNumber(m.pearsonR, 3), QString::number(m.mseCategory, 'e', 2), coverageNumber(m.editRate, 3),
                                      m.coherenceApplies ? coverageNumber(m.segmentsPerDocument, 2) : tr("n/a"),
                                      m.coherenceApplies ? coverageNumber(m.gini, 3) : tr("n/a")};
            for (int c = 0; c < values.size(); ++c)
                m_samplesTable->setItem(r, c, c == 0 ? new NaturalSortCell(summary.name) : coverageCell(values[c]));
            if (!m.coherenceApplies) {
                for (int c : {10, 11})
                    m_samplesTable->item(r, c)->setToolTip(tr("Not applicable: the corpus has no document column, so every segment is its own document"));
            }
            chartSamples.append({summary.name, summary.method, summary.budget, summary.seed, sample.segments});
        }
    }
    m_samplesTable->setSortingEnabled(true);
    m_samplesTable->sortItems(0, Qt::AscendingOrder);
    m_samplesTable->resizeColumnsToContents();
    m_samplesTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_charts->setPool(m_pool.get(), m_corpus.name, chartSamples);
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

QString CoverageWorkspace::exportSamplesCsv(const QString &path)
{
    return saveTableCsv(*m_samplesTable->model(), path);
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
