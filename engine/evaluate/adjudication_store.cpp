#include "engine/evaluate/adjudication_store.h"

#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/rethrow_as_store_error.h"
#include "engine/store/database.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gauntlet::evaluate {

using namespace evaluate;

namespace {

QString compact(const QJsonDocument &d)
{
    return QString::fromUtf8(d.toJson(QJsonDocument::Compact));
}

}  // namespace

AdjudicationCase AdjudicationStore::adjudicationCase(qint64 campaignId, const QString &itemKey, const QString &system, int stage)
{
    CampaignStore store(m_db);
    const Campaign c = store.campaign(campaignId);
    const QVector<RatedItem> rated = store.ratedItems(campaignId);
    return rethrowAsStoreError([&] { return evaluate::adjudicationCase(c, rated, itemKey, system, stage); });
}

QVector<AdjudicationUnit> AdjudicationStore::units(qint64 campaignId)
{
    CampaignStore store(m_db);
    return adjudicationUnits(store.campaign(campaignId), store.ratedItems(campaignId));
}

Adjudication AdjudicationStore::save(qint64 campaignId, Adjudication a)
{
    CampaignStore store(m_db);
    const Campaign campaign = store.campaign(campaignId);
    const AdjudicationCase c = rethrowAsStoreError([&] {
        const AdjudicationCase k = evaluate::adjudicationCase(campaign, store.ratedItems(campaignId), a.itemKey, a.system, a.stage);
        validateAdjudication(k, a);
        return k;
    });
    a.adjudicatedAt = storage::utcTimestamp();
    const QString annotator = QString::fromUtf16(AdjudicatedAnnotator);

    storage::Transaction tx(m_db);
    // the "adjudicated" answer of (item, stage): its judgements in adjudication order
    Answer answer;
    answer.stage = a.stage;
    QVector<int> order;
    {
        storage::SqlQuery q(m_db, QStringLiteral("SELECT system_order_json, answer_json FROM campaign_answers "
                                        "WHERE campaign_id = ? AND annotator = ? AND item_key = ? AND stage = ?"));
        q.bind(0, campaignId).bind(1, annotator).bind(2, a.itemKey).bind(3, a.stage).exec();
        if (q.next()) {
            for (const QJsonValue &v : QJsonDocument::fromJson(q.value(0).toString().toUtf8()).array())
                order << v.toInt();
            answer = rethrowAsStoreError([&] {
                return answerFromJson(QJsonDocument::fromJson(q.value(1).toString().toUtf8()).object(), QStringLiteral("stored adjudicated answer"));
            });
        }
    }
    TranslationJudgement judgement;
    judgement.system = a.system;
    judgement.score = a.score;
    for (const AdjudicatedSpan &s : a.spans)
        judgement.spans << s.span;
    const int pos = int(order.indexOf(c.translation));
    if (pos >= 0 && pos < answer.judgements.size()) {
        answer.judgements[pos] = judgement;
    } else {
        order << c.translation;
        answer.judgements << judgement;
    }
    QJsonArray orderJson;
    for (int t : order)
        orderJson.append(t);
    storage::SqlQuery up(m_db, QStringLiteral("INSERT INTO campaign_answers(campaign_id, annotator, item_key, stage, system_order_json, answer_json, elapsed_ms, saved_at) "
                                     "VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT(campaign_id, annotator, item_key, stage) DO UPDATE SET "
                                     "system_order_json = excluded.system_order_json, answer_json = excluded.answer_json, saved_at = excluded.saved_at"));
    up.bind(0, campaignId).bind(1, annotator).bind(2, a.itemKey).bind(3, a.stage).bind(4, compact(QJsonDocument(orderJson)))
        .bind(5, compact(QJsonDocument(answerToJson(answer)))).bind(6, a.adjudicatedAt).exec();
    storage::SqlQuery prov(m_db, QStringLiteral("INSERT OR REPLACE INTO campaign_adjudications(campaign_id, item_key, stage, system, adjudicator, provenance_json, adjudicated_at) "
                                       "VALUES (?, ?, ?, ?, ?, ?, ?)"));
    prov.bind(0, campaignId).bind(1, a.itemKey).bind(2, a.stage).bind(3, a.system).bind(4, a.adjudicator)
        .bind(5, compact(QJsonDocument(adjudicationToJson(a)))).bind(6, a.adjudicatedAt).exec();
    tx.commit();
    return a;
}

QVector<Adjudication> AdjudicationStore::adjudications(qint64 campaignId)
{
    CampaignStore(m_db).campaign(campaignId);  // throws StoreError when there is none
    QVector<Adjudication> out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT provenance_json FROM campaign_adjudications WHERE campaign_id = ? ORDER BY item_key, stage, system"));
    q.bind(0, campaignId).exec();
    while (q.next())
        out << rethrowAsStoreError([&] {
            return adjudicationFromJson(QJsonDocument::fromJson(q.value(0).toString().toUtf8()).object(), QStringLiteral("stored adjudication"));
        });
    return out;
}

}  // namespace gauntlet::evaluate
