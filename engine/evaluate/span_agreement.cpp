#include "engine/evaluate/span_agreement.h"

#include "engine/evaluate/adjudication.h"
#include "engine/evaluate/rated_judgements.h"
#include "engine/metrics/krippendorff.h"

#include <QJsonArray>
#include <QMap>

#include <cmath>
#include <tuple>

namespace gauntlet::evaluate {

SpanAgreementCounts &SpanAgreementCounts::operator+=(const SpanAgreementCounts &o)
{
    units += o.units;
    charsA += o.charsA;
    charsB += o.charsB;
    charsBoth += o.charsBoth;
    charsBothSameSeverity += o.charsBothSameSeverity;
    spansA += o.spansA;
    spansB += o.spansB;
    exactMatches += o.exactMatches;
    exactMatchesSameSeverity += o.exactMatchesSameSeverity;
    overlapA += o.overlapA;
    overlapB += o.overlapB;
    overlapSameSeverityA += o.overlapSameSeverityA;
    overlapSameSeverityB += o.overlapSameSeverityB;
    missingBoth += o.missingBoth;
    missingBothSameSeverity += o.missingBothSameSeverity;
    missingOne += o.missingOne;
    missingNeither += o.missingNeither;
    return *this;
}

namespace {

/// Code point -> severity of one annotator's marked characters (major wins where spans overlap).
QMap<int, Severity> markedCharacters(const QVector<ErrorSpan> &spans)
{
    QMap<int, Severity> out;
    for (const ErrorSpan &s : spans) {
        if (s.missing)
            continue;
        for (int c = s.start; c <= s.end; ++c) {
            auto it = out.find(c);
            if (it == out.end())
                out.insert(c, s.severity);
            else if (s.severity == Severity::Major)
                it.value() = Severity::Major;
        }
    }
    return out;
}

bool overlaps(const ErrorSpan &x, const ErrorSpan &y)
{
    return !x.missing && !y.missing && x.start <= y.end && y.start <= x.end;
}

/// Spans of `from` overlapping some span of `other` (any severity / the same severity).
std::pair<int, int> overlapCounts(const QVector<ErrorSpan> &from, const QVector<ErrorSpan> &other)
{
    int any = 0, same = 0;
    for (const ErrorSpan &s : from) {
        if (s.missing)
            continue;
        bool hit = false, hitSame = false;
        for (const ErrorSpan &t : other)
            if (overlaps(s, t)) {
                hit = true;
                hitSame = hitSame || t.severity == s.severity;
            }
        any += hit ? 1 : 0;
        same += hitSame ? 1 : 0;
    }
    return {any, same};
}

std::optional<Severity> missingSeverity(const QVector<ErrorSpan> &spans)
{
    std::optional<Severity> out;
    for (const ErrorSpan &s : spans)
        if (s.missing && (!out || s.severity == Severity::Major))
            out = s.severity;
    return out;
}

std::optional<double> ratio(double numerator, double denominator)
{
    if (denominator <= 0)
        return std::nullopt;
    return numerator / denominator;
}

std::optional<double> intervalAlpha(const std::vector<metrics::Rating> &ratings)
{
    try {
        const double alpha = metrics::krippendorffAlpha(ratings, metrics::MeasurementLevel::Interval).alpha;
        if (std::isfinite(alpha))
            return alpha;
    } catch (const std::exception &) {
        // no pairable unit, or no variation at all: alpha is undefined
    }
    return std::nullopt;
}

QJsonValue optionalJson(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonObject agreementJson(const SpanAgreement &a)
{
    const SpanAgreementCounts &c = a.counts;
    const SpanAgreementScores &s = a.scores;
    QJsonObject o;
    if (!a.annotatorA.isEmpty()) {
        o.insert(QStringLiteral("annotator_a"), a.annotatorA);
        o.insert(QStringLiteral("annotator_b"), a.annotatorB);
    }
    o.insert(QStringLiteral("units"), c.units);
    o.insert(QStringLiteral("char_f1"), optionalJson(s.charF1));
    o.insert(QStringLiteral("char_f1_severity"), optionalJson(s.charF1Severity));
    o.insert(QStringLiteral("exact_f1"), optionalJson(s.exactF1));
    o.insert(QStringLiteral("exact_f1_severity"), optionalJson(s.exactF1Severity));
    o.insert(QStringLiteral("overlap_f1"), optionalJson(s.overlapF1));
    o.insert(QStringLiteral("overlap_f1_severity"), optionalJson(s.overlapF1Severity));
    o.insert(QStringLiteral("missing_f1"), optionalJson(s.missingF1));
    o.insert(QStringLiteral("missing_f1_severity"), optionalJson(s.missingF1Severity));
    o.insert(QStringLiteral("error_count_alpha"), optionalJson(a.errorCountAlpha));
    QJsonObject counts;
    counts.insert(QStringLiteral("chars_a"), double(c.charsA));
    counts.insert(QStringLiteral("chars_b"), double(c.charsB));
    counts.insert(QStringLiteral("chars_both"), double(c.charsBoth));
    counts.insert(QStringLiteral("chars_both_same_severity"), double(c.charsBothSameSeverity));
    counts.insert(QStringLiteral("spans_a"), c.spansA);
    counts.insert(QStringLiteral("spans_b"), c.spansB);
    counts.insert(QStringLiteral("exact_matches"), c.exactMatches);
    counts.insert(QStringLiteral("exact_matches_same_severity"), c.exactMatchesSameSeverity);
    counts.insert(QStringLiteral("overlap_a"), c.overlapA);
    counts.insert(QStringLiteral("overlap_b"), c.overlapB);
    counts.insert(QStringLiteral("missing_both"), c.missingBoth);
    counts.insert(QStringLiteral("missing_both_same_severity"), c.missingBothSameSeverity);
    counts.insert(QStringLiteral("missing_one"), c.missingOne);
    counts.insert(QStringLiteral("missing_neither"), c.missingNeither);
    o.insert(QStringLiteral("counts"), counts);
    return o;
}

}  // namespace

SpanAgreementCounts compareSpans(const QVector<ErrorSpan> &a, const QVector<ErrorSpan> &b)
{
    SpanAgreementCounts c;
    c.units = 1;
    const QMap<int, Severity> ca = markedCharacters(a), cb = markedCharacters(b);
    c.charsA = ca.size();
    c.charsB = cb.size();
    for (auto it = ca.cbegin(); it != ca.cend(); ++it) {
        const auto other = cb.constFind(it.key());
        if (other == cb.cend())
            continue;
        ++c.charsBoth;
        if (other.value() == it.value())
            ++c.charsBothSameSeverity;
    }
    for (const ErrorSpan &s : a) {
        if (s.missing)
            continue;
        ++c.spansA;
        for (const ErrorSpan &t : b)
            if (!t.missing && t.start == s.start && t.end == s.end) {
                ++c.exactMatches;
                if (t.severity == s.severity)
                    ++c.exactMatchesSameSeverity;
                break;
            }
    }
    for (const ErrorSpan &t : b)
        c.spansB += t.missing ? 0 : 1;
    std::tie(c.overlapA, c.overlapSameSeverityA) = overlapCounts(a, b);
    std::tie(c.overlapB, c.overlapSameSeverityB) = overlapCounts(b, a);
    const auto ma = missingSeverity(a), mb = missingSeverity(b);
    if (ma && mb) {
        ++c.missingBoth;
        if (*ma == *mb)
            ++c.missingBothSameSeverity;
    } else if (ma || mb) {
        ++c.missingOne;
    } else {
        ++c.missingNeither;
    }
    return c;
}

SpanAgreementScores spanAgreementScores(const SpanAgreementCounts &c)
{
    SpanAgreementScores s;
    const double chars = double(c.charsA + c.charsB);
    s.charF1 = ratio(2.0 * double(c.charsBoth), chars);
    s.charF1Severity = ratio(2.0 * double(c.charsBothSameSeverity), chars);
    const double spans = double(c.spansA + c.spansB);
    s.exactF1 = ratio(2.0 * c.exactMatches, spans);
    s.exactF1Severity = ratio(2.0 * c.exactMatchesSameSeverity, spans);
    s.overlapF1 = ratio(double(c.overlapA + c.overlapB), spans);
    s.overlapF1Severity = ratio(double(c.overlapSameSeverityA + c.overlapSameSeverityB), spans);
    const double missing = 2.0 * c.missingBoth + c.missingOne;
    s.missingF1 = ratio(2.0 * c.missingBoth, missing);
    s.missingF1Severity = ratio(2.0 * c.missingBothSameSeverity, missing);
    return s;
}

SpanAgreementReport spanAgreement(const Campaign &campaign, const QVector<RatedItem> &allRated, int stage)
{
    // the "adjudicated" annotator is no annotator: left out of inter-annotator agreement (adjudication.h)
    const QVector<RatedItem> rated = withoutAdjudicated(allRated);
    SpanAgreementReport report;
    report.stage = stage;
    // unit -> annotator -> spans
    QMap<QString, QMap<QString, QVector<ErrorSpan>>> units;
    const auto keep = [stage](const RatedItem &r) { return stage == 0 || r.stage == stage; };
    forEachJudgement(campaign, rated, keep, [&units](const RatedItem &r, const CampaignItem &item, int t, int pos) {
        const QString unit = item.key + u'|' + item.translations[t].system + u'|' + QString::number(r.stage);
        units[unit].insert(r.annotator, r.answer.judgements[pos].spans);
    });
    QMap<QPair<QString, QString>, SpanAgreement> pairs;
    QMap<QPair<QString, QString>, std::vector<metrics::Rating>> pairCounts;
    std::vector<metrics::Rating> allCounts;
    for (auto u = units.cbegin(); u != units.cend(); ++u) {
        const QMap<QString, QVector<ErrorSpan>> &byAnnotator = u.value();
        if (byAnnotator.size() < 2)
            continue;
        ++report.units;
        const QStringList names = byAnnotator.keys();  // sorted
        for (const QString &name : names)
            allCounts.push_back({u.key().toStdString(), name.toStdString(), double(byAnnotator.value(name).size())});
        for (int i = 0; i < names.size(); ++i)
            for (int j = i + 1; j < names.size(); ++j) {
                const QPair<QString, QString> key(names[i], names[j]);
                SpanAgreement &p = pairs[key];
                p.annotatorA = names[i];
                p.annotatorB = names[j];
                const SpanAgreementCounts c = compareSpans(byAnnotator.value(names[i]), byAnnotator.value(names[j]));
                p.counts += c;
                report.overall.counts += c;
                auto &ratings = pairCounts[key];
                ratings.push_back({u.key().toStdString(), names[i].toStdString(), double(byAnnotator.value(names[i]).size())});
                ratings.push_back({u.key().toStdString(), names[j].toStdString(), double(byAnnotator.value(names[j]).size())});
            }
    }
    for (auto it = pairs.begin(); it != pairs.end(); ++it) {
        it.value().scores = spanAgreementScores(it.value().counts);
        it.value().errorCountAlpha = intervalAlpha(pairCounts.value(it.key()));
        report.pairs << it.value();
    }
    report.overall.scores = spanAgreementScores(report.overall.counts);
    report.overall.errorCountAlpha = intervalAlpha(allCounts);
    return report;
}

QJsonObject spanAgreementJson(const SpanAgreementReport &report)
{
    QJsonObject o;
    o.insert(QStringLiteral("stage"), report.stage);
    o.insert(QStringLiteral("units"), report.units);
    o.insert(QStringLiteral("overall"), agreementJson(report.overall));
    QJsonArray pairs;
    for (const SpanAgreement &p : report.pairs)
        pairs.append(agreementJson(p));
    o.insert(QStringLiteral("pairs"), pairs);
    return o;
}

}  // namespace gauntlet::evaluate
