// The Coverage workspace's data in a project (migration 0005; papers.md, TACTICS): taxonomies
// with categories and matchers, corpora (segments, MT outputs, post-edits, post-edit scores),
// labellings (a corpus classified with a taxonomy: primary and secondary categories with
// confidence per segment) and samples drawn under a budget, stored with their settings and
// measures. Every write is one transaction: bad input throws before anything is stored.
// Types and algorithms: engine/sampling.
#pragma once

#include "engine/sampling/classification.h"
#include "engine/sampling/corpus.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/sampler.h"
#include "engine/sampling/taxonomy.h"
#include "engine/store/store_error.h"

#include <QString>
#include <QVector>

#include <optional>

namespace gauntlet::storage { class Database; }

namespace gauntlet::sampling {

struct TaxonomySummary {
    qint64 id = 0;
    QString name;
    int categories = 0;
    int deterministic = 0;  ///< categories with matchers
    QString createdAt;
};

struct CorpusSummary {
    qint64 id = 0;
    QString name;
    int segments = 0;
    int documents = 0;
    QStringList systems;
    double meanPostEditScore = 0.0;
    bool hasDocuments = true;  ///< false: the file had no document column (Corpus::hasDocuments)
    QString createdAt;
};

struct LabellingSummary {
    qint64 id = 0;
    qint64 corpusId = 0;
    qint64 taxonomyId = 0;
    QString corpusName;
    QString taxonomyName;
    QString classifier;    ///< "matchers", "matchers+centroid", "matchers+llm:<model>", "gold"
    int labelledSegments = 0;
    QString createdAt;
};

struct SampleSummary {
    qint64 id = 0;
    QString name;
    qint64 labellingId = 0;
    QString method;
    int budget = 0;
    quint64 seed = 0;
    int size = 0;
    QString createdAt;
};

class CoverageStore {
public:
    explicit CoverageStore(storage::Database &db) : m_db(db) {}

    // --- taxonomies ---------------------------------------------------------------------------
    /// Stores a validated taxonomy under its name (or replaces one with `replace`, which also
    /// drops that taxonomy's labellings and samples). Throws StoreError for a name in use or an
    /// invalid taxonomy (the reason from Taxonomy::validate).
    qint64 addTaxonomy(const sampling::Taxonomy &taxonomy, bool replace = false);
    QVector<TaxonomySummary> taxonomies();
    std::optional<qint64> taxonomyId(const QString &name);
    /// Throws StoreError when there is no such taxonomy.
    sampling::Taxonomy taxonomy(qint64 id);
    bool removeTaxonomy(qint64 id);

    // --- corpora ------------------------------------------------------------------------------
    /// Stores a corpus (segments, translations, scores, gold labels) in one transaction. Throws
    /// StoreError for a name in use (unless `replace`) or an empty corpus.
    qint64 addCorpus(const sampling::Corpus &corpus, bool replace = false);
    /// Reads a corpus file (TSV or JSONL, as sampling::readCorpusFile) and stores it as `name`
    /// (empty: the file's base name) without holding the file in memory: its rows are streamed
    /// into temporary SQLite tables, grouped into segments there, and each segment is scored and
    /// stored as it is built, all in one transaction (corpus_import.cpp). options.progress sees
    /// (segments stored, total). Peak memory stays near the SQLite page cache and one segment's
    /// rows (bench/sampling/corpus_memory.sh). Returns the stored corpus' summary. Throws
    /// SamplingError as readCorpusFile (naming the file and line; nothing is stored then) and
    /// StoreError for a name in use (unless `replace`).
    CorpusSummary importCorpusFile(const QString &path, const sampling::CorpusFileOptions &options, const QString &name = {},
                                   bool replace = false);
    /// Every corpus with its summary (stored at import; schema 20), by name.
    QVector<CorpusSummary> corpora();
    /// Computes and stores the summary of corpus `corpusId` (its segments, documents, mean post-edit
    /// score and systems); the importer calls it inside its transaction. Throws StoreError.
    void storeCorpusSummary(qint64 corpusId);
    std::optional<qint64> corpusId(const QString &name);
    /// What corpus() reads of each segment; the less, the less memory a large corpus takes.
    enum class CorpusParts {
        All,             ///< everything
        Classification,  ///< document id, position in it, source and the primary MT (what classifyCorpus reads)
        Sampling,        ///< document id, position in it, source and post-edit score (what makeSamplingPool reads)
    };
    /// The corpus with its segments in position order (fields outside `parts` left empty).
    /// Throws StoreError when missing.
    sampling::Corpus corpus(qint64 id, CorpusParts parts = CorpusParts::All);
    /// The segments at positions [first, first + count) only (count < 0: to the end), e.g. to
    /// classify a large corpus one chunk at a time. Throws StoreError when the corpus is missing.
    sampling::Corpus corpus(qint64 id, CorpusParts parts, int first, int count);
    /// The number of segments of a corpus (0 when there is no such corpus).
    int segmentCount(qint64 corpusId);
    /// Whole segments at the given positions (0-based, corpus order), in the order given, e.g. a
    /// sample's segments of a corpus read with CorpusParts::Sampling. Throws StoreError for a
    /// missing corpus or a position outside it.
    QVector<sampling::CorpusSegment> segments(qint64 corpusId, const QVector<int> &positions);
    bool removeCorpus(qint64 id);

    // --- labellings ---------------------------------------------------------------------------
    /// Stores the labels of every segment of corpus `corpusId` under taxonomy `taxonomyId`,
    /// replacing an earlier labelling of the same pair. Its stored samples were drawn under the
    /// earlier labels and go with them: only with `replaceSamples`; otherwise a pair that has
    /// samples is refused with their count (issue 33: re-classifying deleted 48 samples without a
    /// word). labels.size() must equal the corpus' segment count. Throws StoreError.
    qint64 saveLabelling(qint64 corpusId, qint64 taxonomyId, const QVector<sampling::SegmentLabels> &labels,
                         const QString &classifier, const QJsonObject &settings = {}, bool replaceSamples = false);
    /// Stored samples drawn under the labelling of (corpus, taxonomy); 0 when it has none.
    int sampleCount(qint64 corpusId, qint64 taxonomyId);
    /// Throws StoreError, with their count and how to keep them, when (corpus, taxonomy) has stored
    /// samples that a new labelling would delete: what saveLabelling refuses without
    /// `replaceSamples`, for callers that check before a long classification.
    void requireNoSamples(qint64 corpusId, qint64 taxonomyId);
    QVector<LabellingSummary> labellings();
    std::optional<qint64> labellingId(qint64 corpusId, qint64 taxonomyId);
    LabellingSummary labelling(qint64 id);  ///< throws StoreError when missing
    /// The labels in corpus segment order. Throws StoreError when missing.
    QVector<sampling::SegmentLabels> labels(qint64 labellingId);
    /// The sampling pool of a labelling (its corpus' segments in order with their labels, the
    /// taxonomy's category order), streamed from the store: neither the corpus nor its labels are
    /// held beside the pool, so memory stays near the pool's own size (issue 33 item 7).
    /// Equals makeSamplingPool(corpus(id, CorpusParts::Sampling), labels(id), taxonomy(...)).
    /// Throws StoreError when the labelling is missing.
    sampling::SamplingPool samplingPool(qint64 labellingId);
    /// Manual relabelling (the Coverage workspace's label table): makes `category` the primary
    /// category of the segment at `segmentPosition` (0-based, corpus order) with confidence 1.0
    /// and origin Manual (a person's label); the earlier labels follow as secondary categories
    /// (one that names `category` is dropped). The labelling and its samples are kept. Returns the
    /// segment's new labels. Throws StoreError for a missing labelling, a position outside the
    /// corpus or an empty category.
    sampling::SegmentLabels setPrimaryCategory(qint64 labellingId, int segmentPosition, const QString &category);
    /// Replaces the labels of the segment at `segmentPosition` (0-based, corpus order) with
    /// `labels` (primary first; may be empty), e.g. to undo a manual relabelling. Throws
    /// StoreError for a missing labelling, a position outside the corpus, an empty category or a
    /// confidence outside [0, 1]; nothing is changed then.
    void setSegmentLabels(qint64 labellingId, int segmentPosition, const sampling::SegmentLabels &labels);

    // --- samples ------------------------------------------------------------------------------
    /// Stores a sample (pool indices = corpus segment positions) with its settings and measures.
    /// Throws StoreError for a name in use or an index outside the corpus.
    qint64 saveSample(const QString &name, qint64 labellingId, const sampling::Sample &sample,
                      const sampling::CoverageMeasures &measures);
    QVector<SampleSummary> samples();
    std::optional<qint64> sampleId(const QString &name);
    /// The stored sample: settings (SamplerSettings::fromJson) and segment positions in selection
    /// order. Throws StoreError when missing.
    sampling::Sample sample(qint64 id);
    bool removeSample(qint64 id);

private:
    storage::Database &m_db;
};

}  // namespace gauntlet::sampling
