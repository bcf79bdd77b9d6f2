// Quality control of human ratings as Pearmut and Appraise run it: attention checks with expected
// answers (tutorial: must be right to continue; loud: must retry; silent: logged), Appraise's
// "bad reference" items, per-annotator pass rates and a one-sided Mann-Whitney U test that an
// annotator scores bad items lower than their originals (Appraise's annotator quality check).
#pragma once

#include "engine/evaluate/annotation.h"
#include "engine/evaluate/campaign.h"

#include <QString>
#include <QVector>

#include <cstdint>
#include <vector>

namespace gauntlet::evaluate {

/// Whether `answer` (judgements in shown order `systemOrder`) meets a checked item's expectation:
/// every score inside its expected range and, where a span region is expected, some marked span
/// (not [missing]) overlapping it. Unset scores fail. Items without expectations pass.
bool passesCheck(const CampaignItem &item, const Answer &answer, const QVector<int> &systemOrder);

/// Appraise's bad-reference phrase length (Appraise create_wmt*_tasks.py, _create_bad_ref): for a
/// segment of `length` tokens (space-separated words; code points for character-based languages),
/// lengths (a, b] map to phrase lengths: (0,1] -> 1, (1,5] -> 2, (5,8] -> 3, (8,15] -> 4,
/// (15,20] -> 5, (20,inf) -> 6; doubled for character-based languages. length must be >= 1.
int badPhraseLength(int length, bool characterBased);

/// Appraise's bad reference: replaces bad_len tokens of `text` starting at a random position
/// in [0, len - bad_len) (0 when the text is not longer than the phrase) with bad_len tokens of
/// `donor` starting at a random position in [0, donorLen - bad_len) (0 likewise); tokens are
/// split on ' ' and rejoined with ' ' (characters, joined with nothing, when characterBased).
/// Deterministic for `seed`. Throws EvaluateError when `text` or `donor` is empty.
QString makeBadReference(const QString &text, const QString &donor, bool characterBased, std::uint64_t seed);

/// Adds one bad-reference item per original in `originalKeys`: a copy of the item whose every
/// translation has a phrase replaced from a translation of another item (chosen with the seed),
/// key "<key>#bad", check BadReference. Throws EvaluateError for unknown keys or a campaign with
/// a single item (no donor).
void addBadReferenceItems(Campaign &campaign, const QStringList &originalKeys, bool characterBased, std::uint64_t seed);

/// One-sided Mann-Whitney U test, as scipy.stats.mannwhitneyu(x, y, alternative='less',
/// method='asymptotic', use_continuity=True): statistic U1 = R1 - n1(n1+1)/2 (R1 the rank sum of
/// x over the pooled average ranks); z = (U2 - n1 n2 / 2 - 0.5) / sigma with U2 = n1 n2 - U1 and
/// sigma^2 = n1 n2 / 12 ((n + 1) - sum(t^3 - t) / (n (n - 1))); p = normal survival of z. A small
/// p means x tends to be smaller than y. Throws EvaluateError when either sample is empty, or
/// sigma is 0 (every value tied).
struct MannWhitney {
    double u = 0.0;       ///< U1, the statistic of x
    double z = 0.0;
    double pValue = 1.0;  ///< one-sided, H1: x stochastically smaller than y
    std::size_t n1 = 0, n2 = 0;
};
MannWhitney mannWhitneyLess(const std::vector<double> &x, const std::vector<double> &y);

/// An answered item, as quality control and results see it.
struct RatedItem {
    QString annotator;
    int itemIndex = 0;
    int stage = 1;
    Answer answer;
    QVector<int> systemOrder;
};

/// Per-annotator quality: attention checks passed / seen, and the bad-reference test.
struct AnnotatorQuality {
    QString annotator;
    int checksSeen = 0;
    int checksPassed = 0;
    double passRate() const { return checksSeen > 0 ? double(checksPassed) / checksSeen : 1.0; }
    int badPairs = 0;          ///< bad items whose original the annotator also scored
    std::optional<MannWhitney> badTest;  ///< bad scores vs their originals' scores (stage 1); unset
                                         ///< when there are no pairs or every score ties
};

/// Quality per annotator, in first-seen order. Checks count tutorial, loud and silent items
/// (stage 1 answers); the bad-item test compares each bad item's scores with the same
/// annotator's scores of the original's translations (by system).
QVector<AnnotatorQuality> annotatorQuality(const Campaign &campaign, const QVector<RatedItem> &rated);

}  // namespace gauntlet::evaluate
