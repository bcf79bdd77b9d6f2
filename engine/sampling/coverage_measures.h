// Measures of a sample against its corpus (papers.md, TACTICS section 4, Table 2 and Figure 3):
// coverage (Cov20, Cov1), fidelity (Pearson r of the category distributions, MSE of the category
// and post-edit-score distributions, edit rate), coherence (segments per document, Gini over
// per-document counts) and, when the corpus holds two systems, the downstream comparison (TER,
// BLEU, chrF per system on the sample with sacrebleu 2.6 defaults and the paired t-statistic).
#pragma once

#include "engine/sampling/corpus.h"
#include "engine/sampling/sampler.h"

#include <QJsonObject>
#include <QString>
#include <QVector>

namespace gauntlet::sampling {

struct CoverageMeasures {
    int sampleSize = 0;
    int feasibleCategories = 0;  ///< categories with >= 1 corpus segment
    int cov20 = 0;               ///< categories with >= 20 sampled segments (always 20: the TACTICS paper's Cov20)
    int coverageTarget = 20;     ///< N of covAtTarget: the sampler's coverage target (SamplerSettings::coverageTarget)
    int covAtTarget = 0;         ///< Cov@N: categories with >= coverageTarget sampled segments (= cov20 when N is 20)
    int cov1 = 0;                ///< categories with >= 1 sampled segment
    /// The most Cov20 can be for this corpus: categories with >= 20 corpus segments (issue 33: on
    /// TED it is 10, which TACTICS, DSIR and equal allocation all reach).
    int cov20Ceiling = 0;
    /// How far each feasible category is filled towards 20, averaged: mean over feasible
    /// categories of min(sampled, 20) / min(corpus, 20), 0-1 (1: every category as covered as the
    /// corpus allows). Separates samplers where Cov20 is at its ceiling.
    double fill20 = 0.0;
    int largestThreshold = 0;    ///< the largest k <= 20 some feasible category can reach: min(20, max corpus count)
    int covAtLargestThreshold = 0;  ///< categories with >= largestThreshold sampled segments
    QVector<int> sampleCategoryCounts;  ///< per pool category
    double pearsonR = 0.0;       ///< Pearson r of corpus vs sample category distributions (NaN if undefined)
    double mseCategory = 0.0;    ///< mean over feasible categories of (p_corpus - p_sample)^2, distributions summing to 1
    double mseTer = 0.0;         ///< mean over bins of the squared difference of the post-edit-score histograms
                                 ///< (SamplerSettings::terBins bins over [0, 1], scores >= 1 in the last; shares)
    double editRate = 0.0;       ///< share of sampled segments with a post-edit score > 0
    double corpusEditRate = 0.0;
    double segmentsPerDocument = 0.0;  ///< sample size / documents with a sampled segment (NaN: not applicable)
    double gini = 0.0;           ///< engine/metrics/gini.h over the per-document counts of documents in the sample
                                 ///< (NaN: not applicable)
    /// false when the corpus has no document column (SamplingPool::hasDocuments): every segment is
    /// its own document, so segmentsPerDocument and gini are NaN (JSON null) rather than a
    /// meaningless 1 and 0.
    bool coherenceApplies = true;

    QJsonObject toJson() const;
};

/// The measures of `sample` (pool segment indices) against the whole pool. `coverageThreshold`
/// is N of Cov@N (covAtTarget, and the ceiling of largestThreshold); Cov20 is always at 20
/// (issue 33: Cov@N was printed and stored as "Cov20"). Throws SamplingError for an index
/// outside the pool.
CoverageMeasures measureCoverage(const SamplingPool &pool, const QVector<int> &sample, int terBins = 20,
                                 int coverageThreshold = 20);

/// One system's sacrebleu 2.6 corpus scores on the sample's segments against the post-edit (or
/// reference).
struct SystemScores {
    QString system;
    double ter = 0.0;   ///< 0-100, lower is better
    double bleu = 0.0;  ///< 0-100
    double chrf = 0.0;  ///< chrF2, 0-100
};

/// Downstream comparison of two systems on a sample: per-system corpus scores and the paired
/// t-test (scipy's ttest_rel, engine/metrics/significance.h) over sentence-level TER (sacrebleu
/// defaults, A minus B).
struct SystemComparison {
    SystemScores a;
    SystemScores b;
    double t = 0.0;       ///< NaN when undefined (fewer than 2 segments or no variance)
    double pValue = 1.0;
    int n = 0;
    QJsonObject toJson() const;
};

/// Compares `systemA` and `systemB` on `sample` (indices into corpus.segments, the pool's order).
/// Throws SamplingError when a system is not in the corpus or a sampled segment lacks it.
SystemComparison compareSystems(const Corpus &corpus, const QVector<int> &sample, const QString &systemA,
                                const QString &systemB);

/// How many segments a sampler needs to separate two systems: for each budget in `budgets`
/// (ascending) the sample of `settings` at that budget is drawn and compared; returns the first
/// budget whose paired t-test has p < `alpha`, or -1 when none does. `tValues` receives |t| per
/// budget when not null. Sentence TER per segment and system is computed once.
int budgetToSeparate(const Corpus &corpus, const SamplingPool &pool, SamplerSettings settings,
                     const QString &systemA, const QString &systemB, const QVector<int> &budgets,
                     double alpha = 0.05, QVector<double> *tValues = nullptr);

}  // namespace gauntlet::sampling
