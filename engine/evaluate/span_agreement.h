// Span-level agreement between annotators of the same (item, system, stage): where two annotators
// marked errors, not only how close their scores are. Units are the regular items' translations
// ("<item key>|<system>|<stage>"); attention checks and bad-reference items are left out. Offsets
// are code points with inclusive ends (annotation.h), so a character is one code point.
//
// Definitions (all micro-averaged: counts are summed over the units a pair shares, and "overall"
// sums them over every annotator pair, before any ratio is taken):
//  - character F1: the code points either annotator marked (not [missing]) are the two sets A and
//    B; F1 = 2|A n B| / (|A| + |B|) (the Dice coefficient; equal to F1 with either annotator as
//    the reference). Severity-aware: a shared code point counts only when both gave it the same
//    severity (|A_minor n B_minor| + |A_major n B_major| in the numerator, same denominator).
//  - exact-match span F1: a span matches when the other annotator marked a span with the same
//    start and end; F1 = 2 matches / (spans_a + spans_b) (spans of one annotator never overlap,
//    so matches are one to one). Severity-aware: same offsets and same severity.
//  - overlap span F1: a span is matched when it shares at least one code point with a span of the
//    other annotator (severity-aware: with a span of the same severity). Pooled over both
//    directions (each annotator once as the reference), precision equals recall, so
//    F1 = (matched_a + matched_b) / (spans_a + spans_b).
//  - [missing]: per unit, whether each annotator marked an omission (any severity). Positive
//    agreement F1 = 2 both / (2 both + only one) (Fleiss' specific positive agreement); the
//    severity-aware variant counts "both" only when the [missing] severities are equal.
//  - error-count alpha: Krippendorff's alpha, interval level (engine/metrics/krippendorff.h),
//    on the number of error spans ([missing] included) each annotator marked per unit; per pair
//    over the pair's shared units, overall over all annotators.
// A ratio whose denominator is 0 is unset (no spans at all), never 0 or 1.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QJsonObject>
#include <QString>
#include <QVector>

#include <optional>

namespace gauntlet::evaluate {

/// Summed counts of one or more compared units.
struct SpanAgreementCounts {
    int units = 0;                   ///< units both annotators answered
    qint64 charsA = 0, charsB = 0;   ///< code points marked by annotator a / b
    qint64 charsBoth = 0;            ///< marked by both
    qint64 charsBothSameSeverity = 0;
    int spansA = 0, spansB = 0;      ///< spans with offsets (not [missing])
    int exactMatches = 0;            ///< spans with identical offsets
    int exactMatchesSameSeverity = 0;
    int overlapA = 0, overlapB = 0;  ///< spans of a (b) overlapping a span of the other
    int overlapSameSeverityA = 0, overlapSameSeverityB = 0;
    int missingBoth = 0, missingBothSameSeverity = 0, missingOne = 0, missingNeither = 0;

    SpanAgreementCounts &operator+=(const SpanAgreementCounts &o);
};

/// Compares two annotators' spans of one unit (offsets as stored; overlapping spans of one
/// annotator are merged per code point, the major severity winning).
SpanAgreementCounts compareSpans(const QVector<ErrorSpan> &a, const QVector<ErrorSpan> &b);

/// The ratios of the header comment, from counts; unset where the denominator is 0.
struct SpanAgreementScores {
    std::optional<double> charF1, charF1Severity;
    std::optional<double> exactF1, exactF1Severity;
    std::optional<double> overlapF1, overlapF1Severity;
    std::optional<double> missingF1, missingF1Severity;
};
SpanAgreementScores spanAgreementScores(const SpanAgreementCounts &counts);

/// One annotator pair (annotatorA < annotatorB by name), or the overall row (names empty).
struct SpanAgreement {
    QString annotatorA, annotatorB;
    SpanAgreementCounts counts;
    SpanAgreementScores scores;
    std::optional<double> errorCountAlpha;  ///< unset when alpha is undefined (no variation, < 2 values)
};

struct SpanAgreementReport {
    int stage = 0;                 ///< the stage compared; 0 = every stage (units keep their stage)
    QVector<SpanAgreement> pairs;  ///< pairs that share at least one unit, by names
    SpanAgreement overall;
    int units = 0;                 ///< units with two or more annotators
};

/// Span agreement of every annotator pair over the campaign's regular items; `stage` 0 compares
/// every stage (a stage-1 answer is only ever compared with a stage-1 answer), 1 or 2 only that
/// stage. Answers whose item index or system order does not fit the campaign are skipped.
SpanAgreementReport spanAgreement(const Campaign &campaign, const QVector<RatedItem> &rated, int stage = 0);

/// {"stage", "units", "overall": {...}, "pairs": [{"annotator_a", "annotator_b", ...}]} with the
/// counts and ratios under snake_case names (unset ratios are null).
QJsonObject spanAgreementJson(const SpanAgreementReport &report);

}  // namespace gauntlet::evaluate
