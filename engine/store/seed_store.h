// Seed sets and seeds in a project (tables seed_sets and seeds, migration 0001).
#pragma once

#include "engine/store/seed_file.h"

#include <QString>
#include <QVector>

#include <optional>

namespace gauntlet::storage {

class Database;

struct SeedSetInfo {
    qint64 id = 0;
    QString name;
    QString source;
    QString licence;
    QString createdAt;  ///< ISO 8601 UTC
    int seedCount = 0;
};

struct Seed {
    qint64 id = 0;
    qint64 setId = 0;
    int position = 0;  ///< 0-based order in its set
    SeedRecord record;
};

class SeedStore {
public:
    explicit SeedStore(Database &db) : m_db(db) {}

    /// Stores `seeds` as a new set named `name`, in one transaction. When a set of that name
    /// exists, replaces it if `replace`, otherwise throws StoreError saying so. Runs that used the
    /// replaced seeds keep their seed text. Returns the new set's id. Throws StoreError.
    qint64 addSet(const QString &name, const QVector<SeedRecord> &seeds, const QString &source,
                  const QString &licence = {}, bool replace = false);

    /// Every set, by name.
    QVector<SeedSetInfo> sets();
    std::optional<SeedSetInfo> findSet(const QString &name);
    /// Seeds of one set in order; `limit` < 0 means all.
    QVector<Seed> seeds(qint64 setId, int limit = -1, int offset = 0);
    std::optional<Seed> seed(qint64 seedId);
    int totalSeedCount();
    void removeSet(qint64 setId);

private:
    Database &m_db;
};

}  // namespace gauntlet::storage
