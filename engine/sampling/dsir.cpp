#include "engine/sampling/dsir.h"

#include "engine/metrics/python_text.h"
#include "engine/sampling/sampling_error.h"

#include <QCryptographicHash>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace gauntlet::sampling {

namespace {

/// Python's \w for str patterns: str.isalnum() or '_' (letters L*, numbers N*; not marks).
bool isPythonWordChar(char32_t c)
{
    return c == U'_' || QChar::isLetterOrNumber(c);
}

}  // namespace

int dsirHashBucket(const QString &text, int numBuckets)
{
    if (numBuckets < 1)
        throw SamplingError(QStringLiteral("DSIR needs at least one bucket"));
    const QByteArray digest = QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256);
    // The digest as a big-endian integer, reduced mod numBuckets byte by byte.
    std::uint64_t r = 0;
    for (char byte : digest)
        r = (r * 256 + std::uint8_t(byte)) % std::uint64_t(numBuckets);
    return int(r);
}

QStringList dsirTokens(const QString &text)
{
    // NLTK WordPunctTokenizer: regexp_tokenize(text, r"\w+|[^\w\s]+").
    const std::u32string lower = metrics::lowerPython(metrics::decodeUtf8(text.toStdString()));
    QStringList tokens;
    std::size_t i = 0;
    while (i < lower.size()) {
        const char32_t c = lower[i];
        if (metrics::isPythonSpace(c)) {
            ++i;
            continue;
        }
        const bool word = isPythonWordChar(c);
        std::size_t j = i + 1;
        while (j < lower.size() && !metrics::isPythonSpace(lower[j]) && isPythonWordChar(lower[j]) == word)
            ++j;
        tokens.append(QString::fromStdString(metrics::encodeUtf8(std::u32string_view(lower).substr(i, j - i))));
        i = j;
    }
    return tokens;
}

QVector<QPair<int, int>> dsirNgramCounts(const QString &text, int ngrams, int numBuckets)
{
    if (ngrams < 1)
        throw SamplingError(QStringLiteral("DSIR n-gram order must be >= 1"));
    const QStringList tokens = dsirTokens(text);
    QHash<int, int> counts;
    for (int n = 1; n <= ngrams; ++n) {
        for (qsizetype i = 0; i + n <= tokens.size(); ++i)
            ++counts[dsirHashBucket(tokens.mid(i, n).join(u' '), numBuckets)];
    }
    QVector<QPair<int, int>> result;
    for (auto it = counts.begin(); it != counts.end(); ++it)
        result.append({it.key(), it.value()});
    std::sort(result.begin(), result.end());
    return result;
}

QVector<double> dsirLogImportanceWeights(const QStringList &targetTexts, const QStringList &rawTexts, int ngrams, int numBuckets,
                                         double targetLaplaceSmoothing)
{
    if (targetTexts.isEmpty() || rawTexts.isEmpty())
        throw SamplingError(QStringLiteral("DSIR needs target and raw texts"));
    // hashed_ngram_dsir.fit_importance_estimator: raw_probs = counts / sum; target_probs =
    // (counts + target_laplace_smoothing) / sum (default smoothing 0); log_diff =
    // log(target_probs + 1e-8) - log(raw_probs + 1e-8). The raw texts' features are counted
    // twice (once for the distribution, once for each weight) rather than kept: on a corpus of
    // 560,000 segments they would take more memory than the corpus (issue 33 item 7).
    std::vector<double> raw(numBuckets, 0.0), target(numBuckets, targetLaplaceSmoothing);
    for (const QString &t : rawTexts) {
        for (const auto &[b, c] : dsirNgramCounts(t, ngrams, numBuckets))
            raw[b] += c;
    }
    for (const QString &t : targetTexts) {
        for (const auto &[b, c] : dsirNgramCounts(t, ngrams, numBuckets))
            target[b] += c;
    }
    const double rawTotal = std::accumulate(raw.begin(), raw.end(), 0.0);
    const double targetTotal = std::accumulate(target.begin(), target.end(), 0.0);
    if (rawTotal <= 0.0 || targetTotal <= 0.0)
        throw SamplingError(QStringLiteral("DSIR: the target or raw texts have no tokens"));
    std::vector<double> logRatio(numBuckets);
    for (int b = 0; b < numBuckets; ++b)
        logRatio[b] = std::log(target[b] / targetTotal + 1e-8) - std::log(raw[b] / rawTotal + 1e-8);
    QVector<double> weights;
    weights.reserve(rawTexts.size());
    for (const QString &t : rawTexts) {
        double w = 0.0;
        for (const auto &[b, c] : dsirNgramCounts(t, ngrams, numBuckets))
            w += c * logRatio[b];
        weights.append(w);
    }
    return weights;
}

Sample dsirSample(const SamplingPool &pool, const SamplerSettings &settings)
{
    if (settings.budget < 1)
        throw SamplingError(QStringLiteral("budget B must be at least 1 (got %1)").arg(settings.budget));
    if (pool.segments.isEmpty())
        throw SamplingError(QStringLiteral("the corpus has no segments to sample"));
    QStringList raw;
    raw.reserve(pool.segments.size());
    for (const PoolSegment &s : pool.segments)
        raw.append(s.text);
    QStringList target = settings.dsirTargetTexts;
    if (target.isEmpty()) {
        // Default target: the long tail, segments with a category rarer than the median category.
        QVector<int> counts = pool.categoryCounts();
        QVector<int> feasible;
        for (int c : counts) {
            if (c > 0)
                feasible.append(c);
        }
        if (!feasible.isEmpty()) {
            std::sort(feasible.begin(), feasible.end());
            const int median = feasible[feasible.size() / 2];
            for (const PoolSegment &s : pool.segments) {
                for (int c : s.categories) {
                    if (counts[c] < median) {
                        target.append(s.text);
                        break;
                    }
                }
            }
        }
        if (target.isEmpty())
            target = raw;
    }
    const QVector<double> logWeights = dsirLogImportanceWeights(target, raw, settings.dsirNgrams, settings.dsirBuckets);
    // Gumbel top-k: argsort(log w + Gumbel(0, 1)) descending, first B (DSIR's resample).
    std::mt19937_64 rng(settings.seed);
    QVector<QPair<double, int>> keyed;
    keyed.reserve(logWeights.size());
    for (int i = 0; i < logWeights.size(); ++i) {
        const double u = (double(rng() >> 11) + 0.5) * (1.0 / 9007199254740992.0);  // (0, 1)
        keyed.append({logWeights[i] - std::log(-std::log(u)), i});
    }
    const int k = std::min<int>(settings.budget, keyed.size());
    std::partial_sort(keyed.begin(), keyed.begin() + k, keyed.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    QVector<int> order;
    for (int i = 0; i < k; ++i)
        order.append(keyed[i].second);
    return {settings, order, {k}};
}

}  // namespace gauntlet::sampling
