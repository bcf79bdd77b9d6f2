#include "app/workspaces/coverage_workspace.h"

#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/coverage_job.h"
#include "app/workspaces/coverage_taxonomy_editor.h"
#include "engine/sampling/coverage_store.h"
#include "engine/verify/example_store.h"
#include "engine/store/project.h"
#include "models/segment_label_model.h"

#include <QComboBox>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

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
    const std::optional<qint64> previous = m_labellingId;
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
    if (m_labellingId != previous)
        m_relabelUndo->clear();  // its commands belong to the previous labelling
    m_draw->setEnabled(m_labellingId.has_value());
    m_compare->setEnabled(m_labellingId.has_value());
    m_classify->setEnabled(m_corpusId.has_value());
    reloadSamples();
}

}  // namespace gauntlet
