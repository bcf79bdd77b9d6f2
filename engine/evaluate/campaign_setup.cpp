#include "engine/evaluate/campaign_setup.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/quality_control.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gauntlet::evaluate {

using namespace evaluate;

void addQualityControlItems(Campaign &campaign, const CampaignSetup &setup)
{
    if (setup.badReferences < 0)
        throw EvaluateError(QStringLiteral("campaign '%1': the number of bad references cannot be negative").arg(campaign.name));
    if (setup.badReferences > 0) {
        QStringList keys;
        for (int i = 0; i < campaign.items.size() && keys.size() < setup.badReferences; ++i)
            if (campaign.items[i].check == CheckKind::None)
                keys << campaign.items[i].key;
        addBadReferenceItems(campaign, keys, setup.characterBased, campaign.options.seed);
    }
    // An attention check without its own languages takes each side that every rated item shares
    // (it showed "(English -> ?)"); a side the items do not share stays unnamed.
    auto shared = [&campaign](bool source) {
        QString value;
        for (const CampaignItem &item : std::as_const(campaign.items)) {
            if (item.check != CheckKind::None)
                continue;
            const QString language = source ? campaign.sourceLanguageOf(item) : campaign.targetLanguageOf(item);
            if (language.isEmpty() || (!value.isEmpty() && value != language))
                return QString();
            value = language;
        }
        return value;
    };
    const QString sharedSource = shared(true), sharedTarget = shared(false);
    for (CampaignItem check : setup.checks) {
        if (campaign.indexOfItem(check.key) >= 0)
            throw EvaluateError(QStringLiteral("campaign '%1': the attention check '%2' has the key of another item").arg(campaign.name, check.key));
        if (campaign.sourceLanguageOf(check).isEmpty())
            check.sourceLanguage = sharedSource;
        if (campaign.targetLanguageOf(check).isEmpty())
            check.targetLanguage = sharedTarget;
        campaign.items << check;
    }
}

ExampleSelection buildCampaign(verify::ExampleStore &examples, Campaign &campaign, const CampaignSetup &setup)
{
    if (setup.badReferences < 0)
        throw EvaluateError(QStringLiteral("campaign '%1': the number of bad references cannot be negative").arg(campaign.name));
    const ExampleSelection selection = buildCampaignFromExamples(examples, campaign, setup.status, setup.includeReference);
    addQualityControlItems(campaign, setup);
    return selection;
}


namespace {

QJsonValue parseJson(const QByteArray &bytes, const QString &fileName)
{
    decodeUtf8(bytes, fileName);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        throw EvaluateError(QStringLiteral("%1: not valid JSON at byte %2: %3").arg(core::argText(fileName), core::argText(error.offset), core::argText(error.errorString())));
    return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
}

}  // namespace

QVector<CampaignItem> readCheckItems(const QByteArray &bytes, const QString &fileName)
{
    const QJsonValue json = parseJson(bytes, fileName);
    const QJsonValue list = json.isArray() ? json : json.toObject().value(QStringLiteral("items"));
    if (!list.isArray() || list.toArray().isEmpty())
        throw EvaluateError(QStringLiteral("%1: expected a list of attention-check items (or {\"items\": [...]})").arg(fileName));
    QVector<CampaignItem> items;
    for (const QJsonValue &v : list.toArray()) {
        if (!v.isObject())
            throw EvaluateError(QStringLiteral("%1: every attention-check item must be an object").arg(fileName));
        CampaignItem item = campaignItemFromJson(v.toObject(), fileName);
        if (item.check != CheckKind::Tutorial && item.check != CheckKind::Loud && item.check != CheckKind::Silent)
            throw EvaluateError(QStringLiteral("%1, item '%2': \"check\" must be tutorial, loud or silent").arg(fileName, item.key));
        if (item.expected.size() != item.translations.size())
            throw EvaluateError(QStringLiteral("%1, item '%2': %3 expectations for %4 translations (one each)")
                                    .arg(fileName, item.key).arg(item.expected.size()).arg(item.translations.size()));
        items << item;
    }
    return items;
}

Campaign readCampaignFile(const QByteArray &bytes, const QString &fileName)
{
    const QJsonValue json = parseJson(bytes, fileName);
    const QString expected = QStringLiteral("expected a Gauntlet campaign: a JSON object with \"protocol\" and \"items\" "
                                            "(the \"campaign\" object of a package), or a campaign package");
    if (!json.isObject())
        throw EvaluateError(QStringLiteral("%1: %2").arg(fileName, expected));
    QJsonObject o = json.toObject();
    if (o.value(QStringLiteral("format")).toString() == QLatin1String("gauntlet-campaign-package"))
        o = o.value(QStringLiteral("campaign")).toObject();
    if (!o.contains(QStringLiteral("protocol")) || !o.contains(QStringLiteral("items"))) {
        if (o.contains(QStringLiteral("info")) && o.contains(QStringLiteral("data")))
            throw EvaluateError(QStringLiteral("%1: this is a Pearmut campaign file (\"info\", \"data\"); %2").arg(fileName, expected));
        throw EvaluateError(QStringLiteral("%1: %2").arg(fileName, expected));
    }
    if (!o.contains(QStringLiteral("uid")))
        o.insert(QStringLiteral("uid"), QString());
    if (!o.contains(QStringLiteral("name")))
        o.insert(QStringLiteral("name"), QStringLiteral("unnamed"));
    return campaignFromJson(o, fileName);
}

}  // namespace gauntlet::evaluate
