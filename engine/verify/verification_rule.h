// Verification rules (LTB, papers.md): what a correct translation must do, one conceptual issue
// per rule. Natural-language rules go to an LLM verifier; string rules (contains, does not contain,
// regular expression) are checked locally. LTB typed its rules `llm`, `contains`, `not_contains`.
#pragma once

#include "engine/verify/verdict.h"

#include <QJsonObject>
#include <QString>

namespace gauntlet::verify {

constexpr int MaxRulesPerExample = 10;  ///< LTB: up to 10 rules per example
constexpr int MaxRuleLength = 500;      ///< characters (Unicode code points) per rule

struct VerificationRule {
    enum class Kind { Llm, Contains, NotContains, Regex };
    /// Unicode normalisation applied to both the rule text and the translation before a string
    /// rule is checked (QString::normalized).
    enum class Normalization { None, NFC, NFKC };

    Kind kind = Kind::Llm;
    QString text;                  ///< the criterion (Llm), the string (Contains/NotContains) or the pattern (Regex)
    bool caseSensitive = false;    ///< string rules only
    Normalization normalization = Normalization::NFC;  ///< string rules only

    bool isStringRule() const { return kind != Kind::Llm; }
    /// Throws VerifyError when the text is empty or blank, longer than MaxRuleLength code points,
    /// or (Regex) not a valid regular expression; the message quotes the rule's start.
    void validate() const;
    /// Identifies the rule's meaning: kind, options and text. Two rules with the same key always
    /// get the same verdict for the same translation.
    QString cacheKey() const;
    /// The string-rule options as JSON ({"case_sensitive": bool, "normalization": "nfc"}).
    QJsonObject optionsJson() const;
    /// Throws VerifyError on unknown values.
    void setOptionsJson(const QJsonObject &options);
};

QString ruleKindName(VerificationRule::Kind kind);  ///< "llm", "contains", "not_contains", "regex"
/// Accepts the names above (and "not-contains"); throws VerifyError naming the kind otherwise.
VerificationRule::Kind parseRuleKind(const QString &name);

/// Checks a string rule locally: Pass or Fail. Llm rules give Unknown (they need a verifier).
/// Contains/NotContains compare after normalisation, case-folded unless caseSensitive; Regex
/// matches anywhere (QRegularExpression, Unicode properties on), and an invalid pattern gives Unknown.
Verdict checkStringRule(const VerificationRule &rule, const QString &translation);

/// The number of Unicode code points in `text` (what the length limits count; SQLite's length()).
int codePointCount(const QString &text);

}  // namespace gauntlet::verify
