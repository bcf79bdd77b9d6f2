#include "engine/verify/verification_rule.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/verify/verify_error.h"

#include <QRegularExpression>

namespace gauntlet::verify {

namespace {

QString ruleStart(const QString &text)
{
    const QString s = text.simplified();
    return s.size() > 40 ? s.left(40) + QStringLiteral("...") : s;
}

using Normalization = VerificationRule::Normalization;
using Kind = VerificationRule::Kind;

const core::EnumName<Normalization> NormalizationNames[] = {
    {Normalization::None, "none"}, {Normalization::NFC, "nfc"}, {Normalization::NFKC, "nfkc"}};
const core::EnumName<Kind> KindNames[] = {
    {Kind::Llm, "llm"}, {Kind::Contains, "contains"}, {Kind::NotContains, "not_contains"}, {Kind::Regex, "regex"}};

QString normalizationName(Normalization n)
{
    return QString::fromLatin1(core::enumNameOrLast(NormalizationNames, n));
}

QString normalize(const QString &text, VerificationRule::Normalization n)
{
    switch (n) {
    case VerificationRule::Normalization::None:
        return text;
    case VerificationRule::Normalization::NFC:
        return text.normalized(QString::NormalizationForm_C);
    case VerificationRule::Normalization::NFKC:
        break;
    }
    return text.normalized(QString::NormalizationForm_KC);
}

QRegularExpression compile(const VerificationRule &rule)
{
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (!rule.caseSensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    return QRegularExpression(normalize(rule.text, rule.normalization), options);
}

}  // namespace

int codePointCount(const QString &text)
{
    int count = 0;
    for (int i = 0; i < text.size(); ++i) {
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate())
            ++i;
        ++count;
    }
    return count;
}

QString ruleKindName(VerificationRule::Kind kind)
{
    return QString::fromLatin1(core::enumNameOrLast(KindNames, kind));
}

VerificationRule::Kind parseRuleKind(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("not-contains"))
        return Kind::NotContains;
    return core::enumFromNameOrThrow(KindNames, n, [&] {
        return VerifyError(QStringLiteral("unknown rule kind '%1' (llm, contains, not_contains or regex)").arg(name));
    });
}

void VerificationRule::validate() const
{
    if (text.trimmed().isEmpty())
        throw VerifyError(QStringLiteral("a %1 rule has no text").arg(ruleKindName(kind)));
    const int length = codePointCount(text);
    if (length > MaxRuleLength)
        throw VerifyError(QStringLiteral("rule '%1' has %2 characters; a rule may have at most %3")
                              .arg(core::argText(ruleStart(text)), core::argText(length), core::argText(MaxRuleLength)));
    if (kind == Kind::Regex) {
        const QRegularExpression re = compile(*this);
        if (!re.isValid())
            throw VerifyError(QStringLiteral("rule '%1' is not a valid regular expression: %2 at offset %3")
                                  .arg(ruleStart(text), re.errorString())
                                  .arg(re.patternErrorOffset()));
    }
}

QString VerificationRule::cacheKey() const
{
    if (kind == Kind::Llm)
        return QStringLiteral("llm\x1f") + text;
    return ruleKindName(kind) + u'\x1f' + (caseSensitive ? u'C' : u'c') + u'\x1f' + normalizationName(normalization) + u'\x1f' + text;
}

QJsonObject VerificationRule::optionsJson() const
{
    if (kind == Kind::Llm)
        return {};
    return QJsonObject{{QStringLiteral("case_sensitive"), caseSensitive},
                       {QStringLiteral("normalization"), normalizationName(normalization)}};
}

void VerificationRule::setOptionsJson(const QJsonObject &options)
{
    const QJsonValue cs = options.value(QLatin1String("case_sensitive"));
    if (!cs.isUndefined() && !cs.isBool())
        throw VerifyError(QStringLiteral("rule option case_sensitive: expected true or false"));
    caseSensitive = cs.toBool(false);
    const QString n = options.value(QLatin1String("normalization")).toString(QStringLiteral("nfc"));
    normalization = core::enumFromNameOrThrow(NormalizationNames, n, [&] {
        return VerifyError(QStringLiteral("rule option normalization: '%1' is not none, nfc or nfkc").arg(n));
    });
}

Verdict checkStringRule(const VerificationRule &rule, const QString &translation)
{
    const QString haystack = normalize(translation, rule.normalization);
    const Qt::CaseSensitivity cs = rule.caseSensitive ? Qt::CaseSensitive : Qt::CaseInsensitive;
    switch (rule.kind) {
    case VerificationRule::Kind::Llm:
        return Verdict::Unknown;
    case VerificationRule::Kind::Contains:
        return haystack.contains(normalize(rule.text, rule.normalization), cs) ? Verdict::Pass : Verdict::Fail;
    case VerificationRule::Kind::NotContains:
        return haystack.contains(normalize(rule.text, rule.normalization), cs) ? Verdict::Fail : Verdict::Pass;
    case VerificationRule::Kind::Regex: {
        const QRegularExpression re = compile(rule);
        if (!re.isValid())
            return Verdict::Unknown;
        return re.match(haystack).hasMatch() ? Verdict::Pass : Verdict::Fail;
    }
    }
    return Verdict::Unknown;
}

}  // namespace gauntlet::verify
