// Verdicts of verification rules: pass, fail or unknown, and LTB's reading of a verifier's reply.
#pragma once

#include <QString>
#include <QVector>

namespace gauntlet {

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

/// The verdict of several verifiers on one (rule, translation) pair: the majority of the pass and
/// fail verdicts; Unknown when there are none or they tie.
Verdict combineVerdicts(const QVector<Verdict> &verdicts);

}  // namespace gauntlet
