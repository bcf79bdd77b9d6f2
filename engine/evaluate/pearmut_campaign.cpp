// Pearmut campaign files -> Gauntlet campaigns (pearmut.h).
#include "engine/evaluate/pearmut.h"

#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/mqm_score.h"
#include "engine/evaluate/pearmut_items.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace gauntlet::evaluate {

namespace {

[[noreturn]] void fail(const QString &where, const QString &reason)
{
    throw EvaluateError(QStringLiteral("%1: %2").arg(where, reason));
}

/// The info keys Gauntlet reads or that change nothing in it.
const QSet<QString> &knownInfoKeys()
{
    static const QSet<QString> keys{QStringLiteral("protocol"), QStringLiteral("assignment"), QStringLiteral("shuffle"),
                                    QStringLiteral("show_model_names"), QStringLiteral("instructions"), QStringLiteral("template"),
                                    QStringLiteral("show_alignment"), QStringLiteral("word_level"), QStringLiteral("slider_colors"),
                                    QStringLiteral("validation_threshold")};
    return keys;
}

/// Walks nested lists (tasks, documents) down to the item objects, in file order. A list that
/// holds item objects is a document: its items get the document's number (counted in `documents`).
void collectItems(const QJsonValue &v, const QString &where, QVector<QJsonObject> *out, QVector<int> *documentOf, int *documents,
                  int document = 0)
{
    if (v.isObject()) {
        *out << v.toObject();
        *documentOf << document;
    } else if (v.isArray()) {
        const QJsonArray list = v.toArray();
        const bool isDocument = std::any_of(list.begin(), list.end(), [](const QJsonValue &e) { return e.isObject(); });
        const int here = isDocument ? ++*documents : document;
        for (const QJsonValue &e : list)
            collectItems(e, where, out, documentOf, documents, here);
    } else {
        fail(where, QStringLiteral("data must hold lists of item objects"));
    }
}

}  // namespace

QJsonDocument parseJsonFile(const QByteArray &bytes, const QString &fileName)
{
    decodeUtf8(bytes, fileName);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        const int line = int(bytes.left(error.offset).count('\n')) + 1;
        fail(fileName, QStringLiteral("not valid JSON at line %1: %2").arg(line).arg(error.errorString()));
    }
    return doc;
}

PearmutCampaign readPearmutCampaign(const QByteArray &bytes, const QString &fileName, const QString &name, const QString &sourceLanguage,
                                    const QString &targetLanguage)
{
    const QJsonDocument doc = parseJsonFile(bytes, fileName);
    const QJsonObject root = doc.object();
    if (!doc.isObject() || !root.value(QStringLiteral("info")).isObject())
        fail(fileName, QStringLiteral("not a Pearmut campaign file (expected an object with an \"info\" object and \"data\")"));
    if (!root.value(QStringLiteral("data")).isArray())
        fail(fileName, QStringLiteral("a Pearmut campaign needs a \"data\" list"));
    const QJsonObject info = root.value(QStringLiteral("info")).toObject();
    PearmutCampaign out;
    Campaign &c = out.campaign;
    const QString protocol = info.value(QStringLiteral("protocol")).toString();
    if (protocol.compare(QLatin1String("cESA"), Qt::CaseInsensitive) == 0)
        c.protocol = Protocol::Cesa;
    else if (protocol.compare(QLatin1String("ESA"), Qt::CaseInsensitive) == 0 || protocol.compare(QLatin1String("ESAAI"), Qt::CaseInsensitive) == 0)
        c.protocol = Protocol::Esa;
    else if (protocol.isEmpty())
        fail(fileName, QStringLiteral("info.protocol is missing (expected \"ESA\" or \"cESA\")"));
    else
        fail(fileName, QStringLiteral("info.protocol '%1' cannot be imported (Gauntlet runs ESA and cESA)").arg(protocol));
    c.name = name.isEmpty() ? root.value(QStringLiteral("campaign_id")).toString() : name;
    if (c.name.isEmpty())
        fail(fileName, QStringLiteral("the file has no campaign_id; give the campaign a name"));
    c.options.shuffleSystems = info.value(QStringLiteral("shuffle")).toBool(true);
    c.options.hideSystemNames = !info.value(QStringLiteral("show_model_names")).toBool(false);
    c.options.instructions = info.value(QStringLiteral("instructions")).toString();
    c.sourceLanguage = sourceLanguage.trimmed();
    c.targetLanguage = targetLanguage.trimmed();
    for (auto it = info.begin(); it != info.end(); ++it)
        if (!knownInfoKeys().contains(it.key()))
            pearmut::note(&out.notes, QStringLiteral("info.%1 is not carried over").arg(it.key()));
    if (info.value(QStringLiteral("assignment")).toString(QStringLiteral("task-based")) == QLatin1String("task-based")
        && root.value(QStringLiteral("data")).toArray().size() > 1)
        pearmut::note(&out.notes, QStringLiteral("the split of items into users' tasks is not kept: assign annotators with `gauntlet campaigns assign`"));

    QSet<QString> seen;
    int position = 0;
    int documents = 0;
    bool severalPerDocument = false;
    for (const QString &section : {QStringLiteral("data_welcome"), QStringLiteral("data"), QStringLiteral("data_random")}) {
        const QJsonValue data = root.value(section);
        if (data.isUndefined() || data.isNull())
            continue;
        QVector<QJsonObject> objects;
        QVector<int> documentOf;
        collectItems(data, QStringLiteral("%1, %2").arg(fileName, section), &objects, &documentOf, &documents);
        for (int i = 0; i < objects.size(); ++i) {
            ++position;
            const QString where = QStringLiteral("%1, %2 item %3").arg(fileName, section).arg(i + 1);
            for (CampaignItem item : pearmut::itemsFromJson(objects[i], where, QStringLiteral("item%1").arg(position),
                                                                   c.protocol == Protocol::Esa, &out.notes)) {
                if (seen.contains(item.key)) {
                    if (!pearmut::sameContent(c.items[c.indexOfItem(item.key)], item))
                        fail(where, QStringLiteral("item_id '%1' appears twice with different content").arg(item.key));
                    continue;  // tasks share items
                }
                seen.insert(item.key);
                // Documents stay together and in order (assignItems); a section's documents are
                // numbered in file order ("data 3").
                item.document = QStringLiteral("%1 %2").arg(section).arg(documentOf[i]);
                if (!c.items.isEmpty() && c.items.constLast().document == item.document)
                    severalPerDocument = true;
                c.items << item;
            }
        }
    }
    if (!severalPerDocument)  // one item per document: nothing to keep together
        for (CampaignItem &item : c.items)
            item.document.clear();
    if (c.sourceLanguage.isEmpty() || c.targetLanguage.isEmpty())
        pearmut::note(&out.notes, QStringLiteral("the language pair: Pearmut files name none (give it with --source-lang and --target-lang)"));
    adoptSpanCategories(c, {});  // pre-filled spans of Pearmut's MQM template name categories
    try {
        c.validate();
    } catch (const EvaluateError &e) {
        fail(fileName, QString::fromStdString(e.what()));
    }
    return out;
}

}  // namespace gauntlet::evaluate
