// sacrebleu 2.6's resampling statistics, reproduced number for number for the same seed
// (sacrebleu/significance.py and Metric.corpus_score in sacrebleu/metrics/base.py, run with
// numpy 1.x): the same random draws (numpy_generator.h), float32 sums of the resampled segment
// statistics as numpy makes them (Metric::scoreFromFloat32Statistics), and the same means
// (python_means.h). The tests are the paired bootstrap of Koehn (2004), "Statistical Significance
// Tests for Machine Translation Evaluation", and approximate randomisation after multeval (Clark
// et al. 2011, "Better Hypothesis Testing for Statistical Machine Translation"), with
// p = (c + 1) / (trials + 1). Golden values: tests/data/metrics/sacrebleu_significance.json.
//
// Differences that remain: with several references whose average length is not a small binary
// fraction (3 references, say), TER's approximate randomisation sums float64 statistics in an order
// numpy leaves to the BLAS, so the last bits of a resampled score can differ; with integer
// statistics (BLEU, chrF, TER with one or two references) the draws and sums are exact.
#pragma once

#include "engine/metrics/metric.h"
#include "engine/metrics/significance.h"

#include <cstdint>

namespace gauntlet::metrics {

/// sacrebleu's default seed (SACREBLEU_SEED unset).
constexpr std::uint64_t kSacrebleuSeed = 12345;

/// The 95% interval of `sacrebleu --confidence` (Metric.corpus_score(n_bootstrap=samples) with
/// SACREBLEU_SEED=seed): _bootstrap_resample's `samples` resamples drawn with
/// default_rng(seed).choice(n, (samples, n)), each scored from float32 sums, then
/// Score.estimate_ci: mean by statistics.mean, half-width from the sorted scores at samples/40
/// and samples - samples/40 - 1. Throws MetricsError for no segments or samples < 1.
ConfidenceInterval sacrebleuConfidenceInterval(const Metric &metric, const std::vector<Statistics> &segments,
                                               int samples = 1000, std::uint64_t seed = kSacrebleuSeed);

/// The baseline's interval in a paired bootstrap test (PairedTest.__init__: the same resamples
/// as above, but significance.estimate_ci takes numpy's mean of the sorted scores).
ConfidenceInterval sacrebleuBaselineInterval(const Metric &metric, const std::vector<Statistics> &segments,
                                             int samples = 1000, std::uint64_t seed = kSacrebleuSeed);

/// `sacrebleu --paired-bs` for one system against the baseline (_paired_bs_test): the same
/// resampled indices for both, p-value from the resampled |differences| centred on their numpy
/// mean, and the system's interval (numpy's mean of the sorted scores). Throws MetricsError when the segment counts
/// differ, there are none, or samples < 1.
PairedComparison sacrebleuPairedBootstrap(const Metric &metric, const std::vector<Statistics> &baseline,
                                          const std::vector<Statistics> &system, int samples = 1000,
                                          std::uint64_t seed = kSacrebleuSeed);

/// `sacrebleu --paired-ar` for one system against the baseline (_paired_ar_test without its
/// optional interval, as the command line runs it): default_rng(seed).integers(2, (trials, n),
/// bool) picks, per trial and segment, which system's statistics go to the first pseudo-system;
/// scores from the (exact) sums. Throws as sacrebleuPairedBootstrap().
PairedComparison sacrebleuPairedApproximateRandomization(const Metric &metric, const std::vector<Statistics> &baseline,
                                                         const std::vector<Statistics> &system, int trials = 10000,
                                                         std::uint64_t seed = kSacrebleuSeed);

}  // namespace gauntlet::metrics
