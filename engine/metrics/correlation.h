// Correlation coefficients with two-sided p-values, as scipy.stats computes them (scipy 1.10+):
// pearsonr (p from the exact beta distribution of r under independent normal data), spearmanr
// (Pearson on average ranks, p from Student's t with n - 2 degrees of freedom) and kendalltau
// (tau-b, Kendall 1945; p as scipy's default method='auto': the exact null distribution when
// there are no ties and n <= 33 (or at most one discordant or concordant pair), else the
// asymptotic normal approximation with tie corrections).
//
// Degenerate inputs (documented): x and y of different lengths, fewer than two pairs, or a
// constant x or y (the coefficient is 0/0; scipy returns NaN with a warning) throw MetricsError
// naming the reason. With exactly two pairs the coefficient is defined; the p-value is 1 for
// Pearson and Kendall (as scipy; Kendall's from the exact distribution) and NaN for Spearman
// (as scipy: no degrees of freedom left).
// Non-finite values are an error.
#pragma once

#include "engine/metrics/metric.h"

#include <vector>

namespace gauntlet::metrics {

/// A coefficient in [-1, 1] and its two-sided p-value under the null of no association.
struct Correlation {
    double coefficient = 0.0;
    double pValue = 0.0;
    std::size_t n = 0;  ///< number of pairs
    bool exactPValue = false;  ///< Kendall only: p from the exact distribution, not the normal approximation
};

/// Pearson's r: sum((x - mean x)(y - mean y)) / (|x - mean x| |y - mean y|), clipped to [-1, 1];
/// p = 2 I_{(1-|r|)/2}(n/2 - 1, n/2 - 1) as scipy.stats.pearsonr.
Correlation pearson(const std::vector<double> &x, const std::vector<double> &y);

/// Spearman's rho: Pearson's r of the average ranks (ties share the mean rank);
/// p from t = rho sqrt((n - 2) / ((1 + rho)(1 - rho))) as scipy.stats.spearmanr.
Correlation spearman(const std::vector<double> &x, const std::vector<double> &y);

/// Kendall's tau-b = (concordant - discordant) / sqrt((n0 - n1)(n0 - n2)) in O(n log n), and the
/// p-value of scipy.stats.kendalltau's default method='auto' (scipy 1.10): without ties in x or y
/// and with n <= 33 (or min(discordant, concordant) <= 1), the exact p-value
/// (kendallExactPValue()); otherwise the asymptotic one, z = (C - D) / sqrt(var) with
/// var = (v0 - vt - vu) / 18 + 2 t u / (n (n-1)) + t2 u2 / (9 n (n-1)(n-2)) (Kendall 1945 tie
/// corrections), p = erfc(|z| / sqrt 2). Correlation::exactPValue says which.
Correlation kendallTauB(const std::vector<double> &x, const std::vector<double> &y);

/// The exact two-sided p-value of Kendall's tau for n untied pairs with `discordant` discordant
/// pairs, as scipy.stats._mstats_basic._kendall_p_exact computes it (the permutation counts by
/// inversions of Kendall 1970, "Rank Correlation Methods", 4th ed., summed as numpy sums, divided
/// by n!). Throws MetricsError when discordant is outside [0, n(n-1)/2].
double kendallExactPValue(std::size_t n, long long discordant);

/// Average ranks (1-based; tied values get the mean of their ranks), as scipy.stats.rankdata.
std::vector<double> averageRanks(const std::vector<double> &values);

}  // namespace gauntlet::metrics
