#include "app/workspaces/coverage_samples_page.h"

#include "app/workspaces/coverage_state.h"
#include "app/workspaces/coverage_table_cells.h"
#include "engine/sampling/coverage_measures.h"
#include "widgets/table_csv.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

CoverageSamplesPage::CoverageSamplesPage(CoverageState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_budget(new QSpinBox(this)), m_method(new QComboBox(this)), m_seed(new QSpinBox(this)),
      m_name(new QLineEdit(this)), m_draw(new QPushButton(tr("Draw Sample"), this)), m_compare(new QPushButton(tr("Compare Samplers"), this)),
      m_table(new QTableWidget(0, 12, this))
{
    setObjectName(QStringLiteral("coverageSamplesPage"));
    m_budget->setObjectName(QStringLiteral("budgetBox"));
    m_seed->setObjectName(QStringLiteral("seedBox"));
    m_method->setObjectName(QStringLiteral("samplerBox"));
    m_name->setObjectName(QStringLiteral("sampleNameEdit"));
    m_draw->setObjectName(QStringLiteral("drawSampleButton"));
    m_compare->setObjectName(QStringLiteral("compareSamplersButton"));
    m_table->setObjectName(QStringLiteral("samplesTable"));
    m_budget->setRange(1, 10000000);
    m_budget->setValue(200);
    m_budget->setToolTip(tr("Budget B: the most segments the sample may hold"));
    for (SamplingMethod m : {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation, SamplingMethod::LowConfidence,
                             SamplingMethod::Dsir})
        m_method->addItem(samplingMethodName(m), int(m));
    m_method->setToolTip(tr("tactics: coverage, coherence, fidelity (TACTICS); random; equal: a flat quota per category; "
                            "low-confidence: least certain labels first; dsir: importance resampling towards the long tail"));
    m_seed->setRange(0, 2147483647);
    m_seed->setValue(1);
    m_name->setPlaceholderText(tr("automatic: corpus-taxonomy-method-BB-sSEED"));
    m_draw->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_draw->setToolTip(tr("Draw and store a sample of the selected labelling (Ctrl+D)"));
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_compare->setToolTip(tr("Draw every sampler at this budget and seed and store each sample (Ctrl+Shift+D); see Charts > Coverage by sampler"));
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_budget->setMinimumWidth(120);
    m_seed->setMinimumWidth(120);
    m_name->setMinimumWidth(320);
    form->addRow(tr("Budget B:"), m_budget);
    form->addRow(tr("Sampler:"), m_method);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Name:"), m_name);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_draw);
    buttons->addWidget(m_compare);
    buttons->addStretch();
    form->addRow(QString(), buttons);

    m_table->setHorizontalHeaderLabels({tr("Sample"), tr("Sampler"), tr("B"), tr("Seed"), tr("Size"), tr("Cov20"), tr("Cov1"), tr("Pearson r"),
                                        tr("MSE categories"), tr("Edit rate"), tr("S/D"), tr("Gini")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->setToolTip(tr("Double-click a sample to see its charts"));
    auto *showCharts = new QPushButton(tr("Show Charts"), this);
    auto *remove = new QPushButton(tr("Remove Sample"), this);
    auto *exportCsvButton = new QPushButton(tr("Export CSV..."), this);
    auto *tableButtons = new QHBoxLayout;
    tableButtons->addWidget(showCharts);
    tableButtons->addWidget(remove);
    tableButtons->addStretch();
    tableButtons->addWidget(exportCsvButton);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Stored samples of the selected labelling (measures against the whole corpus):"), this));
    layout->addWidget(m_table, 1);
    layout->addLayout(tableButtons);

    connect(m_draw, &QPushButton::clicked, this, &CoverageSamplesPage::drawRequested);
    connect(m_compare, &QPushButton::clicked, this, &CoverageSamplesPage::compareRequested);
    const auto show = [this] {
        const int row = m_table->currentRow();
        if (row >= 0)
            Q_EMIT chartsRequested(m_table->item(row, 0)->text());
    };
    connect(showCharts, &QPushButton::clicked, this, show);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, show);
    connect(remove, &QPushButton::clicked, this, &CoverageSamplesPage::removeSelected);
    connect(exportCsvButton, &QPushButton::clicked, this, &CoverageSamplesPage::exportDialog);
}

SamplerSettings CoverageSamplesPage::settings() const
{
    SamplerSettings s;
    s.method = SamplingMethod(m_method->currentData().toInt());
    s.budget = m_budget->value();
    s.seed = std::uint64_t(m_seed->value());
    return s;
}

QString CoverageSamplesPage::sampleName() const
{
    return m_name->text().trimmed();
}

void CoverageSamplesPage::setDrawEnabled(bool enabled)
{
    m_draw->setEnabled(enabled);
    m_compare->setEnabled(enabled);
}

QVector<ChartSample> CoverageSamplesPage::reload()
{
    const QSignalBlocker blocker(m_table);
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    QVector<ChartSample> chartSamples;
    if (m_state.store && m_state.labellingId && m_state.pool) {
        for (const sampling::SampleSummary &summary : m_state.store->samples()) {
            if (summary.labellingId != *m_state.labellingId)
                continue;
            const Sample sample = m_state.store->sample(summary.id);
            const CoverageMeasures m = measureCoverage(*m_state.pool, sample.segments, sample.settings.terBins);
            const int r = m_table->rowCount();
            m_table->insertRow(r);
            const QVariantList values{summary.name, summary.method, summary.budget, QVariant::fromValue(summary.seed), summary.size, m.cov20, m.cov1,
                                      coverageNumber(m.pearsonR, 3), QString::number(m.mseCategory, 'e', 2), coverageNumber(m.editRate, 3),
                                      m.coherenceApplies ? coverageNumber(m.segmentsPerDocument, 2) : tr("n/a"),
                                      m.coherenceApplies ? coverageNumber(m.gini, 3) : tr("n/a")};
            for (int c = 0; c < values.size(); ++c)
                m_table->setItem(r, c, c == 0 ? new NaturalSortCell(summary.name) : coverageCell(values[c]));
            if (!m.coherenceApplies) {
                for (int c : {10, 11})
                    m_table->item(r, c)->setToolTip(tr("Not applicable: the corpus has no document column, so every segment is its own document"));
            }
            chartSamples.append({summary.id, summary.name, summary.method, summary.budget, summary.seed, sample.segments, sample.settings.toJson()});
        }
    }
    m_table->setSortingEnabled(true);
    m_table->sortItems(0, Qt::AscendingOrder);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    return chartSamples;
}

void CoverageSamplesPage::removeSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || !m_state.store)
        return;
    const QString name = m_table->item(row, 0)->text();
    if (const auto id = m_state.store->sampleId(name))
        m_state.store->removeSample(*id);
    Q_EMIT samplesChanged();
}

QString CoverageSamplesPage::exportCsv(const QString &path)
{
    return saveTableCsv(*m_table->model(), path);
}

void CoverageSamplesPage::exportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Samples"), QStringLiteral("samples.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportCsv(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export CSV"), error);
    else
        Q_EMIT statusChanged(tr("Saved %1").arg(path), false);
}

}  // namespace gauntlet
