#include "engine/evaluate/annotation.h"

#include "engine/core/enum_names.h"
#include "engine/evaluate/evaluate_error.h"

#include <algorithm>

namespace gauntlet::evaluate {

const core::EnumName<Severity> SeverityNames[] = {
    {Severity::Major, "major"}, {Severity::Critical, "critical"}, {Severity::Neutral, "neutral"}, {Severity::Minor, "minor"}};

QString severityName(Severity severity)
{
    return QString::fromLatin1(core::enumNameOrLast(SeverityNames, severity));
}

Severity parseSeverity(const QString &name)
{
    return core::enumFromNameOrThrow(SeverityNames, name, [&] {
        return EvaluateError(QStringLiteral("unknown severity '%1' (expected minor, major, critical or neutral)").arg(name));
    });
}

int codePointCount(const QString &text)
{
    int count = 0;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isHighSurrogate()) {
            if (i + 1 >= text.size() || !text[i + 1].isLowSurrogate())
                throw EvaluateError(QStringLiteral("text is not valid Unicode: lone surrogate at UTF-16 index %1").arg(i));
            ++i;
        } else if (c.isLowSurrogate()) {
            throw EvaluateError(QStringLiteral("text is not valid Unicode: lone surrogate at UTF-16 index %1").arg(i));
        }
        ++count;
    }
    return count;
}

int utf16Index(const QString &text, int codePoint)
{
    if (codePoint < 0)
        throw EvaluateError(QStringLiteral("code point offset %1 is negative").arg(codePoint));
    int cp = 0;
    int i = 0;
    while (cp < codePoint) {
        if (i >= text.size())
            throw EvaluateError(QStringLiteral("code point offset %1 is past the end of the text").arg(codePoint));
        i += (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) ? 2 : 1;
        ++cp;
    }
    return i;
}

int codePointIndex(const QString &text, int utf16)
{
    utf16 = std::clamp(utf16, 0, int(text.size()));
    int cp = 0;
    int i = 0;
    while (i < utf16) {
        const int step = (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) ? 2 : 1;
        if (i + step > utf16)
            break;  // inside a pair: the pair's code point
        i += step;
        ++cp;
    }
    return cp;
}

QString ErrorSpan::textIn(const QString &text) const
{
    if (missing)
        return {};
    const int from = utf16Index(text, start);
    const int to = utf16Index(text, end + 1);
    return text.mid(from, to - from);
}

void validateSpans(const QVector<ErrorSpan> &spans, const QString &text, const QString &where)
{
    const int length = codePointCount(text);
    QVector<std::pair<int, int>> ranges;
    QVector<Severity> missingSeverities;
    for (int i = 0; i < spans.size(); ++i) {
        const ErrorSpan &s = spans[i];
        if (s.missing) {
            if (s.start != -1 || s.end != -1)
                throw EvaluateError(QStringLiteral("%1: span %2 is [missing] but has offsets %3-%4").arg(where).arg(i + 1).arg(s.start).arg(s.end));
            if (missingSeverities.contains(s.severity))
                throw EvaluateError(QStringLiteral("%1: span %2 repeats a %3 [missing] span").arg(where).arg(i + 1).arg(severityName(s.severity)));
            missingSeverities << s.severity;
            continue;
        }
        if (s.start < 0 || s.end < s.start || s.end >= length)
            throw EvaluateError(QStringLiteral("%1: span %2 (%3-%4) is outside the text of %5 characters (offsets are code points, inclusive end)")
                                    .arg(where).arg(i + 1).arg(s.start).arg(s.end).arg(length));
        ranges.push_back({s.start, s.end});
    }
    std::sort(ranges.begin(), ranges.end());
    for (int i = 1; i < ranges.size(); ++i)
        if (ranges[i].first <= ranges[i - 1].second)
            throw EvaluateError(QStringLiteral("%1: spans %2-%3 and %4-%5 overlap").arg(where).arg(ranges[i - 1].first).arg(ranges[i - 1].second).arg(ranges[i].first).arg(ranges[i].second));
}

namespace {

QVector<uint> toUcs4(const QString &text)
{
    QVector<uint> out;
    for (const uint c : text.toUcs4())
        out << c;
    return out;
}

bool isWordChar(uint c)
{
    return QChar::isLetterOrNumber(c) || QChar::category(c) == QChar::Mark_NonSpacing
           || QChar::category(c) == QChar::Mark_SpacingCombining || QChar::category(c) == QChar::Mark_Enclosing;
}

/// Scripts written without spaces between words: each letter is a word of its own.
bool isUnspacedScript(uint c)
{
    const QChar::Script s = QChar::script(c);
    return s == QChar::Script_Han || s == QChar::Script_Hiragana || s == QChar::Script_Katakana || s == QChar::Script_Thai;
}

}  // namespace

std::optional<std::pair<int, int>> snapToWords(const QString &text, int start, int end)
{
    const QVector<uint> cps = toUcs4(text);
    const int n = cps.size();
    start = std::clamp(start, 0, n - 1);
    end = std::clamp(end, start, n - 1);
    auto growable = [&](int i) { return i >= 0 && i < n && isWordChar(cps[i]) && !isUnspacedScript(cps[i]); };
    if (growable(start))
        while (growable(start - 1))
            --start;
    if (growable(end))
        while (growable(end + 1))
            ++end;
    while (start <= end && QChar::isSpace(cps[start]))
        ++start;
    while (end >= start && QChar::isSpace(cps[end]))
        --end;
    if (start > end)
        return std::nullopt;
    return std::make_pair(start, end);
}

bool isValidScore(int score)
{
    return score >= 0 && score <= 100 && score % ScoreStep == 0;
}

ScoreBand scoreBand(int score)
{
    if (score >= 85)
        return ScoreBand::VeryGood;
    if (score >= 65)
        return ScoreBand::Good;
    if (score >= 45)
        return ScoreBand::Acceptable;
    if (score >= 25)
        return ScoreBand::Borderline;
    return ScoreBand::NotAcceptable;
}

const core::EnumName<ScoreBand> ScoreBandNames[] = {{ScoreBand::VeryGood, "very good"}, {ScoreBand::Good, "good"},
                                                    {ScoreBand::Acceptable, "acceptable"}, {ScoreBand::Borderline, "borderline"},
                                                    {ScoreBand::NotAcceptable, "not acceptable"}};

QString scoreBandName(ScoreBand band)
{
    return QString::fromLatin1(core::enumNameOrLast(ScoreBandNames, band));
}

std::pair<int, int> scoreBandRange(ScoreBand band)
{
    switch (band) {
    case ScoreBand::VeryGood: return {85, 100};
    case ScoreBand::Good: return {65, 80};
    case ScoreBand::Acceptable: return {45, 60};
    case ScoreBand::Borderline: return {25, 40};
    case ScoreBand::NotAcceptable: break;
    }
    return {0, 20};
}

bool needsSpanWarning(int score, const QVector<ErrorSpan> &spans)
{
    return score < VeryGoodThreshold && spans.isEmpty();
}

const core::EnumName<RuleVerdict> RuleVerdictNames[] = {
    {RuleVerdict::Realistic, "realistic"}, {RuleVerdict::TooStrict, "too_strict"}, {RuleVerdict::NotSure, "not_sure"}};

QString ruleVerdictName(RuleVerdict verdict)
{
    return QString::fromLatin1(core::enumNameOrLast(RuleVerdictNames, verdict));
}

RuleVerdict parseRuleVerdict(const QString &name)
{
    return core::enumFromNameOrThrow(RuleVerdictNames, name, [&] {
        return EvaluateError(QStringLiteral("unknown rule verdict '%1' (expected realistic, too_strict or not_sure)").arg(name));
    });
}

qint64 activeGapMs(qint64 gapMs)
{
    if (gapMs <= 0)
        return 0;
    return gapMs >= IdleThresholdMs ? IdleCreditMs : gapMs;
}

QJsonObject errorSpanToJson(const ErrorSpan &s)
{
    QJsonObject o;
    if (s.missing) {
        o.insert(QStringLiteral("start_i"), QStringLiteral("missing"));
        o.insert(QStringLiteral("end_i"), QStringLiteral("missing"));
    } else {
        o.insert(QStringLiteral("start_i"), s.start);
        o.insert(QStringLiteral("end_i"), s.end);
    }
    o.insert(QStringLiteral("severity"), severityName(s.severity));
    if (!s.category.isEmpty())
        o.insert(QStringLiteral("category"), s.category);
    return o;
}

}  // namespace gauntlet::evaluate
