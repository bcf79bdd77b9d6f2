#include "engine/sampling/coverage_measures.h"

#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/correlation.h"
#include "engine/metrics/gini.h"
#include "engine/metrics/significance.h"
#include "engine/metrics/ter.h"
#include "engine/sampling/sampling_error.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace gauntlet::sampling {

namespace {

int terBin(double score, int bins)
{
    if (!(score > 0.0))
        return 0;
    return std::min(bins - 1, int(score * bins));
}

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

std::vector<std::string> toStd(const QStringList &texts)
{
    std::vector<std::string> v;
    v.reserve(texts.size());
    for (const QString &t : texts)
        v.push_back(t.toStdString());
    return v;
}

int systemIndex(const CorpusSegment &s, const QString &system)
{
    for (int k = 0; k < s.translations.size(); ++k) {
        if (s.translations[k].system == system)
            return k;
    }
    return -1;
}

/// The indices of `systemA`'s and `systemB`'s outputs among the segment's translations. Throws
/// SamplingError "segment '<key>' of corpus '<name>' has no output of system '<system>'" naming
/// the first of the two it lacks.
std::pair<int, int> systemPair(const Corpus &corpus, const CorpusSegment &s, const QString &systemA, const QString &systemB)
{
    const int a = systemIndex(s, systemA);
    const int b = systemIndex(s, systemB);
    if (a < 0 || b < 0)
        throw SamplingError(QStringLiteral("segment '%1' of corpus '%2' has no output of system '%3'")
                                .arg(s.segmentKey, corpus.name, a < 0 ? systemA : systemB));
    return {a, b};
}

}  // namespace

QJsonObject CoverageMeasures::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("sample_size"), sampleSize);
    o.insert(QStringLiteral("feasible_categories"), feasibleCategories);
    o.insert(QStringLiteral("cov20"), cov20);
    o.insert(QStringLiteral("cov1"), cov1);
    o.insert(QStringLiteral("cov20_ceiling"), cov20Ceiling);
    o.insert(QStringLiteral("fill20"), fill20);
    o.insert(QStringLiteral("coverage_target"), coverageTarget);
    o.insert(QStringLiteral("cov_at_target"), covAtTarget);
    o.insert(QStringLiteral("largest_threshold"), largestThreshold);
    o.insert(QStringLiteral("cov_at_largest_threshold"), covAtLargestThreshold);
    o.insert(QStringLiteral("pearson_r"), number(pearsonR));
    o.insert(QStringLiteral("mse_category"), number(mseCategory));
    o.insert(QStringLiteral("mse_ter"), number(mseTer));
    o.insert(QStringLiteral("edit_rate"), editRate);
    o.insert(QStringLiteral("corpus_edit_rate"), corpusEditRate);
    o.insert(QStringLiteral("segments_per_document"), number(segmentsPerDocument));
    o.insert(QStringLiteral("gini"), number(gini));
    o.insert(QStringLiteral("coherence_applies"), coherenceApplies);
    QJsonArray counts;
    for (int c : sampleCategoryCounts)
        counts.append(c);
    o.insert(QStringLiteral("sample_category_counts"), counts);
    return o;
}

CoverageMeasures measureCoverage(const SamplingPool &pool, const QVector<int> &sample, int terBins, int coverageThreshold)
{
    if (terBins < 1 || coverageThreshold < 1)
        throw SamplingError(QStringLiteral("TER bins and the coverage threshold must be >= 1"));
    CoverageMeasures m;
    m.sampleSize = sample.size();
    const QVector<int> corpusCounts = pool.categoryCounts();
    m.sampleCategoryCounts.fill(0, pool.categories.size());
    QVector<int> perDocument(pool.documents.size(), 0);
    QVector<double> sampleBins(terBins, 0.0), corpusBins(terBins, 0.0);
    int edited = 0;
    for (int i : sample) {
        if (i < 0 || i >= pool.segments.size())
            throw SamplingError(QStringLiteral("sample index %1 outside the corpus (%2 segments)").arg(i).arg(pool.segments.size()));
        const PoolSegment &s = pool.segments[i];
        for (int c : s.categories)
            ++m.sampleCategoryCounts[c];
        ++perDocument[s.document];
        sampleBins[terBin(s.postEditScore, terBins)] += 1.0;
        edited += s.postEditScore > 0.0 ? 1 : 0;
    }
    int corpusEdited = 0;
    for (const PoolSegment &s : pool.segments) {
        corpusBins[terBin(s.postEditScore, terBins)] += 1.0;
        corpusEdited += s.postEditScore > 0.0 ? 1 : 0;
    }
    int maxCorpusCount = 0;
    m.coverageTarget = coverageThreshold;
    for (int c = 0; c < corpusCounts.size(); ++c) {
        if (corpusCounts[c] > 0) {
            ++m.feasibleCategories;
            maxCorpusCount = std::max(maxCorpusCount, corpusCounts[c]);
        }
        m.cov20 += m.sampleCategoryCounts[c] >= 20 ? 1 : 0;
        m.cov20Ceiling += corpusCounts[c] >= 20 ? 1 : 0;
        if (corpusCounts[c] > 0)
            m.fill20 += double(std::min(m.sampleCategoryCounts[c], 20)) / double(std::min(corpusCounts[c], 20));
        m.covAtTarget += m.sampleCategoryCounts[c] >= coverageThreshold ? 1 : 0;
        m.cov1 += m.sampleCategoryCounts[c] >= 1 ? 1 : 0;
    }
    if (m.feasibleCategories > 0)
        m.fill20 /= m.feasibleCategories;
    m.largestThreshold = std::min(coverageThreshold, maxCorpusCount);
    for (int c = 0; c < corpusCounts.size(); ++c)
        m.covAtLargestThreshold += (m.largestThreshold > 0 && m.sampleCategoryCounts[c] >= m.largestThreshold) ? 1 : 0;

    // Fidelity: category distributions over the feasible categories, each summing to 1.
    std::vector<double> p, q;
    double pTotal = 0.0, qTotal = 0.0;
    for (int c = 0; c < corpusCounts.size(); ++c) {
        if (corpusCounts[c] > 0) {
            pTotal += corpusCounts[c];
            qTotal += m.sampleCategoryCounts[c];
        }
    }
    for (int c = 0; c < corpusCounts.size(); ++c) {
        if (corpusCounts[c] > 0) {
            p.push_back(corpusCounts[c] / pTotal);
            q.push_back(qTotal > 0 ? m.sampleCategoryCounts[c] / qTotal : 0.0);
        }
    }
    m.pearsonR = std::numeric_limits<double>::quiet_NaN();
    m.mseCategory = std::numeric_limits<double>::quiet_NaN();
    if (!p.empty()) {
        double sum = 0.0;
        for (std::size_t k = 0; k < p.size(); ++k)
            sum += (p[k] - q[k]) * (p[k] - q[k]);
        m.mseCategory = sum / p.size();
        try {
            m.pearsonR = metrics::pearson(p, q).coefficient;
        } catch (const metrics::MetricsError &) {
            // constant distribution or fewer than two categories: r stays undefined (NaN)
        }
    }
    double terSum = 0.0;
    for (int b = 0; b < terBins; ++b) {
        const double cs = corpusBins[b] / pool.segments.size();
        const double ss = sample.isEmpty() ? 0.0 : sampleBins[b] / sample.size();
        terSum += (cs - ss) * (cs - ss);
    }
    m.mseTer = terSum / terBins;
    m.editRate = sample.isEmpty() ? 0.0 : double(edited) / sample.size();
    m.corpusEditRate = pool.segments.isEmpty() ? 0.0 : double(corpusEdited) / pool.segments.size();

    // Coherence.
    std::vector<double> counts;
    for (int c : perDocument) {
        if (c > 0)
            counts.push_back(c);
    }
    m.segmentsPerDocument = counts.empty() ? 0.0 : double(sample.size()) / counts.size();
    m.gini = counts.empty() ? std::numeric_limits<double>::quiet_NaN() : metrics::gini(counts);
    if (!pool.hasDocuments) {
        m.coherenceApplies = false;
        m.segmentsPerDocument = std::numeric_limits<double>::quiet_NaN();
        m.gini = std::numeric_limits<double>::quiet_NaN();
    }
    return m;
}

QJsonObject SystemComparison::toJson() const
{
    auto scores = [](const SystemScores &s) {
        QJsonObject o;
        o.insert(QStringLiteral("system"), s.system);
        o.insert(QStringLiteral("ter"), s.ter);
        o.insert(QStringLiteral("bleu"), s.bleu);
        o.insert(QStringLiteral("chrf"), s.chrf);
        return o;
    };
    QJsonObject o;
    o.insert(QStringLiteral("a"), scores(a));
    o.insert(QStringLiteral("b"), scores(b));
    o.insert(QStringLiteral("t"), number(t));
    o.insert(QStringLiteral("p_value"), number(pValue));
    o.insert(QStringLiteral("n"), n);
    return o;
}

SystemComparison compareSystems(const Corpus &corpus, const QVector<int> &sample, const QString &systemA, const QString &systemB)
{
    SystemComparison result;
    result.a.system = systemA;
    result.b.system = systemB;
    result.n = sample.size();
    QStringList hypA, hypB, refs;
    for (int i : sample) {
        if (i < 0 || i >= corpus.segments.size())
            throw SamplingError(QStringLiteral("sample index %1 outside corpus '%2'").arg(i).arg(corpus.name));
        const CorpusSegment &s = corpus.segments[i];
        const auto [a, b] = systemPair(corpus, s, systemA, systemB);
        hypA.append(s.translations[a].mt);
        hypB.append(s.translations[b].mt);
        refs.append(s.postEdit);
    }
    result.t = std::numeric_limits<double>::quiet_NaN();
    result.pValue = std::numeric_limits<double>::quiet_NaN();
    if (sample.isEmpty())
        return result;
    const metrics::Ter ter;
    const metrics::Bleu bleu;
    const metrics::Chrf chrf;
    const metrics::ReferenceStreams refStreams = {toStd(refs)};
    const std::vector<std::string> a = toStd(hypA), b = toStd(hypB);
    result.a.ter = ter.corpusScore(a, refStreams);
    result.b.ter = ter.corpusScore(b, refStreams);
    result.a.bleu = bleu.corpusScore(a, refStreams);
    result.b.bleu = bleu.corpusScore(b, refStreams);
    result.a.chrf = chrf.corpusScore(a, refStreams);
    result.b.chrf = chrf.corpusScore(b, refStreams);
    std::vector<double> terA, terB;
    for (std::size_t k = 0; k < a.size(); ++k) {
        terA.push_back(ter.sentenceScore(a[k], {std::string_view(refStreams[0][k])}));
        terB.push_back(ter.sentenceScore(b[k], {std::string_view(refStreams[0][k])}));
    }
    try {
        const metrics::PairedTTest test = metrics::pairedTTest(terA, terB);
        result.t = test.t;
        result.pValue = test.pValue;
    } catch (const metrics::MetricsError &) {
        // fewer than two segments or no variance: t stays undefined
    }
    return result;
}

int budgetToSeparate(const Corpus &corpus, const SamplingPool &pool, SamplerSettings settings, const QString &systemA,
                     const QString &systemB, const QVector<int> &budgets, double alpha, QVector<double> *tValues)
{
    const metrics::Ter ter;
    std::vector<double> terA(corpus.segments.size()), terB(corpus.segments.size());
    for (int i = 0; i < corpus.segments.size(); ++i) {
        const CorpusSegment &s = corpus.segments[i];
        const auto [a, b] = systemPair(corpus, s, systemA, systemB);
        const std::string ref = s.postEdit.toStdString();
        terA[i] = ter.sentenceScore(s.translations[a].mt.toStdString(), {std::string_view(ref)});
        terB[i] = ter.sentenceScore(s.translations[b].mt.toStdString(), {std::string_view(ref)});
    }
    int found = -1;
    for (int budget : budgets) {
        settings.budget = budget;
        const Sample sample = drawSample(pool, settings);
        std::vector<double> a, b;
        for (int i : sample.segments) {
            a.push_back(terA[i]);
            b.push_back(terB[i]);
        }
        double t = std::numeric_limits<double>::quiet_NaN();
        double p = 1.0;
        try {
            const metrics::PairedTTest test = metrics::pairedTTest(a, b);
            t = test.t;
            p = test.pValue;
        } catch (const metrics::MetricsError &) {
        }
        if (tValues)
            tValues->append(std::fabs(t));
        if (found < 0 && p < alpha)
            found = budget;
    }
    return found;
}

}  // namespace gauntlet::sampling
