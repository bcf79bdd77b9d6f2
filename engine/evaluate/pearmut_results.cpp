// Gauntlet answers <-> Pearmut result JSONL (pearmut.h).
#include "engine/evaluate/pearmut.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/mqm_score.h"
#include "engine/evaluate/pearmut_items.h"
#include "engine/evaluate/prefilled_spans.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gauntlet::evaluate {

namespace {

[[noreturn]] void fail(const QString &where, const QString &reason)
{
    throw EvaluateError(QStringLiteral("%1: %2").arg(where, reason));
}

double epochSeconds(const QString &iso)
{
    const QDateTime t = QDateTime::fromString(iso, Qt::ISODateWithMs);
    return t.isValid() ? double(t.toMSecsSinceEpoch()) / 1000.0 : 0.0;
}

QString isoFromSeconds(double seconds)
{
    return QDateTime::fromMSecsSinceEpoch(qint64(std::llround(seconds * 1000.0)), Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonObject judgementJson(const CampaignItem &item, int translation, const TranslationJudgement &j)
{
    const QString &text = item.translations[translation].text;
    QJsonObject o;
    o.insert(QStringLiteral("score"), j.score ? QJsonValue(*j.score) : QJsonValue());
    QJsonArray spans;
    for (const ErrorSpan &s : j.spans)
        spans.append(pearmut::spanToJson(s, text));
    o.insert(QStringLiteral("error_spans"), spans);
    o.insert(QStringLiteral("textfield"), QJsonValue());
    if (translation < item.proposedSpans.size() && !item.proposedSpans[translation].isEmpty()) {
        const ProposalReview review = reviewProposals(item.proposedSpans[translation], j.spans);
        QJsonArray proposals;
        for (const ProposalOutcome &p : review.proposals) {
            QJsonObject x = pearmut::spanToJson(p.proposed, text);
            x.insert(QStringLiteral("outcome"), proposalFateName(p.fate));
            proposals.append(x);
        }
        o.insert(QStringLiteral("proposals"), proposals);
    }
    return o;
}

}  // namespace

QByteArray pearmutResultsJsonl(const Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers,
                               const QMap<QString, QVector<LogEntry>> &logs, int stage)
{
    QByteArray out;
    for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
        for (const StoredAnswer &s : it.value()) {
            const int index = campaign.indexOfItem(s.itemKey);
            if (index < 0 || (stage != 0 && s.answer.stage != stage))
                continue;
            const CampaignItem &item = campaign.items[index];
            const Answer &a = s.answer;
            QJsonObject annotation;
            QJsonArray order;
            for (int pos = 0; pos < a.judgements.size() && pos < s.systemOrder.size(); ++pos) {
                const int t = s.systemOrder[pos];
                if (t < 0 || t >= item.translations.size())
                    continue;
                annotation.insert(item.translations[t].system, judgementJson(item, t, a.judgements[pos]));
                order.append(item.translations[t].system);
            }
            const double submit = epochSeconds(s.savedAt);
            QJsonArray actions{QJsonObject{{QStringLiteral("time"), submit - double(a.elapsedMs) / 1000.0}, {QStringLiteral("action"), QStringLiteral("load")}}};
            for (const LogEntry &e : logs.value(it.key()))
                if (e.itemKey == s.itemKey && e.stage == a.stage && e.action != QLatin1String("answer")) {
                    QJsonObject x{{QStringLiteral("time"), epochSeconds(e.at)}, {QStringLiteral("action"), e.action}};
                    if (!e.detail.isEmpty())
                        x.insert(QStringLiteral("detail"), e.detail);
                    actions.append(x);
                }
            actions.append(QJsonObject{{QStringLiteral("time"), submit}, {QStringLiteral("action"), QStringLiteral("submit")}});
            QJsonObject extras{{QStringLiteral("stage"), a.stage}, {QStringLiteral("system_order"), order}, {QStringLiteral("saved_at"), s.savedAt},
                               {QStringLiteral("key"), item.key}};
            if (!a.likert.isEmpty()) {
                QJsonArray likert;
                for (const auto &v : a.likert)
                    likert.append(v ? QJsonValue(*v) : QJsonValue());
                extras.insert(QStringLiteral("likert"), likert);
            }
            if (!a.rules.isEmpty()) {
                QJsonArray rules;
                for (const auto &v : a.rules)
                    rules.append(v ? QJsonValue(ruleVerdictName(*v)) : QJsonValue());
                extras.insert(QStringLiteral("rules"), rules);
            }
            if (a.incorrectCouldPass)
                extras.insert(QStringLiteral("incorrect_could_pass"), *a.incorrectCouldPass);
            QJsonObject line;
            line.insert(QStringLiteral("user_id"), it.key());
            // Pearmut's results_export.py leaves welcome_ and random_ items out of system scores.
            if (item.check == CheckKind::Tutorial)
                line.insert(QStringLiteral("item_i"), QStringLiteral("welcome_%1").arg(index));
            else if (item.check == CheckKind::Loud || item.check == CheckKind::Silent)
                line.insert(QStringLiteral("item_i"), QStringLiteral("random_%1").arg(index));
            else
                line.insert(QStringLiteral("item_i"), index);
            QJsonObject itemJson = pearmut::itemToJson(item);
            itemJson.insert(QStringLiteral("item_id"), pearmut::sharedItemId(item));
            line.insert(QStringLiteral("item"), QJsonArray{itemJson});
            line.insert(QStringLiteral("annotation"), QJsonArray{annotation});
            line.insert(QStringLiteral("actions"), actions);
            line.insert(QStringLiteral("time"), double(a.elapsedMs) / 1000.0);
            line.insert(QStringLiteral("gauntlet"), extras);
            out += QJsonDocument(line).toJson(QJsonDocument::Compact);
            out += '\n';
        }
    }
    return out;
}

namespace {

/// Active time of a line: "time" (seconds) when given, else the last submit minus the first load.
qint64 elapsedMs(const QJsonObject &line, const QString &where)
{
    const QJsonValue time = line.value(QStringLiteral("time"));
    if (time.isDouble()) {
        if (time.toDouble() < 0)
            fail(where, QStringLiteral("\"time\" is negative"));
        return qint64(std::llround(time.toDouble() * 1000.0));
    }
    std::optional<double> load, submit;
    for (const QJsonValue &v : line.value(QStringLiteral("actions")).toArray()) {
        const QJsonObject a = v.toObject();
        const QString action = a.value(QStringLiteral("action")).toString(a.value(QStringLiteral("type")).toString());
        if (!a.value(QStringLiteral("time")).isDouble())
            continue;
        const double t = a.value(QStringLiteral("time")).toDouble();
        if (action == QLatin1String("load") && !load)
            load = t;
        if (action.startsWith(QLatin1String("submit")))
            submit = t;
    }
    return load && submit && *submit >= *load ? qint64(std::llround((*submit - *load) * 1000.0)) : 0;
}

QString savedAt(const QJsonObject &line, const QJsonObject &extras)
{
    if (extras.value(QStringLiteral("saved_at")).isString())
        return extras.value(QStringLiteral("saved_at")).toString();
    const QJsonArray actions = line.value(QStringLiteral("actions")).toArray();
    for (qsizetype i = actions.size() - 1; i >= 0; --i)
        if (actions[i].toObject().value(QStringLiteral("time")).isDouble())
            return isoFromSeconds(actions[i].toObject().value(QStringLiteral("time")).toDouble());
    return {};
}


/// Where the answers read so far stand: user|item|stage -> index in the user's answers.
using AnswerIndex = QHash<QString, int>;

/// Pearmut's dashboard reset line: drops the answers of its "user_id" read so far (null: every user's).
void applyReset(const QJsonObject &line, PearmutResults &out, AnswerIndex &answerAt)
{
    const QJsonValue who = line.value(QStringLiteral("user_id"));
    const QStringList users = who.isString() ? QStringList{who.toString()} : out.imported.answers.keys();
    for (const QString &user : users) {
        out.answers -= int(out.imported.answers.value(user).size());
        out.imported.answers.remove(user);
        for (auto a = answerAt.begin(); a != answerAt.end();)
            a = a.key().startsWith(user + u'|') ? answerAt.erase(a) : std::next(a);
    }
    pearmut::note(&out.notes, QStringLiteral("a reset (\"__RESET__\") drops the answers before it, as Pearmut's own results do"));
}

/// Pearmut gives items of several systems one item_id (its WMT ingest does): a single-system
/// `item` whose id an item of another system already has, or that was split before, becomes
/// "<item_id>#<system>", and so does the first one seen under the bare id (with its answers).
void splitSharedItemId(CampaignItem &item, PearmutResults &out, AnswerIndex &answerAt, QSet<QString> &splitIds)
{
    Campaign &c = out.imported.campaign;
    const int same = c.indexOfItem(item.key);
    if (!splitIds.contains(item.key) && !(same >= 0 && c.items[same].translations.size() == 1
                                          && c.items[same].translations[0].system != item.translations[0].system))
        return;
    if (!splitIds.contains(item.key)) {  // the first one seen under the bare id gets its system too
        splitIds.insert(item.key);
        const QString renamed = item.key + u'#' + c.items[same].translations[0].system;
        for (auto &list : out.imported.answers)
            for (StoredAnswer &x : list)
                if (x.itemKey == item.key)
                    x.itemKey = renamed;
        AnswerIndex moved;
        for (auto a = answerAt.cbegin(); a != answerAt.cend(); ++a) {
            QString k = a.key();
            const QString middle = u'|' + item.key + u'|';
            if (k.contains(middle))
                k.replace(middle, u'|' + renamed + u'|');
            moved.insert(k, a.value());
        }
        answerAt = moved;
        c.items[same].key = renamed;
    }
    item.key += u'#' + item.translations[0].system;
    pearmut::note(&out.notes, QStringLiteral("items sharing an item_id across systems became one item per system (key \"<item_id>#<system>\")"));
}

/// The order the systems were shown in: "gauntlet.system_order" when it names every translation
/// of `item`, else the item's own order.
QVector<int> systemOrder(const QJsonObject &extras, const CampaignItem &item)
{
    QVector<int> order;
    for (const QJsonValue &v : extras.value(QStringLiteral("system_order")).toArray())
        for (int t = 0; t < item.translations.size(); ++t)
            if (item.translations[t].system == v.toString() && !order.contains(t))
                order << t;
    if (order.size() != item.translations.size()) {
        order.clear();
        for (int t = 0; t < item.translations.size(); ++t)
            order << t;
    }
    return order;
}

/// One system's {score, error_spans} of an annotation. Throws EvaluateError naming `where` for a
/// score that is not a whole number 0-100 or a bad span (`fileName` for spans that do not fit the text).
TranslationJudgement readJudgement(const QJsonObject &a, const CandidateTranslation &tr, const QString &where, const QString &fileName)
{
    TranslationJudgement j;
    j.system = tr.system;
    const QJsonValue score = a.value(QStringLiteral("score"));
    if (score.isDouble()) {
        const double v = score.toDouble();
        if (v != std::floor(v) || v < 0 || v > 100)
            fail(where, QStringLiteral("score %1 of '%2' is not a whole number 0-100").arg(v).arg(tr.system));
        j.score = int(v);
    } else if (!score.isNull() && !score.isUndefined()) {
        fail(where, QStringLiteral("the score of '%1' is not a number").arg(tr.system));
    }
    for (const QJsonValue &span : a.value(QStringLiteral("error_spans")).toArray())
        j.spans << pearmut::spanFromJson(span, tr.text, QStringLiteral("%1, span of '%2'").arg(where, tr.system));
    try {
        validateSpans(j.spans, tr.text, QStringLiteral("%1, spans of '%2'").arg(where, tr.system));
    } catch (const EvaluateError &e) {
        fail(fileName, QString::fromStdString(e.what()));
    }
    return j;
}

/// What Gauntlet's own lines add under "gauntlet": the stage (1 or 2, default 1), the Likert
/// answers, the rule verdicts and incorrect_could_pass. Throws EvaluateError naming `where`.
void readGauntletExtras(const QJsonObject &extras, Answer &answer, const QString &where)
{
    answer.stage = extras.value(QStringLiteral("stage")).toInt(1);
    if (answer.stage != 1 && answer.stage != 2)
        fail(where, QStringLiteral("gauntlet.stage must be 1 or 2"));
    for (const QJsonValue &v : extras.value(QStringLiteral("likert")).toArray())
        answer.likert << (v.isDouble() ? std::optional<int>(v.toInt()) : std::nullopt);
    for (const QJsonValue &v : extras.value(QStringLiteral("rules")).toArray()) {
        try {
            answer.rules << (v.isString() ? std::optional<RuleVerdict>(parseRuleVerdict(v.toString())) : std::nullopt);
        } catch (const EvaluateError &e) {
            fail(where, QString::fromStdString(e.what()));
        }
    }
    if (extras.value(QStringLiteral("incorrect_could_pass")).isBool())
        answer.incorrectCouldPass = extras.value(QStringLiteral("incorrect_could_pass")).toBool();
}

/// Adds `s` to `user`'s answers; an item submitted again at the same stage replaces its earlier answer.
void storeAnswer(PearmutResults &out, AnswerIndex &answerAt, const QString &user, const StoredAnswer &s)
{
    const QString key = user + u'|' + s.itemKey + u'|' + QString::number(s.answer.stage);
    QVector<StoredAnswer> &list = out.imported.answers[user];
    if (answerAt.contains(key)) {
        list[answerAt.value(key)] = s;  // submitted again: the last submission counts
        pearmut::note(&out.notes, QStringLiteral("items submitted more than once keep their last submission"));
    } else {
        answerAt.insert(key, int(list.size()));
        list << s;
        ++out.answers;
    }
}

/// The campaign's protocol (`protocol`, else CESA when every item has several translations or is a
/// check, else ESA), its span categories, and its validation. Throws EvaluateError naming `fileName`.
void settleCampaign(PearmutResults &out, std::optional<Protocol> protocol, const QString &fileName)
{
    Campaign &c = out.imported.campaign;
    if (c.items.isEmpty())
        fail(fileName, QStringLiteral("no answered item (expected Pearmut result lines with scores or spans)"));
    if (protocol) {
        c.protocol = *protocol;
    } else {
        bool allSeveral = true;
        for (const CampaignItem &item : c.items)
            allSeveral = allSeveral && (item.translations.size() >= 2 || item.check != CheckKind::None);
        c.protocol = allSeveral ? Protocol::Cesa : Protocol::Esa;
    }
    adoptSpanCategories(c, out.imported.answers);  // Pearmut's MQM template names a category per span
    try {
        c.validate();
    } catch (const EvaluateError &e) {
        fail(fileName, QString::fromStdString(e.what()));
    }
}

}  // namespace

PearmutResults readPearmutResults(const QByteArray &bytes, const QString &fileName, const QString &name, std::optional<Protocol> protocol)
{
    decodeUtf8(bytes, fileName);
    PearmutResults out;
    Campaign &c = out.imported.campaign;
    c.name = name;
    c.options.shuffleSystems = false;
    c.options.hideSystemNames = false;
    AnswerIndex answerAt;
    QSet<QString> splitIds;  // item_ids shared by single-system items of different systems
    const QList<QByteArray> lines = bytes.split('\n');
    for (int n = 0; n < lines.size(); ++n) {
        if (lines[n].trimmed().isEmpty())
            continue;
        const QString where = QStringLiteral("%1, line %2").arg(core::argText(fileName), core::argText(n + 1));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(lines[n], &error);
        if (error.error != QJsonParseError::NoError)
            fail(where, QStringLiteral("not valid JSON: %1").arg(error.errorString()));
        const QJsonObject line = doc.object();
        // Pearmut's dashboard reset: {"user_id": U or null, "item_i", "annotation": "__RESET__"}.
        // Its results drop that user's earlier lines (null: single-stream, every user's).
        if (doc.isObject() && line.value(QStringLiteral("annotation")).toString() == QLatin1String("__RESET__")) {
            applyReset(line, out, answerAt);
            continue;
        }
        if (!doc.isObject() || !line.value(QStringLiteral("user_id")).isString())
            fail(where, QStringLiteral("not a Pearmut result line (expected an object with \"user_id\", \"item\" and \"annotation\")"));
        if (!line.value(QStringLiteral("item")).isArray() || !line.value(QStringLiteral("annotation")).isArray())
            fail(where, QStringLiteral("expected \"item\" and \"annotation\" lists (the result lines of Pearmut 1.x carry their items)"));
        ++out.lines;
        const QString user = line.value(QStringLiteral("user_id")).toString();
        const QJsonArray items = line.value(QStringLiteral("item")).toArray(), annotations = line.value(QStringLiteral("annotation")).toArray();
        if (items.size() != annotations.size())
            fail(where, QStringLiteral("%1 items but %2 annotations").arg(items.size()).arg(annotations.size()));
        const QJsonObject extras = line.value(QStringLiteral("gauntlet")).toObject();
        for (int k = 0; k < items.size(); ++k) {
            const QVector<CampaignItem> converted = pearmut::itemsFromJson(items[k].toObject(), where, QStringLiteral("line%1:%2").arg(n + 1).arg(k + 1), false, &out.notes);
            if (converted.isEmpty() || annotations[k].isNull()) {
                ++out.skipped;
                continue;
            }
            CampaignItem item = converted.first();
            // Gauntlet's own files name the item's key; Pearmut's give items of several systems
            // one item_id (its WMT ingest does), told apart here by system.
            const QString ownKey = extras.value(QStringLiteral("key")).toString();
            if (!ownKey.isEmpty())
                item.key = ownKey;
            else if (item.translations.size() == 1)
                splitSharedItemId(item, out, answerAt, splitIds);
            const int index = c.indexOfItem(item.key);
            if (index >= 0 && !pearmut::sameContent(c.items[index], item))
                fail(where, QStringLiteral("item_id '%1' has other content than on an earlier line").arg(item.key));
            if (!annotations[k].isObject())
                fail(where, QStringLiteral("an annotation must map system names to {score, error_spans}"));
            const QJsonObject annotation = annotations[k].toObject();
            StoredAnswer s;
            s.itemKey = item.key;
            s.systemOrder = systemOrder(extras, item);
            bool anything = false;
            for (const int t : s.systemOrder) {
                const CandidateTranslation &tr = item.translations[t];
                const TranslationJudgement j = readJudgement(annotation.value(tr.system).toObject(), tr, where, fileName);
                anything = anything || j.score || !j.spans.isEmpty();
                s.answer.judgements << j;
            }
            if (!anything) {
                ++out.skipped;
                continue;
            }
            if (index < 0)
                c.items << item;
            readGauntletExtras(extras, s.answer, where);
            s.answer.elapsedMs = elapsedMs(line, where);
            s.savedAt = savedAt(line, extras);
            if (s.answer.stage == 2)
                c.options.twoStage = true;
            storeAnswer(out, answerAt, user, s);
        }
    }
    settleCampaign(out, protocol, fileName);
    return out;
}

}  // namespace gauntlet::evaluate
