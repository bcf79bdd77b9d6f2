#include "engine/evaluate/campaign_store.h"
#include "engine/core/arg_text.h"

#include "engine/core/names.h"
#include "engine/evaluate/adjudication.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/rethrow_as_store_error.h"
#include "engine/store/database.h"
#include "engine/verify/example_store.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QUuid>

namespace gauntlet::evaluate {

using namespace evaluate;

namespace {

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString compact(const QVector<int> &v)
{
    QJsonArray a;
    for (int i : v)
        a.append(i);
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QJsonObject parseObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QVector<int> parseInts(const QString &text)
{
    QVector<int> out;
    for (const QJsonValue &v : QJsonDocument::fromJson(text.toUtf8()).array())
        out << v.toInt();
    return out;
}

/// campaign_log rows with this action hold the autosaved unfinished answer (CampaignStore::saveDraft).
constexpr char DraftAction[] = "draft";

bool deleteDraft(storage::Database &db, qint64 campaignId, const QString &annotator, const QString &itemKey, int stage)
{
    storage::SqlQuery q(db, QStringLiteral("DELETE FROM campaign_log WHERE campaign_id = ? AND annotator = ? AND item_key = ? AND stage = ? AND action = ?"));
    q.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, stage).bind(4, QString::fromLatin1(DraftAction)).exec();
    return q.rowsAffected() > 0;
}

/// Adds one campaign_log row.
void insertLog(storage::Database &db, qint64 campaignId, const QString &annotator, const QString &itemKey, int stage, const QString &action,
               const QString &detail, const QString &at)
{
    storage::SqlQuery q(db, QStringLiteral("INSERT INTO campaign_log(campaign_id, annotator, item_key, stage, action, detail, at) VALUES(?, ?, ?, ?, ?, ?, ?)"));
    q.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, stage).bind(4, action).bind(5, detail).bind(6, at).exec();
}

QString newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

void insertCampaign(storage::Database &db, const Campaign &c, const QString &origin, qint64 *id)
{
    QJsonObject settings = campaignToJson(c);
    settings.remove(QStringLiteral("items"));
    storage::SqlQuery q(db, QStringLiteral("INSERT INTO campaigns(uid, name, protocol, settings_json, origin, created_at) VALUES(?, ?, ?, ?, ?, ?)"));
    q.bind(0, c.uid).bind(1, c.name).bind(2, protocolName(c.protocol)).bind(3, compact(settings)).bind(4, origin).bind(5, storage::utcTimestamp()).exec();
    *id = q.lastInsertId();
    Campaign single = c;
    for (int i = 0; i < c.items.size(); ++i) {
        single.items = {c.items[i]};
        const QJsonObject item = campaignToJson(single).value(QStringLiteral("items")).toArray().at(0).toObject();
        storage::SqlQuery qi(db, QStringLiteral("INSERT INTO campaign_items(campaign_id, position, item_key, item_json) VALUES(?, ?, ?, ?)"));
        qi.bind(0, *id).bind(1, i).bind(2, c.items[i].key).bind(3, compact(item)).exec();
    }
}

void insertAssignment(storage::Database &db, qint64 campaignId, const Campaign &c, const Assignment &a, const QString &packageId)
{
    for (int pos = 0; pos < a.items.size(); ++pos) {
        storage::SqlQuery q(db, QStringLiteral("INSERT INTO campaign_assignments(campaign_id, annotator, package_id, position, item_key, system_order_json) "
                                      "VALUES(?, ?, ?, ?, ?, ?)"));
        q.bind(0, campaignId).bind(1, a.annotator).bind(2, packageId).bind(3, pos).bind(4, c.items[a.items[pos].itemIndex].key)
            .bind(5, compact(a.items[pos].systemOrder)).exec();
    }
}

/// `answer` (an answer or a draft) to item `itemKey` of `c`, checked and ready to store: a copy
/// whose judgement `pos` names the system of the item's translation `order[pos]`. Throws
/// StoreError "campaign '<name>' has no stage <stage>" for a stage the campaign lacks, what
/// missingParts throws for an answer of the wrong shape and, where `complete`, "item '<key>': the
/// answer is incomplete (<n> parts missing)" for one with unset parts (a draft may have them).
/// The item must be in `c` (assignedOrder checked it).
Answer checkedAnswer(const Campaign &c, const QString &itemKey, const Answer &answer, const QVector<int> &order, bool complete)
{
    if (answer.stage < 1 || answer.stage > c.stages())
        throw storage::StoreError(QStringLiteral("campaign '%1' has no stage %2").arg(core::argText(c.name), core::argText(answer.stage)));
    const CampaignItem &item = c.items[c.indexOfItem(itemKey)];
    const QVector<MissingPart> missing = rethrowAsStoreError([&] { return missingParts(c, item, answer, order); });
    if (complete && !missing.isEmpty())
        throw storage::StoreError(QStringLiteral("item '%1': the answer is incomplete (%2 parts missing)").arg(core::argText(itemKey), core::argText(missing.size())));
    Answer stored = answer;
    for (int pos = 0; pos < stored.judgements.size(); ++pos)
        stored.judgements[pos].system = item.translations[order[pos]].system;
    return stored;
}

}  // namespace

ExampleSelection buildCampaignFromExamples(verify::ExampleStore &store, Campaign &campaign, const QString &status, bool includeReference)
{
    ExampleSelection selection;
    std::optional<verify::ExampleStatus> filter;
    if (!status.isEmpty())
        filter = verify::parseExampleStatus(status);
    bool languagesSeen = !campaign.items.isEmpty();
    for (const verify::ChallengeExample &e : store.examples(filter)) {
        QVector<CandidateTranslation> outputs;
        for (const verify::StoredTranslation &t : store.translations(e.id))
            if (t.error.isEmpty() && !t.text.trimmed().isEmpty())
                outputs << CandidateTranslation{t.system, t.text};
        if (includeReference && !e.reference.trimmed().isEmpty())
            outputs << CandidateTranslation{QStringLiteral("human"), e.reference};
        CampaignItem item;
        for (const verify::StoredRule &r : store.rules(e.id)) {
            item.rules << r.rule.text;
            item.ruleKinds << verify::ruleKindName(r.rule.kind);  // shown with the text: "must contain: café"
        }
        // every item keeps its own pair (a campaign may mix target languages); the campaign names
        // a pair only when all its items share it
        item.sourceLanguage = e.sourceLanguage;
        item.targetLanguage = e.targetLanguage;
        if (!languagesSeen) {
            campaign.sourceLanguage = e.sourceLanguage;
            campaign.targetLanguage = e.targetLanguage;
            languagesSeen = true;
        } else {
            if (campaign.sourceLanguage != e.sourceLanguage)
                campaign.sourceLanguage.clear();
            if (campaign.targetLanguage != e.targetLanguage)
                campaign.targetLanguage.clear();
        }
        item.source = e.sourceText;
        item.reference = e.reference;
        if (campaign.protocol == Protocol::Cesa || campaign.protocol == Protocol::RuleForm) {
            if (outputs.size() < (campaign.protocol == Protocol::Cesa ? 2 : 1)) {
                ++selection.skipped;
                continue;
            }
            item.key = QStringLiteral("example:%1").arg(e.id);
            item.translations = outputs;
            campaign.items << item;
        } else {
            if (outputs.isEmpty()) {
                ++selection.skipped;
                continue;
            }
            for (const CandidateTranslation &t : outputs) {
                item.key = QStringLiteral("example:%1:%2").arg(e.id).arg(t.system);
                item.translations = {t};
                campaign.items << item;
            }
        }
        ++selection.examples;
    }
    return selection;
}

QMap<QString, double> verifierPassRates(verify::ExampleStore &store, const Campaign &campaign, int *examplesUsed)
{
    static const QRegularExpression key(QStringLiteral("^example:(\\d+)(?::|$)"));
    QSet<QString> systems;
    QVector<qint64> ids;
    for (const CampaignItem &item : campaign.items) {
        if (item.check != CheckKind::None)
            continue;
        for (const CandidateTranslation &t : item.translations)
            systems.insert(t.system);
        const auto match = key.match(item.key);
        if (match.hasMatch() && !ids.contains(match.captured(1).toLongLong()))
            ids << match.captured(1).toLongLong();
    }
    QMap<QString, int> passed, decided;
    int used = 0;
    for (const qint64 id : ids) {
        if (!store.example(id))
            continue;
        bool any = false;
        for (const verify::VerdictRow &row : store.assess(id).matrix.rows) {
            const QString system = row.isReference ? QStringLiteral("human") : row.label;
            if (!systems.contains(system) || row.overall == verify::Verdict::Unknown)
                continue;
            any = true;
            ++decided[system];
            passed[system] += row.overall == verify::Verdict::Pass ? 1 : 0;
        }
        used += any ? 1 : 0;
    }
    if (examplesUsed)
        *examplesUsed = used;
    QMap<QString, double> rates;
    for (auto it = decided.cbegin(); it != decided.cend(); ++it)
        rates.insert(it.key(), 100.0 * passed.value(it.key()) / it.value());
    return rates;
}

QMap<QString, double> storedDifficulty(storage::Database &db, const Campaign &campaign, int *textsFound)
{
    // every stored D per text: run outputs, and seeds scored at step 0 (rank 0 of the first beam)
    QHash<QString, QVector<double>> scores;
    storage::SqlQuery outputs(db, QStringLiteral("SELECT output_text, difficulty FROM run_results WHERE difficulty IS NOT NULL"));
    outputs.exec();
    while (outputs.next())
        scores[outputs.value(0).toString()] << outputs.value(1).toDouble();
    storage::SqlQuery seeds(db, QStringLiteral("SELECT r.seed_text, b.difficulty FROM runs r JOIN beam_members b ON b.run_id = r.id "
                                      "AND b.step = 0 AND b.rank = 0 WHERE b.difficulty IS NOT NULL"));
    seeds.exec();
    while (seeds.next())
        scores[seeds.value(0).toString()] << seeds.value(1).toDouble();
    QMap<QString, QPair<double, int>> sums;  // system -> (sum of per-text means, texts)
    int found = 0;
    for (const CampaignItem &item : campaign.items) {
        if (item.check != CheckKind::None)
            continue;
        for (const CandidateTranslation &t : item.translations) {
            const auto it = scores.constFind(t.text);
            if (it == scores.constEnd())
                continue;
            double mean = 0.0;
            for (double d : *it)
                mean += d;
            mean /= double(it->size());
            sums[t.system].first += mean;
            ++sums[t.system].second;
            ++found;
        }
    }
    if (textsFound)
        *textsFound = found;
    QMap<QString, double> out;
    for (auto it = sums.cbegin(); it != sums.cend(); ++it)
        out.insert(it.key(), it.value().first / it.value().second);
    return out;
}

qint64 CampaignStore::createCampaign(Campaign campaign, const QString &origin)
{
    if (campaign.uid.isEmpty())
        campaign.uid = newId();
    campaign.name = campaign.name.trimmed();
    rethrowAsStoreError([&] { campaign.validate(); });
    if (campaignId(campaign.name))
        throw storage::StoreError(QStringLiteral("a campaign named '%1' already exists").arg(campaign.name));
    if (campaignId(campaign.uid))
        throw storage::StoreError(QStringLiteral("campaign %1 is already in this project").arg(campaign.uid));
    storage::Transaction transaction(m_db);
    qint64 id = 0;
    insertCampaign(m_db, campaign, origin, &id);
    transaction.commit();
    return id;
}

QVector<CampaignSummary> CampaignStore::campaigns()
{
    QVector<CampaignSummary> out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id, uid, name, protocol, origin, created_at, settings_json, "
                                    "(SELECT COUNT(*) FROM campaign_items i WHERE i.campaign_id = c.id), "
                                    "(SELECT COUNT(*) FROM campaign_answers a WHERE a.campaign_id = c.id AND a.annotator <> 'adjudicated'), "
                                    "(SELECT COUNT(*) FROM campaign_assignments s WHERE s.campaign_id = c.id) "
                                    "FROM campaigns c ORDER BY id"));
    q.exec();
    while (q.next()) {
        CampaignSummary s;
        s.id = q.value(0).toLongLong();
        s.uid = q.value(1).toString();
        s.name = q.value(2).toString();
        s.protocol = rethrowAsStoreError([&] { return parseProtocol(q.value(3).toString()); });
        s.origin = q.value(4).toString();
        s.createdAt = q.value(5).toString();
        const bool twoStage = parseObject(q.value(6).toString()).value(QStringLiteral("options")).toObject().value(QStringLiteral("two_stage")).toBool();
        s.items = q.value(7).toInt();
        s.answers = q.value(8).toInt();
        s.expectedAnswers = q.value(9).toInt() * (twoStage && s.protocol == Protocol::Cesa ? 2 : 1);
        out << s;
    }
    for (CampaignSummary &s : out)
        s.annotators = annotators(s.id);
    return out;
}

Campaign CampaignStore::campaign(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT settings_json FROM campaigns WHERE id = ?"));
    q.bind(0, id).exec();
    if (!q.next())
        throw storage::StoreError(QStringLiteral("no campaign with id %1").arg(id));
    QJsonObject json = parseObject(q.value(0).toString());
    QJsonArray items;
    storage::SqlQuery qi(m_db, QStringLiteral("SELECT item_json FROM campaign_items WHERE campaign_id = ? ORDER BY position"));
    qi.bind(0, id).exec();
    while (qi.next())
        items.append(parseObject(qi.value(0).toString()));
    json.insert(QStringLiteral("items"), items);
    return rethrowAsStoreError([&] { return campaignFromJson(json, QStringLiteral("campaign %1").arg(id)); });
}

Campaign CampaignStore::campaignWithItem(qint64 id, const QString &itemKey)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT settings_json FROM campaigns WHERE id = ?"));
    q.bind(0, id).exec();
    if (!q.next())
        throw storage::StoreError(QStringLiteral("no campaign with id %1").arg(id));
    QJsonObject json = parseObject(q.value(0).toString());
    QJsonArray items;
    auto load = [&](const QString &key) {
        storage::SqlQuery qi(m_db, QStringLiteral("SELECT item_json FROM campaign_items WHERE campaign_id = ? AND item_key = ?"));
        qi.bind(0, id).bind(1, key).exec();
        if (!qi.next())
            throw storage::StoreError(QStringLiteral("campaign '%1' has no item '%2'").arg(json.value(QStringLiteral("name")).toString(), key));
        items.append(parseObject(qi.value(0).toString()));
    };
    load(itemKey);
    const QString original = items.at(0).toObject().value(QStringLiteral("original")).toString();
    if (!original.isEmpty())
        load(original);  // a bad-reference item is only valid next to its original
    json.insert(QStringLiteral("items"), items);
    return rethrowAsStoreError([&] { return campaignFromJson(json, QStringLiteral("campaign %1").arg(id)); });
}

std::optional<qint64> CampaignStore::campaignId(const QString &nameOrUid)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id FROM campaigns WHERE name = ? OR uid = ? ORDER BY id LIMIT 1"));
    q.bind(0, nameOrUid.trimmed()).bind(1, nameOrUid.trimmed()).exec();
    if (q.next())
        return q.value(0).toLongLong();
    bool ok = false;
    const qint64 id = nameOrUid.toLongLong(&ok);
    if (ok) {
        storage::SqlQuery qi(m_db, QStringLiteral("SELECT id FROM campaigns WHERE id = ?"));
        qi.bind(0, id).exec();
        if (qi.next())
            return id;
    }
    return std::nullopt;
}

bool CampaignStore::removeCampaign(qint64 id)
{
    storage::Transaction transaction(m_db);
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM campaigns WHERE id = ?"));
    q.bind(0, id).exec();
    const bool removed = q.rowsAffected() > 0;
    transaction.commit();
    return removed;
}

void CampaignStore::addProfile(const QString &name)
{
    const QString n = name.trimmed();
    if (const QString problem = core::nameProblem(n, 100); !problem.isEmpty())
        throw storage::StoreError(QStringLiteral("the annotator name %1").arg(problem));
    if (isAdjudicatedAnnotator(n))
        throw storage::StoreError(QStringLiteral("'%1' is reserved for adjudicated answers; choose another annotator name").arg(n));
    if (profiles().contains(n))
        throw storage::StoreError(QStringLiteral("annotator profile '%1' already exists").arg(n));
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO annotator_profiles(name, created_at) VALUES(?, ?)"));
    q.bind(0, n).bind(1, storage::utcTimestamp()).exec();
}

QStringList CampaignStore::profiles()
{
    QStringList out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT name FROM annotator_profiles ORDER BY name"));
    q.exec();
    while (q.next())
        out << q.value(0).toString();
    return out;
}

void CampaignStore::assign(qint64 campaignId, const QStringList &names)
{
    const Campaign c = campaign(campaignId);
    const QStringList existing = annotators(campaignId);
    for (const QString &n : names)
        if (isAdjudicatedAnnotator(n.trimmed()))
            throw storage::StoreError(QStringLiteral("'%1' is reserved for adjudicated answers; choose another annotator name").arg(n));
    for (const QString &n : names)
        if (existing.contains(n))
            throw storage::StoreError(QStringLiteral("campaign '%1' already has items assigned to '%2'").arg(c.name, n));
    if (!existing.isEmpty())
        throw storage::StoreError(QStringLiteral("campaign '%1' is already handed out to %2").arg(c.name, existing.join(QStringLiteral(", "))));
    const QVector<Assignment> assignments = rethrowAsStoreError([&] { return assignItems(c, names); });
    storage::Transaction transaction(m_db);
    for (const Assignment &a : assignments)
        insertAssignment(m_db, campaignId, c, a, newId());
    transaction.commit();
}

QStringList CampaignStore::annotators(qint64 campaignId)
{
    QStringList out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT annotator FROM campaign_assignments WHERE campaign_id = ? GROUP BY annotator ORDER BY MIN(id)"));
    q.bind(0, campaignId).exec();
    while (q.next())
        out << q.value(0).toString();
    return out;
}

Assignment CampaignStore::assignment(qint64 campaignId, const QString &annotator)
{
    const Campaign c = campaign(campaignId);
    Assignment a;
    a.annotator = annotator;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT item_key, system_order_json FROM campaign_assignments WHERE campaign_id = ? AND annotator = ? ORDER BY position"));
    q.bind(0, campaignId).bind(1, annotator).exec();
    while (q.next())
        a.items << AssignedItem{c.indexOfItem(q.value(0).toString()), parseInts(q.value(1).toString())};
    if (a.items.isEmpty())
        throw storage::StoreError(QStringLiteral("campaign '%1' has no items assigned to '%2'").arg(c.name, annotator));
    return a;
}

QString CampaignStore::packageId(qint64 campaignId, const QString &annotator)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT package_id FROM campaign_assignments WHERE campaign_id = ? AND annotator = ? LIMIT 1"));
    q.bind(0, campaignId).bind(1, annotator).exec();
    return q.next() ? q.value(0).toString() : QString();
}

QByteArray CampaignStore::exportPackage(qint64 campaignId, const QString &annotator)
{
    const Campaign c = campaign(campaignId);
    const Assignment a = assignment(campaignId, annotator);
    return evaluate::exportPackage(c, a, packageId(campaignId, annotator));
}

qint64 CampaignStore::importPackage(const QByteArray &bytes, const QString &fileName)
{
    const Package p = rethrowAsStoreError([&] { return parsePackage(bytes, fileName); });
    storage::SqlQuery seen(m_db, QStringLiteral("SELECT COUNT(*) FROM campaign_assignments WHERE package_id = ?"));
    seen.bind(0, p.packageId).exec();
    if (seen.next() && seen.value(0).toInt() > 0)
        throw storage::StoreError(QStringLiteral("%1: this package (%2) is already in the project").arg(fileName, p.packageId));
    storage::Transaction transaction(m_db);
    qint64 id = 0;
    Campaign local;
    if (const auto existing = campaignId(p.campaignUid)) {
        id = *existing;
        local = campaign(id);
        if (annotators(id).contains(p.annotator))
            throw storage::StoreError(QStringLiteral("%1: '%2' already has a queue in campaign '%3'").arg(fileName, p.annotator, local.name));
        for (const CampaignItem &item : p.campaign.items)
            if (local.indexOfItem(item.key) < 0)
                throw storage::StoreError(QStringLiteral("%1: item '%2' is not in the campaign '%3' stored here").arg(fileName, item.key, local.name));
    } else {
        local = p.campaign;
        if (campaignId(local.name))
            local.name = QStringLiteral("%1 (%2)").arg(local.name, p.campaignUid.left(8));
        insertCampaign(m_db, local, QStringLiteral("package"), &id);
    }
    Assignment a = p.assignment;
    for (AssignedItem &item : a.items)
        item.itemIndex = local.indexOfItem(p.campaign.items[item.itemIndex].key);
    insertAssignment(m_db, id, local, a, p.packageId);
    transaction.commit();
    return id;
}

QByteArray CampaignStore::exportResults(qint64 campaignId, const QString &annotator)
{
    const Campaign c = campaign(campaignId);
    ResultFile r;
    r.campaignUid = c.uid;
    r.campaignName = c.name;  // so a file of another campaign can be named (issue 20)
    r.annotator = annotator;
    r.packageId = packageId(campaignId, annotator);
    if (r.packageId.isEmpty())
        throw storage::StoreError(QStringLiteral("campaign '%1' has no items assigned to '%2'").arg(c.name, annotator));
    storage::SqlQuery q(m_db, QStringLiteral("SELECT item_key, system_order_json, answer_json, saved_at FROM campaign_answers "
                                    "WHERE campaign_id = ? AND annotator = ? AND import_id IS NULL ORDER BY id"));
    q.bind(0, campaignId).bind(1, annotator).exec();
    while (q.next()) {
        StoredAnswer s;
        s.itemKey = q.value(0).toString();
        s.systemOrder = parseInts(q.value(1).toString());
        s.answer = rethrowAsStoreError([&] { return answerFromJson(parseObject(q.value(2).toString()), QStringLiteral("stored answer")); });
        s.savedAt = q.value(3).toString();
        r.answers << s;
    }
    r.log = logEntries(campaignId, annotator);
    return evaluate::exportResults(r);
}

ImportReport CampaignStore::importResults(const QByteArray &bytes, const QString &fileName)
{
    const ResultFile r = rethrowAsStoreError([&] { return parseResults(bytes, fileName); });
    const auto id = campaignId(r.campaignUid);
    if (!id)
        throw storage::StoreError(QStringLiteral("%1: belongs to campaign %2, which is not in this project").arg(fileName, r.campaignUid));
    const Campaign c = campaign(*id);
    rethrowAsStoreError([&] { checkResultsAgainst(c, r, fileName); });
    storage::SqlQuery owner(m_db, QStringLiteral("SELECT annotator FROM campaign_assignments WHERE campaign_id = ? AND package_id = ? LIMIT 1"));
    owner.bind(0, *id).bind(1, r.packageId).exec();
    if (!owner.next())
        throw storage::StoreError(QStringLiteral("%1: package %2 was not handed out from campaign '%3' here").arg(fileName, r.packageId, c.name));
    if (owner.value(0).toString() != r.annotator)
        throw storage::StoreError(QStringLiteral("%1: package %2 was handed out to '%3', but the file is from '%4'").arg(fileName, r.packageId, owner.value(0).toString(), r.annotator));
    const QString sha = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    storage::SqlQuery dup(m_db, QStringLiteral("SELECT file_name, imported_at FROM campaign_imports WHERE campaign_id = ? AND (package_id = ? OR file_sha256 = ?)"));
    dup.bind(0, *id).bind(1, r.packageId).bind(2, sha).exec();
    if (dup.next())
        throw storage::StoreError(QStringLiteral("%1: the results of this package were already imported (from %2 at %3)").arg(fileName, dup.value(0).toString(), dup.value(1).toString()));
    const Assignment queue = assignment(*id, r.annotator);
    QHash<QString, QVector<int>> orders;
    for (const AssignedItem &a : queue.items)
        orders.insert(c.items[a.itemIndex].key, a.systemOrder);
    for (const StoredAnswer &a : r.answers) {
        if (!orders.contains(a.itemKey))
            throw storage::StoreError(QStringLiteral("%1: item '%2' was not in %3's queue").arg(fileName, a.itemKey, r.annotator));
        if (orders.value(a.itemKey) != a.systemOrder)
            throw storage::StoreError(QStringLiteral("%1: item '%2' was answered in another system order than handed out").arg(fileName, a.itemKey));
        if (answer(*id, r.annotator, a.itemKey, a.answer.stage))
            throw storage::StoreError(QStringLiteral("%1: %2 already has an answer for item '%3' stage %4 here").arg(fileName, r.annotator, a.itemKey).arg(a.answer.stage));
    }
    storage::Transaction transaction(m_db);
    storage::SqlQuery imp(m_db, QStringLiteral("INSERT INTO campaign_imports(campaign_id, package_id, annotator, file_name, file_sha256, answers, imported_at) VALUES(?, ?, ?, ?, ?, ?, ?)"));
    imp.bind(0, *id).bind(1, r.packageId).bind(2, r.annotator).bind(3, fileName).bind(4, sha).bind(5, int(r.answers.size())).bind(6, storage::utcTimestamp()).exec();
    const qint64 importId = imp.lastInsertId();
    for (const StoredAnswer &a : r.answers) {
        storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO campaign_answers(campaign_id, annotator, item_key, stage, system_order_json, answer_json, elapsed_ms, import_id, saved_at) "
                                        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        q.bind(0, *id).bind(1, r.annotator).bind(2, a.itemKey).bind(3, a.answer.stage).bind(4, compact(a.systemOrder))
            .bind(5, compact(answerToJson(a.answer))).bind(6, a.answer.elapsedMs).bind(7, importId)
            .bind(8, a.savedAt.isEmpty() ? storage::utcTimestamp() : a.savedAt).exec();
    }
    for (const LogEntry &e : r.log) {
        if (e.action == QLatin1String(DraftAction))
            continue;  // an annotator's unfinished answers stay on their machine
        insertLog(m_db, *id, r.annotator, e.itemKey, e.stage, e.action.left(50).isEmpty() ? QStringLiteral("?") : e.action.left(50), e.detail, e.at);
    }
    transaction.commit();
    return {c.name, r.annotator, int(r.answers.size()), int(r.log.size())};
}

qint64 CampaignStore::importFinishedCampaign(const ImportedCampaign &imported)
{
    Campaign c = imported.campaign;
    if (c.uid.isEmpty())
        c.uid = newId();
    rethrowAsStoreError([&] { c.validate(); });
    if (campaignId(c.name))
        throw storage::StoreError(QStringLiteral("a campaign named '%1' already exists").arg(c.name));
    QHash<QString, int> indexOf;
    for (int i = 0; i < c.items.size(); ++i)
        indexOf.insert(c.items[i].key, i);
    storage::Transaction transaction(m_db);
    qint64 id = 0;
    insertCampaign(m_db, c, QStringLiteral("import"), &id);
    for (auto it = imported.answers.begin(); it != imported.answers.end(); ++it) {
        const QString packageId = QStringLiteral("import:") + it.key();
        Assignment a;
        a.annotator = it.key();
        for (const StoredAnswer &s : it.value())
            a.items << AssignedItem{indexOf.value(s.itemKey), s.systemOrder};
        insertAssignment(m_db, id, c, a, packageId);
        const QString sha = QString::fromLatin1(QCryptographicHash::hash(packageId.toUtf8(), QCryptographicHash::Sha256).toHex());
        storage::SqlQuery imp(m_db, QStringLiteral("INSERT INTO campaign_imports(campaign_id, package_id, annotator, file_name, file_sha256, answers, imported_at) VALUES(?, ?, ?, ?, ?, ?, ?)"));
        imp.bind(0, id).bind(1, packageId).bind(2, it.key()).bind(3, c.name).bind(4, sha).bind(5, int(it.value().size())).bind(6, storage::utcTimestamp()).exec();
        const qint64 importId = imp.lastInsertId();
        for (const StoredAnswer &s : it.value()) {
            storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO campaign_answers(campaign_id, annotator, item_key, stage, system_order_json, answer_json, elapsed_ms, import_id, saved_at) "
                                            "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)"));
            q.bind(0, id).bind(1, it.key()).bind(2, s.itemKey).bind(3, s.answer.stage).bind(4, compact(s.systemOrder))
                .bind(5, compact(answerToJson(s.answer))).bind(6, s.answer.elapsedMs).bind(7, importId)
                .bind(8, s.savedAt.isEmpty() ? storage::utcTimestamp() : s.savedAt).exec();
        }
    }
    transaction.commit();
    return id;
}

void CampaignStore::saveAnswer(qint64 campaignId, const QString &annotator, const QString &itemKey, const Answer &a)
{
    const Campaign c = campaignWithItem(campaignId, itemKey);
    const QVector<int> order = assignedOrder(campaignId, c, annotator, itemKey);
    Answer stored = checkedAnswer(c, itemKey, a, order, true);
    const QString now = storage::utcTimestamp();
    storage::Transaction transaction(m_db);
    // a revisit adds its time (issue 20): the answer's own "time_ms", which result files carry,
    // holds the total like the elapsed_ms column
    storage::SqlQuery before(m_db, QStringLiteral("SELECT elapsed_ms FROM campaign_answers WHERE campaign_id = ? AND annotator = ? AND item_key = ? AND stage = ? "
                                         "AND import_id IS NULL"));
    before.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, a.stage).exec();
    if (before.next())
        stored.elapsedMs += before.value(0).toLongLong();
    storage::SqlQuery up(m_db, QStringLiteral("INSERT INTO campaign_answers(campaign_id, annotator, item_key, stage, system_order_json, answer_json, elapsed_ms, saved_at) "
                                     "VALUES(?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(campaign_id, annotator, item_key, stage) DO UPDATE SET "
                                     "answer_json = excluded.answer_json, elapsed_ms = campaign_answers.elapsed_ms + excluded.elapsed_ms, saved_at = excluded.saved_at "
                                     "WHERE campaign_answers.import_id IS NULL"));
    up.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, a.stage).bind(4, compact(order))
        .bind(5, compact(answerToJson(stored))).bind(6, a.elapsedMs).bind(7, now).exec();
    if (up.rowsAffected() == 0)
        throw storage::StoreError(QStringLiteral("item '%1': the stored answer came from an imported result file and is not changed").arg(itemKey));
    insertLog(m_db, campaignId, annotator, itemKey, a.stage, QStringLiteral("answer"), QStringLiteral("%1 ms").arg(a.elapsedMs), now);
    deleteDraft(m_db, campaignId, annotator, itemKey, a.stage);
    transaction.commit();
}

QVector<int> CampaignStore::assignedOrder(qint64 campaignId, const Campaign &c, const QString &annotator, const QString &itemKey)
{
    if (c.indexOfItem(itemKey) < 0)
        throw storage::StoreError(QStringLiteral("campaign '%1' has no item '%2'").arg(c.name, itemKey));
    storage::SqlQuery q(m_db, QStringLiteral("SELECT system_order_json FROM campaign_assignments WHERE campaign_id = ? AND annotator = ? AND item_key = ?"));
    q.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).exec();
    if (!q.next())
        throw storage::StoreError(QStringLiteral("item '%1' is not in %2's queue of campaign '%3'").arg(itemKey, annotator, c.name));
    return parseInts(q.value(0).toString());
}

void CampaignStore::saveDraft(qint64 campaignId, const QString &annotator, const QString &itemKey, const Answer &draft,
                              const QString &action, const QString &detail)
{
    if (action.size() > 50 || action == QLatin1String(DraftAction))
        throw storage::StoreError(QStringLiteral("log actions must be at most 50 characters and not '%1'").arg(QLatin1String(DraftAction)));
    const Campaign c = campaignWithItem(campaignId, itemKey);  // one item: cheap on every keystroke
    const QVector<int> order = assignedOrder(campaignId, c, annotator, itemKey);
    const Answer stored = checkedAnswer(c, itemKey, draft, order, false);  // the shape; unset parts are fine
    QJsonObject json;
    json.insert(QStringLiteral("system_order"), QJsonDocument::fromJson(compact(order).toUtf8()).array());
    json.insert(QStringLiteral("answer"), answerToJson(stored));
    const QString now = storage::utcTimestamp();
    storage::Transaction transaction(m_db);
    storage::SqlQuery imported(m_db, QStringLiteral("SELECT 1 FROM campaign_answers WHERE campaign_id = ? AND annotator = ? AND item_key = ? AND stage = ? "
                                           "AND import_id IS NOT NULL"));
    imported.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, draft.stage).exec();
    if (imported.next())
        throw storage::StoreError(QStringLiteral("item '%1': the stored answer came from an imported result file and is not changed").arg(itemKey));
    if (!action.isEmpty())
        insertLog(m_db, campaignId, annotator, itemKey, draft.stage, action, detail, now);
    deleteDraft(m_db, campaignId, annotator, itemKey, draft.stage);
    insertLog(m_db, campaignId, annotator, itemKey, draft.stage, QString::fromLatin1(DraftAction), compact(json), now);
    transaction.commit();
}

std::optional<Answer> CampaignStore::draft(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT detail FROM campaign_log WHERE campaign_id = ? AND annotator = ? AND item_key = ? AND stage = ? "
                                    "AND action = ? ORDER BY id DESC LIMIT 1"));
    q.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, stage).bind(4, QString::fromLatin1(DraftAction)).exec();
    if (!q.next())
        return std::nullopt;
    const QJsonObject json = parseObject(q.value(0).toString());
    return rethrowAsStoreError([&] { return answerFromJson(json.value(QStringLiteral("answer")).toObject(), QStringLiteral("autosaved answer")); });
}

bool CampaignStore::discardDraft(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage)
{
    storage::Transaction transaction(m_db);
    const bool removed = deleteDraft(m_db, campaignId, annotator, itemKey, stage);
    transaction.commit();
    return removed;
}

std::optional<Answer> CampaignStore::answer(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT answer_json, elapsed_ms FROM campaign_answers WHERE campaign_id = ? AND annotator = ? AND item_key = ? AND stage = ?"));
    q.bind(0, campaignId).bind(1, annotator).bind(2, itemKey).bind(3, stage).exec();
    if (!q.next())
        return std::nullopt;
    Answer a = rethrowAsStoreError([&] { return answerFromJson(parseObject(q.value(0).toString()), QStringLiteral("stored answer")); });
    a.elapsedMs = q.value(1).toLongLong();
    return a;
}

void CampaignStore::log(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage, const QString &action, const QString &detail)
{
    if (action.isEmpty() || action.size() > 50 || action == QLatin1String(DraftAction))
        throw storage::StoreError(QStringLiteral("log actions must be 1 to 50 characters and not '%1'").arg(QLatin1String(DraftAction)));
    insertLog(m_db, campaignId, annotator, itemKey, stage, action, detail, storage::utcTimestamp());
}

QVector<LogEntry> CampaignStore::logEntries(qint64 campaignId, const QString &annotator)
{
    QVector<LogEntry> out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT at, item_key, stage, action, detail FROM campaign_log WHERE campaign_id = ? AND annotator = ? AND action <> ? ORDER BY id"));
    q.bind(0, campaignId).bind(1, annotator).bind(2, QString::fromLatin1(DraftAction)).exec();
    while (q.next())
        out << LogEntry{q.value(0).toString(), q.value(1).toString(), q.value(2).toInt(), q.value(3).toString(), q.value(4).toString()};
    return out;
}

QVector<RatedItem> CampaignStore::ratedItems(qint64 campaignId)
{
    const Campaign c = campaign(campaignId);
    QHash<QString, int> indexOf;
    for (int i = 0; i < c.items.size(); ++i)
        indexOf.insert(c.items[i].key, i);
    QVector<RatedItem> out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT annotator, item_key, stage, system_order_json, answer_json, elapsed_ms FROM campaign_answers WHERE campaign_id = ? ORDER BY id"));
    q.bind(0, campaignId).exec();
    while (q.next()) {
        RatedItem r;
        r.annotator = q.value(0).toString();
        r.itemIndex = indexOf.value(q.value(1).toString(), -1);
        r.stage = q.value(2).toInt();
        r.systemOrder = parseInts(q.value(3).toString());
        r.answer = rethrowAsStoreError([&] { return answerFromJson(parseObject(q.value(4).toString()), QStringLiteral("stored answer")); });
        r.answer.elapsedMs = q.value(5).toLongLong();
        if (r.itemIndex >= 0)
            out << r;
    }
    return out;
}

QMap<QString, QVector<StoredAnswer>> CampaignStore::storedAnswers(qint64 campaignId)
{
    campaign(campaignId);  // throws StoreError when there is none
    QMap<QString, QVector<StoredAnswer>> out;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT annotator, item_key, system_order_json, answer_json, elapsed_ms, saved_at FROM campaign_answers "
                                    "WHERE campaign_id = ? ORDER BY id"));
    q.bind(0, campaignId).exec();
    while (q.next()) {
        StoredAnswer s;
        s.itemKey = q.value(1).toString();
        s.systemOrder = parseInts(q.value(2).toString());
        s.answer = rethrowAsStoreError([&] { return answerFromJson(parseObject(q.value(3).toString()), QStringLiteral("stored answer")); });
        s.answer.elapsedMs = q.value(4).toLongLong();
        s.savedAt = q.value(5).toString();
        out[q.value(0).toString()] << s;
    }
    return out;
}

CampaignStore::Progress CampaignStore::progress(qint64 campaignId, const QString &annotator)
{
    const Campaign c = campaign(campaignId);
    const Assignment a = assignment(campaignId, annotator);
    QSet<QString> answered;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT item_key, stage FROM campaign_answers WHERE campaign_id = ? AND annotator = ?"));
    q.bind(0, campaignId).bind(1, annotator).exec();
    while (q.next())
        answered.insert(q.value(0).toString() + u'|' + q.value(1).toString());
    Progress p;
    p.total = a.items.size() * c.stages();
    p.answered = answered.size();
    p.position = a.items.size();
    for (int i = 0; i < a.items.size(); ++i)
        for (int s = 1; s <= c.stages(); ++s)
            if (!answered.contains(c.items[a.items[i].itemIndex].key + u'|' + QString::number(s))) {
                p.position = i;
                p.stage = s;
                return p;
            }
    return p;
}

}  // namespace gauntlet::evaluate
