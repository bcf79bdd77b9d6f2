// Adjudication of error-span annotations: when two or more annotators judged the same translation
// (item, system, stage), an adjudicator looks at their spans side by side, accepts, merges or
// rejects each, may add spans, and sets the final score. The result is stored as the answer of
// its own annotator, "adjudicated" (AdjudicatedAnnotator), with provenance: for every final span
// where it came from, for the score whose it is (or that it was set by hand), who adjudicated and
// when. Adjudicating double annotation into one gold annotation is common practice for span
// annotation; none of Pearmut, Appraise or the LTB platform offers it (issue 20, item 14), so the
// span grouping and the merge rules below are Gauntlet's own, stated here.
//
// The "adjudicated" annotator is NOT an annotator in any agreement or ranking: spanAgreement(),
// computeResults() (alpha, means, ranks) and mqmStyleScores() leave its answers out
// (withoutAdjudicated()); exports (result JSONL/CSV, Pearmut, Appraise) carry it as one more
// annotator. Offsets are code points with inclusive ends (annotation.h).
#pragma once

#include "engine/evaluate/annotation.h"
#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::evaluate {

/// The annotator name under which adjudicated answers are stored.
inline constexpr char16_t AdjudicatedAnnotator[] = u"adjudicated";
bool isAdjudicatedAnnotator(const QString &annotator);
/// `rated` without the answers of AdjudicatedAnnotator (for agreement, means and ranks).
QVector<RatedItem> withoutAdjudicated(const QVector<RatedItem> &rated);

/// One annotator's judgement of the translation being adjudicated.
struct AnnotatorJudgement {
    QString annotator;
    std::optional<int> score;
    QVector<ErrorSpan> spans;
};

struct AnnotatedSpan {
    QString annotator;
    ErrorSpan span;
};

/// Spans of several annotators that belong together: a connected group of spans that overlap
/// (share a code point), directly or through another span of the group; or, as one group of
/// its own, every [missing] span. start/end is the union's extent (-1 for the [missing] group).
struct SpanGroup {
    int start = -1, end = -1;
    bool missing = false;
    QVector<AnnotatedSpan> members;  ///< in annotator order, then by start
};

/// Groups the annotators' spans (rule above): offset groups ordered by start, the [missing]
/// group (when any) last.
QVector<SpanGroup> groupSpans(const QVector<AnnotatorJudgement> &judgements);

/// What the adjudicator sees for one translation.
struct AdjudicationCase {
    int itemIndex = -1;
    QString itemKey;
    int translation = -1;  ///< stored translation index in the item
    QString system;
    int stage = 1;
    QString text;          ///< the translation the offsets point into
    QVector<AnnotatorJudgement> annotators;  ///< by annotator name; AdjudicatedAnnotator excluded
    QVector<SpanGroup> groups;
};

/// The case of (item, system, stage) from the stored answers. Throws EvaluateError naming the
/// item when the item or system does not exist or fewer than two annotators (other than
/// "adjudicated") judged that translation in that stage.
AdjudicationCase adjudicationCase(const Campaign &campaign, const QVector<RatedItem> &rated, const QString &itemKey,
                                  const QString &system, int stage);
/// (item, system, stage) triples that two or more annotators judged, in item and shown order.
struct AdjudicationUnit {
    QString itemKey;
    QString system;
    int stage = 1;
    int annotators = 0;
};
QVector<AdjudicationUnit> adjudicationUnits(const Campaign &campaign, const QVector<RatedItem> &rated);

/// How a final span came about.
enum class SpanDecision {
    Accepted,      ///< one annotator's span, taken as it is
    Union,         ///< several spans merged to the smallest span covering all (first start..last end)
    Intersection,  ///< several spans merged to the code points all of them cover
    Added,         ///< drawn by the adjudicator, no annotator's span
};
QString spanDecisionName(SpanDecision decision);         ///< "accepted", "union", "intersection", "added"
SpanDecision parseSpanDecision(const QString &name);     ///< throws EvaluateError

struct AdjudicatedSpan {
    ErrorSpan span;
    SpanDecision decision = SpanDecision::Accepted;
    QStringList from;  ///< annotators whose spans it came from (empty for Added)
};

/// Merges annotators' spans. Union: [min start, max end], major when any is major. Intersection:
/// [max start, min end], major only when all are major. [missing] spans merge to [missing] with
/// the same rule for severity. Throws EvaluateError for no spans, [missing] mixed with offsets, or
/// an empty intersection.
AdjudicatedSpan mergeSpans(const QVector<AnnotatedSpan> &spans, SpanDecision how);

/// The adjudicated judgement of one translation, with provenance.
struct Adjudication {
    QString itemKey;
    QString system;
    int stage = 1;
    QVector<AdjudicatedSpan> spans;
    std::optional<int> score;
    QString scoreFrom;     ///< the annotator whose score it is; empty = set by hand
    QString adjudicator;   ///< who adjudicated (a profile or user name), non-empty
    QString adjudicatedAt; ///< UTC ISO 8601, set when stored
};

/// Takes one annotator's spans (each Accepted from them) and score.
Adjudication acceptAnnotator(const AdjudicationCase &c, const QString &annotator);
/// Throws EvaluateError, naming the item, when the adjudication does not fit the case: spans out
/// of range or overlapping (validateSpans), an unset or invalid score (0..100, steps of 5; or
/// the very score of `scoreFrom`), an unknown annotator in `from`/`scoreFrom`, Accepted spans that
/// are not exactly that annotator's span, or an empty adjudicator.
void validateAdjudication(const AdjudicationCase &c, const Adjudication &a);

/// {"item", "system", "stage", "score", "score_from", "adjudicator", "adjudicated_at",
///  "spans": [{"start", "end" (or "start": "missing"), "severity", "decision", "from"}]}.
QJsonObject adjudicationToJson(const Adjudication &a);
Adjudication adjudicationFromJson(const QJsonObject &json, const QString &where);  ///< throws EvaluateError

}  // namespace gauntlet::evaluate
