// Sampling a labelled corpus under a budget B (papers.md, TACTICS section 3.2.3): the three-level
// TACTICS sampler (coverage, coherence, fidelity) and the baselines of TACTICS section 4 (random,
// equal allocation, lowest-confidence-first; DSIR is in dsir.h). Every sampler is deterministic
// for a seed: a std::mt19937_64 seeded with SamplerSettings::seed is the only randomness.
#pragma once

#include "engine/sampling/classification.h"
#include "engine/sampling/corpus.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>

namespace gauntlet::sampling {

/// A labelled corpus reduced to what samplers and measures need (indices instead of strings).
struct PoolSegment {
    int document = 0;            ///< index into SamplingPool::documents
    int position = 0;            ///< 0-based position in its document
    double postEditScore = 0.0;  ///< TER / 100 (0 = unedited)
    QVector<int> categories;     ///< indices into SamplingPool::categories, primary first
    QVector<double> confidences; ///< parallel to categories
    QString text;                ///< the source (DSIR features)
};

struct SamplingPool {
    QStringList categories;      ///< category paths (those of the taxonomy, then any extra label)
    QStringList documents;       ///< document ids
    QVector<PoolSegment> segments;
    /// For each document, its segment indices ordered by position.
    QVector<QVector<int>> documentSegments;
    /// false when the corpus had no document column (Corpus::hasDocuments): every segment is its
    /// own document, so coherence measures do not apply.
    bool hasDocuments = true;

    /// Segments per category in the whole pool (a segment counts once per category it has).
    QVector<int> categoryCounts() const;
};

/// Builds a pool one segment at a time, so a caller that streams a corpus from the store never
/// holds the corpus and its labels beside the pool (issue 33 item 7: a 560,000-segment corpus).
/// `taxonomy` fixes the category order; labels outside it are appended in first-seen order.
class SamplingPoolBuilder {
public:
    SamplingPoolBuilder(const Taxonomy &taxonomy, bool hasDocuments);
    /// Reserves room for `segments` segments (an optimisation only).
    void reserve(int segments);
    /// Appends the next segment (corpus order). `position` is its 0-based place in its document;
    /// `postEditScore` is TER / 100; a category given twice keeps its first confidence.
    void addSegment(const QString &documentId, int position, double postEditScore, const QString &text);
    /// Adds a label to the segment added last (primary first). Throws SamplingError before any segment.
    void addLabel(const QString &category, double confidence);
    /// The pool (each document's segments ordered by position). The builder is empty afterwards.
    SamplingPool finish();

private:
    SamplingPool m_pool;
    QHash<QString, int> m_categoryIndex;
    QHash<QString, int> m_documentIndex;
};

/// Builds the pool from a corpus and its labels (labels.size() == corpus.segments.size();
/// throws SamplingError otherwise). `taxonomy` fixes the category order; labels outside it are
/// appended in first-seen order.
SamplingPool makeSamplingPool(const Corpus &corpus, const QVector<SegmentLabels> &labels, const Taxonomy &taxonomy);

enum class SamplingMethod { Tactics, Random, EqualAllocation, LowConfidence, Dsir };

QString samplingMethodName(SamplingMethod method);  ///< "tactics", "random", "equal", "low-confidence", "dsir"
/// Inverse of samplingMethodName; throws SamplingError naming the valid names.
SamplingMethod samplingMethodFromName(const QString &name);

/// The name a sample gets when the user gives none (`gauntlet sample`, the Coverage workspace):
/// "CORPUS-TAXONOMY-METHOD-BB-sSEED", e.g. "ted-ted-gold-tactics-B200-s1". It names the labelling
/// (corpus and taxonomy), so the same method, budget and seed on another taxonomy of the same
/// corpus gets another name.
QString defaultSampleName(const QString &corpus, const QString &taxonomy, SamplingMethod method, int budget, std::uint64_t seed);

/// Every sampler's settings; each field's default is the value used by TACTICS or its baseline.
struct SamplerSettings {
    SamplingMethod method = SamplingMethod::Tactics;
    int budget = 200;                 ///< B: the sample never has more segments (>= 1)
    std::uint64_t seed = 1;
    // TACTICS level 1 (coverage)
    int coverageTarget = 20;          ///< each feasible category is brought to min(target, corpus count)
    int contextWindow = 1;            ///< neighbours on each side added with a coverage pick (same document),
                                      ///< only while the budget still holds every remaining coverage deficit
    // TACTICS level 2 (coherence)
    double coherenceShare = 0.5;      ///< share of the budget left after level 1 spent on document context
    // TACTICS level 3 (fidelity)
    int terBins = 20;                 ///< post-edit score histogram bins over [0, 1] (>= 1 in the last)
    // DSIR (dsir.h)
    int dsirBuckets = 10000;          ///< hashed n-gram buckets (DSIR's default)
    int dsirNgrams = 2;               ///< unigrams + bigrams
    QStringList dsirTargetTexts;      ///< target distribution; empty: the sources of segments carrying
                                      ///< a category rarer than the median category (the long tail)

    QJsonObject toJson() const;
    /// Inverse of toJson (missing keys keep their defaults). Throws SamplingError for bad values.
    static SamplerSettings fromJson(const QJsonObject &json);
};

/// A drawn sample.
struct Sample {
    SamplerSettings settings;
    QVector<int> segments;      ///< pool segment indices in the order they were chosen (no repeats)
    QVector<int> levelSizes;    ///< TACTICS: sample size after levels 1, 2 and 3; others: {size}
};

/// Draws a sample with `settings.method`. Guarantees: |sample| <= min(B, pool size); with the same
/// pool and settings the same sample; TACTICS level 1 brings every category c to
/// min(coverageTarget, count(c)) whenever the sum of those targets is <= B. Throws SamplingError
/// for B < 1 or other invalid settings.
Sample drawSample(const SamplingPool &pool, const SamplerSettings &settings);

/// The methods one by one (drawSample dispatches to them).
Sample tacticsSample(const SamplingPool &pool, const SamplerSettings &settings);
Sample randomSample(const SamplingPool &pool, const SamplerSettings &settings);
/// Equal allocation: a flat per-category quota B / #feasible categories, categories in seeded
/// random order, round-robin until the budget is spent.
Sample equalAllocationSample(const SamplingPool &pool, const SamplerSettings &settings);
/// Lowest-confidence-first: segments by their primary label's confidence ascending (unlabelled
/// segments last), ties broken by a seeded shuffle.
Sample lowConfidenceSample(const SamplingPool &pool, const SamplerSettings &settings);

}  // namespace gauntlet::sampling
