// The offline semantic classifier: nearest centroid on sentence embeddings (e.g. the CLS vector
// of the default model pack's difficulty encoder, engine/sampling_nn/cls_embedder.h), trained
// from a few labelled examples per semantic category. Needs no endpoint. Confidence is a softmax
// over the cosine similarities to every centroid (temperature below), so it is in (0, 1) and sums
// to 1 over the categories.
#pragma once

#include "engine/sampling/classification.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace gauntlet::sampling {

/// Sentence embeddings of texts: one vector per text, all of the same dimension.
using EmbedFunction = std::function<QVector<QVector<float>>(const QStringList &texts)>;

/// One labelled training example.
struct LabelledExample {
    QString category;  ///< a semantic category path of the taxonomy
    QString text;
};

/// The examples stored in the taxonomy's semantic categories (TaxonomyCategory::examples).
QVector<LabelledExample> taxonomyExamples(const Taxonomy &taxonomy);

class CentroidClassifier : public SemanticClassifier {
public:
    struct Options {
        double temperature = 0.05;  ///< softmax temperature over cosine similarities
        int maxLabels = 3;          ///< labels returned per segment (primary + secondaries)
        double minConfidence = 0.0; ///< labels below are dropped (the primary is always kept)
    };

    /// Trains the centroids: the mean of the L2-normalised embeddings of each category's examples.
    /// Throws SamplingError for no examples, an example whose category is not a semantic category
    /// of `taxonomy`, or embeddings of different or zero dimension.
    CentroidClassifier(const Taxonomy &taxonomy, const QVector<LabelledExample> &examples, EmbedFunction embed,
                       Options options);
    CentroidClassifier(const Taxonomy &taxonomy, const QVector<LabelledExample> &examples, EmbedFunction embed)
        : CentroidClassifier(taxonomy, examples, std::move(embed), Options()) {}

    QString name() const override { return QStringLiteral("centroid"); }
    /// Embeds each input's source and returns the nearest categories, highest confidence first.
    QVector<SegmentLabels> classify(const QVector<ClassifierInput> &inputs) override;
    /// The categories that have a centroid, in taxonomy order.
    QStringList categories() const { return m_categories; }

private:
    QStringList m_categories;
    QVector<QVector<float>> m_centroids;  ///< unit length
    EmbedFunction m_embed;
    Options m_options;
};

}  // namespace gauntlet::sampling
