#include "engine/sampling/sampler.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/sampling/dsir.h"
#include "engine/sampling/sampling_error.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <utility>

namespace gauntlet::sampling {

namespace {

using Rng = std::mt19937_64;

/// Fisher-Yates with unbiased bounded draws, so a seed gives the same order on every platform
/// (std::shuffle's use of the engine is implementation-defined).
template <typename T>
void seededShuffle(QVector<T> &items, Rng &rng)
{
    for (qsizetype i = items.size() - 1; i > 0; --i) {
        const std::uint64_t bound = std::uint64_t(i) + 1;
        const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % bound;
        std::uint64_t r;
        do {
            r = rng();
        } while (r >= limit);
        std::swap(items[i], items[qsizetype(r % bound)]);
    }
}

QVector<int> iota(int n)
{
    QVector<int> v(n);
    std::iota(v.begin(), v.end(), 0);
    return v;
}

void checkSettings(const SamplingPool &pool, const SamplerSettings &s)
{
    if (s.budget < 1)
        throw SamplingError(QStringLiteral("budget B must be at least 1 (got %1)").arg(s.budget));
    if (s.coverageTarget < 1)
        throw SamplingError(QStringLiteral("coverage target must be at least 1 (got %1)").arg(s.coverageTarget));
    if (s.contextWindow < 0)
        throw SamplingError(QStringLiteral("context window must be >= 0 (got %1)").arg(s.contextWindow));
    if (!(s.coherenceShare >= 0.0 && s.coherenceShare <= 1.0))
        throw SamplingError(QStringLiteral("coherence share must be in [0, 1] (got %1)").arg(s.coherenceShare));
    if (s.terBins < 1)
        throw SamplingError(QStringLiteral("TER bins must be >= 1 (got %1)").arg(s.terBins));
    if (pool.segments.isEmpty())
        throw SamplingError(QStringLiteral("the corpus has no segments to sample"));
}

int terBin(double score, int bins)
{
    if (!(score > 0.0))
        return 0;
    return std::min(bins - 1, int(score * bins));
}

/// The running state of one sample: membership, per-category counts and coverage deficits.
struct SampleState {
    const SamplingPool &pool;
    QVector<char> selected;
    QVector<int> order;
    QVector<int> categoryCounts;
    QVector<int> targets;
    int totalDeficit = 0;

    SampleState(const SamplingPool &p, int coverageTarget) : pool(p)
    {
        selected.fill(0, pool.segments.size());
        categoryCounts.fill(0, pool.categories.size());
        targets = pool.categoryCounts();
        for (int &t : targets) {
            t = std::min(t, coverageTarget);
            totalDeficit += t;
        }
    }
    /// How many coverage deficits segment i would close.
    int gain(int i) const
    {
        int g = 0;
        for (int c : pool.segments[i].categories)
            g += categoryCounts[c] < targets[c] ? 1 : 0;
        return g;
    }
    void add(int i)
    {
        selected[i] = 1;
        order.append(i);
        for (int c : pool.segments[i].categories) {
            if (categoryCounts[c] < targets[c])
                --totalDeficit;
            ++categoryCounts[c];
        }
    }
    int size() const { return order.size(); }
};

}  // namespace

QVector<int> SamplingPool::categoryCounts() const
{
    QVector<int> counts(categories.size(), 0);
    for (const PoolSegment &s : segments) {
        for (int c : s.categories)
            ++counts[c];
    }
    return counts;
}

SamplingPoolBuilder::SamplingPoolBuilder(const Taxonomy &taxonomy, bool hasDocuments)
{
    m_pool.hasDocuments = hasDocuments;
    for (const TaxonomyCategory &c : taxonomy.categories) {
        m_categoryIndex.insert(c.path, m_pool.categories.size());
        m_pool.categories.append(c.path);
    }
}

void SamplingPoolBuilder::reserve(int segments)
{
    m_pool.segments.reserve(segments);
}

void SamplingPoolBuilder::addSegment(const QString &documentId, int position, double postEditScore, const QString &text)
{
    PoolSegment p;
    auto d = m_documentIndex.find(documentId);
    if (d == m_documentIndex.end()) {
        d = m_documentIndex.insert(documentId, m_pool.documents.size());
        m_pool.documents.append(documentId);
        m_pool.documentSegments.append(QVector<int>());
    }
    p.document = *d;
    p.position = position;
    p.postEditScore = postEditScore;
    p.text = text;
    m_pool.documentSegments[p.document].append(m_pool.segments.size());
    m_pool.segments.append(std::move(p));
}

void SamplingPoolBuilder::addLabel(const QString &category, double confidence)
{
    if (m_pool.segments.isEmpty())
        throw SamplingError(QStringLiteral("a label for category '%1' came before any segment").arg(core::argText(category)));
    PoolSegment &p = m_pool.segments.last();
    auto c = m_categoryIndex.find(category);
    if (c == m_categoryIndex.end()) {
        c = m_categoryIndex.insert(category, m_pool.categories.size());
        m_pool.categories.append(category);
    }
    if (p.categories.contains(*c))
        return;
    p.categories.append(*c);
    p.confidences.append(confidence);
}

SamplingPool SamplingPoolBuilder::finish()
{
    for (QVector<int> &segments : m_pool.documentSegments) {
        std::stable_sort(segments.begin(), segments.end(), [&](int a, int b) { return m_pool.segments[a].position < m_pool.segments[b].position; });
    }
    m_categoryIndex.clear();
    m_documentIndex.clear();
    m_pool.segments.squeeze();
    return std::exchange(m_pool, SamplingPool());
}

SamplingPool makeSamplingPool(const Corpus &corpus, const QVector<SegmentLabels> &labels, const Taxonomy &taxonomy)
{
    if (labels.size() != corpus.segments.size())
        throw SamplingError(QStringLiteral("%1 label sets for %2 segments of corpus '%3'").arg(core::argText(labels.size()), core::argText(corpus.segments.size()), core::argText(corpus.name)));
    SamplingPoolBuilder builder(taxonomy, corpus.hasDocuments);
    builder.reserve(corpus.segments.size());
    for (int i = 0; i < corpus.segments.size(); ++i) {
        const CorpusSegment &s = corpus.segments[i];
        builder.addSegment(s.documentId, s.positionInDocument, s.postEditScore, s.source);
        for (const SegmentLabel &l : labels[i])
            builder.addLabel(l.category, l.confidence);
    }
    return builder.finish();
}

const core::EnumName<SamplingMethod> SamplingMethodNames[] = {
    {SamplingMethod::Tactics, "tactics"}, {SamplingMethod::Random, "random"},
    {SamplingMethod::EqualAllocation, "equal"}, {SamplingMethod::LowConfidence, "low-confidence"}, {SamplingMethod::Dsir, "dsir"}};

QString samplingMethodName(SamplingMethod method)
{
    return QString::fromLatin1(core::enumName(SamplingMethodNames, method));
}

SamplingMethod samplingMethodFromName(const QString &name)
{
    return core::enumFromNameOrThrow(SamplingMethodNames, name, [&] {
        return SamplingError(QStringLiteral("unknown sampling method '%1' (tactics, random, equal, low-confidence or dsir)").arg(name));
    });
}

QString defaultSampleName(const QString &corpus, const QString &taxonomy, SamplingMethod method, int budget, std::uint64_t seed)
{
    return QStringLiteral("%1-%2-%3-B%4-s%5").arg(corpus, taxonomy, samplingMethodName(method)).arg(budget).arg(seed);
}

QJsonObject SamplerSettings::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("method"), samplingMethodName(method));
    o.insert(QStringLiteral("budget"), budget);
    o.insert(QStringLiteral("seed"), QString::number(seed));
    o.insert(QStringLiteral("coverage_target"), coverageTarget);
    o.insert(QStringLiteral("context_window"), contextWindow);
    o.insert(QStringLiteral("coherence_share"), coherenceShare);
    o.insert(QStringLiteral("ter_bins"), terBins);
    o.insert(QStringLiteral("dsir_buckets"), dsirBuckets);
    o.insert(QStringLiteral("dsir_ngrams"), dsirNgrams);
    o.insert(QStringLiteral("dsir_target_texts"), QJsonArray::fromStringList(dsirTargetTexts));
    return o;
}

SamplerSettings SamplerSettings::fromJson(const QJsonObject &o)
{
    SamplerSettings s;
    auto integer = [&](const char *key, int fallback) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            return fallback;
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()))
            throw SamplingError(QStringLiteral("sampler settings: \"%1\" must be an integer").arg(QLatin1String(key)));
        return v.toInt();
    };
    if (o.contains(QStringLiteral("method")))
        s.method = samplingMethodFromName(o.value(QStringLiteral("method")).toString());
    s.budget = integer("budget", s.budget);
    const QJsonValue seed = o.value(QStringLiteral("seed"));
    if (seed.isString()) {
        bool ok = false;
        s.seed = seed.toString().toULongLong(&ok);
        if (!ok)
            throw SamplingError(QStringLiteral("sampler settings: \"seed\" must be an unsigned integer"));
    } else if (seed.isDouble()) {
        s.seed = std::uint64_t(seed.toDouble());
    }
    s.coverageTarget = integer("coverage_target", s.coverageTarget);
    s.contextWindow = integer("context_window", s.contextWindow);
    s.coherenceShare = o.value(QStringLiteral("coherence_share")).toDouble(s.coherenceShare);
    s.terBins = integer("ter_bins", s.terBins);
    s.dsirBuckets = integer("dsir_buckets", s.dsirBuckets);
    s.dsirNgrams = integer("dsir_ngrams", s.dsirNgrams);
    for (const QJsonValue &v : o.value(QStringLiteral("dsir_target_texts")).toArray())
        s.dsirTargetTexts.append(v.toString());
    return s;
}

Sample drawSample(const SamplingPool &pool, const SamplerSettings &settings)
{
    switch (settings.method) {
    case SamplingMethod::Tactics: return tacticsSample(pool, settings);
    case SamplingMethod::Random: return randomSample(pool, settings);
    case SamplingMethod::EqualAllocation: return equalAllocationSample(pool, settings);
    case SamplingMethod::LowConfidence: return lowConfidenceSample(pool, settings);
    case SamplingMethod::Dsir: return dsirSample(pool, settings);
    }
    throw SamplingError(QStringLiteral("unknown sampling method"));
}

Sample randomSample(const SamplingPool &pool, const SamplerSettings &settings)
{
    checkSettings(pool, settings);
    Rng rng(settings.seed);
    QVector<int> order = iota(pool.segments.size());
    seededShuffle(order, rng);
    order.resize(std::min<qsizetype>(order.size(), settings.budget));
    return {settings, order, {int(order.size())}};
}

Sample lowConfidenceSample(const SamplingPool &pool, const SamplerSettings &settings)
{
    checkSettings(pool, settings);
    Rng rng(settings.seed);
    QVector<int> order = iota(pool.segments.size());
    seededShuffle(order, rng);
    auto key = [&](int i) {
        const PoolSegment &s = pool.segments[i];
        return s.confidences.isEmpty() ? std::numeric_limits<double>::infinity() : s.confidences.first();
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
    order.resize(std::min<qsizetype>(order.size(), settings.budget));
    return {settings, order, {int(order.size())}};
}

Sample equalAllocationSample(const SamplingPool &pool, const SamplerSettings &settings)
{
    checkSettings(pool, settings);
    Rng rng(settings.seed);
    const int budget = std::min<int>(settings.budget, pool.segments.size());
    QVector<QVector<int>> members(pool.categories.size());
    for (int i = 0; i < pool.segments.size(); ++i) {
        for (int c : pool.segments[i].categories)
            members[c].append(i);
    }
    QVector<int> categories;
    for (int c = 0; c < members.size(); ++c) {
        if (!members[c].isEmpty()) {
            seededShuffle(members[c], rng);
            categories.append(c);
        }
    }
    seededShuffle(categories, rng);
    QVector<char> selected(pool.segments.size(), 0);
    QVector<int> sample;
    QVector<int> cursor(pool.categories.size(), 0);
    QVector<int> taken(pool.categories.size(), 0);
    const int quota = categories.isEmpty() ? 0 : std::max(1, budget / int(categories.size()));
    // Round-robin to the flat quota, then round-robin without it for budget the small categories
    // could not use, then uniformly random over what is left (unlabelled segments).
    for (int pass = 0; pass < 2 && sample.size() < budget; ++pass) {
        bool progress = true;
        while (progress && sample.size() < budget) {
            progress = false;
            for (int c : categories) {
                if (sample.size() >= budget)
                    break;
                if (pass == 0 && taken[c] >= quota)
                    continue;
                while (cursor[c] < members[c].size() && selected[members[c][cursor[c]]])
                    ++cursor[c];
                if (cursor[c] >= members[c].size())
                    continue;
                const int i = members[c][cursor[c]++];
                selected[i] = 1;
                sample.append(i);
                ++taken[c];
                progress = true;
            }
        }
    }
    if (sample.size() < budget) {
        QVector<int> rest;
        for (int i = 0; i < pool.segments.size(); ++i) {
            if (!selected[i])
                rest.append(i);
        }
        seededShuffle(rest, rng);
        for (int i : rest) {
            if (sample.size() >= budget)
                break;
            sample.append(i);
        }
    }
    return {settings, sample, {int(sample.size())}};
}

namespace {

//// Segments of each category in the confidence mix: a seeded shuffle, sorted by confidence,
//// then alternately the most and the least confident (TACTICS 3.2.3: "a fixed mix of
//// confidence levels").
QVector<QVector<int>> confidenceMix(const SamplingPool &pool, Rng &rng)
{
    const int n = pool.segments.size();
    QVector<QVector<int>> members(pool.categories.size());
    for (int i = 0; i < n; ++i) {
        for (int c : pool.segments[i].categories)
            members[c].append(i);
    }
    auto confidenceIn = [&](int i, int c) {
        const PoolSegment &s = pool.segments[i];
        return s.confidences[s.categories.indexOf(c)];
    };
    for (int c = 0; c < members.size(); ++c) {
        QVector<int> &m = members[c];
        seededShuffle(m, rng);
        std::stable_sort(m.begin(), m.end(), [&](int a, int b) { return confidenceIn(a, c) > confidenceIn(b, c); });
        QVector<int> mixed;
        mixed.reserve(m.size());
        for (qsizetype lo = 0, hi = m.size() - 1; lo <= hi; ++lo, --hi) {
            mixed.append(m[lo]);
            if (hi != lo)
                mixed.append(m[hi]);
        }
        m = mixed;
    }
    return members;
}

//// Level 1: coverage, categories from rare to frequent. Among the next few candidates in the
//// confidence mix, the one closing the most coverage deficits wins (the greedy step of 3.2.3).
//// Each pick brings its document neighbours (context window) only while the rest of the budget
//// still holds every open deficit, so coverage comes first.
void coverageLevel(const SamplingPool &pool, const SamplerSettings &settings, int budget, const QVector<QVector<int>> &members,
                   SampleState &state)
{
    const QVector<int> corpusCounts = pool.categoryCounts();
    QVector<int> rareFirst;
    for (int c = 0; c < corpusCounts.size(); ++c) {
        if (corpusCounts[c] > 0)
            rareFirst.append(c);
    }
    std::stable_sort(rareFirst.begin(), rareFirst.end(), [&](int a, int b) { return corpusCounts[a] < corpusCounts[b]; });
    constexpr int Lookahead = 64;
    QVector<int> cursor(pool.categories.size(), 0);
    for (int c : rareFirst) {
        while (state.categoryCounts[c] < state.targets[c] && state.size() < budget) {
            const QVector<int> &m = members[c];
            int best = -1;
            int bestGain = -1;
            int seen = 0;
            for (int k = cursor[c]; k < m.size() && seen < Lookahead; ++k) {
                if (state.selected[m[k]]) {
                    if (k == cursor[c])
                        ++cursor[c];
                    continue;
                }
                ++seen;
                const int g = state.gain(m[k]);
                if (g > bestGain) {
                    bestGain = g;
                    best = m[k];
                }
            }
            if (best < 0)
                break;
            state.add(best);
            const PoolSegment &core = pool.segments[best];
            const QVector<int> &doc = pool.documentSegments[core.document];
            const qsizetype at = doc.indexOf(best);
            for (int d = 1; d <= settings.contextWindow; ++d) {
                for (qsizetype j : {at - d, at + d}) {
                    if (j < 0 || j >= doc.size() || state.selected[doc[j]])
                        continue;
                    const int after = state.totalDeficit - state.gain(doc[j]);
                    if (state.size() + 1 + after <= budget)
                        state.add(doc[j]);
                }
            }
        }
    }
}

//// Level 2: coherence. Part of the remaining budget goes to document context: the unselected
//// neighbour of a sampled segment whose document already has the most sampled segments
//// (ties by a seeded random key), growing contiguous runs.
void coherenceLevel(const SamplingPool &pool, const SamplerSettings &settings, int budget, Rng &rng, SampleState &state)
{
    const int n = pool.segments.size();
    const int level1 = state.size();
    QVector<std::uint64_t> tieKey(n);
    for (std::uint64_t &k : tieKey)
        k = rng();
    const int level2Budget = level1 + int(std::floor(settings.coherenceShare * (budget - level1)));
    QVector<int> perDocument(pool.documents.size(), 0);
    QVector<int> rank(n, 0);  // index of each segment in its document
    for (const QVector<int> &doc : pool.documentSegments) {
        for (int j = 0; j < doc.size(); ++j)
            rank[doc[j]] = j;
    }
    for (int i : state.order)
        ++perDocument[pool.segments[i].document];
    while (state.size() < level2Budget) {
        int best = -1;
        for (int i : state.order) {
            const QVector<int> &doc = pool.documentSegments[pool.segments[i].document];
            for (int j : {rank[i] - 1, rank[i] + 1}) {
                if (j < 0 || j >= doc.size() || state.selected[doc[j]])
                    continue;
                const int cand = doc[j];
                if (best < 0) {
                    best = cand;
                    continue;
                }
                const int pc = perDocument[pool.segments[cand].document];
                const int pb = perDocument[pool.segments[best].document];
                if (pc > pb || (pc == pb && tieKey[cand] < tieKey[best]))
                    best = cand;
            }
        }
        if (best < 0)
            break;
        state.add(best);
        ++perDocument[pool.segments[best].document];
    }
}

//// Level 3: fidelity. Each step adds a segment from the category (or "unlabelled") whose share
//// lags the corpus most, taking it from the post-edit-score bin that lags most (TACTICS 3.2.3:
//// close the largest gaps in the category and TER distributions).
void fidelityLevel(const SamplingPool &pool, const SamplerSettings &settings, int budget, Rng &rng, SampleState &state)
{
    const int n = pool.segments.size();
    const int bins = settings.terBins;
    const int groups = pool.categories.size() + 1;  // last group: unlabelled segments
    const int unlabelled = groups - 1;
    QVector<QVector<QVector<int>>> buckets(groups, QVector<QVector<int>>(bins));
    QVector<double> corpusGroupShare(groups, 0.0);
    QVector<double> corpusBinShare(bins, 0.0);
    double corpusLabelTotal = 0.0;
    for (int i = 0; i < n; ++i) {
        const PoolSegment &s = pool.segments[i];
        const int b = terBin(s.postEditScore, bins);
        corpusBinShare[b] += 1.0 / n;
        if (s.categories.isEmpty()) {
            corpusGroupShare[unlabelled] += 1.0;
            corpusLabelTotal += 1.0;
            if (!state.selected[i])
                buckets[unlabelled][b].append(i);
        }
        for (int c : s.categories) {
            corpusGroupShare[c] += 1.0;
            corpusLabelTotal += 1.0;
            if (!state.selected[i])
                buckets[c][b].append(i);
        }
    }
    for (double &share : corpusGroupShare)
        share /= corpusLabelTotal;
    for (auto &group : buckets) {
        for (auto &bucket : group)
            seededShuffle(bucket, rng);
    }
    QVector<double> sampleGroup(groups, 0.0);
    QVector<double> sampleBin(bins, 0.0);
    double sampleLabelTotal = 0.0;
    auto count = [&](int i) {
        const PoolSegment &s = pool.segments[i];
        sampleBin[terBin(s.postEditScore, bins)] += 1.0;
        if (s.categories.isEmpty()) {
            sampleGroup[unlabelled] += 1.0;
            sampleLabelTotal += 1.0;
        }
        for (int c : s.categories) {
            sampleGroup[c] += 1.0;
            sampleLabelTotal += 1.0;
        }
    };
    for (int i : state.order)
        count(i);
    QVector<int> bucketCursor(groups * bins, 0);
    QVector<char> groupExhausted(groups, 0);
    auto nextIn = [&](int g, int b) {
        QVector<int> &bucket = buckets[g][b];
        int &k = bucketCursor[g * bins + b];
        while (k < bucket.size() && state.selected[bucket[k]])
            ++k;
        return k < bucket.size() ? bucket[k] : -1;
    };
    QVector<int> binOrder = iota(bins);
    const double labelsPerSegment = corpusLabelTotal / n;
    while (state.size() < budget) {
        const double nextSize = state.size() + 1;
        int group = -1;
        double worst = -std::numeric_limits<double>::infinity();
        for (int g = 0; g < groups; ++g) {
            if (groupExhausted[g] || corpusGroupShare[g] <= 0.0)
                continue;
            const double gap = corpusGroupShare[g] * nextSize * labelsPerSegment - sampleGroup[g];
            if (gap > worst) {
                worst = gap;
                group = g;
            }
        }
        if (group < 0)
            break;
        std::stable_sort(binOrder.begin(), binOrder.end(), [&](int a, int b) {
            return corpusBinShare[a] * nextSize - sampleBin[a] > corpusBinShare[b] * nextSize - sampleBin[b];
        });
        int pick = -1;
        for (int b : binOrder) {
            pick = nextIn(group, b);
            if (pick >= 0)
                break;
        }
        if (pick < 0) {
            groupExhausted[group] = 1;
            continue;
        }
        state.add(pick);
        count(pick);
    }
}

}  // namespace

Sample tacticsSample(const SamplingPool &pool, const SamplerSettings &settings)
{
    // TACTICS 3.2.3: three levels, each filling part of the budget B: coverage, coherence, fidelity.
    checkSettings(pool, settings);
    Rng rng(settings.seed);
    const int budget = std::min(settings.budget, int(pool.segments.size()));
    SampleState state(pool, settings.coverageTarget);
    const QVector<QVector<int>> members = confidenceMix(pool, rng);
    coverageLevel(pool, settings, budget, members, state);
    const int level1 = state.size();
    coherenceLevel(pool, settings, budget, rng, state);
    const int level2 = state.size();
    fidelityLevel(pool, settings, budget, rng, state);
    return {settings, state.order, {level1, level2, state.size()}};
}

}  // namespace gauntlet::sampling
