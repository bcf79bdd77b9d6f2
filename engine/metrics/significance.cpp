#include "engine/metrics/significance.h"

#include "engine/metrics/special_functions.h"

#include <algorithm>
#include <cmath>

namespace gauntlet::metrics {

namespace {

// Checks the inputs and fills in the corpus scores and their observed difference.
PairedComparison observedComparison(const std::vector<Statistics> &baseline, const std::vector<Statistics> &system,
                                    const ScoreFunction &score, int samples, const char *what)
{
    checkPairedInputs(baseline, system, samples, what);
    PairedComparison r;
    r.samples = samples;
    r.baselineScore = score(sumStatistics(baseline));
    r.systemScore = score(sumStatistics(system));
    r.observedDifference = std::fabs(r.baselineScore - r.systemScore);
    return r;
}

// Sums the statistics of the segments picked by `pick(i)` for i in [0, n).
template<typename Pick>
Statistics sumPicked(std::size_t n, std::size_t width, Pick pick)
{
    Statistics total(width, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const Statistics &s = pick(i);
        for (std::size_t k = 0; k < width; ++k)
            total[k] += s[k];
    }
    return total;
}

// sacrebleu's estimate_ci: mean, and the 1/40 and 39/40 order statistics.
ConfidenceInterval estimateInterval(std::vector<double> scores)
{
    std::sort(scores.begin(), scores.end());
    const std::size_t n = scores.size();
    const std::size_t lowerIdx = n / 40;
    const std::size_t upperIdx = n - lowerIdx - 1;
    ConfidenceInterval ci;
    double sum = 0.0;
    for (double s : scores)
        sum += s;
    ci.mean = sum / static_cast<double>(n);
    ci.lower = scores[lowerIdx];
    ci.upper = scores[upperIdx];
    ci.halfWidth = 0.5 * (ci.upper - ci.lower);
    return ci;
}

// sacrebleu's _compute_p_value: (count(sample statistic > observed) + 1) / (samples + 1).
double pValue(const std::vector<double> &sampleStatistics, double observed)
{
    const auto c = std::count_if(sampleStatistics.begin(), sampleStatistics.end(),
                                 [&](double s) { return s > observed; });
    return (static_cast<double>(c) + 1.0) / (static_cast<double>(sampleStatistics.size()) + 1.0);
}

}  // namespace

std::uint64_t SeededRandom::below(std::uint64_t n)
{
    // Lemire (2019), "Fast Random Integer Generation in an Interval", ACM TOMACS 29(1).
    unsigned __int128 m = static_cast<unsigned __int128>(m_engine()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
        const std::uint64_t threshold = (0 - n) % n;
        while (low < threshold) {
            m = static_cast<unsigned __int128>(m_engine()) * n;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

ScoreFunction scoreFunctionOf(const Metric &metric)
{
    return [&metric](const Statistics &s) { return metric.scoreFromStatistics(s); };
}

ScoreFunction meanScoreFunction(std::size_t segments)
{
    return [segments](const Statistics &s) { return s.at(0) / static_cast<double>(segments); };
}

std::vector<Statistics> scoresAsStatistics(const std::vector<double> &scores)
{
    std::vector<Statistics> stats;
    stats.reserve(scores.size());
    for (double s : scores)
        stats.push_back({s});
    return stats;
}

PairedTTest pairedTTest(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() != b.size())
        throw MetricsError("paired t-test: " + std::to_string(a.size()) + " scores against " + std::to_string(b.size()));
    if (a.size() < 2)
        throw MetricsError("paired t-test: needs at least two pairs");
    std::vector<double> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!std::isfinite(a[i]) || !std::isfinite(b[i]))
            throw MetricsError("paired t-test: non-finite score in pair " + std::to_string(i + 1));
        d[i] = a[i] - b[i];
    }
    if (std::all_of(d.begin(), d.end(), [&](double x) { return x == d.front(); }))
        throw MetricsError("paired t-test: every difference is the same, so t is undefined");
    PairedTTest r;
    r.n = d.size();
    const double n = static_cast<double>(r.n);
    double sum = 0.0;
    for (double x : d)
        sum += x;
    r.meanDifference = sum / n;
    double ss = 0.0;
    for (double x : d)
        ss += (x - r.meanDifference) * (x - r.meanDifference);
    r.sdDifference = std::sqrt(ss / (n - 1.0));
    r.t = r.meanDifference / (r.sdDifference / std::sqrt(n));
    r.pValue = std::min(1.0, 2.0 * detail::studentTSurvival(std::fabs(r.t), n - 1.0));
    return r;
}

ConfidenceInterval bootstrapConfidenceInterval(const std::vector<Statistics> &segments, const ScoreFunction &score,
                                               int samples, std::uint64_t seed)
{
    checkPairedInputs(segments, segments, samples, "bootstrap confidence interval");
    SeededRandom random(seed);
    const std::size_t n = segments.size();
    const std::size_t width = segments.front().size();
    std::vector<double> scores;
    scores.reserve(static_cast<std::size_t>(samples));
    std::vector<std::size_t> idx(n);
    for (int s = 0; s < samples; ++s) {
        for (auto &i : idx)
            i = random.below(n);
        scores.push_back(score(sumPicked(n, width, [&](std::size_t i) -> const Statistics & { return segments[idx[i]]; })));
    }
    return estimateInterval(std::move(scores));
}

PairedComparison pairedBootstrap(const std::vector<Statistics> &baseline, const std::vector<Statistics> &system,
                                 const ScoreFunction &score, int samples, std::uint64_t seed)
{
    PairedComparison r = observedComparison(baseline, system, score, samples, "paired bootstrap");
    const std::size_t n = baseline.size();
    const std::size_t width = baseline.front().size();

    SeededRandom random(seed);
    std::vector<double> baselineScores, systemScores;
    std::vector<std::size_t> idx(n);
    for (int s = 0; s < samples; ++s) {
        for (auto &i : idx)
            i = random.below(n);
        baselineScores.push_back(
            score(sumPicked(n, width, [&](std::size_t i) -> const Statistics & { return baseline[idx[i]]; })));
        systemScores.push_back(
            score(sumPicked(n, width, [&](std::size_t i) -> const Statistics & { return system[idx[i]]; })));
    }
    // The resampled |differences|, centred on their mean (the null hypothesis of no difference).
    std::vector<double> diffs(systemScores.size());
    double mean = 0.0;
    for (std::size_t s = 0; s < diffs.size(); ++s) {
        diffs[s] = std::fabs(systemScores[s] - baselineScores[s]);
        mean += diffs[s];
    }
    mean /= static_cast<double>(diffs.size());
    for (double &d : diffs)
        d -= mean;
    r.pValue = pValue(diffs, r.observedDifference);
    r.systemInterval = estimateInterval(std::move(systemScores));
    return r;
}

PairedComparison approximateRandomization(const std::vector<Statistics> &baseline,
                                          const std::vector<Statistics> &system, const ScoreFunction &score,
                                          int trials, std::uint64_t seed)
{
    PairedComparison r = observedComparison(baseline, system, score, trials, "approximate randomisation");
    const std::size_t n = baseline.size();
    const std::size_t width = baseline.front().size();

    SeededRandom random(seed);
    std::vector<double> diffs;
    diffs.reserve(static_cast<std::size_t>(trials));
    std::vector<char> swap(n);
    for (int t = 0; t < trials; ++t) {
        for (auto &s : swap)
            s = random.coin();
        const double a = score(sumPicked(n, width, [&](std::size_t i) -> const Statistics & {
            return swap[i] ? baseline[i] : system[i];
        }));
        const double b = score(sumPicked(n, width, [&](std::size_t i) -> const Statistics & {
            return swap[i] ? system[i] : baseline[i];
        }));
        diffs.push_back(std::fabs(a - b));
    }
    r.pValue = pValue(diffs, r.observedDifference);
    return r;
}

void checkPairedInputs(const std::vector<Statistics> &baseline, const std::vector<Statistics> &system, int samples, const char *what)
{
    if (baseline.empty())
        throw MetricsError(std::string(what) + ": no segments");
    if (baseline.size() != system.size())
        throw MetricsError(std::string(what) + ": the baseline has " + std::to_string(baseline.size())
                           + " segments but the system has " + std::to_string(system.size()));
    if (samples < 1)
        throw MetricsError(std::string(what) + ": needs at least one sample");
}

}  // namespace gauntlet::metrics
