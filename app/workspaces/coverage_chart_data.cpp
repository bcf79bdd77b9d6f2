#include "app/workspaces/coverage_chart_data.h"

#include "engine/sampling/coverage_measures.h"
#include "engine/verify/example_store.h"
#include "engine/verify/ltb_taxonomy.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QSet>

#include <algorithm>

namespace gauntlet {

using namespace sampling;

CategoryDistribution categoryDistribution(const SamplingPool &pool, const QVector<int> &sampleCounts)
{
    CategoryDistribution d;
    const QVector<int> corpus = pool.categoryCounts();
    double corpusTotal = 0.0, sampleTotal = 0.0;
    for (int c = 0; c < corpus.size(); ++c) {
        if (corpus[c] <= 0)
            continue;
        d.categories.append(pool.categories[c]);
        d.corpusCounts.append(corpus[c]);
        d.sampleCounts.append(sampleCounts.value(c));
        corpusTotal += corpus[c];
        sampleTotal += sampleCounts.value(c);
    }
    for (int i = 0; i < d.categories.size(); ++i) {
        d.corpusShares.append(d.corpusCounts[i] / corpusTotal);
        d.sampleShares.append(sampleTotal > 0 ? d.sampleCounts[i] / sampleTotal : 0.0);
    }
    return d;
}

namespace {

int scoreBin(double score, int bins)
{
    if (!(score > 0.0))
        return 0;
    return std::min(bins - 1, int(score * bins));
}

}  // namespace

ScoreHistogram postEditScoreHistogram(const SamplingPool &pool, const QVector<int> &sample, int bins)
{
    ScoreHistogram h;
    bins = std::max(1, bins);
    h.corpusShares.fill(0.0, bins);
    h.sampleShares.fill(0.0, bins);
    for (int b = 0; b < bins; ++b) {
        // The bin's lower bound; the last bin also holds scores >= 1.
        const QString lower = QString::number(double(b) / bins, 'f', 2);
        h.bins.append(b == bins - 1 ? QStringLiteral("\u2265") + lower : lower);
    }
    for (const PoolSegment &s : pool.segments)
        h.corpusShares[scoreBin(s.postEditScore, bins)] += 1.0 / pool.segments.size();
    for (int i : sample) {
        if (i >= 0 && i < pool.segments.size())
            h.sampleShares[scoreBin(pool.segments[i].postEditScore, bins)] += 1.0 / sample.size();
    }
    return h;
}

DocumentHistogram segmentsPerDocumentHistogram(const SamplingPool &pool, const QVector<int> &sample)
{
    QVector<int> perDocument(pool.documents.size(), 0);
    for (int i : sample) {
        if (i >= 0 && i < pool.segments.size())
            ++perDocument[pool.segments[i].document];
    }
    const int largest = perDocument.isEmpty() ? 0 : *std::max_element(perDocument.begin(), perDocument.end());
    // At most 20 bins: counts grouped in ranges of equal width when a document holds more.
    const int width = std::max(1, (largest + 19) / 20);
    const int bins = (largest + width - 1) / width;
    DocumentHistogram h;
    h.documents.fill(0, bins);
    for (int b = 0; b < bins; ++b) {
        const int from = b * width + 1, to = std::min(largest, (b + 1) * width);
        h.segmentsPerDocument.append(from == to ? QString::number(from) : QStringLiteral("%1-%2").arg(from).arg(to));
    }
    for (int n : perDocument) {
        if (n > 0)
            ++h.documents[(n - 1) / width];
    }
    return h;
}

namespace {

LabelCounts sortedCounts(const QHash<QString, int> &counts, const QStringList &always = {})
{
    LabelCounts list;
    QHash<QString, int> all = counts;
    for (const QString &key : always)
        all.insert(key, all.value(key));
    for (auto it = all.cbegin(); it != all.cend(); ++it)
        list.append({it.key(), it.value()});
    std::sort(list.begin(), list.end(), [](const auto &a, const auto &b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    return list;
}

}  // namespace

LabelCounts examplesPerCategory(const QVector<verify::ChallengeExample> &examples)
{
    QHash<QString, QString> pathOfTag;
    for (const verify::LtbTaxonomyTag &t : verify::bundledLtbTaxonomy()) {
        QString path = t.path;
        if (path.startsWith(QLatin1String("main_tags/")))
            path = path.mid(10);
        pathOfTag.insert(t.tag.toLower(), path);
    }
    QHash<QString, int> counts;
    for (const verify::ChallengeExample &e : examples) {
        QSet<QString> categories;
        for (const QString &tag : e.linguistics) {
            const QString trimmed = tag.trimmed();
            if (!trimmed.isEmpty())
                categories.insert(pathOfTag.value(trimmed.toLower(), trimmed));
        }
        if (categories.isEmpty())
            categories.insert(QStringLiteral("(none)"));
        for (const QString &c : categories)
            ++counts[c];
    }
    return sortedCounts(counts);
}

LabelCounts examplesPerLanguagePair(const QVector<verify::ChallengeExample> &examples)
{
    QHash<QString, int> counts;
    for (const verify::ChallengeExample &e : examples)
        ++counts[e.sourceLanguage + QStringLiteral(" \u2192 ") + e.targetLanguage];
    return sortedCounts(counts);
}

LabelCounts examplesPerStatus(const QVector<verify::ChallengeExample> &examples)
{
    QHash<QString, int> counts;
    for (const verify::ChallengeExample &e : examples)
        ++counts[verify::exampleStatusName(e.status)];
    QStringList all;
    for (verify::ExampleStatus s : {verify::ExampleStatus::Draft, verify::ExampleStatus::Submitted, verify::ExampleStatus::Accepted, verify::ExampleStatus::Returned})
        all.append(verify::exampleStatusName(s));
    return sortedCounts(counts, all);
}

SamplerCoverage coverageBySampler(const SamplingPool &pool, const QVector<ChartSample> &samples, int budget)
{
    QStringList order;
    for (SamplingMethod m : {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation, SamplingMethod::LowConfidence,
                             SamplingMethod::Dsir})
        order.append(samplingMethodName(m));
    // Groups: the sampler and its settings without the seed (and the budget, fixed here).
    struct Group {
        QString method;
        QJsonObject settings;
        QSet<quint64> seeds;
        QVector<CoverageMeasures> measures;
    };
    QVector<Group> groups;
    for (const ChartSample &s : samples) {
        if (s.budget != budget)
            continue;
        QJsonObject settings = s.settings;
        settings.remove(QStringLiteral("seed"));
        settings.remove(QStringLiteral("budget"));
        auto it = std::find_if(groups.begin(), groups.end(), [&](const Group &g) { return g.method == s.method && g.settings == settings; });
        if (it == groups.end()) {
            groups.append({s.method, settings, {}, {}});
            it = groups.end() - 1;
        }
        if (it->seeds.contains(s.seed))
            continue;  // the same seed drawn again: the same sample, counted once
        it->seeds.insert(s.seed);
        it->measures.append(measureCoverage(pool, s.segments));
    }
    std::stable_sort(groups.begin(), groups.end(), [&order](const Group &a, const Group &b) {
        const auto rank = [&order](const QString &m) { return order.contains(m) ? order.indexOf(m) : order.size(); };
        return rank(a.method) != rank(b.method) ? rank(a.method) < rank(b.method) : a.method < b.method;
    });
    SamplerCoverage result;
    for (const Group &group : std::as_const(groups)) {
        const QString &method = group.method;
        const QVector<CoverageMeasures> &measures = group.measures;
        // The settings in which this group differs from another group of the same sampler.
        QStringList differing;
        for (const Group &other : std::as_const(groups)) {
            if (&other == &group || other.method != method)
                continue;
            for (auto k = group.settings.begin(); k != group.settings.end(); ++k)
                if (other.settings.value(k.key()) != k.value()) {
                    const QString shown = k.key() + u' ' + QString::fromUtf8(QJsonDocument(QJsonArray{k.value()}).toJson(QJsonDocument::Compact)).chopped(1).mid(1);
                    if (!differing.contains(shown))
                        differing.append(shown);
                }
        }
        result.settingsShown.append(differing.join(QStringLiteral(", ")));
        double cov20 = 0, cov1 = 0;
        double low20 = measures.first().cov20, high20 = low20, low1 = measures.first().cov1, high1 = low1;
        for (const CoverageMeasures &m : measures) {
            cov20 += m.cov20;
            cov1 += m.cov1;
            low20 = std::min<double>(low20, m.cov20);
            high20 = std::max<double>(high20, m.cov20);
            low1 = std::min<double>(low1, m.cov1);
            high1 = std::max<double>(high1, m.cov1);
        }
        result.methods.append(method);
        result.seeds.append(int(measures.size()));
        result.cov20Mean.append(cov20 / measures.size());
        result.cov20Low.append(low20);
        result.cov20High.append(high20);
        result.cov1Mean.append(cov1 / measures.size());
        result.cov1Low.append(low1);
        result.cov1High.append(high1);
    }
    return result;
}

bool isAugmentedExample(const verify::ChallengeExample &example)
{
    return example.tags.contains(QStringLiteral("ato"))
           && std::any_of(example.tags.begin(), example.tags.end(), [](const QString &t) { return t.startsWith(QLatin1String("run:")); });
}

QVector<verify::ChallengeExample> examplesOfOrigin(const QVector<verify::ChallengeExample> &examples, ExampleOrigin origin)
{
    if (origin == ExampleOrigin::All)
        return examples;
    QVector<verify::ChallengeExample> out;
    for (const verify::ChallengeExample &e : examples)
        if (isAugmentedExample(e) == (origin == ExampleOrigin::Augmented))
            out << e;
    return out;
}

}  // namespace gauntlet
