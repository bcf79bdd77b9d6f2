#include "engine/evaluate/pearmut_items.h"

#include "engine/evaluate/evaluate_error.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace gauntlet::evaluate::pearmut {

namespace {

[[noreturn]] void fail(const QString &where, const QString &reason)
{
    throw EvaluateError(QStringLiteral("%1: %2").arg(where, reason));
}

/// Pearmut's character index: its annotation screen splits a text with JavaScript's split(""),
/// one element per UTF-16 code unit, and shows line breaks as <br> without an element, so an
/// index counts UTF-16 units other than '\n'; [missing] follows as the last element. units[k] is
/// the code point of Pearmut index k.
struct PearmutIndex {
    QVector<int> units;
    explicit PearmutIndex(const QString &text)
    {
        int cp = 0;
        for (int i = 0; i < text.size(); ++i) {
            const bool pair = text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate();
            for (int k = 0; k < (pair ? 2 : 1); ++k)
                if (text[i] != u'\n')
                    units << cp;
            i += pair ? 1 : 0;
            ++cp;
        }
    }
    int length() const { return int(units.size()); }
    /// The first Pearmut index at or after code point `cp` (length() when none).
    int first(int cp) const { return int(std::lower_bound(units.begin(), units.end(), cp) - units.begin()); }
    /// The last Pearmut index at or before code point `cp` (-1 when none).
    int last(int cp) const { return int(std::upper_bound(units.begin(), units.end(), cp) - units.begin()) - 1; }
};

/// A whole number held by a JSON number (Pearmut writes 3 or 3.0).
int whole(const QJsonValue &v, const QString &what, const QString &where)
{
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || std::abs(d) > 1e9)
        fail(where, QStringLiteral("%1 must be a whole number").arg(what));
    return int(d);
}

/// [lo, hi] of an expected offset: a number or a two-number list.
std::pair<int, int> offsetRange(const QJsonValue &v, const QString &what, const QString &where)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        if (a.size() != 2)
            fail(where, QStringLiteral("%1 must be a number or [low, high]").arg(what));
        return {whole(a[0], what, where), whole(a[1], what, where)};
    }
    const int x = whole(v, what, where);
    return {x, x};
}

QString text(const QJsonObject &o, const QString &key, const QString &where)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isString())
        fail(where, QStringLiteral("\"%1\" must be a string").arg(key));
    return v.toString();
}

ExpectedJudgement expectedFromJson(const QJsonValue &value, const QString &translation, const QString &where, bool *warning,
                                   QStringList *notes)
{
    QJsonValue v = value;
    if (v.isArray()) {
        if (v.toArray().size() > 1)
            note(notes, QStringLiteral("only the first of several validation rules per system is carried over"));
        v = v.toArray().first();
    }
    if (!v.isObject())
        fail(where, QStringLiteral("a validation rule must be an object"));
    const QJsonObject o = v.toObject();
    ExpectedJudgement e;
    if (!text(o, QStringLiteral("warning"), where).isEmpty())
        *warning = true;
    if (o.contains(QStringLiteral("score"))) {
        const auto [lo, hi] = offsetRange(o.value(QStringLiteral("score")), QStringLiteral("validation score"), where);
        e.minScore = lo;
        e.maxScore = hi;
    }
    if (o.contains(QStringLiteral("score_greaterthan")))
        note(notes, QStringLiteral("validation score_greaterthan is not carried over"));
    const QJsonValue spans = o.value(QStringLiteral("error_spans"));
    if (!spans.isUndefined() && !spans.isNull() && !spans.isArray())  // issue 39: -1 dropped the expected span silently
        fail(where, QStringLiteral("validation \"error_spans\" must be a list of spans"));
    if (spans.isArray()) {
        const QJsonArray list = spans.toArray();
        if (list.isEmpty())
            note(notes, QStringLiteral("a validation rule asking for no error span is not checked (only score ranges and one span region are)"));
        else {
            if (list.size() > 1)
                note(notes, QStringLiteral("only the first expected error span of a validation rule is checked"));
            const QJsonObject s = list.first().toObject();
            const auto start = offsetRange(s.value(QStringLiteral("start_i")), QStringLiteral("expected start_i"), where);
            const auto end = offsetRange(s.value(QStringLiteral("end_i")), QStringLiteral("expected end_i"), where);
            const PearmutIndex index(translation);
            if (start.first >= index.length())
                note(notes, QStringLiteral("an expected [missing] span is not checked"));
            else if (start.first < 0 || end.second < start.first)
                fail(where, QStringLiteral("expected span %1-%2 is not a span").arg(start.first).arg(end.second));
            else
                e.spanRegion = std::make_pair(index.units[start.first], index.units[std::min(end.second, index.length() - 1)]);
        }
    }
    return e;
}

}  // namespace

void note(QStringList *notes, const QString &note)
{
    if (notes && !notes->contains(note))
        *notes << note;
}

ErrorSpan spanFromJson(const QJsonValue &value, const QString &translation, const QString &where)
{
    if (!value.isObject())
        fail(where, QStringLiteral("an error span must be an object"));
    const QJsonObject o = value.toObject();
    ErrorSpan s;
    const QJsonValue severity = o.value(QStringLiteral("severity"));
    try {
        s.severity = parseSeverity(severity.toString());  // MQM campaigns add critical and neutral
    } catch (const EvaluateError &) {
        fail(where, QStringLiteral("span severity %1 is not minor, major, critical or neutral")
                        .arg(severity.isString() ? QStringLiteral("'%1'").arg(severity.toString()) : QStringLiteral("null")));
    }
    s.category = o.value(QStringLiteral("category")).toString();  // Pearmut's MQM template; null for ESA
    const QJsonValue a = o.value(QStringLiteral("start_i")), b = o.value(QStringLiteral("end_i"));
    if (a.toString() == QLatin1String("missing") && b.toString() == QLatin1String("missing")) {
        s.missing = true;
        return s;
    }
    const PearmutIndex index(translation);
    const int length = index.length();
    const int start = whole(a, QStringLiteral("start_i"), where);
    const int end = whole(b, QStringLiteral("end_i"), where);
    if (start == length && end == length) {
        s.missing = true;
        return s;
    }
    if (start < 0 || end < start || end >= length)
        fail(where, QStringLiteral("span %1-%2 is outside the translation of %3 characters (Pearmut counts UTF-16 units without line breaks, inclusive end)")
                        .arg(start).arg(end).arg(length));
    s.start = index.units[start];
    s.end = index.units[end];
    return s;
}

QJsonObject spanToJson(const ErrorSpan &span, const QString &translation)
{
    const PearmutIndex index(translation);
    int start = index.length(), end = index.length();
    if (!span.missing) {
        start = std::min(index.first(span.start), index.length() - 1);
        end = std::max(index.last(span.end), start);  // a span of line breaks only keeps one place
    }
    QJsonObject o;
    o.insert(QStringLiteral("start_i"), start);
    o.insert(QStringLiteral("end_i"), end);
    o.insert(QStringLiteral("severity"), severityName(span.severity));
    o.insert(QStringLiteral("category"), span.category.isEmpty() ? QJsonValue() : QJsonValue(span.category));
    return o;
}

QVector<CampaignItem> itemsFromJson(const QJsonObject &o, const QString &where, const QString &fallbackKey, bool splitSystems,
                                    QStringList *notes)
{
    CampaignItem item;
    const QJsonValue id = o.value(QStringLiteral("item_id"));
    item.key = id.isString() ? id.toString() : id.isDouble() ? QString::number(id.toDouble()) : fallbackKey;
    const QString w = QStringLiteral("%1 (item '%2')").arg(where, item.key);
    if (!o.contains(QStringLiteral("tgt"))) {
        if (o.contains(QStringLiteral("form")) || o.contains(QStringLiteral("text"))) {
            note(notes, QStringLiteral("form items (user questions) are skipped"));
            return {};
        }
        fail(w, QStringLiteral("an item needs \"tgt\" (system -> translation)"));
    }
    item.source = text(o, QStringLiteral("src"), w);
    item.reference = text(o, QStringLiteral("ref"), w);
    const QJsonValue tgt = o.value(QStringLiteral("tgt"));
    if (!tgt.isObject() || tgt.toObject().isEmpty())
        fail(w, QStringLiteral("\"tgt\" must map system names to translations"));
    const QJsonObject targets = tgt.toObject();
    for (auto it = targets.begin(); it != targets.end(); ++it) {
        if (!it.value().isString() || it.value().toString().isEmpty())
            fail(w, QStringLiteral("the translation of '%1' must be a non-empty string").arg(it.key()));
        try {
            codePointCount(it.value().toString());
        } catch (const EvaluateError &e) {
            fail(w, QString::fromStdString(e.what()));
        }
        item.translations << CandidateTranslation{it.key(), it.value().toString()};
    }
    const QJsonValue rules = o.value(QStringLiteral("rules"));
    if (!rules.isUndefined() && !rules.isNull() && !rules.isArray())
        fail(w, QStringLiteral("\"rules\" must be a list of strings"));
    for (const QJsonValue &r : rules.toArray()) {
        if (!r.isString())
            fail(w, QStringLiteral("\"rules\" must be a list of strings"));
        item.rules << r.toString();
    }
    if (!text(o, QStringLiteral("instructions"), w).isEmpty())
        note(notes, QStringLiteral("per-item instructions are not carried over"));

    const QJsonValue proposed = o.value(QStringLiteral("error_spans"));
    if (!proposed.isUndefined() && !proposed.isNull()) {
        if (!proposed.isObject())
            fail(w, QStringLiteral("pre-filled \"error_spans\" must map system names to span lists (a list by position is ambiguous: JSON objects carry no order)"));
        const QJsonObject bySystem = proposed.toObject();
        for (auto it = bySystem.begin(); it != bySystem.end(); ++it)
            if (!targets.contains(it.key()))
                fail(w, QStringLiteral("pre-filled error_spans name system '%1', which has no translation").arg(it.key()));
        for (const CandidateTranslation &t : item.translations) {
            QVector<ErrorSpan> spans;
            const QJsonValue list = bySystem.value(t.system);
            if (!list.isUndefined() && !list.isNull() && !list.isArray())
                fail(w, QStringLiteral("pre-filled error_spans of '%1' must be a list").arg(t.system));
            for (const QJsonValue &s : list.toArray()) {
                spans << spanFromJson(s, t.text, QStringLiteral("%1, pre-filled span of '%2'").arg(w, t.system));
            }
            item.proposedSpans << spans;
        }
    }

    const QJsonValue validation = o.value(QStringLiteral("validation"));
    if (validation.isObject() && !validation.toObject().isEmpty()) {
        bool warning = false;
        for (const CandidateTranslation &t : item.translations) {
            const QJsonValue v = validation.toObject().value(t.system);
            item.expected << (v.isUndefined() ? ExpectedJudgement{} : expectedFromJson(v, t.text, QStringLiteral("%1, validation of '%2'").arg(w, t.system), &warning, notes));
        }
        item.check = !warning ? CheckKind::Silent : o.value(QStringLiteral("skippable")).toBool() ? CheckKind::Tutorial : CheckKind::Loud;
    } else if (!validation.isUndefined() && !validation.isNull() && !validation.isObject()) {
        fail(w, QStringLiteral("\"validation\" must map system names to rules (a list by position is ambiguous)"));
    }
    if (o.value(QStringLiteral("gauntlet_check")).toString() == QLatin1String("bad")) {
        item.check = CheckKind::BadReference;
        item.originalKey = text(o, QStringLiteral("gauntlet_original"), w);
    }

    if (!splitSystems)
        return {item};
    // ESA: one item per system, keyed "<item_id>#<system>" even for one system, so items that
    // share an item_id across systems (Pearmut's own examples/esa.json, its WMT ingest) are told
    // apart instead of refused as duplicates (issue 32).
    if (item.translations.size() > 1)
        note(notes, QStringLiteral("ESA items with several translations become one item per system (key \"<item_id>#<system>\")"));
    QVector<CampaignItem> out;
    for (int i = 0; i < item.translations.size(); ++i) {
        CampaignItem one = item;
        one.key = item.key + u'#' + item.translations[i].system;
        one.translations = {item.translations[i]};
        one.proposedSpans = item.proposedSpans.isEmpty() ? QVector<QVector<ErrorSpan>>{} : QVector<QVector<ErrorSpan>>{item.proposedSpans[i]};
        one.expected = item.expected.isEmpty() ? QVector<ExpectedJudgement>{} : QVector<ExpectedJudgement>{item.expected[i]};
        out << one;
    }
    return out;
}

QString sharedItemId(const CampaignItem &item)
{
    if (item.translations.size() != 1 || item.check == CheckKind::BadReference)
        return item.key;
    return keyWithoutSystem(item.key, item.translations[0].system);
}

QJsonObject itemToJson(const CampaignItem &item)
{
    QJsonObject o;
    o.insert(QStringLiteral("item_id"), item.key);
    if (!item.source.isEmpty())
        o.insert(QStringLiteral("src"), item.source);
    if (!item.reference.isEmpty())
        o.insert(QStringLiteral("ref"), item.reference);
    QJsonObject tgt;
    for (const CandidateTranslation &t : item.translations)
        tgt.insert(t.system, t.text);
    o.insert(QStringLiteral("tgt"), tgt);
    if (!item.proposedSpans.isEmpty()) {
        QJsonObject spans;
        for (int i = 0; i < item.translations.size() && i < item.proposedSpans.size(); ++i) {
            QJsonArray list;
            for (const ErrorSpan &s : item.proposedSpans[i])
                list.append(spanToJson(s, item.translations[i].text));
            spans.insert(item.translations[i].system, list);
        }
        o.insert(QStringLiteral("error_spans"), spans);
    }
    const bool checked = item.check == CheckKind::Tutorial || item.check == CheckKind::Loud || item.check == CheckKind::Silent;
    if (checked) {
        QJsonObject validation;
        for (int i = 0; i < item.translations.size() && i < item.expected.size(); ++i) {
            const ExpectedJudgement &e = item.expected[i];
            QJsonObject rule{{QStringLiteral("score"), QJsonArray{e.minScore, e.maxScore}}};
            if (item.check != CheckKind::Silent)
                rule.insert(QStringLiteral("warning"), QStringLiteral("Please look at this translation again."));
            if (e.spanRegion) {
                const PearmutIndex index(item.translations[i].text);
                const int first = std::min(index.first(e.spanRegion->first), index.length() - 1);
                const QJsonArray region{first, std::max(index.last(e.spanRegion->second), first)};
                rule.insert(QStringLiteral("error_spans"), QJsonArray{QJsonObject{{QStringLiteral("start_i"), region}, {QStringLiteral("end_i"), region}}});
            }
            validation.insert(item.translations[i].system, rule);
        }
        o.insert(QStringLiteral("validation"), validation);
        if (item.check == CheckKind::Tutorial)
            o.insert(QStringLiteral("skippable"), true);
    }
    if (!item.rules.isEmpty())
        o.insert(QStringLiteral("rules"), QJsonArray::fromStringList(item.rules));
    if (item.check == CheckKind::BadReference) {
        o.insert(QStringLiteral("gauntlet_check"), QStringLiteral("bad"));
        o.insert(QStringLiteral("gauntlet_original"), item.originalKey);
    }
    return o;
}

bool sameContent(const CampaignItem &a, const CampaignItem &b)
{
    if (a.source != b.source || a.reference != b.reference || a.translations.size() != b.translations.size())
        return false;
    for (int i = 0; i < a.translations.size(); ++i)
        if (a.translations[i].system != b.translations[i].system || a.translations[i].text != b.translations[i].text)
            return false;
    return true;
}

}  // namespace gauntlet::evaluate::pearmut
