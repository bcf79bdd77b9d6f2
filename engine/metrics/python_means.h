// The two means sacrebleu 2.6's significance tests take of bootstrap scores, reproduced to the
// last bit: Python's statistics.mean (Score.estimate_ci in sacrebleu/metrics/base.py, used by
// `--confidence`) and numpy's ndarray.mean (estimate_ci and the centred differences in
// sacrebleu/significance.py, used by the paired tests). They differ in the last bits, so
// reproducing sacrebleu's printed intervals digit for digit needs both.
#pragma once

#include <vector>

namespace gauntlet::metrics {

/// Python's statistics.mean of finite non-negative doubles: the exact sum (as fractions.Fraction)
/// divided by the count, correctly rounded to the nearest double (ties to even). Throws
/// MetricsError for no values or a negative or non-finite value.
double pythonStatisticsMean(const std::vector<double> &values);

/// numpy's mean of a float64 array (numpy 1.24, numpy/core/src/umath/loops_utils.h.src
/// pairwise_sum): add.reduce from 0 by pairwise summation (blocks of up to 128 summed with 8
/// interleaved accumulators, halves split at a multiple of 8), divided by the count. Throws
/// MetricsError for no values.
double numpyMean(const std::vector<double> &values);

/// numpy's pairwise_sum of values[0, n).
double numpyPairwiseSum(const double *values, std::size_t n);

}  // namespace gauntlet::metrics
