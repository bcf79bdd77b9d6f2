// Significance tests and confidence intervals for comparing two MT systems on the same segments.
// The resampling tests follow sacrebleu 2.6 (sacrebleu/significance.py): they resample
// segment-level sufficient statistics (metric.h) and recompute corpus scores, the paired
// bootstrap of Koehn (2004) with sacrebleu's p-value, approximate randomisation as in multeval
// (Clark et al. 2011; p = (c + 1) / (trials + 1)), and sacrebleu's 95% interval (the 1/40 and
// 39/40 order statistics). The paired t-test is scipy.stats.ttest_rel.
//
// Randomness: a std::mt19937_64 seeded with `seed` and unbiased bounded integers (Lemire 2019),
// so results repeat exactly for a seed on every platform. These generic versions (any score
// function, e.g. means of human ratings) do not draw what sacrebleu draws; for sacrebleu's own
// numbers from a Metric, digit for digit, use sacrebleu_significance.h.
#pragma once

#include "engine/metrics/metric.h"

#include <cstdint>
#include <functional>
#include <random>

namespace gauntlet::metrics {

/// Computes a score from summed statistics (e.g. Metric::scoreFromStatistics).
using ScoreFunction = std::function<double(const Statistics &summed)>;

/// The score function of a metric: summed statistics -> metric.scoreFromStatistics(). The metric
/// must outlive the function.
ScoreFunction scoreFunctionOf(const Metric &metric);

/// For per-segment scores (one-element statistics {score}): the mean over `segments` segments.
ScoreFunction meanScoreFunction(std::size_t segments);

/// Wraps per-segment scores as one-element statistics, for meanScoreFunction().
std::vector<Statistics> scoresAsStatistics(const std::vector<double> &scores);

/// Seeded pseudo-random source used by the resampling tests.
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : m_engine(seed) {}
    /// Uniform integer in [0, n), n >= 1 (Lemire's nearly divisionless method, no bias).
    std::uint64_t below(std::uint64_t n);
    /// A fair coin.
    bool coin() { return (m_engine() >> 63) != 0; }

private:
    std::mt19937_64 m_engine;
};

/// scipy.stats.ttest_rel(a, b): d = a - b, t = mean(d) / (sd(d) / sqrt(n)) with the n - 1
/// standard deviation, two-sided p from Student's t with n - 1 degrees of freedom.
struct PairedTTest {
    double t = 0.0;
    double pValue = 0.0;
    std::size_t n = 0;
    double meanDifference = 0.0;
    double sdDifference = 0.0;  ///< n - 1 denominator
};

/// Throws MetricsError when the lengths differ, n < 2, a value is not finite, or every difference
/// is the same (sd 0: t is 0/0 or infinite).
PairedTTest pairedTTest(const std::vector<double> &a, const std::vector<double> &b);

/// A bootstrap estimate of a score: mean of the resampled scores and sacrebleu's 95% interval.
struct ConfidenceInterval {
    double mean = 0.0;
    double lower = 0.0;      ///< sorted resampled scores at index samples/40
    double upper = 0.0;      ///< ... and at samples - samples/40 - 1
    double halfWidth = 0.0;  ///< (upper - lower) / 2, sacrebleu's "± ci"
};

/// Bootstrap 95% interval of a corpus score: `samples` resamples of the segments with
/// replacement, each scored by `score` on its summed statistics (sacrebleu's
/// _bootstrap_resample + estimate_ci). Throws MetricsError for no segments or samples < 1.
ConfidenceInterval bootstrapConfidenceInterval(const std::vector<Statistics> &segments, const ScoreFunction &score,
                                               int samples = 1000, std::uint64_t seed = 12345);

/// Result of comparing a system with a baseline on the same segments.
struct PairedComparison {
    double baselineScore = 0.0;
    double systemScore = 0.0;
    double observedDifference = 0.0;  ///< |system - baseline|
    double pValue = 0.0;              ///< two-sided: (c + 1) / (samples + 1)
    int samples = 0;
    ConfidenceInterval systemInterval;  ///< paired bootstrap only: the system's 95% interval
};

/// Paired bootstrap resampling (Koehn 2004; sacrebleu _paired_bs_test): the same resampled
/// segment indices for both systems; c counts resamples whose centred |difference| exceeds the
/// observed one. Default 1000 samples. Throws MetricsError when the systems' segment counts
/// differ or there are none.
PairedComparison pairedBootstrap(const std::vector<Statistics> &baseline, const std::vector<Statistics> &system,
                                 const ScoreFunction &score, int samples = 1000, std::uint64_t seed = 12345);

/// Approximate randomisation (sacrebleu _paired_ar_test): each trial swaps every segment's
/// statistics between the systems with probability 1/2; c counts trials whose |difference|
/// exceeds the observed one. Default 10000 trials.
PairedComparison approximateRandomization(const std::vector<Statistics> &baseline,
                                          const std::vector<Statistics> &system, const ScoreFunction &score,
                                          int trials = 10000, std::uint64_t seed = 12345);

/// Throws MetricsError naming `what` unless `baseline` and `system` are non-empty, of one length,
/// and `samples` >= 1: the inputs every paired test and interval here and in
/// sacrebleu_significance.h take.
void checkPairedInputs(const std::vector<Statistics> &baseline, const std::vector<Statistics> &system, int samples, const char *what);

}  // namespace gauntlet::metrics
