#include "app/workspaces/coverage_workspace.h"

#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/coverage_corpora_page.h"
#include "app/workspaces/background_job.h"
#include "app/workspaces/coverage_samples_page.h"
#include "app/workspaces/coverage_taxonomies_page.h"
#include "engine/store/project.h"
#include "engine/store/database.h"
#include "engine/core/arg_text.h"
#include "engine/verify/example_store.h"

#include <QThread>
#include <QComboBox>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

namespace {

/// Refills `box` with `fill` (its signals blocked meanwhile), keeping the entry it showed where the
/// new entries still hold it.
template <typename Fill>
void refillKeepingChoice(QComboBox *box, Fill fill)
{
    const QString keep = box->currentText();
    const QSignalBlocker blocker(box);
    box->clear();
    fill();
    if (box->findText(keep) >= 0)
        box->setCurrentText(keep);
}

}  // namespace

CoverageWorkspace::CoverageWorkspace(QWidget *parent)
    : QWidget(parent), m_job(new BackgroundJob(this)), m_corpusBox(new QComboBox(this)), m_taxonomyBox(new QComboBox(this)),
      m_labellingLabel(new QLabel(this)), m_tabs(new QTabWidget(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_status(new QLabel(this)), m_taxonomies(new CoverageTaxonomiesPage(m_state, this)),
      m_corpora(new CoverageCorporaPage(m_state, this)), m_samples(new CoverageSamplesPage(m_state, this)),
      m_charts(new CoverageChartsPage(this))
{
    m_corpusBox->setObjectName(QStringLiteral("coverageCorpusBox"));
    m_taxonomyBox->setObjectName(QStringLiteral("coverageTaxonomyBox"));
    m_labellingLabel->setObjectName(QStringLiteral("coverageLabellingLabel"));
    m_tabs->setObjectName(QStringLiteral("coverageTabs"));
    m_charts->setObjectName(QStringLiteral("coverageChartsPage"));
    m_progress->setObjectName(QStringLiteral("coverageProgressBar"));
    m_cancel->setObjectName(QStringLiteral("coverageCancelButton"));
    m_status->setObjectName(QStringLiteral("coverageStatusLabel"));
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

    m_tabs->addTab(m_taxonomies, tr("&Taxonomies"));
    m_tabs->addTab(m_corpora, tr("C&orpora && Labels"));
    m_tabs->addTab(m_samples, tr("&Sample"));
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
    connect(m_job, &BackgroundJob::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(0, total));
        m_progress->setValue(done);
    });
    connect(m_job, &BackgroundJob::finished, this, [this](const QString &label, const QString &error, bool cancelled) {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_samples->setDrawEnabled(true);
        m_corpora->setClassifyEnabled(true);
        if (cancelled)
            setStatus(tr("%1: cancelled; nothing was stored.").arg(label));
        else if (!error.isEmpty())
            setStatus(tr("%1 failed: %2").arg(label, error), true);
        Q_EMIT jobFinished(label, error, cancelled);
    });
    connect(m_corpusBox, qOverload<int>(&QComboBox::activated), this, [this] { loadLabelling(); });
    connect(m_taxonomyBox, qOverload<int>(&QComboBox::activated), this, [this] { loadLabelling(); });
    connectPages();
    setEnabled(false);
}

CoverageWorkspace::~CoverageWorkspace() = default;

void CoverageWorkspace::connectPages()
{
    connect(m_taxonomies, &CoverageTaxonomiesPage::statusChanged, this, &CoverageWorkspace::setStatus);
    connect(m_corpora, &CoverageCorporaPage::statusChanged, this, &CoverageWorkspace::setStatus);
    connect(m_samples, &CoverageSamplesPage::statusChanged, this, &CoverageWorkspace::setStatus);
    connect(m_taxonomies, &CoverageTaxonomiesPage::taxonomyChosen, this, [this](const QString &name) {
        if (m_taxonomyBox->currentText() != name)
            selectTaxonomy(name);
    });
    connect(m_taxonomies, &CoverageTaxonomiesPage::taxonomiesChanged, this, [this](const QString &name) {
        reloadTaxonomies();
        selectTaxonomy(name);
    });
    connect(m_taxonomies, &CoverageTaxonomiesPage::taxonomyRemoved, this, &CoverageWorkspace::reload);
    connect(m_corpora, &CoverageCorporaPage::corpusChosen, this, [this](const QString &name) {
        if (m_corpusBox->currentText() != name)
            selectCorpus(name);
    });
    connect(m_corpora, &CoverageCorporaPage::importRequested, this,
            [this](const QString &path, const CorpusFileOptions &options, const QString &name) { importCorpus(path, options, name); });
    connect(m_corpora, &CoverageCorporaPage::classifyRequested, this, [this](ClassifierKind kind) { classify(kind); });
    connect(m_corpora, &CoverageCorporaPage::corpusRemoved, this, &CoverageWorkspace::reload);
    connect(m_corpora, &CoverageCorporaPage::labelsChanged, this, &CoverageWorkspace::reloadSamples);
    connect(m_samples, &CoverageSamplesPage::drawRequested, this, [this] { drawSample(m_samples->settings(), m_samples->sampleName()); });
    connect(m_samples, &CoverageSamplesPage::compareRequested, this, [this] {
        compareSamplers(m_samples->settings(), {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation,
                                                SamplingMethod::LowConfidence, SamplingMethod::Dsir});
    });
    connect(m_samples, &CoverageSamplesPage::chartsRequested, this, [this](const QString &name) {
        if (m_charts->selectSample(name))
            m_tabs->setCurrentIndex(ChartsTab);
    });
    connect(m_samples, &CoverageSamplesPage::samplesChanged, this, &CoverageWorkspace::reloadSamples);
}

// --- project and selection ---------------------------------------------------------------------

struct CoverageWorkspace::LoadedLabelling {
    std::optional<qint64> corpusId, taxonomyId, labellingId;
    sampling::Corpus corpus;
    bool corpusFetched = false;  ///< false: the cached corpus stays
    Taxonomy taxonomy;
    QVector<sampling::SegmentLabels> labels;
    std::unique_ptr<SamplingPool> pool;
    std::optional<sampling::LabellingSummary> summary;
    QString error;
};

void CoverageWorkspace::setProject(storage::Project *project)
{
    if (m_job->isRunning()) {
        m_job->cancel();
        QEventLoop loop;
        connect(m_job, &BackgroundJob::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    m_state.project = project;
    m_state.store = project ? std::make_unique<sampling::CoverageStore>(project->database()) : nullptr;
    m_state.corpus = sampling::Corpus();
    setEnabled(project != nullptr);
    reload();
}

void CoverageWorkspace::ensureLoaded()
{
    if (m_loaded)
        return;
    ++m_loadGeneration;  // a background load still running is dropped
    loadLabelling();
}

void CoverageWorkspace::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_loaded && !m_loader)
        loadShown();
}

void CoverageWorkspace::loadShown()
{
    // A corpus of a few thousand segments loads in a blink: at once, as before. A large one on a
    // worker thread, so the window paints and stays responsive meanwhile.
    if (m_corpusBox->currentData().toInt() < BackgroundLoadSegments)  // the corpus's segment count
        loadLabelling();
    else
        loadInBackground();
}

void CoverageWorkspace::loadInBackground()
{
    if (!m_state.project || !m_state.store) {
        loadLabelling();
        return;
    }
    const int generation = ++m_loadGeneration;
    const QString path = m_state.project->path();
    const QString corpusName = m_corpusBox->currentText(), taxonomyName = m_taxonomyBox->currentText();
    setStatus(tr("Loading corpus '%1'...").arg(corpusName));
    m_progress->setRange(0, 0);  // busy
    m_progress->setVisible(true);
    m_tabs->setEnabled(false);  // the pages act on the labelling: not before it is there
    auto result = std::make_shared<LoadedLabelling>();
    m_loader = QThread::create([path, corpusName, taxonomyName, result] {
        try {
            auto db = storage::Database::open(path, storage::Database::Mode::ReadOnly);
            sampling::CoverageStore store(*db);
            *result = fetchLabelling(store, corpusName, taxonomyName, nullptr);
        } catch (const std::exception &e) {
            result->error = QString::fromUtf8(e.what());
        }
    });
    connect(m_loader, &QThread::finished, this, [this, generation, result] {
        m_loader->deleteLater();
        m_loader = nullptr;
        m_progress->setVisible(false);
        m_progress->setRange(0, 1);
        m_tabs->setEnabled(true);
        if (generation != m_loadGeneration || m_loaded)
            return;  // another load took over (a synchronous one, or a new project)
        setStatus(QString());
        applyLabelling(*result);
    });
    m_loader->start();
}

bool CoverageWorkspace::confirmClose()
{
    if (!m_taxonomies->confirmDiscardEdits())
        return false;
    if (m_job->isRunning())
        m_job->cancel();
    return true;
}

void CoverageWorkspace::reload()
{
    reloadTaxonomies();
    reloadCorpora();
    // The corpus, its labels and the sampling pool are read when the workspace is shown, on a
    // worker thread, or when an action needs them (ensureLoaded): opening a project with a large
    // corpus froze the window while another workspace was in front (issue 33 item 7).
    m_loaded = false;
    ++m_loadGeneration;
    if (isVisible())
        loadShown();
    if (m_state.store && m_state.project) {
        try {
            m_charts->setExamples(verify::ExampleStore(m_state.project->database()).examples());
        } catch (const std::exception &e) {
            setStatus(QString::fromUtf8(e.what()), true);
        }
    }
}

void CoverageWorkspace::reloadTaxonomies()
{
    refillKeepingChoice(m_taxonomyBox, [this] {
        if (m_state.store)
            for (const sampling::TaxonomySummary &t : m_state.store->taxonomies())
                m_taxonomyBox->addItem(t.name);
    });
    m_taxonomies->reload(m_taxonomyBox->currentText());
}

void CoverageWorkspace::reloadCorpora()
{
    refillKeepingChoice(m_corpusBox, [this] {
        if (m_state.store)
            for (const sampling::CorpusSummary &c : m_state.store->corpora())
                m_corpusBox->addItem(c.name, c.segments);
    });
    m_corpora->reload();
}

void CoverageWorkspace::reloadSamples()
{
    const QVector<ChartSample> samples = m_samples->reload();
    m_charts->setPool(m_state.pool.get(), m_state.corpus.name, samples);
}

void CoverageWorkspace::setStatus(const QString &text, bool error)
{
    m_status->setText(error ? QStringLiteral("<span style='color:#b00020'>%1</span>").arg(text.toHtmlEscaped()) : text.toHtmlEscaped());
    m_status->setToolTip(text);
}

bool CoverageWorkspace::selectCorpus(const QString &name)
{
    return selectAndLoad(m_corpusBox, name);
}

bool CoverageWorkspace::selectTaxonomy(const QString &name)
{
    return selectAndLoad(m_taxonomyBox, name);
}

bool CoverageWorkspace::selectAndLoad(QComboBox *box, const QString &name)
{
    if (box->findText(name) < 0)
        return false;
    box->setCurrentText(name);
    loadLabelling();
    return true;
}


CoverageWorkspace::LoadedLabelling CoverageWorkspace::fetchLabelling(sampling::CoverageStore &store, const QString &corpusName,
                                                                                      const QString &taxonomyName, const sampling::Corpus *cached)
{
    LoadedLabelling out;
    try {
        out.corpusId = store.corpusId(corpusName);
        out.taxonomyId = store.taxonomyId(taxonomyName);
        const bool reuse = cached && out.corpusId && cached->name == corpusName && !cached->segments.isEmpty();
        if (out.corpusId && !reuse) {
            out.corpus = store.corpus(*out.corpusId);
            out.corpusFetched = true;
        } else if (!out.corpusId) {
            out.corpusFetched = true;  // no corpus: an empty one
        }
        out.taxonomy = out.taxonomyId ? store.taxonomy(*out.taxonomyId) : Taxonomy();
        if (out.corpusId && out.taxonomyId)
            out.labellingId = store.labellingId(*out.corpusId, *out.taxonomyId);
        if (out.labellingId) {
            out.labels = store.labels(*out.labellingId);
            out.pool = std::make_unique<SamplingPool>(makeSamplingPool(out.corpusFetched ? out.corpus : *cached, out.labels, out.taxonomy));
            out.summary = store.labelling(*out.labellingId);
        }
    } catch (const std::exception &e) {
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

void CoverageWorkspace::loadLabelling()
{
    ++m_loadGeneration;
    if (!m_state.store) {
        LoadedLabelling none;
        none.corpusFetched = true;
        applyLabelling(none);
        return;
    }
    LoadedLabelling loaded = fetchLabelling(*m_state.store, m_corpusBox->currentText(), m_taxonomyBox->currentText(), &m_state.corpus);
    applyLabelling(loaded);
}

void CoverageWorkspace::applyLabelling(LoadedLabelling &loaded)
{
    CoverageState &s = m_state;
    const std::optional<qint64> previous = s.labellingId;
    m_loaded = true;
    s.corpusId = loaded.corpusId;
    s.taxonomyId = loaded.taxonomyId;
    s.labellingId = loaded.labellingId;
    if (loaded.corpusFetched)
        s.corpus = std::move(loaded.corpus);
    s.taxonomy = std::move(loaded.taxonomy);
    s.labels = std::move(loaded.labels);
    s.pool = std::move(loaded.pool);
    if (!loaded.error.isEmpty())
        setStatus(loaded.error, true);
    m_taxonomies->followSelection();
    if (s.labellingId && loaded.summary) {
        const sampling::LabellingSummary &summary = *loaded.summary;
        m_labellingLabel->setText(tr("Labelling: %1 of %2 segments have a category (%3, %4)")
                                      .arg(core::argText(summary.labelledSegments), core::argText(s.corpus.segments.size()), summary.classifier,
                                           summary.createdAt));
    } else {
        m_labellingLabel->setText(s.corpusId && s.taxonomyId ? tr("Not classified yet: press Classify on the Corpora tab.")
                                                             : tr("Import a corpus and choose a taxonomy."));
    }
    m_corpora->showLabelling(s.labellingId != previous);
    m_samples->setDrawEnabled(s.labellingId.has_value());
    m_corpora->setClassifyEnabled(s.corpusId.has_value());
    reloadSamples();
}

// --- what the pages do, for the tests and the main window ---------------------------------------

QString CoverageWorkspace::importTaxonomyFile(const QString &path) { return m_taxonomies->importTaxonomyFile(path); }
QString CoverageWorkspace::importBundledTaxonomy(const QString &name) { return m_taxonomies->importBundledTaxonomy(name); }
QString CoverageWorkspace::exportTaxonomy(const QString &name, const QString &path) { return m_taxonomies->exportTaxonomy(name, path); }
QString CoverageWorkspace::saveTaxonomy(const Taxonomy &taxonomy) { return m_taxonomies->saveTaxonomy(taxonomy); }
void CoverageWorkspace::setLlmEndpoint(const QString &baseUrl, const QString &model, const QString &apiKeyVariable)
{
    m_corpora->setLlmEndpoint(baseUrl, model, apiKeyVariable);
}
QString CoverageWorkspace::relabel(int row, const QString &category)
{
    ensureLoaded();
    return m_corpora->relabel(row, category);
}
QString CoverageWorkspace::exportLabelsCsv(const QString &path)
{
    ensureLoaded();
    return m_corpora->exportLabelsCsv(path);
}
QString CoverageWorkspace::exportSamplesCsv(const QString &path)
{
    ensureLoaded();
    return m_samples->exportCsv(path);
}

}  // namespace gauntlet
