#include "engine/verify/ltb_release.h"
#include "engine/core/arg_text.h"

#include "engine/core/text_file.h"
#include "engine/verify/verify_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStringDecoder>

namespace gauntlet::verify {

namespace {

class Reader {
public:
    explicit Reader(QString name) : m_name(std::move(name)) {}

    [[noreturn]] void fail(const QString &path, const QString &reason) const { throw core::InputFileError(m_name, 0, path + QStringLiteral(": ") + reason); }

    QString string(const QJsonObject &o, const QString &path, const char *key, bool required) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) {
            if (required)
                fail(path + u'.' + QLatin1String(key), QStringLiteral("is missing"));
            return {};
        }
        if (!v.isString())
            fail(path + u'.' + QLatin1String(key), QStringLiteral("expected a string"));
        return v.toString();
    }

    QStringList strings(const QJsonObject &o, const QString &path, const char *key) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return {};
        if (!v.isArray())
            fail(path + u'.' + QLatin1String(key), QStringLiteral("expected a list of strings"));
        QStringList list;
        const QJsonArray a = v.toArray();
        for (int i = 0; i < a.size(); ++i) {
            if (!a[i].isString())
                fail(QStringLiteral("%1.%2[%3]").arg(path, QLatin1String(key)).arg(i), QStringLiteral("expected a string"));
            list << a[i].toString();
        }
        return list;
    }

private:
    QString m_name;
};

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

/// The release's JSON array of examples. Throws InputFileError for text that is not UTF-8, not
/// JSON, or not an array.
QJsonArray releaseArray(const QByteArray &bytes, const QString &name)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder(bytes);
    if (decoder.hasError())
        throw core::InputFileError(name, 0, QStringLiteral("is not valid UTF-8"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throw core::InputFileError(name, 0, QStringLiteral("is not valid JSON: %1 at byte %2").arg(core::argText(parseError.errorString()), core::argText(parseError.offset)));
    if (!doc.isArray())
        throw core::InputFileError(name, 0, QStringLiteral("expected a JSON array of examples (LTB's v1.json)"));
    return doc.array();
}

/// An example's own fields: id, status (anything but "accepted" comes in as a draft), texts,
/// languages, notes, tags.
void readExampleFields(const Reader &reader, const QJsonObject &o, const QString &path, ChallengeExample &e)
{
    const QJsonValue id = o.value(QLatin1String("id"));
    if (id.isDouble())
        e.ltbId = QString::number(id.toInteger());
    else if (id.isString())
        e.ltbId = id.toString();
    else if (!id.isUndefined() && !id.isNull())
        reader.fail(path + QStringLiteral(".id"), QStringLiteral("expected a number or a string"));
    // LTB's releases hold accepted examples; a Gauntlet export of others says so in "status"
    // (issue 19: they were all imported as accepted). Anything but "accepted" comes in as a draft.
    e.status = ExampleStatus::Accepted;
    if (o.contains(QLatin1String("status"))) {
        const QString status = reader.string(o, path, "status", false);
        if (status != QLatin1String("accepted"))
            e.status = ExampleStatus::Draft;
    }
    if (!o.contains(QLatin1String("source_text")))
        reader.fail(path + QStringLiteral(".source_text"), QStringLiteral("is missing"));
    e.sourceText = reader.string(o, path, "source_text", false);  // null: a media-only example
    e.sourceLanguage = reader.string(o, path, "source_lang", true);
    e.targetLanguage = reader.string(o, path, "target_lang", true);
    e.sourceLanguageIso = reader.string(o, path, "source_lang_iso", false);
    e.targetLanguageIso = reader.string(o, path, "target_lang_iso", false);
    e.instructions = reader.string(o, path, "source_instructions", false);
    e.contextNote = reader.string(o, path, "source_media", false);
    e.attribution = reader.string(o, path, "attribution", false);
    e.author = reader.string(o, path, "author", false);
    e.linguistics = reader.strings(o, path, "linguistics");
    e.tags = reader.strings(o, path, "tags");
}

/// The example's "verification_rules": strings (LLM rules) or objects with "value", "type" and options.
QVector<VerificationRule> readRules(const Reader &reader, const QJsonObject &o, const QString &path)
{
    QVector<VerificationRule> out;
    const QJsonValue rulesValue = o.value(QLatin1String("verification_rules"));
    if (!rulesValue.isArray())
        reader.fail(path + QStringLiteral(".verification_rules"), rulesValue.isUndefined() ? QStringLiteral("is missing") : QStringLiteral("expected a list"));
    const QJsonArray rules = rulesValue.toArray();
    for (int r = 0; r < rules.size(); ++r) {
        const QString rulePath = QStringLiteral("%1.verification_rules[%2]").arg(core::argText(path), core::argText(r));
        VerificationRule rule;
        if (rules[r].isString()) {
            rule.text = rules[r].toString();
        } else if (rules[r].isObject()) {
            const QJsonObject ro = rules[r].toObject();
            rule.text = reader.string(ro, rulePath, "value", true);
            try {
                rule.kind = parseRuleKind(reader.string(ro, rulePath, "type", false).isEmpty() ? QStringLiteral("llm")
                                                                                              : ro.value(QLatin1String("type")).toString());
                rule.setOptionsJson(ro);
                rule.validate();
            } catch (const VerifyError &err) {
                reader.fail(rulePath, QString::fromStdString(err.what()));
            }
        } else {
            reader.fail(rulePath, QStringLiteral("expected a string or an object with \"value\""));
        }
        out.append(rule);
    }
    return out;
}

/// Gauntlet's "human_verdicts" of one translation into b.overrides; returns the rules (0-based)
/// they set by hand.
QSet<int> readHumanVerdicts(const Reader &reader, const QJsonObject &to, const QString &tPath, const QString &translation, ExampleBundle &b)
{
    // A verdict set by hand is what "verified" holds for its rule: the release does not carry
    // the verifiers' verdict there, so none is made up from it (issue 32).
    QSet<int> setByHand;
    // Gauntlet's extra: reviewers' verdicts set by hand (their value is also in "verified").
    const QJsonValue human = to.value(QLatin1String("human_verdicts"));
    if (!human.isUndefined() && !human.isNull()) {
        if (!human.isArray())
            reader.fail(tPath + QStringLiteral(".human_verdicts"), QStringLiteral("expected a list"));
        const QJsonArray list = human.toArray();
        for (int h = 0; h < list.size(); ++h) {
            const QString hPath = QStringLiteral("%1.human_verdicts[%2]").arg(core::argText(tPath), core::argText(h));
            const QJsonObject ho = list[h].toObject();
            const int rule = ho.value(QLatin1String("rule")).toInt(0);
            if (rule < 1 || rule > b.rules.size())
                reader.fail(hPath + QStringLiteral(".rule"), QStringLiteral("expected a rule number from 1 to %1").arg(b.rules.size()));
            const QString verdict = reader.string(ho, hPath, "verdict", true);
            if (verdict != QLatin1String("pass") && verdict != QLatin1String("fail"))
                reader.fail(hPath + QStringLiteral(".verdict"), QStringLiteral("expected \"pass\" or \"fail\""));
            setByHand.insert(rule - 1);
            b.overrides.append({b.rules[rule - 1].cacheKey(), translation, verdict == QLatin1String("pass") ? Verdict::Pass : Verdict::Fail,
                                reader.string(ho, hPath, "reason", true), reader.string(ho, hPath, "reviewer", true),
                                reader.string(ho, hPath, "time", false)});
        }
    }
    return setByHand;
}

/// The "verified" list of one translation (one value per rule) as the imported verifier's verdicts,
/// except for string rules and the rules in `setByHand`.
void readVerified(const Reader &reader, const QJsonObject &to, const QString &tPath, const QString &translation, const QSet<int> &setByHand,
                  ExampleBundle &b)
{
    const QJsonValue verified = to.value(QLatin1String("verified"));
    if (!verified.isUndefined() && !verified.isNull()) {
        if (!verified.isArray() || verified.toArray().size() != b.rules.size())
            reader.fail(tPath + QStringLiteral(".verified"),
                        QStringLiteral("expected a list of %1 values (one per rule)").arg(b.rules.size()));
        const QJsonArray v = verified.toArray();
        for (int r = 0; r < v.size(); ++r) {
            if (!v[r].isBool() && !v[r].isNull())
                reader.fail(QStringLiteral("%1.verified[%2]").arg(core::argText(tPath), core::argText(r)), QStringLiteral("expected true, false or null"));
            if (v[r].isBool() && !b.rules[r].isStringRule() && !translation.isEmpty() && !setByHand.contains(r))
                b.verdicts.insert(b.rules[r], ltbImportedVerifierName(), translation,
                                  VerdictRecord{v[r].toBool() ? Verdict::Pass : Verdict::Fail, {}, {}, {}});
        }
    }
}

/// The example's "translations" into b (the reference model's into the example); returns every
/// translation's text.
QStringList readTranslations(const Reader &reader, const QJsonObject &o, const QString &path, ExampleBundle &b)
{
    const QJsonValue translationsValue = o.value(QLatin1String("translations"));
    if (!translationsValue.isUndefined() && !translationsValue.isNull() && !translationsValue.isArray())
        reader.fail(path + QStringLiteral(".translations"), QStringLiteral("expected a list"));
    const QJsonArray translations = translationsValue.toArray();
    QSet<QString> models;
    QStringList texts;
    for (int t = 0; t < translations.size(); ++t) {
        const QString tPath = QStringLiteral("%1.translations[%2]").arg(core::argText(path), core::argText(t));
        if (!translations[t].isObject())
            reader.fail(tPath, QStringLiteral("expected an object"));
        const QJsonObject to = translations[t].toObject();
        const QString model = reader.string(to, tPath, "model", true);
        // null: the system gave none; absent is a malformed entry (issue 39: it became an empty
        // output that counted in the gate).
        if (!to.contains(QLatin1String("translation")))
            reader.fail(tPath + QStringLiteral(".translation"), QStringLiteral("missing (null for a system that gave no translation)"));
        const QString translation = reader.string(to, tPath, "translation", false);
        if (models.contains(model))
            reader.fail(tPath + QStringLiteral(".model"), QStringLiteral("'%1' appears twice").arg(model));
        models.insert(model);
        const QSet<int> setByHand = readHumanVerdicts(reader, to, tPath, translation, b);
        readVerified(reader, to, tPath, translation, setByHand, b);
        texts << translation;
        if (model == ltbReferenceModel())
            b.example.reference = translation;
        else
            b.translations.append({0, model, to.value(QLatin1String("kind")).toString(QStringLiteral("manual")), translation,
                                   reader.string(to, tPath, "error", false), {}});
    }
    return texts;
}

}  // namespace

QVector<ExampleBundle> parseLtbRelease(const QByteArray &bytes, const QString &name)
{
    const Reader reader(name);
    const QJsonArray items = releaseArray(bytes, name);

    QVector<ExampleBundle> bundles;
    for (int i = 0; i < items.size(); ++i) {
        const QString path = QStringLiteral("[%1]").arg(i);
        if (!items[i].isObject())
            reader.fail(path, QStringLiteral("expected an object"));
        const QJsonObject o = items[i].toObject();
        ExampleBundle b;
        readExampleFields(reader, o, path, b.example);
        b.rules = readRules(reader, o, path);
        const QStringList texts = readTranslations(reader, o, path, b);
        // String rules are checked here, as they would be in the editor.
        for (const VerificationRule &rule : std::as_const(b.rules))
            if (rule.isStringRule())
                for (const QString &t : std::as_const(texts))
                    if (!t.trimmed().isEmpty())
                        b.verdicts.insert(rule, {}, t, VerdictRecord{checkStringRule(rule, t), {}, {}, {}});
        bundles.append(b);
    }
    return bundles;
}

QByteArray writeLtbRelease(ExampleStore &store, const QVector<qint64> &ids)
{
    QJsonArray out;
    for (qint64 id : ids) {
        const auto e = store.example(id);
        if (!e)
            throw storage::StoreError(QStringLiteral("there is no example %1").arg(id));
        const ExampleAssessment a = store.assess(id);
        QJsonObject o;
        bool numeric = false;
        const qint64 ltbNumber = e->ltbId.toLongLong(&numeric);
        o.insert(QStringLiteral("id"), e->ltbId.isEmpty() ? QJsonValue(id) : numeric ? QJsonValue(ltbNumber) : QJsonValue(e->ltbId));
        o.insert(QStringLiteral("source_text"), e->sourceText.isEmpty() ? QJsonValue() : QJsonValue(e->sourceText));
        o.insert(QStringLiteral("source_lang"), e->sourceLanguage);
        o.insert(QStringLiteral("target_lang"), e->targetLanguage);
        o.insert(QStringLiteral("source_lang_iso"), orNull(e->sourceLanguageIso));
        o.insert(QStringLiteral("target_lang_iso"), orNull(e->targetLanguageIso));
        o.insert(QStringLiteral("source_instructions"), orNull(e->instructions));
        o.insert(QStringLiteral("source_media"), orNull(e->contextNote));
        o.insert(QStringLiteral("attribution"), e->attribution);
        if (!e->author.isEmpty())
            o.insert(QStringLiteral("author"), e->author);
        if (e->status != ExampleStatus::Accepted)  // not part of LTB's format, which holds accepted examples only
            o.insert(QStringLiteral("status"), exampleStatusName(e->status));
        QJsonArray rules;
        for (const VerificationRule &rule : a.matrix.rules) {
            QJsonObject ro{{QStringLiteral("value"), rule.text}};
            if (rule.isStringRule()) {
                ro = rule.optionsJson();
                ro.insert(QStringLiteral("type"), ruleKindName(rule.kind));
                ro.insert(QStringLiteral("value"), rule.text);
            }
            rules.append(ro);
        }
        o.insert(QStringLiteral("verification_rules"), rules);
        auto verifiedOf = [](const VerdictRow &row) {
            QJsonArray v;
            for (const VerdictCell &cell : row.cells)
                v.append(cell.verdict == Verdict::Pass ? QJsonValue(true) : cell.verdict == Verdict::Fail ? QJsonValue(false) : QJsonValue());
            return v;
        };
        // Reviewers' verdicts set by hand: "verified" holds them (the human verdict, as LTB's
        // releases hold the checked one); who, when and why ride along as an extra key.
        auto addHumanVerdicts = [](QJsonObject &to, const VerdictRow &row) {
            QJsonArray list;
            for (int r = 0; r < row.cells.size(); ++r)
                if (const auto &o = row.cells[r].humanOverride)
                    list.append(QJsonObject{{QStringLiteral("rule"), r + 1},
                                            {QStringLiteral("verdict"), verdictName(o->verdict)},
                                            {QStringLiteral("reason"), o->reason},
                                            {QStringLiteral("reviewer"), o->reviewer},
                                            {QStringLiteral("time"), o->createdAt}});
            if (!list.isEmpty())
                to.insert(QStringLiteral("human_verdicts"), list);
        };
        QJsonArray translations;
        for (const VerdictRow &row : a.matrix.rows)
            if (row.isReference) {
                QJsonObject to{{QStringLiteral("model"), ltbReferenceModel()},
                               {QStringLiteral("translation"), row.translation},
                               {QStringLiteral("verified"), verifiedOf(row)}};
                addHumanVerdicts(to, row);
                translations.append(to);
            }
        // Every stored output in order. Systems that gave no translation are left out: a release
        // never holds "translation": null, nor an error (it may name an endpoint URL; issue 19).
        const QVector<StoredTranslation> stored = store.translations(id);
        for (const StoredTranslation &t : stored) {
            if (t.text.isEmpty())
                continue;
            QJsonObject to{{QStringLiteral("model"), t.system}, {QStringLiteral("kind"), t.systemKind}};
            to.insert(QStringLiteral("translation"), t.text);
            QJsonValue verified;
            for (const VerdictRow &row : a.matrix.rows)
                if (!row.isReference && row.label == t.system) {
                    verified = verifiedOf(row);
                    addHumanVerdicts(to, row);
                }
            to.insert(QStringLiteral("verified"), verified);
            translations.append(to);
        }
        o.insert(QStringLiteral("translations"), translations);
        o.insert(QStringLiteral("linguistics"), QJsonArray::fromStringList(e->linguistics));
        o.insert(QStringLiteral("tags"), QJsonArray::fromStringList(e->tags));
        out.append(o);
    }
    return QJsonDocument(out).toJson(QJsonDocument::Indented);
}

}  // namespace gauntlet::verify
