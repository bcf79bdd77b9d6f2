// The Gini coefficient of non-negative quantities (e.g. segments per document, to see how evenly
// a sample covers documents): G = sum_i sum_j |x_i - x_j| / (2 n^2 mean), computed in
// O(n log n) with the sorted form G = 2 sum_i i x_(i) / (n sum x) - (n + 1) / n (x_(i) ascending,
// i from 1), and its small-sample (bias-corrected) form G n / (n - 1).
#pragma once

#include "engine/metrics/metric.h"

#include <vector>

namespace gauntlet::metrics {

/// Plain Gini coefficient in [0, 1 - 1/n]. Throws MetricsError for no values, a negative or
/// non-finite value, or an all-zero vector (mean 0: undefined). One value gives 0.
double gini(const std::vector<double> &values);

/// gini(values) * n / (n - 1), in [0, 1]. Throws as gini(), and for fewer than two values.
double giniCorrected(const std::vector<double> &values);

}  // namespace gauntlet::metrics
