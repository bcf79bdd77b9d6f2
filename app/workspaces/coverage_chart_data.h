// The numbers behind the Coverage workspace's charts, computed from a sampling pool and a sample
// (engine/sampling) or from the project's challenge examples. Pure functions, no widgets.
#pragma once

#include "engine/sampling/sampler.h"

#include <QJsonObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet {

namespace verify { struct ChallengeExample; }

/// A stored sample as the charts need it.
struct ChartSample {
    qint64 id = 0;  ///< samples.id: the highest is the most recently drawn
    QString name;
    QString method;
    int budget = 0;
    quint64 seed = 0;
    QVector<int> segments;  ///< pool indices
    QJsonObject settings;   ///< SamplerSettings::toJson(): what the sample was drawn with
};

/// Cov20 and Cov1 per sampler over every sample drawn at one budget (TACTICS section 4 reports the
/// mean over seeds): one group per sampler and settings (everything but the seed; samples drawn
/// with other settings are never averaged together), in the engine's order of samplers
/// (tactics, random, equal, low-confidence, dsir, then any other by name); per group the distinct
/// seeds (a seed drawn twice counts once) and the mean, lowest and highest Cov20 and Cov1
/// (measureCoverage against the whole pool, threshold 20).
struct SamplerCoverage {
    QStringList methods;
    /// Where a sampler has several groups, the settings that tell them apart ("coverage_target 10");
    /// else empty.
    QStringList settingsShown;
    QVector<int> seeds;
    QVector<double> cov20Mean, cov20Low, cov20High;
    QVector<double> cov1Mean, cov1Low, cov1High;
};
SamplerCoverage coverageBySampler(const sampling::SamplingPool &pool, const QVector<ChartSample> &samples, int budget);

/// Per feasible category (>= 1 corpus segment, in pool order): corpus and sample counts and the
/// shares of the two category distributions as measureCoverage's fidelity uses them (each sums
/// to 1 over the feasible categories).
struct CategoryDistribution {
    QStringList categories;
    QVector<int> corpusCounts;
    QVector<int> sampleCounts;
    QVector<double> corpusShares;
    QVector<double> sampleShares;
};
CategoryDistribution categoryDistribution(const sampling::SamplingPool &pool, const QVector<int> &sampleCounts);

/// Histogram of post-edit scores (TER/100) in `bins` bins over [0, 1] (scores >= 1 in the last, as
/// measureCoverage): bin labels (the lower bound, "0.05"; "≥0.95" for the last) and the share of segments in each bin.
struct ScoreHistogram {
    QStringList bins;
    QVector<double> corpusShares;
    QVector<double> sampleShares;
};
ScoreHistogram postEditScoreHistogram(const sampling::SamplingPool &pool, const QVector<int> &sample, int bins = 20);

/// How many documents contribute k sampled segments, k = 1 .. the largest (labels "1", "2", ...);
/// when a document holds more than 20, k is grouped in at most 20 ranges of equal width ("1-2", ...).
struct DocumentHistogram {
    QStringList segmentsPerDocument;
    QVector<int> documents;
};
DocumentHistogram segmentsPerDocumentHistogram(const sampling::SamplingPool &pool, const QVector<int> &sample);

/// Counts of challenge examples by a key, most first (then by name).
using LabelCounts = QVector<QPair<QString, int>>;
/// By LTB taxonomy category: each tag of ChallengeExample::linguistics mapped to its path in LTB's
/// taxonomy (engine/verify/ltb_taxonomy.h) without the leading "main_tags/"; an example counts once
/// per distinct category; unknown tags count under their own name, untagged examples as "(none)".
LabelCounts examplesPerCategory(const QVector<verify::ChallengeExample> &examples);
/// By "source language -> target language".
LabelCounts examplesPerLanguagePair(const QVector<verify::ChallengeExample> &examples);
/// By status (draft, submitted, accepted, returned), every status listed.
LabelCounts examplesPerStatus(const QVector<verify::ChallengeExample> &examples);

/// Which examples the example charts count: all, those made from an augmentation run (tags `ato`
/// and `run:N`, engine/augment/example_from_run.h), or the others.
enum class ExampleOrigin { All, Augmented, NotAugmented };
/// Whether `example` was made from an augmentation run.
bool isAugmentedExample(const verify::ChallengeExample &example);
QVector<verify::ChallengeExample> examplesOfOrigin(const QVector<verify::ChallengeExample> &examples, ExampleOrigin origin);

}  // namespace gauntlet
