// Results of a campaign: per system mean score with a 95% bootstrap interval (sacrebleu's
// percentile method, engine/metrics/significance.h) and a ranking with paired-bootstrap
// significance between neighbours; span counts by severity; Krippendorff's alpha (interval on
// absolute scores, interval on per-rater z-normalised scores = "relative", ordinal for Likert)
// and Kendall tau-b against an automatic ranking (engine/metrics); per-stage score movement for
// two-stage cESA. Items are units "<item key>|<system>|<stage>"; coders are annotators.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QMap>
#include <QString>
#include <QVector>

#include <optional>

namespace gauntlet::evaluate {

/// One system's results. Mean, interval, rank, p-value and span counts use stage 1 only (rules
/// hidden, as LTB ranks); stage 2 enters only as stageTwoShift.
struct SystemResult {
    QString system;
    int ratings = 0;           ///< scores given (stage 1, attention checks and bad items excluded)
    double mean = 0.0;         ///< mean of per-item means (each item's score averaged over annotators), 0-100
    double lower = 0.0;        ///< 95% bootstrap interval of the mean (1000 resamples of items, seed 12345)
    double upper = 0.0;
    int rank = 0;              ///< 1 = best; by mean
    /// Paired bootstrap p-value against the next system down the ranking, on the items both
    /// systems were scored on; unset for the last system or fewer than two shared items.
    std::optional<double> pNext;
    int minorSpans = 0;        ///< minor error spans on the text (stage 1; [missing] marks apart)
    int majorSpans = 0;        ///< major error spans on the text (stage 1; [missing] marks apart)
    int missingSpans = 0;      ///< [missing] marks of either severity (stage 1), not in minor/major
    std::optional<double> stageTwoShift;  ///< two-stage cESA: mean(stage 2 - stage 1) over paired ratings
};

struct AgreementResult {
    int stage = 0;                        ///< 0: every stage pooled (units per stage); 1 or 2: that stage only
    std::optional<double> alphaInterval;  ///< Krippendorff's alpha, interval, on 0-100 scores
    std::optional<double> alphaRelative;  ///< interval alpha on per-annotator z-scores (constant raters dropped)
    std::optional<double> alphaOrdinal;   ///< Likert: ordinal alpha on 1-5 ratings
    int pairableUnits = 0;
    QString note;                         ///< why a value is missing (e.g. "no pairable values")
};

/// Paired seed control (issue 21, campaign_setup.h pairedSeeds): one system's stage-1 scores on
/// augmented items against the same items with the run's seed as source. Seed items are left out
/// of every other result (they are the control, not the benchmark).
struct PairedSeedResult {
    QString system;
    int pairs = 0;                ///< (augmented item, seed item) pairs both scored for this system
    double meanSeed = 0.0;        ///< mean of the seed items' per-item means, 0-100
    double meanAugmented = 0.0;   ///< mean of the augmented items' per-item means, 0-100
    double meanDifference = 0.0;  ///< mean of (augmented - seed) per pair; below 0: augmentation made the text harder to translate
};

struct CampaignResults {
    QVector<SystemResult> systems;  ///< in rank order
    QVector<PairedSeedResult> pairedSeeds;  ///< by system name; empty without paired seed items
    AgreementResult agreement;  ///< every stage pooled
    /// Two-stage cESA: the same per stage (stage 1, then stage 2); empty for one stage.
    QVector<AgreementResult> agreementByStage;
    QVector<AnnotatorQuality> quality;
    /// Kendall tau-b between the human means and `automatic` (system -> score, higher = better),
    /// over the systems in both; unset with fewer than two.
    std::optional<double> kendallTauB;
    std::optional<double> kendallP;
};

/// How far an automatic system ranking agrees with the human one (Kendall tau-b, as
/// scipy.stats.kendalltau with its default method: exact p without ties for up to 33 systems;
/// engine/metrics/correlation.h).
struct RankAgreement {
    QString name;                 ///< what ranked the systems, e.g. "verifier pass rate"
    int systems = 0;              ///< systems with a human mean and an automatic score
    std::optional<double> tauB;   ///< in [-1, 1]; unset with fewer than two systems or a constant ranking
    std::optional<double> pValue; ///< two-sided, as scipy (1 for two systems); unset when undefined
};

/// Kendall tau-b between the human means of `results.systems` (systems with ratings) and
/// `automatic` (system -> score, higher = better), over the systems in both.
RankAgreement compareRankings(const CampaignResults &results, const QString &name, const QMap<QString, double> &automatic);

/// An automatic ranking from the campaign alone: each system's corpus chrF2 (sacrebleu 2.6
/// defaults, engine/metrics/chrf.h), 0-100, over the regular items that have a reference (the
/// item's reference is the one reference; attention checks and bad items are left out, and so is
/// the system named "human", which is the reference). Systems without such an item are absent.
QMap<QString, double> chrfAgainstReferences(const Campaign &campaign);

/// Computes everything above from stored answers. `automatic` may be empty. Items that are
/// attention checks or bad references are left out of means, rankings and agreement.
CampaignResults computeResults(const Campaign &campaign, const QVector<RatedItem> &rated,
                               const QMap<QString, double> &automatic = {}, int bootstrapSamples = 1000);

/// One JSON object per rated item and stage (Pearmut-like fields: item, annotator, stage,
/// per system "score", "error_spans" [{start_i, end_i, severity}] with "missing" offsets for
/// omissions, likert, rules, time_ms), newline-separated.
QByteArray resultsJsonl(const Campaign &campaign, const QVector<RatedItem> &rated);

/// Appraise-like CSV rows: annotator,system,item,stage,check,score,minor,major,missing,time_ms
/// (minor/major: spans on the text; missing: [missing] marks of either severity; RFC 4180
/// quoting, header line first).
QByteArray resultsCsv(const Campaign &campaign, const QVector<RatedItem> &rated);

}  // namespace gauntlet::evaluate
