// Hybrid classification of corpus segments into taxonomy categories (papers.md, TACTICS section
// 3.2.2): deterministic categories by their matchers (confidence 1.0), semantic categories by a
// classifier whose answers are constrained to the taxonomy's semantic paths. A segment carries
// every deterministic category whose matchers accept it (never capped) and at most
// ClassifyOptions::maxSemantic semantic guesses; labels[0] is its primary category. Each label
// has a confidence in [0, 1].
#pragma once

#include "engine/sampling/corpus.h"
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/taxonomy.h"

#include <QString>
#include <QVector>

#include <functional>

namespace gauntlet::sampling {

/// Who assigned a label: a matcher, a semantic classifier, the corpus' gold labels (read with the
/// corpus), or a person relabelling a segment by hand (the Coverage workspace's label table).
enum class LabelOrigin { Matcher, Classifier, Gold, Manual };

QString labelOriginName(LabelOrigin origin);  ///< "matcher", "classifier", "gold", "manual"
/// Inverse of labelOriginName; throws SamplingError for anything else.
LabelOrigin labelOriginFromName(const QString &name);

/// One category of one segment.
struct SegmentLabel {
    QString category;          ///< a taxonomy path
    double confidence = 1.0;   ///< in [0, 1]; 1.0 for matchers
    LabelOrigin origin = LabelOrigin::Matcher;
};

/// The labels of one segment: labels[0] is the primary category, the rest secondary (highest
/// confidence first). Empty when nothing applies.
using SegmentLabels = QVector<SegmentLabel>;

/// What a semantic classifier sees of a segment.
struct ClassifierInput {
    QString source;
    QString target;       ///< the primary MT (may be empty)
    QString context;      ///< the previous segment of the same document (may be empty)
};

/// A semantic-category classifier over a fixed taxonomy (offline nearest-centroid, an LLM
/// endpoint, ...). It must only answer paths of the taxonomy's semantic categories.
class SemanticClassifier {
public:
    virtual ~SemanticClassifier() = default;
    virtual QString name() const = 0;
    /// Labels (origin Classifier) for each input, highest confidence first; result size equals
    /// inputs.size(). Throws SamplingError when the classifier fails as a whole.
    virtual QVector<SegmentLabels> classify(const QVector<ClassifierInput> &inputs) = 0;
};

struct ClassifyOptions {
    /// Semantic (classifier) categories kept per segment, highest confidence first (>= 1). The cap
    /// applies to semantic guesses only: every deterministic category that matches is kept.
    int maxSemantic = 3;
    double minSemanticConfidence = 0.0;  ///< classifier labels below this are dropped
    /// The centroid classifier's default for minSemanticConfidence, measured against WMT21 TED's gold
    /// MQM categories (bench/sampling/centroid_threshold.py, 2026-12-03: trained on 2 talks, scored
    /// on 3; F1 0.146 at 0.02, 0.144 at 0 and at 0.1, falling to 0.017 at 0.2, so labels below 0.02
    /// add nothing; issue 33 item 5: without a threshold, 319 of 529 TED sentences got
    /// "idioms-and-slang" down to 0.002). The same measurement puts the centroid classifier far
    /// below guessing the 3 most frequent categories (F1 0.615): on MQM error types its labels are weak.
    static constexpr double CentroidMinConfidence = 0.02;
    int chunkSize = 200;             ///< segments handed to the semantic classifier per call (>= 1)
    /// Called after each chunk with (segments done, total); returning false cancels: classifyCorpus
    /// then throws ClassificationCancelled and nothing is returned (so nothing half-done is stored).
    std::function<bool(int done, int total)> progress;
};

/// Thrown by classifyCorpus when ClassifyOptions::progress asked to stop.
class ClassificationCancelled : public SamplingError {
public:
    ClassificationCancelled() : SamplingError(QStringLiteral("classification cancelled")) {}
};

/// Labels every segment of `corpus`: every deterministic category whose matchers accept the
/// segment (confidence 1.0, taxonomy order; no cap, so per-category counts equal the number of
/// segments the matchers accept), then `classifier`'s semantic labels (may be null: deterministic
/// only) with a confidence >= minSemanticConfidence, duplicates removed, highest confidence first
/// (stable), at most options.maxSemantic of them. The classifier is called once per chunk of
/// `options.chunkSize` segments, with options.progress after each. Throws SamplingError for
/// maxSemantic < 1, chunkSize < 1 or a classifier label that is not a semantic path of
/// `taxonomy`, and ClassificationCancelled when progress returns false.
QVector<SegmentLabels> classifyCorpus(const Corpus &corpus, const Taxonomy &taxonomy,
                                      SemanticClassifier *classifier, const ClassifyOptions &options = {});

/// The corpus' gold labels (CorpusSegment::goldLabels) as labels of origin Gold.
QVector<SegmentLabels> goldLabels(const Corpus &corpus);

/// A taxonomy of semantic categories made of every gold-label category of `corpus`, sorted
/// (e.g. the MQM error categories of WMT21 TED).
Taxonomy taxonomyFromGoldLabels(const Corpus &corpus, const QString &name);

}  // namespace gauntlet::sampling
