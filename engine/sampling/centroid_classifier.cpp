#include "engine/sampling/centroid_classifier.h"

#include "engine/sampling/sampling_error.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gauntlet::sampling {

namespace {

void normalise(QVector<float> &v)
{
    double norm = 0.0;
    for (float x : v)
        norm += double(x) * x;
    norm = std::sqrt(norm);
    if (norm > 0.0) {
        for (float &x : v)
            x = float(x / norm);
    }
}

}  // namespace

QVector<LabelledExample> taxonomyExamples(const Taxonomy &taxonomy)
{
    QVector<LabelledExample> examples;
    for (const TaxonomyCategory &c : taxonomy.categories) {
        if (c.kind != CategoryKind::Semantic)
            continue;
        for (const QString &e : c.examples)
            examples.append({c.path, e});
    }
    return examples;
}

CentroidClassifier::CentroidClassifier(const Taxonomy &taxonomy, const QVector<LabelledExample> &examples, EmbedFunction embed,
                                       Options options)
    : m_embed(std::move(embed)), m_options(options)
{
    if (examples.isEmpty())
        throw SamplingError(QStringLiteral("the centroid classifier needs labelled examples (taxonomy '%1' has none)").arg(taxonomy.name));
    QStringList texts;
    for (const LabelledExample &e : examples) {
        const int c = taxonomy.indexOf(e.category);
        if (c < 0 || taxonomy.categories[c].kind != CategoryKind::Semantic)
            throw SamplingError(QStringLiteral("example category '%1' is not a semantic category of taxonomy '%2'").arg(e.category, taxonomy.name));
        texts.append(e.text);
    }
    const QVector<QVector<float>> vectors = m_embed(texts);
    if (vectors.size() != texts.size() || vectors.first().isEmpty())
        throw SamplingError(QStringLiteral("the embedder returned %1 vectors for %2 texts").arg(vectors.size()).arg(texts.size()));
    const int dim = vectors.first().size();
    for (const TaxonomyCategory &c : taxonomy.categories) {
        QVector<float> sum(dim, 0.0f);
        int n = 0;
        for (int i = 0; i < examples.size(); ++i) {
            if (examples[i].category != c.path)
                continue;
            if (vectors[i].size() != dim)
                throw SamplingError(QStringLiteral("embeddings of different dimensions (%1 and %2)").arg(dim).arg(vectors[i].size()));
            QVector<float> v = vectors[i];
            normalise(v);
            for (int d = 0; d < dim; ++d)
                sum[d] += v[d];
            ++n;
        }
        if (n == 0)
            continue;
        normalise(sum);
        m_categories.append(c.path);
        m_centroids.append(sum);
    }
}

QVector<SegmentLabels> CentroidClassifier::classify(const QVector<ClassifierInput> &inputs)
{
    QStringList texts;
    texts.reserve(inputs.size());
    for (const ClassifierInput &input : inputs)
        texts.append(input.source);
    const QVector<QVector<float>> vectors = texts.isEmpty() ? QVector<QVector<float>>() : m_embed(texts);
    if (vectors.size() != inputs.size())
        throw SamplingError(QStringLiteral("the embedder returned %1 vectors for %2 texts").arg(vectors.size()).arg(inputs.size()));
    QVector<SegmentLabels> result;
    result.reserve(inputs.size());
    const int k = m_categories.size();
    for (QVector<float> v : vectors) {
        if (v.size() != m_centroids.first().size())
            throw SamplingError(QStringLiteral("embedding of dimension %1, centroids have %2").arg(v.size()).arg(m_centroids.first().size()));
        normalise(v);
        QVector<double> logits(k);
        for (int c = 0; c < k; ++c) {
            double dot = 0.0;
            for (int d = 0; d < v.size(); ++d)
                dot += double(v[d]) * m_centroids[c][d];
            logits[c] = dot / m_options.temperature;
        }
        const double top = *std::max_element(logits.begin(), logits.end());
        double z = 0.0;
        for (double &l : logits) {
            l = std::exp(l - top);
            z += l;
        }
        QVector<int> order(k);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return logits[a] > logits[b]; });
        SegmentLabels labels;
        for (int r = 0; r < std::min(k, m_options.maxLabels); ++r) {
            const double confidence = logits[order[r]] / z;
            if (r > 0 && confidence < m_options.minConfidence)
                break;
            labels.append({m_categories[order[r]], confidence, LabelOrigin::Classifier});
        }
        result.append(labels);
    }
    return result;
}

}  // namespace gauntlet::sampling
