#include "engine/evaluate/mqm_typology.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/evaluate_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

namespace gauntlet::evaluate {

namespace {

[[noreturn]] void fail(const QString &where, const QString &reason)
{
    throw EvaluateError(QStringLiteral("%1: %2").arg(where, reason));
}

bool sameOrBelow(const QString &category, const QString &node)
{
    if (node.isEmpty())
        return false;
    return category.compare(node, Qt::CaseInsensitive) == 0 || category.startsWith(node + u'/', Qt::CaseInsensitive);
}

/// Adds `path` and its parents (parents first) to `out`, refusing empty elements.
void addPath(const QString &path, QStringList *out, QSet<QString> *seen, const QString &where)
{
    const QStringList parts = path.split(u'/');
    QString prefix;
    for (const QString &part : parts) {
        if (part.trimmed().isEmpty() || part != part.trimmed())
            fail(where, QStringLiteral("category '%1' has an empty element or surrounding spaces").arg(path));
        prefix = prefix.isEmpty() ? part : prefix + u'/' + part;
        if (!seen->contains(prefix)) {
            seen->insert(prefix);
            *out << prefix;
        }
    }
}

void addNode(const QJsonValue &v, const QString &parent, QStringList *out, QSet<QString> *seen, QSet<QString> *explicitPaths,
             const QString &where)
{
    QString path;
    QJsonArray children;
    if (v.isString()) {
        path = v.toString();
    } else if (v.isObject()) {
        path = v.toObject().value(QStringLiteral("name")).toString();
        if (path.isEmpty())
            fail(where, QStringLiteral("a category object needs a \"name\""));
        children = v.toObject().value(QStringLiteral("children")).toArray();
    } else {
        fail(where, QStringLiteral("a category must be a string or an object"));
    }
    const QString full = parent.isEmpty() ? path : parent + u'/' + path;
    if (explicitPaths->contains(full))
        fail(where, QStringLiteral("category '%1' is listed twice").arg(full));
    explicitPaths->insert(full);
    addPath(full, out, seen, where);
    for (const QJsonValue &c : children)
        addNode(c, full, out, seen, explicitPaths, where);
}

double weight(const QJsonObject &o, const char *key, double fallback, const QString &where)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fallback;
    if (!v.isDouble() || v.toDouble() < 0)
        fail(where, QStringLiteral("weight \"%1\" must be a number >= 0").arg(QLatin1String(key)));
    return v.toDouble();
}

}  // namespace

double mqmWeight(const ErrorSpan &span, const MqmWeights &w)
{
    if (sameOrBelow(span.category, w.nonTranslationCategory))
        return w.nonTranslation;
    switch (span.severity) {
    case Severity::Neutral: return w.neutral;
    case Severity::Critical: return w.critical;
    case Severity::Major: return w.major;
    case Severity::Minor: break;
    }
    return sameOrBelow(span.category, w.punctuationCategory) ? w.minorPunctuation : w.minor;
}

QString topLevelCategory(const QString &category)
{
    return category.section(u'/', 0, 0);
}

MqmTypology mqmCoreTypology()
{
    const QStringList paths{
        QStringLiteral("Accuracy/Addition"), QStringLiteral("Accuracy/Omission"), QStringLiteral("Accuracy/Mistranslation"),
        QStringLiteral("Accuracy/Untranslated text"),
        QStringLiteral("Fluency/Punctuation"), QStringLiteral("Fluency/Spelling"), QStringLiteral("Fluency/Grammar"),
        QStringLiteral("Fluency/Register"), QStringLiteral("Fluency/Inconsistency"), QStringLiteral("Fluency/Character encoding"),
        QStringLiteral("Terminology/Inappropriate for context"), QStringLiteral("Terminology/Inconsistent use"),
        QStringLiteral("Style/Awkward"),
        QStringLiteral("Locale convention/Address format"), QStringLiteral("Locale convention/Currency format"),
        QStringLiteral("Locale convention/Date format"), QStringLiteral("Locale convention/Name format"),
        QStringLiteral("Locale convention/Telephone format"), QStringLiteral("Locale convention/Time format"),
        QStringLiteral("Other"), QStringLiteral("Non-translation"), QStringLiteral("Source error")};
    return typologyFromPaths(QStringLiteral("mqm-core"), paths, QStringLiteral("mqm-core"));
}

MqmTypology typologyFromPaths(const QString &name, const QStringList &paths, const QString &where)
{
    if (paths.isEmpty())
        fail(where, QStringLiteral("no error categories"));
    MqmTypology t;
    t.name = name;
    QSet<QString> seen;
    for (const QString &p : paths)
        addPath(p, &t.categories, &seen, where);
    return t;
}

MqmTypology typologyFromJson(const QJsonObject &o, const QString &where)
{
    MqmTypology t;
    t.name = o.value(QStringLiteral("name")).toString();
    const QJsonValue cats = o.value(QStringLiteral("categories"));
    if (!cats.isArray() || cats.toArray().isEmpty())
        fail(where, QStringLiteral("\"categories\" must be a non-empty list"));
    QSet<QString> seen, explicitPaths;
    for (const QJsonValue &v : cats.toArray())
        addNode(v, QString(), &t.categories, &seen, &explicitPaths, where);
    const QJsonValue wv = o.value(QStringLiteral("weights"));
    if (!wv.isUndefined() && !wv.isObject())
        fail(where, QStringLiteral("\"weights\" must be an object"));
    const QJsonObject w = wv.toObject();
    MqmWeights &d = t.weights;
    d.minor = weight(w, "minor", d.minor, where);
    d.major = weight(w, "major", d.major, where);
    d.critical = weight(w, "critical", d.critical, where);
    d.neutral = weight(w, "neutral", d.neutral, where);
    d.minorPunctuation = weight(w, "minor_punctuation", d.minorPunctuation, where);
    d.nonTranslation = weight(w, "non_translation", d.nonTranslation, where);
    d.punctuationCategory = w.value(QStringLiteral("punctuation_category")).toString(d.punctuationCategory);
    d.nonTranslationCategory = w.value(QStringLiteral("non_translation_category")).toString(d.nonTranslationCategory);
    return t;
}

MqmTypology parseMqmTypology(const QByteArray &json, const QString &where)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(where, QStringLiteral("not valid JSON (%1 at byte %2)").arg(core::argText(error.errorString()), core::argText(error.offset)));
    if (!doc.isObject())
        fail(where, QStringLiteral("expected a JSON object with \"categories\""));
    return typologyFromJson(doc.object(), where);
}

QJsonObject typologyToJson(const MqmTypology &t)
{
    const MqmWeights &d = t.weights;
    const QJsonObject w{{QStringLiteral("minor"), d.minor},
                        {QStringLiteral("major"), d.major},
                        {QStringLiteral("critical"), d.critical},
                        {QStringLiteral("neutral"), d.neutral},
                        {QStringLiteral("minor_punctuation"), d.minorPunctuation},
                        {QStringLiteral("non_translation"), d.nonTranslation},
                        {QStringLiteral("punctuation_category"), d.punctuationCategory},
                        {QStringLiteral("non_translation_category"), d.nonTranslationCategory}};
    return QJsonObject{{QStringLiteral("name"), t.name},
                       {QStringLiteral("categories"), QJsonArray::fromStringList(t.categories)},
                       {QStringLiteral("weights"), w}};
}

}  // namespace gauntlet::evaluate
