#include "engine/ato/project_merge.h"
#include "engine/core/arg_text.h"

#include "engine/store/database.h"
#include "engine/store/migrations.h"
#include "engine/store/project.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace gauntlet::ato {

namespace {

/// Refuses a shard that cannot be merged; returns its schema version otherwise.
int checkShard(const QString &path, const QString &targetPath)
{
    const QFileInfo info(path);
    if (!info.exists())
        throw storage::StoreError(QStringLiteral("%1: no such shard file; nothing was merged").arg(path));
    const QFileInfo target(targetPath);
    if (target.exists() && info.canonicalFilePath() == target.canonicalFilePath())
        throw storage::StoreError(QStringLiteral("%1: is the target project itself; nothing was merged").arg(path));
    const storage::ProjectFileState state = storage::inspectProjectFile(path);
    const QString detail = state.detail.isEmpty() ? QString() : QStringLiteral(": ") + state.detail;
    switch (state.kind) {
    case storage::ProjectFileState::Current:
    case storage::ProjectFileState::Older:
        return state.schemaVersion;
    case storage::ProjectFileState::Missing:
        throw storage::StoreError(QStringLiteral("%1: no such shard file; nothing was merged").arg(path));
    case storage::ProjectFileState::Empty:
        throw storage::StoreError(QStringLiteral("%1: an empty file, not a Gauntlet project; nothing was merged").arg(path));
    case storage::ProjectFileState::NotSqlite:
        throw storage::StoreError(QStringLiteral("%1: not a Gauntlet project (not an SQLite database%2); nothing was merged").arg(path, detail));
    case storage::ProjectFileState::NotGauntlet:
        throw storage::StoreError(QStringLiteral("%1: not a Gauntlet project (an SQLite database%2); nothing was merged").arg(path, detail));
    case storage::ProjectFileState::Corrupt:
        throw storage::StoreError(QStringLiteral("%1: the database is corrupt or unreadable%2; nothing was merged").arg(path, detail));
    case storage::ProjectFileState::Newer:
        throw storage::StoreError(QStringLiteral("%1: written by a newer Gauntlet (schema version %2; this build knows up to %3); update Gauntlet "
                                        "to merge it. Nothing was merged")
                             .arg(core::argText(path), core::argText(state.schemaVersion), core::argText(storage::latestSchemaVersion())));
    }
    return state.schemaVersion;
}

qint64 count(storage::Database &db, const QString &sql)
{
    return db.scalar(sql).toLongLong();
}

/// INSERT INTO main.TABLE (every column) SELECT ... FROM src.TABLE x, with `overrides` replacing the
/// plain x.column of some columns. Both files are at this build's schema, so the target's column
/// list (PRAGMA table_info) covers the source's. Returns the rows inserted.
qint64 copyTable(storage::Database &db, const QString &table, const QHash<QString, QString> &overrides)
{
    QStringList columns, selects;
    storage::SqlQuery info(db, QStringLiteral("SELECT name FROM pragma_table_info('%1', 'main') ORDER BY cid").arg(table));
    info.exec();
    while (info.next()) {
        const QString column = info.value(0).toString();
        columns << QStringLiteral("\"%1\"").arg(column);
        selects << overrides.value(column, QStringLiteral("x.\"%1\"").arg(column));
    }
    if (columns.isEmpty())
        throw storage::StoreError(QStringLiteral("%1: the project has no table %2").arg(db.path(), table));
    storage::SqlQuery insert(db, QStringLiteral("INSERT INTO main.%1 (%2) SELECT %3 FROM src.%1 x").arg(table, columns.join(u','), selects.join(u',')));
    insert.exec();
    return insert.rowsAffected();
}

/// A table whose rows belong to a run, with the constant added to each of its id columns.
struct OwnedTable {
    QString name;
    QHash<QString, qint64> shifts;  ///< column -> offset (its own INTEGER PRIMARY KEY id, and ids it references)
};

/// `runs` and every table that belongs to a run: found from the schema, not listed, so a table a
/// later migration adds (ON DELETE CASCADE to runs, or to a table that does) is merged too. In an
/// order where every referenced table comes first. Each gets an offset for its own `id` (the
/// largest id in `main`) and the offsets of the columns its foreign keys point at.
std::vector<OwnedTable> runOwnedTables(storage::Database &db, qint64 runOffset)
{
    struct Fk { QString from, table, to, onDelete; };
    QHash<QString, std::vector<Fk>> fks;
    QStringList tables;
    {
        storage::SqlQuery q(db, QStringLiteral("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"));
        q.exec();
        while (q.next())
            tables << q.value(0).toString();
    }
    for (const QString &t : tables) {
        storage::SqlQuery q(db, QStringLiteral("SELECT \"from\", \"table\", COALESCE(\"to\", 'id'), on_delete FROM pragma_foreign_key_list(?, 'main')"));
        q.bind(0, t).exec();
        while (q.next())
            fks[t].push_back({q.value(0).toString(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString()});
    }
    QStringList owned = {QStringLiteral("runs")};
    for (bool grew = true; grew;) {
        grew = false;
        for (const QString &t : tables) {
            if (owned.contains(t))
                continue;
            for (const Fk &fk : fks[t]) {
                if (fk.onDelete == QLatin1String("CASCADE") && owned.contains(fk.table)) {
                    owned << t;
                    grew = true;
                    break;
                }
            }
        }
    }
    std::vector<OwnedTable> ordered;
    QHash<QString, QHash<QString, qint64>> shifts;
    shifts[QStringLiteral("runs")].insert(QStringLiteral("id"), runOffset);
    ordered.push_back({QStringLiteral("runs"), shifts[QStringLiteral("runs")]});
    QStringList done = {QStringLiteral("runs")};
    while (done.size() < owned.size()) {
        bool progress = false;
        for (const QString &t : owned) {
            if (done.contains(t))
                continue;
            bool ready = true;
            for (const Fk &fk : fks[t])
                ready = ready && (fk.table == t || !owned.contains(fk.table) || done.contains(fk.table));
            if (!ready)
                continue;
            QHash<QString, qint64> &own = shifts[t];
            const QVariant pk = db.scalar(QStringLiteral("SELECT group_concat(name || ':' || upper(type)) FROM pragma_table_info('%1', 'main') "
                                                         "WHERE pk > 0").arg(t));
            if (pk.toString() == QLatin1String("id:INTEGER"))
                own.insert(QStringLiteral("id"), count(db, QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM main.\"%1\"").arg(t)));
            for (const Fk &fk : fks[t]) {
                if (fk.table != t && owned.contains(fk.table) && shifts[fk.table].contains(fk.to))
                    own.insert(fk.from, shifts[fk.table].value(fk.to));
            }
            ordered.push_back({t, own});
            done << t;
            progress = true;
        }
        if (!progress)
            throw storage::StoreError(QStringLiteral("%1: the run tables' foreign keys form a cycle (%2); cannot merge").arg(db.path(), owned.join(u',')));
    }
    return ordered;
}

/// Copies the runs of the database attached as `src` into `main` (db), inside the caller's
/// transaction. `shardFile`: the shard's path (its runs without an origin get one), or empty when
/// `src` is the staging file (its origins are complete). `mainLabel` names `main` in errors.
void copyRuns(storage::Database &db, const QString &sourceLabel, const QString &mainLabel, const QString &shardFile, ProjectMergeSummary *summary)
{
    const QString duplicate = QStringLiteral("EXISTS (SELECT 1 FROM main.runs m WHERE m.created_at = r.created_at AND m.method = r.method "
                                             "AND m.seed_text = r.seed_text AND m.host IS r.host AND m.process_id IS r.process_id)");
    const qint64 duplicates = count(db, QStringLiteral("SELECT count(*) FROM src.runs r WHERE %1").arg(duplicate));
    if (duplicates > 0) {
        // From the staging file: name the shard files given whose runs are the duplicates.
        const QString source = shardFile.isEmpty() ? db.scalar(QStringLiteral("SELECT group_concat(shard, ', ') FROM (SELECT DISTINCT g.shard "
                                                                              "FROM src.merge_sources g JOIN src.runs r ON r.id = g.run_id "
                                                                              "WHERE %1)").arg(duplicate)).toString()
                                                   : sourceLabel;
        throw storage::StoreError(QStringLiteral("%1: %2 runs are already in %3 (merged before?); merging the same runs twice is refused, "
                                        "nothing was merged")
                             .arg(source)
                             .arg(duplicates)
                             .arg(mainLabel));
    }

    // Seed sets the runs start from that `main` lacks are copied whole (matched by name).
    struct SetRow { qint64 id; QString name; };
    std::vector<SetRow> sets;
    {
        storage::SqlQuery q(db, QStringLiteral("SELECT ss.id, ss.name FROM src.seed_sets ss WHERE ss.id IN (SELECT s.seed_set_id FROM src.seeds s "
                                      "WHERE s.id IN (SELECT seed_id FROM src.runs WHERE seed_id IS NOT NULL)) "
                                      "AND ss.name NOT IN (SELECT name FROM main.seed_sets)"));
        q.exec();
        while (q.next())
            sets.push_back({q.value(0).toLongLong(), q.value(1).toString()});
    }
    for (const SetRow &set : sets) {
        storage::SqlQuery addSet(db, QStringLiteral("INSERT INTO main.seed_sets (name, source, licence, created_at) "
                                           "SELECT name, source, licence, created_at FROM src.seed_sets WHERE id = ?"));
        addSet.bind(0, set.id).exec();
        storage::SqlQuery addSeeds(db, QStringLiteral("INSERT INTO main.seeds (seed_set_id, position, text, corpus, document_id, domain, segment_key) "
                                             "SELECT ?, position, text, corpus, document_id, domain, segment_key FROM src.seeds "
                                             "WHERE seed_set_id = ? ORDER BY position"));
        addSeeds.bind(0, addSet.lastInsertId()).bind(1, set.id).exec();
        if (shardFile.isEmpty())
            ++summary->seedSetsAdded;
    }

    const qint64 runOffset = count(db, QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM main.runs"));
    const QString seedMap = QStringLiteral(
        "(SELECT m.id FROM src.seeds s JOIN src.seed_sets ss ON ss.id = s.seed_set_id JOIN main.seed_sets ms ON ms.name = ss.name "
        "JOIN main.seeds m ON m.seed_set_id = ms.id AND m.position = s.position AND m.text = s.text WHERE s.id = x.seed_id)");
    QHash<QString, qint64> rowsCopied;
    for (const OwnedTable &table : runOwnedTables(db, runOffset)) {
        QHash<QString, QString> overrides;
        for (auto it = table.shifts.cbegin(); it != table.shifts.cend(); ++it)
            overrides.insert(it.key(), QStringLiteral("x.\"%1\" + %2").arg(core::argText(it.key()), core::argText(it.value())));
        if (table.name == QLatin1String("runs"))
            overrides.insert(QStringLiteral("seed_id"), seedMap);
        rowsCopied.insert(table.name, copyTable(db, table.name, overrides));
    }
    const qint64 runs = rowsCopied.value(QStringLiteral("runs")), steps = rowsCopied.value(QStringLiteral("run_steps"));
    const qint64 members = rowsCopied.value(QStringLiteral("beam_members")), candidates = rowsCopied.value(QStringLiteral("archive_candidates"));
    const qint64 results = rowsCopied.value(QStringLiteral("run_results"));
    if (!shardFile.isEmpty()) {
        storage::SqlQuery origins(db, QStringLiteral("INSERT INTO main.run_origins (run_id, shard_file, shard_run_id, merged_at) "
                                            "SELECT x.id + %1, ?, x.id, ? FROM src.runs x WHERE x.id NOT IN (SELECT run_id FROM src.run_origins)")
                                 .arg(runOffset));
        origins.bind(0, shardFile).bind(1, storage::utcTimestamp()).exec();
        storage::SqlQuery sources(db, QStringLiteral("INSERT INTO main.merge_sources (run_id, shard) SELECT x.id + %1, ? FROM src.runs x").arg(runOffset));
        sources.bind(0, sourceLabel).exec();
    }
    summary->seedsUnmatched += count(db, QStringLiteral("SELECT count(*) FROM src.runs x WHERE x.seed_id IS NOT NULL AND NOT EXISTS "
                                                        "(SELECT 1 FROM main.runs m WHERE m.id = x.id + %1 AND m.seed_id IS NOT NULL)")
                                             .arg(runOffset));
    if (shardFile.isEmpty()) {  // the final copy into the target: what the caller sees
        summary->runs += runs;
        summary->steps += steps;
        summary->beamMembers += members;
        summary->candidates += candidates;
        summary->results += results;
    }
}

/// Attaches `path` as `src`, runs copyRuns in one transaction, detaches.
void copyFrom(storage::Database &db, const QString &path, const QString &sourceLabel, const QString &mainLabel, const QString &shardFile,
              ProjectMergeSummary *summary)
{
    storage::SqlQuery(db, QStringLiteral("ATTACH DATABASE ? AS src")).bind(0, path).exec();
    try {
        storage::Transaction transaction(db);
        copyRuns(db, sourceLabel, mainLabel, shardFile, summary);
        transaction.commit();
    } catch (...) {
        QSqlQuery(db.handle()).exec(QStringLiteral("DETACH DATABASE src"));
        throw;
    }
    db.exec(QStringLiteral("DETACH DATABASE src"));
}

void removeProjectFile(const QString &path)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
}

}  // namespace

ProjectMergeSummary mergeProjects(const QString &targetPath, const QStringList &shardPaths)
{
    if (targetPath.isEmpty())
        throw storage::StoreError(QStringLiteral("no target project given"));
    if (shardPaths.isEmpty())
        throw storage::StoreError(QStringLiteral("%1: no shard projects to merge").arg(targetPath));
    std::vector<int> versions;
    for (const QString &shard : shardPaths)
        versions.push_back(checkShard(shard, targetPath));

    const QString targetDir = QFileInfo(targetPath).absolutePath();
    if (!QDir().mkpath(targetDir))
        throw storage::StoreError(QStringLiteral("%1: cannot create the folder %2").arg(targetPath, targetDir));
    // Next to the target: shard copies can be large, and /tmp may be small.
    QTemporaryDir work(QDir(targetDir).filePath(QStringLiteral(".gauntlet-merge-XXXXXX")));
    if (!work.isValid())
        throw storage::StoreError(QStringLiteral("%1: cannot create a work folder in %2: %3").arg(targetPath, targetDir, work.errorString()));

    ProjectMergeSummary summary;
    summary.shards = int(shardPaths.size());
    const QString stagingPath = work.filePath(QStringLiteral("staging.gauntlet"));
    {
        auto staging = storage::Database::open(stagingPath, storage::Database::Mode::ReadWrite);
        storage::migrate(*staging, 0);
        // The shard path as given, per staged run, for errors only (the target does not get it).
        staging->exec(QStringLiteral("CREATE TABLE merge_sources (run_id INTEGER PRIMARY KEY, shard TEXT NOT NULL)"));
        for (int i = 0; i < shardPaths.size(); ++i) {
            const QString shard = shardPaths[i];
            // A copy, never the shard itself: reading a shard a killed task left with a -wal file
            // would checkpoint it, and an older schema is migrated on the copy.
            const QString copy = work.filePath(QStringLiteral("shard-%1.gauntlet").arg(i));
            try {
                auto source = storage::Database::open(shard, storage::Database::Mode::ReadOnly);
                storage::SqlQuery(*source, QStringLiteral("VACUUM INTO ?")).bind(0, copy).exec();
            } catch (const storage::StoreError &e) {
                throw storage::StoreError(QStringLiteral("%1: cannot read the shard (%2); nothing was merged").arg(shard, QString::fromUtf8(e.what())));
            }
            if (versions[size_t(i)] < storage::latestSchemaVersion()) {
                auto copyDb = storage::Database::open(copy, storage::Database::Mode::ReadWrite);
                storage::migrate(*copyDb, versions[size_t(i)]);
            }
            copyFrom(*staging, copy, shard, QStringLiteral("an earlier shard of this merge (listed twice?)"),
                     QFileInfo(shard).absoluteFilePath(), &summary);
            QFile::remove(copy);
        }
    }

    const bool existed = QFileInfo::exists(targetPath) && QFileInfo(targetPath).size() > 0;
    try {
        auto project = storage::Project::open(targetPath);
        copyFrom(project->database(), stagingPath, QStringLiteral("the shards"), targetPath, QString(), &summary);
    } catch (...) {
        if (!existed)
            removeProjectFile(targetPath);
        throw;
    }
    return summary;
}

}  // namespace gauntlet::ato
