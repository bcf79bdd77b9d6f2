#include "engine/evaluate/adjudication.h"

#include "engine/core/enum_names.h"
#include "engine/evaluate/evaluate_error.h"

#include <QJsonArray>
#include <QMap>

#include <algorithm>

namespace gauntlet::evaluate {

namespace {

/// The judgement of stored translation `translation` in `r`, or null.
const TranslationJudgement *judgementOf(const RatedItem &r, int translation)
{
    for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos)
        if (r.systemOrder[pos] == translation)
            return &r.answer.judgements[pos];
    return nullptr;
}

int translationIndex(const CampaignItem &item, const QString &system)
{
    for (int t = 0; t < item.translations.size(); ++t)
        if (item.translations[t].system == system)
            return t;
    return -1;
}

}  // namespace

bool isAdjudicatedAnnotator(const QString &annotator)
{
    return annotator == QStringView(AdjudicatedAnnotator);
}

QVector<RatedItem> withoutAdjudicated(const QVector<RatedItem> &rated)
{
    QVector<RatedItem> out;
    out.reserve(rated.size());
    for (const RatedItem &r : rated)
        if (!isAdjudicatedAnnotator(r.annotator))
            out << r;
    return out;
}

QVector<SpanGroup> groupSpans(const QVector<AnnotatorJudgement> &judgements)
{
    QVector<AnnotatedSpan> spans;
    SpanGroup missing;
    missing.missing = true;
    for (const AnnotatorJudgement &j : judgements)
        for (const ErrorSpan &s : j.spans) {
            if (s.missing)
                missing.members << AnnotatedSpan{j.annotator, s};
            else
                spans << AnnotatedSpan{j.annotator, s};
        }
    // Sweep by start: a span joins the current group when it starts at or before the group's end
    // (then it overlaps some member, since members cover [start, end] without gaps).
    QVector<AnnotatedSpan> sorted = spans;
    std::stable_sort(sorted.begin(), sorted.end(), [](const AnnotatedSpan &a, const AnnotatedSpan &b) { return a.span.start < b.span.start; });
    QVector<SpanGroup> groups;
    for (const AnnotatedSpan &s : sorted) {
        if (groups.isEmpty() || s.span.start > groups.last().end)
            groups << SpanGroup{s.span.start, s.span.end, false, {}};
        SpanGroup &g = groups.last();
        g.end = std::max(g.end, s.span.end);
        g.members << s;
    }
    // members in annotator order (the order of `judgements`), then by start
    for (SpanGroup &g : groups) {
        QVector<AnnotatedSpan> ordered;
        for (const AnnotatorJudgement &j : judgements)
            for (const AnnotatedSpan &s : g.members)
                if (s.annotator == j.annotator)
                    ordered << s;
        g.members = ordered;
    }
    if (!missing.members.isEmpty())
        groups << missing;
    return groups;
}

AdjudicationCase adjudicationCase(const Campaign &campaign, const QVector<RatedItem> &rated, const QString &itemKey,
                                  const QString &system, int stage)
{
    AdjudicationCase c;
    for (int i = 0; i < campaign.items.size(); ++i)
        if (campaign.items[i].key == itemKey)
            c.itemIndex = i;
    if (c.itemIndex < 0)
        throw EvaluateError(QStringLiteral("campaign %1 has no item %2").arg(campaign.name, itemKey));
    const CampaignItem &item = campaign.items[c.itemIndex];
    c.translation = translationIndex(item, system);
    if (c.translation < 0)
        throw EvaluateError(QStringLiteral("item %1 has no system %2").arg(itemKey, system));
    c.itemKey = itemKey;
    c.system = system;
    c.stage = stage;
    c.text = item.translations[c.translation].text;
    QMap<QString, AnnotatorJudgement> byName;
    for (const RatedItem &r : rated) {
        if (r.itemIndex != c.itemIndex || r.stage != stage || isAdjudicatedAnnotator(r.annotator))
            continue;
        if (const TranslationJudgement *j = judgementOf(r, c.translation))
            byName.insert(r.annotator, AnnotatorJudgement{r.annotator, j->score, j->spans});
    }
    if (byName.size() < 2)
        throw EvaluateError(QStringLiteral("item %1, system %2, stage %3: %4 annotator(s) judged it; adjudication needs two or more")
                                .arg(itemKey, system)
                                .arg(stage)
                                .arg(byName.size()));
    c.annotators = byName.values().toVector();
    c.groups = groupSpans(c.annotators);
    return c;
}

QVector<AdjudicationUnit> adjudicationUnits(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    QMap<std::tuple<int, int, int>, QStringList> seen;  // (item, stage, translation) -> annotators
    for (const RatedItem &r : rated) {
        if (isAdjudicatedAnnotator(r.annotator) || r.itemIndex < 0 || r.itemIndex >= campaign.items.size())
            continue;
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            QStringList &names = seen[{r.itemIndex, r.stage, r.systemOrder[pos]}];
            if (!names.contains(r.annotator))
                names << r.annotator;
        }
    }
    QVector<AdjudicationUnit> out;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        const auto [itemIndex, stage, t] = it.key();
        const CampaignItem &item = campaign.items[itemIndex];
        if (it.value().size() >= 2 && t >= 0 && t < item.translations.size())
            out << AdjudicationUnit{item.key, item.translations[t].system, stage, int(it.value().size())};
    }
    return out;
}

const core::EnumName<SpanDecision> SpanDecisionNames[] = {{SpanDecision::Accepted, "accepted"}, {SpanDecision::Union, "union"},
                                                          {SpanDecision::Intersection, "intersection"}, {SpanDecision::Added, "added"}};

QString spanDecisionName(SpanDecision decision)
{
    return QString::fromLatin1(core::enumName(SpanDecisionNames, decision));
}

SpanDecision parseSpanDecision(const QString &name)
{
    return core::enumFromNameOrThrow(SpanDecisionNames, name, [&] {
        return EvaluateError(QStringLiteral("unknown span decision '%1' (accepted, union, intersection, added)").arg(name));
    });
}

AdjudicatedSpan mergeSpans(const QVector<AnnotatedSpan> &spans, SpanDecision how)
{
    if (spans.isEmpty())
        throw EvaluateError(QStringLiteral("no spans to merge"));
    if (how != SpanDecision::Union && how != SpanDecision::Intersection)
        throw EvaluateError(QStringLiteral("spans merge by union or intersection, not %1").arg(spanDecisionName(how)));
    const bool missing = spans.first().span.missing;
    bool anyMajor = false, allMajor = true;
    int start = spans.first().span.start, end = spans.first().span.end;
    AdjudicatedSpan out;
    out.decision = how;
    for (const AnnotatedSpan &s : spans) {
        if (s.span.missing != missing)
            throw EvaluateError(QStringLiteral("a [missing] span cannot be merged with a span of the text"));
        const bool major = s.span.severity == Severity::Major;
        anyMajor = anyMajor || major;
        allMajor = allMajor && major;
        if (how == SpanDecision::Union) {
            start = std::min(start, s.span.start);
            end = std::max(end, s.span.end);
        } else {
            start = std::max(start, s.span.start);
            end = std::min(end, s.span.end);
        }
        if (!out.from.contains(s.annotator))
            out.from << s.annotator;
    }
    if (!missing && end < start)
        throw EvaluateError(QStringLiteral("the spans share no character; their intersection is empty"));
    const bool major = how == SpanDecision::Union ? anyMajor : allMajor;
    out.span = missing ? ErrorSpan::omission(major ? Severity::Major : Severity::Minor)
                       : ErrorSpan{start, end, major ? Severity::Major : Severity::Minor, false};
    return out;
}

Adjudication acceptAnnotator(const AdjudicationCase &c, const QString &annotator)
{
    for (const AnnotatorJudgement &j : c.annotators) {
        if (j.annotator != annotator)
            continue;
        Adjudication a;
        a.itemKey = c.itemKey;
        a.system = c.system;
        a.stage = c.stage;
        for (const ErrorSpan &s : j.spans)
            a.spans << AdjudicatedSpan{s, SpanDecision::Accepted, {annotator}};
        a.score = j.score;
        a.scoreFrom = annotator;
        return a;
    }
    throw EvaluateError(QStringLiteral("item %1, system %2: annotator %3 did not judge it").arg(c.itemKey, c.system, annotator));
}

void validateAdjudication(const AdjudicationCase &c, const Adjudication &a)
{
    const QString where = QStringLiteral("adjudication of item %1, system %2, stage %3").arg(c.itemKey, c.system).arg(c.stage);
    auto fail = [&](const QString &why) { throw EvaluateError(where + QStringLiteral(": ") + why); };
    if (a.itemKey != c.itemKey || a.system != c.system || a.stage != c.stage)
        fail(QStringLiteral("it is for another item, system or stage"));
    if (a.adjudicator.trimmed().isEmpty())
        fail(QStringLiteral("the adjudicator is empty"));
    if (isAdjudicatedAnnotator(a.adjudicator))
        fail(QStringLiteral("the adjudicator cannot be named \"adjudicated\""));
    auto judgement = [&](const QString &name) -> const AnnotatorJudgement * {
        for (const AnnotatorJudgement &j : c.annotators)
            if (j.annotator == name)
                return &j;
        return nullptr;
    };
    QVector<ErrorSpan> spans;
    for (const AdjudicatedSpan &s : a.spans) {
        spans << s.span;
        if (s.decision == SpanDecision::Added && !s.from.isEmpty())
            fail(QStringLiteral("an added span comes from no annotator"));
        if (s.decision != SpanDecision::Added && s.from.isEmpty())
            fail(QStringLiteral("a %1 span must name the annotators it came from").arg(spanDecisionName(s.decision)));
        for (const QString &name : s.from)
            if (!judgement(name))
                fail(QStringLiteral("annotator %1 did not judge this translation").arg(name));
        if (s.decision == SpanDecision::Accepted) {
            if (s.from.size() != 1 || !judgement(s.from.first())->spans.contains(s.span))
                fail(QStringLiteral("an accepted span must be exactly one annotator's span"));
        }
    }
    validateSpans(spans, c.text, where);
    if (!a.score)
        fail(QStringLiteral("the score is not set"));
    if (!a.scoreFrom.isEmpty()) {
        const AnnotatorJudgement *j = judgement(a.scoreFrom);
        if (!j)
            fail(QStringLiteral("annotator %1 did not judge this translation").arg(a.scoreFrom));
        if (j->score != a.score)
            fail(QStringLiteral("the score is said to be %1's, but %1 gave another").arg(a.scoreFrom));
    } else if (!isValidScore(*a.score)) {
        fail(QStringLiteral("a score set by hand must be 0..100 in steps of 5, not %1").arg(*a.score));
    }
}

QJsonObject adjudicationToJson(const Adjudication &a)
{
    QJsonArray spans;
    for (const AdjudicatedSpan &s : a.spans) {
        QJsonObject o;
        if (s.span.missing) {
            o.insert(QStringLiteral("start"), QStringLiteral("missing"));
        } else {
            o.insert(QStringLiteral("start"), s.span.start);
            o.insert(QStringLiteral("end"), s.span.end);
        }
        o.insert(QStringLiteral("severity"), severityName(s.span.severity));
        o.insert(QStringLiteral("decision"), spanDecisionName(s.decision));
        o.insert(QStringLiteral("from"), QJsonArray::fromStringList(s.from));
        spans.append(o);
    }
    return QJsonObject{{QStringLiteral("item"), a.itemKey},
                       {QStringLiteral("system"), a.system},
                       {QStringLiteral("stage"), a.stage},
                       {QStringLiteral("score"), a.score ? QJsonValue(*a.score) : QJsonValue()},
                       {QStringLiteral("score_from"), a.scoreFrom.isEmpty() ? QJsonValue() : QJsonValue(a.scoreFrom)},
                       {QStringLiteral("adjudicator"), a.adjudicator},
                       {QStringLiteral("adjudicated_at"), a.adjudicatedAt},
                       {QStringLiteral("spans"), spans}};
}

Adjudication adjudicationFromJson(const QJsonObject &o, const QString &where)
{
    auto fail = [&](const QString &why) { throw EvaluateError(where + QStringLiteral(": ") + why); };
    Adjudication a;
    a.itemKey = o.value(QStringLiteral("item")).toString();
    a.system = o.value(QStringLiteral("system")).toString();
    a.stage = o.value(QStringLiteral("stage")).toInt(0);
    if (a.itemKey.isEmpty() || a.system.isEmpty() || (a.stage != 1 && a.stage != 2))
        fail(QStringLiteral("item, system or stage missing"));
    if (o.value(QStringLiteral("score")).isDouble())
        a.score = o.value(QStringLiteral("score")).toInt();
    a.scoreFrom = o.value(QStringLiteral("score_from")).toString();
    a.adjudicator = o.value(QStringLiteral("adjudicator")).toString();
    a.adjudicatedAt = o.value(QStringLiteral("adjudicated_at")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("spans")).toArray()) {
        const QJsonObject s = v.toObject();
        AdjudicatedSpan span;
        const Severity severity = parseSeverity(s.value(QStringLiteral("severity")).toString());
        if (s.value(QStringLiteral("start")).toString() == QStringLiteral("missing")) {
            span.span = ErrorSpan::omission(severity);
        } else {
            if (!s.value(QStringLiteral("start")).isDouble() || !s.value(QStringLiteral("end")).isDouble())
                fail(QStringLiteral("a span without start or end"));
            span.span = ErrorSpan{s.value(QStringLiteral("start")).toInt(), s.value(QStringLiteral("end")).toInt(), severity, false};
        }
        span.decision = parseSpanDecision(s.value(QStringLiteral("decision")).toString());
        for (const QJsonValue &f : s.value(QStringLiteral("from")).toArray())
            span.from << f.toString();
        a.spans << span;
    }
    return a;
}

}  // namespace gauntlet::evaluate
