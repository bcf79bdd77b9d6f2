#include "engine/metrics/sacrebleu_significance.h"

#include "engine/metrics/numpy_generator.h"
#include "engine/metrics/python_means.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gauntlet::metrics {

namespace {

void check(const std::vector<Statistics> &baseline, const std::vector<Statistics> &system, int samples,
           const char *what)
{
    checkPairedInputs(baseline, system, samples, what);
    if (baseline.size() >= std::numeric_limits<std::uint32_t>::max())
        throw MetricsError(std::string(what) + ": too many segments");
}

// np.array(stats, dtype='float32'), row-major.
std::vector<float> toFloat32(const std::vector<Statistics> &segments)
{
    const std::size_t width = segments.front().size();
    std::vector<float> out;
    out.reserve(segments.size() * width);
    for (const Statistics &s : segments) {
        if (s.size() != width)
            throw MetricsError("statistics vectors of different lengths");
        for (double v : s)
            out.push_back(static_cast<float>(v));
    }
    return out;
}

// The scores of the resamples `indices` (samples x n, row-major): for each row,
// stats_np[idxs[row]].sum(0) (numpy adds the rows one after another in float32 when a row has
// two or more columns, as every metric's has) scored by scoreFromFloat32Statistics.
std::vector<double> resampledScores(const Metric &metric, const std::vector<float> &stats, std::size_t width,
                                    const std::vector<std::uint32_t> &indices, std::size_t n)
{
    const std::size_t samples = indices.size() / n;
    std::vector<double> scores(samples);
    std::vector<float> sum(width);
    Statistics asDouble(width);
    for (std::size_t s = 0; s < samples; ++s) {
        std::fill(sum.begin(), sum.end(), 0.0f);
        const std::uint32_t *row = indices.data() + s * n;
        for (std::size_t i = 0; i < n; ++i) {
            const float *seg = stats.data() + static_cast<std::size_t>(row[i]) * width;
            for (std::size_t k = 0; k < width; ++k)
                sum[k] += seg[k];
        }
        std::copy(sum.begin(), sum.end(), asDouble.begin());
        scores[s] = metric.scoreFromFloat32Statistics(asDouble);
    }
    return scores;
}

std::vector<double> bootstrapScores(const Metric &metric, const std::vector<Statistics> &segments, int samples,
                                    std::uint64_t seed)
{
    const std::size_t n = segments.size();
    NumpyGenerator rng(seed);
    const auto indices = rng.integersBelow(static_cast<std::uint32_t>(n), static_cast<std::size_t>(samples) * n);
    return resampledScores(metric, toFloat32(segments), segments.front().size(), indices, n);
}

// The order-statistic bounds shared by Score.estimate_ci and significance.estimate_ci.
ConfidenceInterval bounds(std::vector<double> scores, double mean)
{
    std::sort(scores.begin(), scores.end());
    const std::size_t n = scores.size();
    const std::size_t lowerIdx = n / 40;
    ConfidenceInterval ci;
    ci.mean = mean;
    ci.lower = scores[lowerIdx];
    ci.upper = scores[n - lowerIdx - 1];
    ci.halfWidth = 0.5 * (ci.upper - ci.lower);
    return ci;
}

// significance.estimate_ci: np.sort first, so numpy's pairwise mean adds the sorted scores.
ConfidenceInterval numpyInterval(std::vector<double> scores)
{
    std::sort(scores.begin(), scores.end());
    const double mean = numpyMean(scores);
    return bounds(std::move(scores), mean);
}

// _compute_p_value: (count(stats > observed) + 1) / (len(stats) + 1).
double pValue(const std::vector<double> &statistics, double observed)
{
    const auto c = std::count_if(statistics.begin(), statistics.end(), [&](double s) { return s > observed; });
    return (static_cast<double>(c) + 1.0) / (static_cast<double>(statistics.size()) + 1.0);
}

PairedComparison observed(const Metric &metric, const std::vector<Statistics> &baseline,
                          const std::vector<Statistics> &system, int samples)
{
    PairedComparison r;
    r.samples = samples;
    r.baselineScore = metric.scoreFromStatistics(sumStatistics(baseline));
    r.systemScore = metric.scoreFromStatistics(sumStatistics(system));
    r.observedDifference = std::fabs(r.baselineScore - r.systemScore);
    return r;
}

}  // namespace

ConfidenceInterval sacrebleuConfidenceInterval(const Metric &metric, const std::vector<Statistics> &segments,
                                               int samples, std::uint64_t seed)
{
    check(segments, segments, samples, "bootstrap confidence interval");
    std::vector<double> scores = bootstrapScores(metric, segments, samples, seed);
    const double mean = pythonStatisticsMean(scores);
    return bounds(std::move(scores), mean);
}

ConfidenceInterval sacrebleuBaselineInterval(const Metric &metric, const std::vector<Statistics> &segments,
                                             int samples, std::uint64_t seed)
{
    check(segments, segments, samples, "bootstrap confidence interval");
    std::vector<double> scores = bootstrapScores(metric, segments, samples, seed);
    return numpyInterval(std::move(scores));
}

PairedComparison sacrebleuPairedBootstrap(const Metric &metric, const std::vector<Statistics> &baseline,
                                          const std::vector<Statistics> &system, int samples, std::uint64_t seed)
{
    check(baseline, system, samples, "paired bootstrap");
    PairedComparison r = observed(metric, baseline, system, samples);
    const std::size_t n = baseline.size();
    const std::size_t width = baseline.front().size();
    NumpyGenerator rng(seed);
    const auto indices = rng.integersBelow(static_cast<std::uint32_t>(n), static_cast<std::size_t>(samples) * n);
    const std::vector<double> baselineScores = resampledScores(metric, toFloat32(baseline), width, indices, n);
    std::vector<double> systemScores = resampledScores(metric, toFloat32(system), width, indices, n);

    std::vector<double> diffs(systemScores.size());
    for (std::size_t s = 0; s < diffs.size(); ++s)
        diffs[s] = std::fabs(systemScores[s] - baselineScores[s]);
    const double mean = numpyMean(diffs);
    for (double &d : diffs)
        d -= mean;
    r.pValue = pValue(diffs, r.observedDifference);
    r.systemInterval = numpyInterval(std::move(systemScores));
    return r;
}

PairedComparison sacrebleuPairedApproximateRandomization(const Metric &metric, const std::vector<Statistics> &baseline,
                                                         const std::vector<Statistics> &system, int trials,
                                                         std::uint64_t seed)
{
    check(baseline, system, trials, "approximate randomisation");
    PairedComparison r = observed(metric, baseline, system, trials);
    const std::size_t n = baseline.size();
    const std::size_t width = baseline.front().size();
    NumpyGenerator rng(seed);
    const std::vector<bool> picks = rng.bools(static_cast<std::size_t>(trials) * n);

    // shuf_a = pos_sel @ bl_stats + neg_sel @ sys_stats, shuf_b = neg_sel @ bl_stats + pos_sel @
    // sys_stats: each product is a sum over the segments, then the two products are added.
    std::vector<double> diffs(static_cast<std::size_t>(trials));
    Statistics blPos(width), blNeg(width), sysPos(width), sysNeg(width), a(width), b(width);
    for (std::size_t t = 0; t < diffs.size(); ++t) {
        std::fill(blPos.begin(), blPos.end(), 0.0);
        std::fill(blNeg.begin(), blNeg.end(), 0.0);
        std::fill(sysPos.begin(), sysPos.end(), 0.0);
        std::fill(sysNeg.begin(), sysNeg.end(), 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const bool pos = picks[t * n + i];
            Statistics &bl = pos ? blPos : blNeg;
            Statistics &sy = pos ? sysPos : sysNeg;
            for (std::size_t k = 0; k < width; ++k) {
                bl[k] += baseline[i][k];
                sy[k] += system[i][k];
            }
        }
        for (std::size_t k = 0; k < width; ++k) {
            a[k] = blPos[k] + sysNeg[k];
            b[k] = blNeg[k] + sysPos[k];
        }
        diffs[t] = std::fabs(metric.scoreFromStatistics(a) - metric.scoreFromStatistics(b));
    }
    r.pValue = pValue(diffs, r.observedDifference);
    return r;
}

}  // namespace gauntlet::metrics
