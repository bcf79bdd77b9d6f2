// Verdicts of verification rules: pass, fail or unknown, and LTB's reading of a verifier's reply.
#pragma once

#include <QString>
#include <QVector>

namespace gauntlet::verify {

enum class Verdict { Pass, Fail, Unknown };

QString verdictName(Verdict verdict);  ///< "pass", "fail", "unknown"
/// Throws VerifyError for anything but the three names.
Verdict parseVerdictName(const QString &name);

/// Reads an LLM verifier's reply (issue 19; LTB, papers.md, takes the reply's last word, which
/// misreads "The translation does not pass." and verdicts followed by an explanation). Words are
/// compared lower-case without punctuation or markdown (pass/passes/passed, fail/fails/failed):
///  - the first non-empty line decides when it states a verdict: after a leading label ("Verdict:",
///    "Final answer:") and, for a question answered on the line ("pass or fail? fail"), only after
///    its last "?", the line holds one kind of verdict word and no negation (not, n't, no, never,
///    cannot, neither, nor);
///  - a first line without any verdict word leaves it to the last line, read the same way
///    (reasoning first, then the verdict);
///  - everything else is Unknown: empty replies, replies in other languages, negated ("does not
///    pass") or contradictory ("could pass or fail") lines, a question without an answer.
Verdict parseVerifierReply(const QString &reply);

/// A reviewer's verdict set by hand on one (rule, translation) pair (issue 19, item 11). It replaces
/// the verifiers' verdict in the matrix, the gate and the LTB release ("verified" holds it), and is
/// kept with who set it, when and why.
struct VerdictOverride {
    QString ruleKey;       ///< VerificationRule::cacheKey() of the rule
    QString translation;   ///< the translation text (identical outputs share it, as they share verdicts)
    Verdict verdict = Verdict::Unknown;  ///< Pass or Fail
    QString reason;        ///< why the reviewer overrides, 1 to 5000 characters
    QString reviewer;      ///< the reviewer's profile name
    QString createdAt;     ///< UTC, ISO 8601
};

/// The verdict of several verifiers on one (rule, translation) pair: the majority of the pass and
/// fail verdicts; Unknown when there are none or they tie.
Verdict combineVerdicts(const QVector<Verdict> &verdicts);

}  // namespace gauntlet::verify
