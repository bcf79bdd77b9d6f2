#include "engine/evaluate/campaign_package.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/evaluate_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringDecoder>

namespace gauntlet::evaluate {

namespace {

const QString PackageFormat = QStringLiteral("gauntlet-campaign-package");
const QString ResultsFormat = QStringLiteral("gauntlet-campaign-results");

[[noreturn]] void fail(const QString &where, const QString &what)
{
    throw EvaluateError(QStringLiteral("%1: %2").arg(where, what));
}

QJsonValue field(const QJsonObject &o, const QString &name, QJsonValue::Type type, const QString &where, bool required = true)
{
    const QJsonValue v = o.value(name);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(where, QStringLiteral("missing field '%1'").arg(name));
        return {};
    }
    if (v.type() != type)
        fail(where, QStringLiteral("field '%1' has the wrong type").arg(name));
    return v;
}

QString str(const QJsonObject &o, const QString &name, const QString &where, bool required = true)
{
    return field(o, name, QJsonValue::String, where, required).toString();
}

int integer(const QJsonValue &v, const QString &what, const QString &where)
{
    if (!v.isDouble() || v.toDouble() != double(qint64(v.toDouble())))
        fail(where, QStringLiteral("%1 must be a whole number").arg(what));
    return int(v.toDouble());
}

QJsonArray stringArray(const QStringList &list)
{
    QJsonArray a;
    for (const QString &s : list)
        a.append(s);
    return a;
}

QStringList toStringList(const QJsonValue &v, const QString &what, const QString &where)
{
    QStringList out;
    if (v.isUndefined() || v.isNull())
        return out;
    if (!v.isArray())
        fail(where, QStringLiteral("%1 must be a list").arg(what));
    for (const QJsonValue &e : v.toArray()) {
        if (!e.isString())
            fail(where, QStringLiteral("%1 must hold strings").arg(what));
        out << e.toString();
    }
    return out;
}

ErrorSpan spanFromJson(const QJsonValue &v, const QString &where)
{
    if (!v.isObject())
        fail(where, QStringLiteral("a span must be an object"));
    const QJsonObject o = v.toObject();
    ErrorSpan s;
    try {
        s.severity = parseSeverity(o.value(QStringLiteral("severity")).toString());
    } catch (const EvaluateError &e) {
        fail(where, QString::fromStdString(e.what()));
    }
    s.category = o.value(QStringLiteral("category")).toString();  // optional: absent for ESA and older answers
    const QJsonValue a = o.value(QStringLiteral("start_i")), b = o.value(QStringLiteral("end_i"));
    if (a.toString() == QLatin1String("missing") && b.toString() == QLatin1String("missing")) {
        s.missing = true;
        return s;
    }
    s.start = integer(a, QStringLiteral("start_i"), where);
    s.end = integer(b, QStringLiteral("end_i"), where);
    return s;
}

QJsonArray intArray(const QVector<int> &v)
{
    QJsonArray a;
    for (int i : v)
        a.append(i);
    return a;
}

QVector<int> toIntVector(const QJsonValue &v, const QString &what, const QString &where)
{
    if (!v.isArray())
        fail(where, QStringLiteral("%1 must be a list of numbers").arg(what));
    QVector<int> out;
    for (const QJsonValue &e : v.toArray())
        out << integer(e, what, where);
    return out;
}

QJsonObject parseObject(const QByteArray &bytes, const QString &fileName, const QString &format)
{
    decodeUtf8(bytes, fileName);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        fail(fileName, QStringLiteral("not valid JSON at byte %1: %2").arg(core::argText(error.offset), core::argText(error.errorString())));
    if (!doc.isObject())
        fail(fileName, QStringLiteral("expected a JSON object"));
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() != format)
        fail(fileName, QStringLiteral("not a %1 file (format is '%2')").arg(format, o.value(QStringLiteral("format")).toString()));
    if (o.value(QStringLiteral("version")).toInt() != PackageFormatVersion)
        fail(fileName, QStringLiteral("unsupported version %1 (this build reads %2)").arg(o.value(QStringLiteral("version")).toInt()).arg(PackageFormatVersion));
    return o;
}

/// What parseObject checks and both files name first: the format, its version, the campaign, the
/// package and the annotator.
QJsonObject fileHeader(const QString &format, const QString &campaignUid, const QString &packageId, const QString &annotator)
{
    return QJsonObject{{QStringLiteral("format"), format},
                       {QStringLiteral("version"), PackageFormatVersion},
                       {QStringLiteral("campaign_id"), campaignUid},
                       {QStringLiteral("package_id"), packageId},
                       {QStringLiteral("annotator"), annotator}};
}

}  // namespace

QString decodeUtf8(const QByteArray &bytes, const QString &fileName)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError())
        fail(fileName, QStringLiteral("not valid UTF-8"));
    return text;
}

QJsonObject campaignItemToJson(const CampaignItem &item)
{
    QJsonObject i;
    i.insert(QStringLiteral("key"), item.key);
    i.insert(QStringLiteral("source"), item.source);
    i.insert(QStringLiteral("reference"), item.reference);
    i.insert(QStringLiteral("rules"), stringArray(item.rules));
    if (!item.ruleKinds.isEmpty())  // a list beside "rules": readers before kinds ignore it
        i.insert(QStringLiteral("rule_kinds"), stringArray(item.ruleKinds));
    if (!item.sourceLanguage.isEmpty())
        i.insert(QStringLiteral("source_lang"), item.sourceLanguage);
    if (!item.targetLanguage.isEmpty())
        i.insert(QStringLiteral("target_lang"), item.targetLanguage);
    QJsonArray ts;
    for (const CandidateTranslation &t : item.translations)
        ts.append(QJsonObject{{QStringLiteral("system"), t.system}, {QStringLiteral("text"), t.text}});
    i.insert(QStringLiteral("translations"), ts);
    i.insert(QStringLiteral("check"), checkKindName(item.check));
    if (!item.originalKey.isEmpty())
        i.insert(QStringLiteral("original"), item.originalKey);
    if (!item.document.isEmpty())
        i.insert(QStringLiteral("document"), item.document);
    if (!item.pair.isEmpty()) {
        i.insert(QStringLiteral("pair"), item.pair);
        i.insert(QStringLiteral("paired_with"), item.pairedKey);
    }
    QJsonArray expected;
    for (const ExpectedJudgement &e : item.expected) {
        QJsonObject x{{QStringLiteral("min_score"), e.minScore}, {QStringLiteral("max_score"), e.maxScore}};
        if (e.spanRegion)
            x.insert(QStringLiteral("span"), QJsonArray{e.spanRegion->first, e.spanRegion->second});
        expected.append(x);
    }
    if (!expected.isEmpty())
        i.insert(QStringLiteral("expected"), expected);
    if (!item.proposedSpans.isEmpty()) {
        QJsonArray proposed;
        for (const QVector<ErrorSpan> &spans : item.proposedSpans) {
            QJsonArray list;
            for (const ErrorSpan &span : spans)
                list.append(errorSpanToJson(span));
            proposed.append(list);
        }
        i.insert(QStringLiteral("proposed_spans"), proposed);
    }
    return i;
}

CampaignItem campaignItemFromJson(const QJsonObject &i, const QString &where)
{
    CampaignItem item;
    item.key = str(i, QStringLiteral("key"), where);
    const QString w = QStringLiteral("%1, item '%2'").arg(where, item.key);
    item.source = str(i, QStringLiteral("source"), w, false);
    item.reference = str(i, QStringLiteral("reference"), w, false);
    item.rules = toStringList(i.value(QStringLiteral("rules")), QStringLiteral("rules"), w);
    item.ruleKinds = toStringList(i.value(QStringLiteral("rule_kinds")), QStringLiteral("rule_kinds"), w);
    item.sourceLanguage = str(i, QStringLiteral("source_lang"), w, false);
    item.targetLanguage = str(i, QStringLiteral("target_lang"), w, false);
    for (const QJsonValue &t : field(i, QStringLiteral("translations"), QJsonValue::Array, w).toArray())
        item.translations << CandidateTranslation{str(t.toObject(), QStringLiteral("system"), w), str(t.toObject(), QStringLiteral("text"), w)};
    try {
        item.check = parseCheckKind(i.value(QStringLiteral("check")).toString(QStringLiteral("none")));
    } catch (const EvaluateError &e) {
        fail(w, QString::fromStdString(e.what()));
    }
    item.originalKey = i.value(QStringLiteral("original")).toString();
    item.pair = i.value(QStringLiteral("pair")).toString();
    item.document = i.value(QStringLiteral("document")).toString();
    item.pairedKey = i.value(QStringLiteral("paired_with")).toString();
    for (const QJsonValue &e : i.value(QStringLiteral("expected")).toArray()) {
        ExpectedJudgement x;
        x.minScore = integer(e.toObject().value(QStringLiteral("min_score")), QStringLiteral("min_score"), w);
        x.maxScore = integer(e.toObject().value(QStringLiteral("max_score")), QStringLiteral("max_score"), w);
        const QJsonValue span = e.toObject().value(QStringLiteral("span"));
        if (!span.isUndefined() && !span.isNull()) {
            const QVector<int> r = toIntVector(span, QStringLiteral("expected span"), w);
            if (r.size() != 2)
                fail(w, QStringLiteral("expected span must be [start, end]"));
            x.spanRegion = std::make_pair(r[0], r[1]);
        }
        item.expected << x;
    }
    const QJsonValue proposed = i.value(QStringLiteral("proposed_spans"));
    if (!proposed.isUndefined() && !proposed.isNull()) {
        if (!proposed.isArray())
            fail(w, QStringLiteral("proposed_spans must be a list (one list of spans per translation)"));
        for (const QJsonValue &list : proposed.toArray()) {
            if (!list.isArray())
                fail(w, QStringLiteral("proposed_spans must hold one list of spans per translation"));
            QVector<ErrorSpan> spans;
            for (const QJsonValue &span : list.toArray())
                spans << spanFromJson(span, w);
            item.proposedSpans << spans;
        }
    }
    return item;
}

QJsonObject campaignToJson(const Campaign &c)
{
    QJsonObject o;
    o.insert(QStringLiteral("uid"), c.uid);
    o.insert(QStringLiteral("name"), c.name);
    o.insert(QStringLiteral("protocol"), protocolName(c.protocol));
    o.insert(QStringLiteral("source_lang"), c.sourceLanguage);
    o.insert(QStringLiteral("target_lang"), c.targetLanguage);
    QJsonArray scales;
    for (const LikertScale &s : c.scales)
        scales.append(QJsonObject{{QStringLiteral("name"), s.name}, {QStringLiteral("labels"), stringArray(s.labels)}});
    o.insert(QStringLiteral("scales"), scales);
    QJsonObject opt;
    opt.insert(QStringLiteral("shuffle_systems"), c.options.shuffleSystems);
    opt.insert(QStringLiteral("seed"), QString::number(c.options.seed));  // 64-bit: as a string
    opt.insert(QStringLiteral("hide_system_names"), c.options.hideSystemNames);
    opt.insert(QStringLiteral("items_per_annotator"), c.options.itemsPerAnnotator);
    opt.insert(QStringLiteral("redundancy"), c.options.redundancy);
    opt.insert(QStringLiteral("two_stage"), c.options.twoStage);
    opt.insert(QStringLiteral("rule_form"), c.options.ruleForm);
    opt.insert(QStringLiteral("instructions"), c.options.instructions);
    if (!c.options.errorTypology.isEmpty())
        opt.insert(QStringLiteral("error_typology"), typologyToJson(c.options.errorTypology));
    o.insert(QStringLiteral("options"), opt);
    QJsonArray items;
    for (const CampaignItem &item : c.items)
        items.append(campaignItemToJson(item));
    o.insert(QStringLiteral("items"), items);
    return o;
}

Campaign campaignFromJson(const QJsonObject &o, const QString &where)
{
    Campaign c;
    c.uid = str(o, QStringLiteral("uid"), where);
    c.name = str(o, QStringLiteral("name"), where);
    try {
        c.protocol = parseProtocol(str(o, QStringLiteral("protocol"), where));
    } catch (const EvaluateError &e) {
        fail(where, QString::fromStdString(e.what()));
    }
    c.sourceLanguage = str(o, QStringLiteral("source_lang"), where, false);
    c.targetLanguage = str(o, QStringLiteral("target_lang"), where, false);
    for (const QJsonValue &v : o.value(QStringLiteral("scales")).toArray())
        c.scales << LikertScale{v.toObject().value(QStringLiteral("name")).toString(),
                                toStringList(v.toObject().value(QStringLiteral("labels")), QStringLiteral("scale labels"), where)};
    const QJsonObject opt = o.value(QStringLiteral("options")).toObject();
    c.options.shuffleSystems = opt.value(QStringLiteral("shuffle_systems")).toBool(true);
    bool ok = true;
    c.options.seed = opt.value(QStringLiteral("seed")).toString(QStringLiteral("1")).toULongLong(&ok);
    if (!ok)
        fail(where, QStringLiteral("options.seed must be an unsigned number in a string"));
    c.options.hideSystemNames = opt.value(QStringLiteral("hide_system_names")).toBool(true);
    c.options.itemsPerAnnotator = opt.value(QStringLiteral("items_per_annotator")).toInt(0);
    c.options.redundancy = opt.value(QStringLiteral("redundancy")).toInt(1);
    c.options.twoStage = opt.value(QStringLiteral("two_stage")).toBool(false);
    c.options.ruleForm = opt.value(QStringLiteral("rule_form")).toBool(false);
    c.options.instructions = opt.value(QStringLiteral("instructions")).toString();
    if (opt.contains(QStringLiteral("error_typology")))  // optional: packages before MQM lack it
        c.options.errorTypology = typologyFromJson(opt.value(QStringLiteral("error_typology")).toObject(), where + QStringLiteral(": options.error_typology"));
    const QJsonValue items = field(o, QStringLiteral("items"), QJsonValue::Array, where);
    for (const QJsonValue &v : items.toArray()) {
        if (!v.isObject())
            fail(where, QStringLiteral("every item must be an object"));
        c.items << campaignItemFromJson(v.toObject(), where);
    }
    try {
        c.validate();
    } catch (const EvaluateError &e) {
        fail(where, QString::fromStdString(e.what()));
    }
    return c;
}

QJsonObject answerToJson(const Answer &a)
{
    QJsonObject o;
    o.insert(QStringLiteral("stage"), a.stage);
    QJsonArray judgements;
    for (const TranslationJudgement &j : a.judgements) {
        QJsonArray spans;
        for (const ErrorSpan &s : j.spans)
            spans.append(errorSpanToJson(s));
        judgements.append(QJsonObject{{QStringLiteral("system"), j.system},
                                      {QStringLiteral("score"), j.score ? QJsonValue(*j.score) : QJsonValue()},
                                      {QStringLiteral("error_spans"), spans}});
    }
    o.insert(QStringLiteral("judgements"), judgements);
    QJsonArray likert;
    for (const auto &v : a.likert)
        likert.append(v ? QJsonValue(*v) : QJsonValue());
    o.insert(QStringLiteral("likert"), likert);
    QJsonArray rules;
    for (const auto &v : a.rules)
        rules.append(v ? QJsonValue(ruleVerdictName(*v)) : QJsonValue());
    o.insert(QStringLiteral("rules"), rules);
    o.insert(QStringLiteral("incorrect_could_pass"), a.incorrectCouldPass ? QJsonValue(*a.incorrectCouldPass) : QJsonValue());
    o.insert(QStringLiteral("time_ms"), double(a.elapsedMs));
    return o;
}

Answer answerFromJson(const QJsonObject &o, const QString &where)
{
    Answer a;
    a.stage = integer(o.value(QStringLiteral("stage")), QStringLiteral("stage"), where);
    if (a.stage != 1 && a.stage != 2)
        fail(where, QStringLiteral("stage must be 1 or 2"));
    // Every field of the wrong type is refused, naming it (issue 39: "error_spans" given as an
    // object imported the answer without its spans; "time_ms": "1234" was stored as 0).
    for (const QJsonValue &v : field(o, QStringLiteral("judgements"), QJsonValue::Array, where, false).toArray()) {
        if (!v.isObject())
            fail(where, QStringLiteral("every judgement must be an object"));
        const QJsonObject j = v.toObject();
        TranslationJudgement t;
        t.system = j.value(QStringLiteral("system")).toString();
        const QJsonValue score = j.value(QStringLiteral("score"));
        if (!score.isNull() && !score.isUndefined()) {
            t.score = integer(score, QStringLiteral("score"), where);
            // 0..100; the step of 5 is checked by missingParts() (imported WMT ratings use any integer)
            if (*t.score < 0 || *t.score > 100)
                fail(where, QStringLiteral("score %1 is not within 0-100").arg(*t.score));
        }
        for (const QJsonValue &s : field(j, QStringLiteral("error_spans"), QJsonValue::Array, where, false).toArray())
            t.spans << spanFromJson(s, where);
        a.judgements << t;
    }
    for (const QJsonValue &v : field(o, QStringLiteral("likert"), QJsonValue::Array, where, false).toArray()) {
        if (v.isNull())
            a.likert << std::nullopt;
        else
            a.likert << integer(v, QStringLiteral("likert rating"), where);
    }
    for (const QJsonValue &v : field(o, QStringLiteral("rules"), QJsonValue::Array, where, false).toArray()) {
        if (v.isNull()) {
            a.rules << std::nullopt;
            continue;
        }
        try {
            a.rules << parseRuleVerdict(v.toString());
        } catch (const EvaluateError &e) {
            fail(where, QString::fromStdString(e.what()));
        }
    }
    const QJsonValue pass = field(o, QStringLiteral("incorrect_could_pass"), QJsonValue::Bool, where, false);
    if (pass.isBool())
        a.incorrectCouldPass = pass.toBool();
    a.elapsedMs = qint64(field(o, QStringLiteral("time_ms"), QJsonValue::Double, where, false).toDouble());
    if (a.elapsedMs < 0)
        fail(where, QStringLiteral("time_ms must not be negative"));
    return a;
}

QByteArray exportPackage(const Campaign &campaign, const Assignment &assignment, const QString &packageId)
{
    Campaign subset = campaign;
    subset.items.clear();
    QJsonArray queue;
    QHash<int, int> newIndex;
    for (const AssignedItem &a : assignment.items) {
        if (!newIndex.contains(a.itemIndex)) {
            newIndex.insert(a.itemIndex, subset.items.size());
            subset.items << campaign.items[a.itemIndex];
        }
        queue.append(QJsonObject{{QStringLiteral("item"), campaign.items[a.itemIndex].key},
                                 {QStringLiteral("system_order"), intArray(a.systemOrder)}});
    }
    // a bad item's original is always assigned with it (assignItems), but keep the package valid
    // standalone if the organiser handed out a custom assignment
    for (int i = 0; i < subset.items.size(); ++i)
        if (subset.items[i].check == CheckKind::BadReference && subset.indexOfItem(subset.items[i].originalKey) < 0)
            subset.items << campaign.items[campaign.indexOfItem(subset.items[i].originalKey)];
    QJsonObject o = fileHeader(PackageFormat, campaign.uid, packageId, assignment.annotator);
    o.insert(QStringLiteral("campaign"), campaignToJson(subset));
    o.insert(QStringLiteral("queue"), queue);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

Package parsePackage(const QByteArray &bytes, const QString &fileName)
{
    const QJsonObject o = parseObject(bytes, fileName, PackageFormat);
    Package p;
    p.campaignUid = str(o, QStringLiteral("campaign_id"), fileName);
    p.packageId = str(o, QStringLiteral("package_id"), fileName);
    p.annotator = str(o, QStringLiteral("annotator"), fileName);
    p.campaign = campaignFromJson(field(o, QStringLiteral("campaign"), QJsonValue::Object, fileName).toObject(), fileName);
    if (p.campaign.uid != p.campaignUid)
        fail(fileName, QStringLiteral("campaign_id does not match the campaign inside"));
    p.assignment.annotator = p.annotator;
    for (const QJsonValue &v : field(o, QStringLiteral("queue"), QJsonValue::Array, fileName).toArray()) {
        AssignedItem a;
        const QString key = v.toObject().value(QStringLiteral("item")).toString();
        a.itemIndex = p.campaign.indexOfItem(key);
        if (a.itemIndex < 0)
            fail(fileName, QStringLiteral("queue names unknown item '%1'").arg(key));
        a.systemOrder = toIntVector(v.toObject().value(QStringLiteral("system_order")), QStringLiteral("system_order"), fileName);
        QVector<int> sorted = a.systemOrder;
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < sorted.size(); ++i)
            if (sorted[i] != i)
                sorted.clear();
        if (sorted.size() != p.campaign.items[a.itemIndex].translations.size())
            fail(fileName, QStringLiteral("system_order of item '%1' is not a permutation of its translations").arg(key));
        p.assignment.items << a;
    }
    return p;
}

QByteArray exportResults(const ResultFile &r)
{
    QJsonObject o = fileHeader(ResultsFormat, r.campaignUid, r.packageId, r.annotator);
    if (!r.campaignName.isEmpty())
        o.insert(QStringLiteral("campaign_name"), r.campaignName);
    QJsonArray answers;
    for (const StoredAnswer &a : r.answers) {
        QJsonObject x = answerToJson(a.answer);
        x.insert(QStringLiteral("item"), a.itemKey);
        x.insert(QStringLiteral("system_order"), intArray(a.systemOrder));
        x.insert(QStringLiteral("saved_at"), a.savedAt);
        answers.append(x);
    }
    o.insert(QStringLiteral("answers"), answers);
    QJsonArray log;
    for (const LogEntry &e : r.log)
        log.append(QJsonObject{{QStringLiteral("at"), e.at}, {QStringLiteral("item"), e.itemKey}, {QStringLiteral("stage"), e.stage},
                               {QStringLiteral("action"), e.action}, {QStringLiteral("detail"), e.detail}});
    o.insert(QStringLiteral("log"), log);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

ResultFile parseResults(const QByteArray &bytes, const QString &fileName)
{
    const QJsonObject o = parseObject(bytes, fileName, ResultsFormat);
    ResultFile r;
    r.campaignUid = str(o, QStringLiteral("campaign_id"), fileName);
    r.campaignName = str(o, QStringLiteral("campaign_name"), fileName, false);
    r.packageId = str(o, QStringLiteral("package_id"), fileName);
    r.annotator = str(o, QStringLiteral("annotator"), fileName);
    if (r.annotator.trimmed().isEmpty())
        fail(fileName, QStringLiteral("the annotator is empty"));
    int n = 0;
    for (const QJsonValue &v : field(o, QStringLiteral("answers"), QJsonValue::Array, fileName).toArray()) {
        ++n;
        const QJsonObject a = v.toObject();
        const QString where = QStringLiteral("%1, answer %2").arg(core::argText(fileName), core::argText(n));
        StoredAnswer s;
        s.itemKey = str(a, QStringLiteral("item"), where);
        s.systemOrder = toIntVector(a.value(QStringLiteral("system_order")), QStringLiteral("system_order"), where);
        s.answer = answerFromJson(a, where);
        s.savedAt = a.value(QStringLiteral("saved_at")).toString();
        r.answers << s;
    }
    for (const QJsonValue &v : o.value(QStringLiteral("log")).toArray()) {
        const QJsonObject e = v.toObject();
        r.log << LogEntry{e.value(QStringLiteral("at")).toString(), e.value(QStringLiteral("item")).toString(),
                          e.value(QStringLiteral("stage")).toInt(), e.value(QStringLiteral("action")).toString(),
                          e.value(QStringLiteral("detail")).toString()};
    }
    return r;
}

void checkResultsAgainst(const Campaign &campaign, const ResultFile &results, const QString &fileName)
{
    if (results.campaignUid != campaign.uid)
        fail(fileName, QStringLiteral("belongs to another campaign (%1), not '%2' (%3)").arg(results.campaignUid, campaign.name, campaign.uid));
    QSet<QString> seen;
    for (int n = 0; n < results.answers.size(); ++n) {
        const StoredAnswer &a = results.answers[n];
        const QString where = QStringLiteral("%1, answer %2 (item '%3')").arg(core::argText(fileName), core::argText(n + 1), core::argText(a.itemKey));
        const int index = campaign.indexOfItem(a.itemKey);
        if (index < 0)
            fail(where, QStringLiteral("no such item in campaign '%1'").arg(campaign.name));
        if (a.answer.stage > campaign.stages())
            fail(where, QStringLiteral("stage %1 but the campaign has %2").arg(a.answer.stage).arg(campaign.stages()));
        const QString key = a.itemKey + u'|' + QString::number(a.answer.stage);
        if (seen.contains(key))
            fail(where, QStringLiteral("the item is answered twice in stage %1").arg(a.answer.stage));
        seen.insert(key);
        const CampaignItem &item = campaign.items[index];
        QVector<int> sorted = a.systemOrder;
        std::sort(sorted.begin(), sorted.end());
        bool permutation = sorted.size() == item.translations.size();
        for (int i = 0; permutation && i < sorted.size(); ++i)
            permutation = sorted[i] == i;
        if (!permutation)
            fail(where, QStringLiteral("system_order is not a permutation of the item's %1 translations").arg(item.translations.size()));
        for (int pos = 0; pos < a.answer.judgements.size() && pos < a.systemOrder.size(); ++pos)
            if (a.answer.judgements[pos].system != item.translations[a.systemOrder[pos]].system)
                fail(where, QStringLiteral("judgement %1 is for system '%2', expected '%3'").arg(core::argText(pos + 1), core::argText(a.answer.judgements[pos].system), core::argText(item.translations[a.systemOrder[pos]].system)));
        try {
            const QVector<MissingPart> missing = missingParts(campaign, item, a.answer, a.systemOrder);
            if (!missing.isEmpty())
                fail(where, QStringLiteral("the answer is incomplete"));
        } catch (const EvaluateError &e) {
            fail(where, QString::fromStdString(e.what()));
        }
    }
}

}  // namespace gauntlet::evaluate
