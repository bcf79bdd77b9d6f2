// Verdicts of verification rules: pass, fail or unknown, and LTB's reading of a verifier's reply.
#pragma once

#include <QString>
#include <QVector>

namespace gauntlet {

enum class Verdict { Pass, Fail, Unknown };

QString verdictName(Verdict verdict);  ///< "pass", "fail", "unknown"
/// Throws VerifyError for anything but the three names.
Verdict parseVerdictName(const QString &name);

/// Reads an LLM verifier's reply as LTB does (papers.md): lower-case, strip punctuation, and take
/// the last word if it is "pass" or "fail"; otherwise search the whole reply for the words pass /
/// passes / passed and fail / fails / failed, and if exactly one of the two is found use it; else
/// Unknown (empty replies, replies with neither or both words).
Verdict parseVerifierReply(const QString &reply);

/// The verdict of several verifiers on one (rule, translation) pair: the majority of the pass and
/// fail verdicts; Unknown when there are none or they tie.
Verdict combineVerdicts(const QVector<Verdict> &verdicts);

}  // namespace gauntlet
