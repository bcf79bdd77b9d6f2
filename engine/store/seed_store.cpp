#include "engine/store/seed_store.h"

#include "engine/core/names.h"
#include "engine/store/database.h"

namespace gauntlet::storage {

namespace {

SeedSetInfo readSetRow(SqlQuery &q)
{
    SeedSetInfo info;
    info.id = q.value(0).toLongLong();
    info.name = q.value(1).toString();
    info.source = q.value(2).toString();
    info.licence = q.value(3).toString();
    info.createdAt = q.value(4).toString();
    info.seedCount = q.value(5).toInt();
    return info;
}

const char *const setColumns =
    "SELECT s.id, s.name, s.source, s.licence, s.created_at, "
    "(SELECT count(*) FROM seeds WHERE seed_set_id = s.id) FROM seed_sets s ";

Seed readSeedRow(SqlQuery &q)
{
    Seed seed;
    seed.id = q.value(0).toLongLong();
    seed.setId = q.value(1).toLongLong();
    seed.position = q.value(2).toInt();
    seed.record.text = q.value(3).toString();
    seed.record.corpus = q.value(4).toString();
    seed.record.documentId = q.value(5).toString();
    seed.record.domain = q.value(6).toString();
    seed.record.segmentKey = q.value(7).toString();
    return seed;
}

const char *const seedColumns =
    "SELECT id, seed_set_id, position, text, corpus, document_id, domain, segment_key FROM seeds ";

}  // namespace

qint64 SeedStore::addSet(const QString &name, const QVector<SeedRecord> &seeds, const QString &source,
                         const QString &licence, bool replace)
{
    if (name.trimmed().isEmpty())
        throw StoreError(QStringLiteral("a seed set needs a name"));
    if (const QString problem = core::nameProblem(name, 200); !problem.isEmpty())
        throw StoreError(QStringLiteral("the seed set name %1").arg(problem));
    Transaction transaction(m_db);
    if (auto existing = findSet(name)) {
        if (!replace)
            // One multi-argument arg(): a name holding "%1" is not filled in (issue 39: "30%2").
            throw StoreError(QStringLiteral("%1: a seed set named '%2' already exists (%3 seeds); choose another name or replace it")
                                 .arg(m_db.path(), name, QString::number(existing->seedCount)));
        removeSet(existing->id);
    }
    SqlQuery insertSet(m_db, QStringLiteral("INSERT INTO seed_sets(name, source, licence, created_at) VALUES(?, ?, ?, ?)"));
    insertSet.bind(0, name).bind(1, source).bind(2, licence).bind(3, utcTimestamp()).exec();
    const qint64 setId = insertSet.lastInsertId();

    SqlQuery insertSeed(m_db, QStringLiteral("INSERT INTO seeds(seed_set_id, position, text, corpus, document_id, domain, "
                                             "segment_key) VALUES(?, ?, ?, ?, ?, ?, ?)"));
    for (int i = 0; i < seeds.size(); ++i) {
        const SeedRecord &s = seeds[i];
        insertSeed.bind(0, setId).bind(1, i).bind(2, s.text).bind(3, s.corpus).bind(4, s.documentId).bind(5, s.domain);
        insertSeed.bind(6, s.segmentKey).exec();
    }
    transaction.commit();
    return setId;
}

QVector<SeedSetInfo> SeedStore::sets()
{
    SqlQuery q(m_db, QLatin1String(setColumns) + QLatin1String("ORDER BY s.name"));
    q.exec();
    QVector<SeedSetInfo> result;
    while (q.next())
        result.append(readSetRow(q));
    return result;
}

std::optional<SeedSetInfo> SeedStore::findSet(const QString &name)
{
    SqlQuery q(m_db, QLatin1String(setColumns) + QLatin1String("WHERE s.name = ?"));
    q.bind(0, name).exec();
    if (!q.next())
        return std::nullopt;
    return readSetRow(q);
}

QVector<Seed> SeedStore::seeds(qint64 setId, int limit, int offset)
{
    SqlQuery q(m_db, QLatin1String(seedColumns) + QLatin1String("WHERE seed_set_id = ? ORDER BY position LIMIT ? OFFSET ?"));
    q.bind(0, setId).bind(1, limit).bind(2, offset).exec();
    QVector<Seed> result;
    while (q.next())
        result.append(readSeedRow(q));
    return result;
}

std::optional<Seed> SeedStore::seed(qint64 seedId)
{
    SqlQuery q(m_db, QLatin1String(seedColumns) + QLatin1String("WHERE id = ?"));
    q.bind(0, seedId).exec();
    if (!q.next())
        return std::nullopt;
    return readSeedRow(q);
}

int SeedStore::totalSeedCount()
{
    return m_db.scalar(QStringLiteral("SELECT count(*) FROM seeds")).toInt();
}

void SeedStore::removeSet(qint64 setId)
{
    SqlQuery q(m_db, QStringLiteral("DELETE FROM seed_sets WHERE id = ?"));
    q.bind(0, setId).exec();
}

}  // namespace gauntlet::storage
