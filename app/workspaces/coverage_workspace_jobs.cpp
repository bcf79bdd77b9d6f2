// The Coverage workspace's long work (coverage_workspace.h): corpus import, classification and
// sampling run on a BackgroundJob thread over copies of what they read; what they produce is stored
// on the GUI thread when they end, each in one transaction.
#include "app/workspaces/coverage_workspace.h"
#include "engine/core/arg_text.h"
#include <QMessageBox>

#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/coverage_corpora_page.h"
#include "app/workspaces/background_job.h"
#include "app/workspaces/coverage_samples_page.h"
#include "engine/sampling/centroid_classifier.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/llm_classifier.h"
#include "engine/sampling/sampling_error.h"
#include "engine/compute/compute.h"
#include "engine/sampling/coverage_store.h"
#include "engine/store/database.h"
#include "engine/store/project.h"

#include <QFileInfo>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>

#include <memory>

namespace gauntlet {

using namespace sampling;

bool CoverageWorkspace::isBusy() const
{
    return m_job->isRunning();
}

void CoverageWorkspace::cancelJob()
{
    m_job->cancel();
}

bool CoverageWorkspace::startJob(const QString &label)
{
    if (!m_state.store) {
        setStatus(tr("Open a project first."), true);
        return false;
    }
    if (m_job->isRunning()) {
        setStatus(tr("Wait for '%1' to finish (or cancel it) first.").arg(m_job->label()), true);
        return false;
    }
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
    m_samples->setDrawEnabled(false);
    m_corpora->setClassifyEnabled(false);
    setStatus(tr("%1...").arg(label));
    return true;
}

// --- corpus import -------------------------------------------------------------------------------

bool CoverageWorkspace::importCorpus(const QString &path, const CorpusFileOptions &options, const QString &name)
{
    ensureLoaded();
    const QString label = tr("Importing %1").arg(QFileInfo(path).fileName());
    if (!startJob(label))
        return false;
    // The job streams the file into the project through its own connection (one transaction, so
    // a cancel or an error stores nothing); the GUI's connection then reads what it stored.
    auto summary = std::make_shared<sampling::CorpusSummary>();
    return m_job->start(
        label,
        [projectPath = m_state.project->path(), path, options, name, summary](BackgroundJob::Control &control) {
            control.progress(0, 0);
            CorpusFileOptions withProgress = options;
            withProgress.progress = [&control](int done, int total) { return control.progress(done, total); };
            const std::unique_ptr<storage::Database> db = storage::Database::open(projectPath, storage::Database::Mode::ReadWrite);
            *summary = CoverageStore(*db).importCorpusFile(path, withProgress, name);
            return QString();
        },
        [this, summary] {
            reloadCorpora();
            m_state.corpus = Corpus();
            selectCorpus(summary->name);
            QString text = tr("Imported corpus '%1': %2, %3, %4, mean post-edit score %5")
                               .arg(summary->name, tr("%n segment(s)", "", int(summary->segments)),
                                    tr("%n document(s)", "", int(summary->documents)), tr("%n system(s)", "", int(summary->systems.size())))
                               .arg(summary->meanPostEditScore, 0, 'f', 4);
            if (!summary->hasDocuments)
                text += tr(". Warning: the file has no document column, so every segment is its own document and segments per "
                           "document, Gini and TACTICS' coherence level do not apply (shown as n/a).");
            setStatus(text, !summary->hasDocuments);
            m_tabs->setCurrentIndex(CorporaTab);
            return QString();
        });
}

// --- classification ------------------------------------------------------------------------------

bool CoverageWorkspace::confirmReplaceSamples(int samples, const QString &corpus, const QString &taxonomy)
{
    if (m_askReplaceSamples)
        return m_askReplaceSamples(samples);
    QMessageBox box(QMessageBox::Warning, tr("Classify Again?"),
                    tr("%n stored sample(s) were drawn under the current labels of '%1' with taxonomy '%2'. Classifying again "
                       "replaces the labels and deletes these samples; their measures could no longer be reproduced.\n\n"
                       "Export them first with Export CSV in the Sample tab if you need them.",
                       "", samples)
                        .arg(corpus, taxonomy),
                    QMessageBox::NoButton, this);
    QPushButton *replace = box.addButton(tr("Classify and Delete Samples"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == replace;
}

bool CoverageWorkspace::classify(ClassifierKind kind)
{
    ensureLoaded();
    if (!m_state.corpusId) {
        setStatus(tr("Select a corpus to classify (import one first)."), true);
        return false;
    }
    Taxonomy taxonomy;
    qint64 taxonomyId = 0;
    const QString corpusName = m_state.corpus.name;
    try {
        if (kind == ClassifierKind::Gold) {
            const QString name = corpusName + QStringLiteral("-gold");
            const auto existing = m_state.store->taxonomyId(name);
            if (existing) {
                taxonomyId = *existing;
            } else {
                const Taxonomy made = taxonomyFromGoldLabels(m_state.corpus, name);
                if (made.categories.isEmpty()) {
                    setStatus(tr("Corpus '%1' has no gold labels (import it with its labels column).").arg(corpusName), true);
                    return false;
                }
                taxonomyId = m_state.store->addTaxonomy(made);
            }
            taxonomy = m_state.store->taxonomy(taxonomyId);
        } else {
            if (!m_state.taxonomyId) {
                setStatus(tr("Select a taxonomy (Taxonomies tab) to classify with."), true);
                return false;
            }
            taxonomyId = *m_state.taxonomyId;
            taxonomy = m_state.taxonomy;
        }
    } catch (const std::exception &e) {
        setStatus(QString::fromUtf8(e.what()), true);
        return false;
    }
    translate::ChatEndpoint endpoint;
    if (kind == ClassifierKind::Llm) {
        endpoint = m_corpora->llmEndpoint();
        if (endpoint.baseUrl.isEmpty() || endpoint.model.isEmpty()) {
            setStatus(tr("The LLM classifier needs an endpoint URL and a model name."), true);
            return false;
        }
    }
    // Samples drawn under the current labels go with them: say so and let the user choose
    // (issue 33: 48 samples went without a word).
    const int samples = m_state.store->sampleCount(m_state.corpusId ? *m_state.corpusId : 0, taxonomyId);
    if (samples > 0 && !confirmReplaceSamples(samples, corpusName, taxonomy.name)) {
        setStatus(tr("Not classified: the %n stored sample(s) drawn under the current labels are kept.", "", samples), false);
        return false;
    }
    const QString label = tr("Classifying %1 with %2").arg(corpusName, taxonomy.name);
    if (!startJob(label))
        return false;
    auto labels = std::make_shared<QVector<SegmentLabels>>();
    auto classifierName = std::make_shared<QString>();
    auto audit = std::make_shared<std::optional<LlmReplyStats>>();  // the LLM classifier's drops and replies
    const qint64 corpusId = *m_state.corpusId;  // the selection may change while the job runs
    const int maxSemantic = ClassifyOptions().maxSemantic;  // semantic guesses only; every match is kept
    const double minConfidence = m_corpora->minConfidence();  // shown and set on the Corpora tab (issue 33 item 5)
    return m_job->start(
        label,
        [kind, corpus = m_state.corpus, taxonomy, endpoint, labels, classifierName, audit, maxSemantic, minConfidence](BackgroundJob::Control &control) {
            if (kind == ClassifierKind::Gold) {
                *labels = goldLabels(corpus);
                *classifierName = QStringLiteral("gold");
                return QString();
            }
            std::unique_ptr<SemanticClassifier> semantic;
            if (kind == ClassifierKind::Centroid) {
                control.progress(0, 0);
                semantic = std::make_unique<CentroidClassifier>(taxonomy, taxonomyExamples(taxonomy), compute::engine().clsEmbedding({}));
            } else if (kind == ClassifierKind::Llm) {
                semantic = std::make_unique<LlmCategoryClassifier>(taxonomy, endpoint, LlmCategoryClassifier::Options{20, maxSemantic - 1});
            }
            ClassifyOptions options;
            options.maxSemantic = maxSemantic;
            options.minSemanticConfidence = minConfidence;
            options.chunkSize = kind == ClassifierKind::Llm ? 20 : 100;
            options.progress = [&control](int done, int total) { return control.progress(done, total); };
            control.progress(0, int(corpus.segments.size()));
            *labels = classifyCorpus(corpus, taxonomy, semantic.get(), options);
            *classifierName = semantic ? QStringLiteral("matchers+") + semantic->name() : QStringLiteral("matchers");
            if (const auto *llm = dynamic_cast<const LlmCategoryClassifier *>(semantic.get()))
                *audit = llm->stats();
            return QString();
        },
        [this, labels, classifierName, audit, corpusId, taxonomyId, taxonomy, corpusName, kind, maxSemantic, minConfidence] {
            QJsonObject settings{{QStringLiteral("max_semantic"), maxSemantic},
                                 {QStringLiteral("min_confidence"), minConfidence},
                                 {QStringLiteral("classifier"), *classifierName},
                                 {QStringLiteral("from"), QStringLiteral("gui")}};
            if (*audit)  // kept with the labelling for audit, and said below
                insertLlmAudit(settings, **audit);
            m_state.store->saveLabelling(corpusId, taxonomyId, *labels, *classifierName, settings, /*replaceSamples=*/true);  // confirmed above
            int labelled = 0;
            for (const SegmentLabels &l : *labels)
                labelled += l.isEmpty() ? 0 : 1;
            if (kind == ClassifierKind::Gold)
                reloadTaxonomies();
            selectCorpus(corpusName);
            selectTaxonomy(taxonomy.name);
            QString text = tr("Classified %1 segments of '%2' with taxonomy '%3' (%4): %5 have a category.")
                               .arg(labels->size())
                               .arg(corpusName, taxonomy.name, *classifierName)
                               .arg(labelled);
            if (*audit)
                text += u' ' + tr("LLM: %1 labels with unknown categories dropped, %2 segments asked again, %3 unanswered.")
                                   .arg(core::argText((*audit)->invalidPaths), core::argText((*audit)->askedAgain), core::argText((*audit)->missingIds));
            setStatus(text, *audit && ((*audit)->invalidPaths > 0 || (*audit)->missingIds > 0));
            return QString();
        });
}

// --- sampling ------------------------------------------------------------------------------------

bool CoverageWorkspace::drawSample(const SamplerSettings &settings, const QString &name)
{
    ensureLoaded();
    if (!m_state.labellingId || !m_state.pool) {
        setStatus(tr("Classify the selected corpus first (Corpora tab)."), true);
        return false;
    }
    QString sampleName = name.trimmed();
    if (sampleName.isEmpty())
        sampleName = defaultSampleName(m_state.corpus.name, m_state.taxonomy.name, settings.method, settings.budget, settings.seed);
    if (const auto existing = m_state.store->sampleId(sampleName)) {
        setStatus(sampleNameTakenMessage(sampleName, *existing), true);
        return false;
    }
    return runSampling(settings, {settings.method}, {sampleName});
}

QString CoverageWorkspace::sampleNameTakenMessage(const QString &name, qint64 sampleId)
{
    for (const sampling::SampleSummary &summary : m_state.store->samples()) {
        if (summary.id != sampleId)
            continue;
        const sampling::LabellingSummary labelling = m_state.store->labelling(summary.labellingId);
        return tr("A sample named '%1' exists already (corpus '%2', taxonomy '%3'): choose another name or seed.")
            .arg(name, labelling.corpusName, labelling.taxonomyName);
    }
    return tr("A sample named '%1' exists already: choose another name or seed.").arg(name);
}

bool CoverageWorkspace::compareSamplers(const SamplerSettings &settings, const QVector<SamplingMethod> &methods)
{
    ensureLoaded();
    if (!m_state.labellingId || !m_state.pool) {
        setStatus(tr("Classify the selected corpus first (Corpora tab)."), true);
        return false;
    }
    if (settings.budget < 1 || methods.isEmpty()) {
        setStatus(tr("The budget B must be at least 1."), true);
        return false;
    }
    QStringList names;
    for (SamplingMethod method : methods)
        names.append(defaultSampleName(m_state.corpus.name, m_state.taxonomy.name, method, settings.budget, settings.seed));
    return runSampling(settings, methods, names);
}

bool CoverageWorkspace::runSampling(const SamplerSettings &settings, const QVector<SamplingMethod> &methods, const QStringList &names)
{
    const QString label = methods.size() == 1 ? tr("Drawing %1").arg(names.first()) : tr("Drawing %1 samplers at B = %2").arg(core::argText(methods.size()), core::argText(settings.budget));
    if (!startJob(label))
        return false;
    struct Drawn {
        QString name;
        Sample sample;
        CoverageMeasures measures;
    };
    auto drawn = std::make_shared<QVector<Drawn>>();
    const qint64 labellingId = *m_state.labellingId;
    return m_job->start(
        label,
        [pool = *m_state.pool, settings, methods, names, drawn](BackgroundJob::Control &control) {
            for (int k = 0; k < methods.size(); ++k) {
                if (!control.progress(k, int(methods.size())))
                    return QString();
                SamplerSettings s = settings;
                s.method = methods[k];
                const Sample sample = sampling::drawSample(pool, s);
                drawn->append({names[k], sample, measureCoverage(pool, sample.segments, s.terBins, s.coverageTarget)});
            }
            control.progress(int(methods.size()), int(methods.size()));
            return QString();
        },
        [this, drawn, labellingId] {
            QStringList stored, skipped;
            for (const Drawn &d : *drawn) {
                if (m_state.store->sampleId(d.name)) {
                    skipped.append(d.name);
                    continue;
                }
                m_state.store->saveSample(d.name, labellingId, d.sample, d.measures);
                stored.append(d.name);
            }
            reloadSamples();
            if (!drawn->isEmpty())
                m_charts->selectSample(drawn->first().name);
            if (drawn->size() == 1 && !stored.isEmpty()) {
                const CoverageMeasures &m = drawn->first().measures;
                setStatus(tr("Stored sample '%1': %2 segments, Cov20 %3, Cov1 %4 of %5 feasible categories, Pearson r %6")
                              .arg(stored.first())
                              .arg(m.sampleSize)
                              .arg(m.cov20)
                              .arg(m.cov1)
                              .arg(m.feasibleCategories)
                              .arg(m.pearsonR, 0, 'f', 3));
            } else {
                setStatus(tr("Stored %1 samples%2.").arg(stored.size()).arg(skipped.isEmpty() ? QString()
                                                                                               : tr("; kept the existing %1").arg(skipped.join(QStringLiteral(", ")))));
            }
            return QString();
        });
}

}  // namespace gauntlet
