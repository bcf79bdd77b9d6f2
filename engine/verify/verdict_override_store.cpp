#include "engine/verify/verdict_override_store.h"
#include "engine/core/arg_text.h"

#include "engine/store/database.h"
#include "engine/verify/example_store.h"

namespace gauntlet::verify {

namespace {

/// The example's current source text. Throws StoreError for an unknown example.
QString sourceOf(storage::Database &db, qint64 exampleId)
{
    storage::SqlQuery q(db, QStringLiteral("SELECT source_text FROM examples WHERE id = ?"));
    q.bind(0, exampleId).exec();
    if (!q.next())
        throw storage::StoreError(QStringLiteral("there is no example %1").arg(exampleId));
    return q.value(0).toString();
}

}  // namespace

QVector<VerdictOverride> VerdictOverrideStore::overrides(qint64 exampleId)
{
    ExampleStore store(m_db);
    QHash<qint64, QString> keys;
    for (const StoredRule &r : store.rules(exampleId))
        keys.insert(r.id, r.rule.cacheKey());
    storage::SqlQuery q(m_db, QStringLiteral("SELECT o.rule_id, o.translation, o.verdict, o.reason, o.reviewer, o.created_at "
                                    "FROM verdict_overrides o JOIN example_rules r ON r.id = o.rule_id JOIN examples e ON e.id = r.example_id "
                                    "WHERE r.example_id = ? AND (o.source_text IS NULL OR o.source_text = e.source_text) "
                                    "ORDER BY r.position, o.translation"));
    q.bind(0, exampleId).exec();
    QVector<VerdictOverride> list;
    while (q.next()) {
        VerdictOverride o;
        o.ruleKey = keys.value(q.value(0).toLongLong());
        o.translation = q.value(1).toString();
        o.verdict = q.value(2).toString() == QLatin1String("pass") ? Verdict::Pass : Verdict::Fail;
        o.reason = q.value(3).toString();
        o.reviewer = q.value(4).toString();
        o.createdAt = q.value(5).toString();
        list.append(o);
    }
    return list;
}

qint64 VerdictOverrideStore::ruleIdAt(qint64 exampleId, int rule, QString *ruleKey)
{
    sourceOf(m_db, exampleId);
    const QVector<StoredRule> rules = ExampleStore(m_db).rules(exampleId);
    if (rule < 0 || rule >= rules.size())
        throw storage::StoreError(QStringLiteral("example %1 has no rule %2 (it has %3)").arg(exampleId).arg(rule + 1).arg(rules.size()));
    *ruleKey = rules[rule].rule.cacheKey();
    return rules[rule].id;
}

qint64 VerdictOverrideStore::ruleId(qint64 exampleId, const QString &ruleKey, int *index)
{
    sourceOf(m_db, exampleId);
    const QVector<StoredRule> rules = ExampleStore(m_db).rules(exampleId);
    for (int i = 0; i < rules.size(); ++i)
        if (rules[i].rule.cacheKey() == ruleKey) {
            if (index)
                *index = i;
            return rules[i].id;
        }
    throw storage::StoreError(QStringLiteral("example %1 has no such rule (it changed since the verdict was set)").arg(exampleId));
}

void VerdictOverrideStore::write(qint64 exampleId, qint64 ruleId, const VerdictOverride &o)
{
    if (o.verdict == Verdict::Unknown)
        throw storage::StoreError(QStringLiteral("a verdict set by hand is pass or fail, not unknown"));
    if (o.reason.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("a verdict set by hand needs a reason"));
    if (codePointCount(o.reason) > MaxExampleFieldLength)
        throw storage::StoreError(QStringLiteral("the reason has %1 characters; at most %2 are allowed").arg(core::argText(codePointCount(o.reason)), core::argText(MaxExampleFieldLength)));
    if (o.reviewer.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("a verdict set by hand needs the reviewer's name (--author or GAUNTLET_PROFILE)"));
    ExampleStore store(m_db);
    const auto e = store.example(exampleId);
    if (!e)
        throw storage::StoreError(QStringLiteral("there is no example %1").arg(exampleId));
    bool held = !o.translation.trimmed().isEmpty() && o.translation == e->reference;
    for (const StoredTranslation &t : store.translations(exampleId))
        held = held || (!t.text.isEmpty() && t.text == o.translation);
    if (!held)
        throw storage::StoreError(QStringLiteral("example %1 holds no such translation (neither its reference nor a stored MT output)").arg(exampleId));
    storage::SqlQuery q(m_db, QStringLiteral("INSERT OR REPLACE INTO verdict_overrides(rule_id, translation, verdict, reason, reviewer, created_at, source_text) "
                                    "VALUES(?, ?, ?, ?, ?, ?, ?)"));
    q.bind(0, ruleId).bind(1, o.translation).bind(2, verdictName(o.verdict)).bind(3, o.reason.trimmed()).bind(4, o.reviewer.trimmed());
    q.bind(5, o.createdAt.isEmpty() ? storage::utcTimestamp() : o.createdAt).bind(6, e->sourceText).exec();
}

namespace {

/// Verdicts set by hand change the gate; an accepted example's gate was what the reviewer
/// accepted and what its release says (issue 32: an override after acceptance left an accepted
/// example whose reference fails its own rule). Throws StoreError on an accepted example.
void refuseAccepted(storage::Database &db, qint64 exampleId)
{
    const auto e = ExampleStore(db).example(exampleId);
    if (e && e->status == ExampleStatus::Accepted)
        throw storage::StoreError(QStringLiteral("example %1 is accepted: its verdicts can no longer change; a reviewer returns it to the "
                                        "contributor first (Review > Return with comment)")
                             .arg(exampleId));
}

/// The override of rule `ruleKey` on `translation` among `all` (the last one, should there be two);
/// none when it has none. Throws nothing.
std::optional<VerdictOverride> overrideOf(const QVector<VerdictOverride> &all, const QString &ruleKey, const QString &translation)
{
    std::optional<VerdictOverride> found;
    for (const VerdictOverride &o : all)
        if (o.ruleKey == ruleKey && o.translation == translation)
            found = o;
    return found;
}

}  // namespace

std::optional<VerdictOverride> VerdictOverrideStore::setOverride(qint64 exampleId, int rule, const QString &translation, Verdict verdict,
                                                                 const QString &reason, const QString &reviewer)
{
    storage::Transaction transaction(m_db);
    refuseAccepted(m_db, exampleId);
    QString key;
    const qint64 id = ruleIdAt(exampleId, rule, &key);
    const std::optional<VerdictOverride> previous = overrideOf(overrides(exampleId), key, translation);
    write(exampleId, id, VerdictOverride{key, translation, verdict, reason, reviewer, {}});
    recordEvent(exampleId, rule, translation, previous ? verdictName(previous->verdict) : QString(), verdictName(verdict), reviewer,
                reason);
    transaction.commit();
    return previous;
}

std::optional<VerdictOverride> VerdictOverrideStore::removeOverride(qint64 exampleId, int rule, const QString &translation,
                                                                    const QString &by)
{
    storage::Transaction transaction(m_db);
    refuseAccepted(m_db, exampleId);
    QString key;
    const qint64 id = ruleIdAt(exampleId, rule, &key);
    const std::optional<VerdictOverride> previous = overrideOf(overrides(exampleId), key, translation);
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM verdict_overrides WHERE rule_id = ? AND translation = ?"));
    q.bind(0, id).bind(1, translation).exec();
    if (previous)
        recordEvent(exampleId, rule, translation, verdictName(previous->verdict), QStringLiteral("removed"), by, QString());
    transaction.commit();
    return previous;
}

void VerdictOverrideStore::restore(qint64 exampleId, const VerdictOverride &o)
{
    storage::Transaction transaction(m_db);
    refuseAccepted(m_db, exampleId);
    int index = -1;
    write(exampleId, ruleId(exampleId, o.ruleKey, &index), o);
    recordEvent(exampleId, index, o.translation, QString(), verdictName(o.verdict), o.reviewer, o.reason);
    transaction.commit();
}

void VerdictOverrideStore::recordEvent(qint64 exampleId, int rule, const QString &translation, const QString &from,
                                       const QString &to, const QString &author, const QString &reason)
{
    QString text = translation.simplified();
    if (text.size() > 60)
        text = text.left(59) + QChar(0x2026);
    QString comment = QStringLiteral("rule %1 on \"%2\"").arg(rule + 1).arg(text);
    if (!reason.isEmpty())
        comment += QStringLiteral(": ") + reason;
    ExampleStore(m_db).addEvent(exampleId, QStringLiteral("verdict"), from, to, author, comment);
}

}  // namespace gauntlet::verify

namespace gauntlet::verify {

void VerdictOverrideStore::restoreWithin(qint64 exampleId, const QVector<VerdictOverride> &overrides)
{
    for (const VerdictOverride &o : overrides)
        write(exampleId, ruleId(exampleId, o.ruleKey), o);
}

}  // namespace gauntlet::verify
