// Versioned schema of a Gauntlet project: ordered SQL files in resources/migrations/, numbered
// NNNN_name.sql from 1, each applied in one transaction that also sets PRAGMA user_version.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::storage {

class Database;

/// PRAGMA application_id of every Gauntlet project ("GAUN" in ASCII).
constexpr int GauntletApplicationId = 0x4741554E;

struct Migration {
    int version = 0;   ///< the schema version after this migration (1-based, contiguous)
    QString name;      ///< file name, e.g. "0001_seed_sets.sql"
    QString sql;
};

/// The migrations shipped in the resources (":/migrations"), sorted by version. Throws StoreError
/// if the numbering has a gap (a packaging mistake).
const QVector<Migration> &bundledMigrations();

/// The schema version this build writes: the highest bundled migration's version.
int latestSchemaVersion();

/// Splits an SQL script into statements at semicolons outside quotes and comments. Statements are
/// trimmed; empty ones and comment-only ones are dropped. Not for triggers (BEGIN ... END).
QStringList splitSqlScript(const QString &script);

/// Brings `db` from `fromVersion` to `toVersion` (default: latest), one transaction per migration,
/// each also setting user_version and application_id. A failing migration rolls back and throws
/// StoreError naming the migration; earlier ones stay applied.
void migrate(Database &db, int fromVersion, int toVersion = -1);

}  // namespace gauntlet::storage
