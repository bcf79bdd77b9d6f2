// What an annotator gives for one item: error spans and a 0-100 score per translation (ESA,
// Kocmi et al. 2024; cESA as run in Pearmut for LTB, papers.md), 1-5 Likert ratings (ATO's human
// study) and the LTB rule form. Spans are character offsets in Unicode code points into the exact
// stored translation, inclusive end, as Pearmut and the WMT24 ESA files store them; an omission is
// a `[missing]` span with no offsets (JSON: "start_i": "missing").
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::evaluate {

/// The pseudo-token shown after a translation for marking omissions (Pearmut).
inline constexpr char16_t MissingMarker[] = u"[missing]";

/// ESA marks minor and major spans (Kocmi et al. 2024); MQM adds critical and neutral (Freitag et
/// al. 2021, Table 2; the MQM Council's scoring model for critical), used by campaigns with error
/// categories (mqm_typology.h). Appended, so stored enum order stays valid.
enum class Severity { Minor, Major, Critical, Neutral };
QString severityName(Severity severity);  ///< "minor", "major", "critical", "neutral"
/// Throws EvaluateError naming `name` for anything but "minor", "major", "critical" or "neutral".
Severity parseSeverity(const QString &name);

/// Number of code points in `text` (a surrogate pair counts once). Throws EvaluateError for a
/// lone surrogate (text that is not valid Unicode).
int codePointCount(const QString &text);
/// UTF-16 index of code point `codePoint` (0 <= codePoint <= codePointCount(text)).
/// Throws EvaluateError when out of range.
int utf16Index(const QString &text, int codePoint);
/// Code point index of the code point that contains UTF-16 index `utf16` (a low surrogate maps to
/// its pair's code point); utf16 == text.size() maps to codePointCount(text).
int codePointIndex(const QString &text, int utf16);

/// One error span.
struct ErrorSpan {
    int start = -1;  ///< first code point, 0-based; -1 for a [missing] span
    int end = -1;    ///< last code point (inclusive end); -1 for a [missing] span
    Severity severity = Severity::Minor;
    bool missing = false;  ///< an omission marked on the [missing] pseudo-token
    /// MQM error category as a path in the campaign's category tree ("Accuracy/Omission",
    /// mqm_typology.h); empty for ESA spans and for campaigns without categories.
    QString category;

    static ErrorSpan omission(Severity severity) { return {-1, -1, severity, true, {}}; }
    /// The span's text (empty for [missing]); the span must be valid for `text`.
    QString textIn(const QString &text) const;
    bool operator==(const ErrorSpan &o) const
    {
        return start == o.start && end == o.end && severity == o.severity && missing == o.missing && category == o.category;
    }
};

/// A span as Gauntlet's campaign files hold it (package answers and results exports, the
/// Pearmut-style keys): {"start_i", "end_i"} in code points, or both "missing" for an omission;
/// "severity" (severityName); "category" only when set.
QJsonObject errorSpanToJson(const ErrorSpan &span);

/// Throws EvaluateError naming `where` when a span is out of range for `text` (start < 0,
/// end < start, end >= codePointCount(text)), when a [missing] span carries offsets, or when two
/// spans overlap (spans may touch but not share a code point; at most one [missing] span per
/// severity is meaningful, so duplicates are refused too).
void validateSpans(const QVector<ErrorSpan> &spans, const QString &text, const QString &where);

/// Snaps a selection [start, end] (code points, inclusive) outwards to whole words: it grows to
/// the nearest letter/number boundaries and then drops leading/trailing spaces. Returns
/// std::nullopt when the selection holds only spaces. Used by the annotation screen's "snap to
/// words" option. CJK text has no spaces: there each letter is its own word, so snapping keeps
/// the selection as it is.
std::optional<std::pair<int, int>> snapToWords(const QString &text, int start, int end);

// --- scores -------------------------------------------------------------------------------------

inline constexpr int ScoreStep = 5;       ///< ESA scores move in steps of 5
inline constexpr int VeryGoodThreshold = 85;  ///< below it with no span marked: warn (Pearmut)

/// The five labelled ESA bands of Pearmut (papers.md): 85-100 very good, 65-80 good, 45-60
/// acceptable, 25-40 borderline, 0-20 not acceptable.
enum class ScoreBand { NotAcceptable, Borderline, Acceptable, Good, VeryGood };
/// Band of a valid score (0..100, multiple of 5).
ScoreBand scoreBand(int score);
QString scoreBandName(ScoreBand band);  ///< "not acceptable", "borderline", ... (English, for files)
/// Lower and upper score (inclusive) of a band.
std::pair<int, int> scoreBandRange(ScoreBand band);
/// True for 0..100 in steps of 5.
bool isValidScore(int score);

/// The warning of Pearmut: a score below 85 but no span marked.
bool needsSpanWarning(int score, const QVector<ErrorSpan> &spans);

// --- time ---------------------------------------------------------------------------------------

/// Appraise's rule for idle time (Appraise/utils.py, _compute_user_total_annotation_time, which
/// applies it to each item's duration): a stretch of IdleThresholdMs (10 minutes) or more counts as
/// IdleCreditMs (5 minutes), since the annotator was most likely away. Gauntlet applies it to each
/// gap between two inputs (key, mouse button or wheel) on an item, and sums the gaps over every
/// visit to the item (Back and Next add to its time).
inline constexpr qint64 IdleThresholdMs = 10 * 60 * 1000;
inline constexpr qint64 IdleCreditMs = 5 * 60 * 1000;
/// The active time a gap of `gapMs` milliseconds counts as: the gap itself below IdleThresholdMs,
/// IdleCreditMs from it on, 0 for a negative gap (a clock that went back).
qint64 activeGapMs(qint64 gapMs);

// --- answers ------------------------------------------------------------------------------------

/// The annotator's judgement of one translation (ESA / cESA).
struct TranslationJudgement {
    QString system;              ///< the system's real name (hidden from the annotator if asked)
    std::optional<int> score;    ///< 0..100 in steps of 5; unset until the annotator moves the slider
    QVector<ErrorSpan> spans;
};

/// LTB rule form answer for one rule.
enum class RuleVerdict { Realistic, TooStrict, NotSure };
QString ruleVerdictName(RuleVerdict verdict);     ///< "realistic", "too_strict", "not_sure"
RuleVerdict parseRuleVerdict(const QString &name);  ///< throws EvaluateError

/// Everything an annotator answered for one item in one stage.
struct Answer {
    int stage = 1;  ///< 1 (rules hidden) or 2 (rules shown, two-stage cESA only)
    QVector<TranslationJudgement> judgements;  ///< ESA: one; cESA: one per system, in shown order
    QVector<std::optional<int>> likert;        ///< one per Likert scale of the campaign, 1..5
    QVector<std::optional<RuleVerdict>> rules; ///< LTB rule form: one per rule
    std::optional<bool> incorrectCouldPass;    ///< LTB rule form: could an incorrect translation pass all rules
    /// Active time on the item in this stage (activeGapMs), ms: in a stored answer the total over
    /// every visit; in one handed to CampaignStore::saveAnswer or saveDraft, the time not yet stored.
    qint64 elapsedMs = 0;
};

}  // namespace gauntlet::evaluate
