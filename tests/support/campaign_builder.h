// Campaigns and items for the evaluate tests in one line each: the name, protocol (and uid) of a
// campaign, the key, source and translations of an item; the rest is set where a test needs it.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_store.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::testing {

/// A campaign named `name` of `protocol`, with `uid` (none by default) and no items.
inline evaluate::Campaign makeCampaign(const QString &name, evaluate::Protocol protocol, const QString &uid = {})
{
    evaluate::Campaign c;
    c.uid = uid;
    c.name = name;
    c.protocol = protocol;
    return c;
}

/// A two-stage cESA campaign named `name` with the rule form, its systems in their stored order
/// (not shuffled), as the Evaluate-workspace tests annotate it.
inline evaluate::Campaign ruleFormCampaign(const QString &name)
{
    evaluate::Campaign c = makeCampaign(name, evaluate::Protocol::Cesa);
    c.options.twoStage = true;
    c.options.ruleForm = true;
    c.options.shuffleSystems = false;
    return c;
}

/// An item `key` with `source` and its translations ({system, text}, in order).
inline evaluate::CampaignItem makeItem(const QString &key, const QString &source, const QVector<evaluate::CandidateTranslation> &translations)
{
    evaluate::CampaignItem item;
    item.key = key;
    item.source = source;
    item.translations = translations;
    return item;
}

/// Stores `campaign` and hands it to `annotators`; its id.
inline qint64 createAssigned(evaluate::CampaignStore &store, const evaluate::Campaign &campaign, const QStringList &annotators)
{
    const qint64 id = store.createCampaign(campaign);
    store.assign(id, annotators);
    return id;
}

}  // namespace gauntlet::testing
