// Schema migrations: a fresh file reaches the latest version; every older version migrates with
// its data intact; the SQL splitter handles quotes and comments.
#include "engine/store/database.h"
#include "engine/store/migrations.h"
#include "engine/store/project.h"

#include <QTemporaryDir>
#include "tests/support/old_schema.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {

QStringList tableNames(storage::Database &db)
{
    QStringList names;
    storage::SqlQuery q(db, QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
    q.exec();
    while (q.next())
        names << q.value(0).toString();
    return names;
}

}  // namespace

class TestMigrations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bundled_areNumberedFromOne()
    {
        const auto &migrations = storage::bundledMigrations();
        QVERIFY(migrations.size() >= 2);
        for (int i = 0; i < migrations.size(); ++i)
            QCOMPARE(migrations[i].version, i + 1);
        QCOMPARE(storage::latestSchemaVersion(), migrations.size());
    }

    void splitSqlScript_respectsQuotesAndComments()
    {
        const QString script = QStringLiteral(
            "-- a comment; with a semicolon\n"
            "CREATE TABLE a (x TEXT DEFAULT 'semi;colon', \"we;ird\" INTEGER);\n"
            "/* block; comment */ INSERT INTO a VALUES ('it''s; fine', 1);\n"
            "   ;  -- empty statement\n"
            "SELECT 1");
        const QStringList statements = storage::splitSqlScript(script);
        QCOMPARE(statements.size(), 3);
        QVERIFY(statements[0].startsWith(QLatin1String("CREATE TABLE a")));
        QVERIFY(statements[0].contains(QLatin1String("'semi;colon'")));
        QVERIFY(statements[1].contains(QLatin1String("'it''s; fine'")));
        QCOMPARE(statements[2], QStringLiteral("SELECT 1"));
    }

    void freshFile_reachesLatestVersion()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fresh.gauntlet"));
        auto project = storage::Project::open(path);
        QVERIFY(project->wasCreated());
        QCOMPARE(project->schemaVersion(), storage::latestSchemaVersion());
        QCOMPARE(project->database().scalar(QStringLiteral("PRAGMA application_id")).toInt(), storage::GauntletApplicationId);
        QCOMPARE(project->database().scalar(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
        QCOMPARE(project->database().scalar(QStringLiteral("PRAGMA foreign_keys")).toInt(), 1);
        const QStringList tables = tableNames(project->database());
        for (const char *table : {"seed_sets", "seeds", "runs", "run_steps", "beam_members", "archive_candidates", "run_results"})
            QVERIFY2(tables.contains(QLatin1String(table)), table);
    }

    void everyOlderVersion_migratesKeepingData_data()
    {
        QTest::addColumn<int>("fromVersion");
        for (int v = 1; v < storage::latestSchemaVersion(); ++v)
            QTest::addRow("v%d", v) << v;
    }

    void corpusSummaries_areStoredForCorporaImportedBefore()
    {
        // Schema 20 (issue 33 item 7) stores each corpus's summary instead of computing it on every
        // open: a corpus stored at schema 19 gets the counts and the systems in order that the
        // segments give.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("corpus.gauntlet"));
        {
            auto db = testing::databaseAtVersion(path, 19);
            db->exec(QStringLiteral("INSERT INTO corpora(id, name, created_at) VALUES(1, 'ted', '2026-01-01T00:00:00Z')"));
            db->exec(QStringLiteral("INSERT INTO corpora(id, name, created_at) VALUES(2, 'empty', '2026-01-01T00:00:00Z')"));
            const char *segments[][4] = {{"1", "d1", "0.2", "s1"}, {"2", "d1", "0.4", "s2"}, {"3", "d2", "0.9", "s3"}};
            for (const auto &seg : segments)
                db->exec(QStringLiteral("INSERT INTO corpus_segments(id, corpus_id, position, document_id, segment_key, position_in_document, source, post_edit, "
                                        "post_edit_score) VALUES(%1, 1, %1, '%2', '%4', 0, 'src', 'pe', %3)")
                             .arg(QLatin1String(seg[0]), QLatin1String(seg[1]), QLatin1String(seg[2]), QLatin1String(seg[3])));
            // systems: "zeta" is the primary (position 0), "alpha" second
            for (int seg = 1; seg <= 3; ++seg) {
                db->exec(QStringLiteral("INSERT INTO segment_translations(segment_id, position, system, mt) VALUES(%1, 0, 'zeta', 'mt')").arg(seg));
                db->exec(QStringLiteral("INSERT INTO segment_translations(segment_id, position, system, mt) VALUES(%1, 1, 'alpha', 'mt')").arg(seg));
            }
        }
        auto project = storage::Project::open(path);
        QCOMPARE(project->schemaVersion(), storage::latestSchemaVersion());
        storage::Database &db = project->database();
        QCOMPARE(db.scalar(QStringLiteral("SELECT segment_count FROM corpora WHERE id = 1")).toInt(), 3);
        QCOMPARE(db.scalar(QStringLiteral("SELECT document_count FROM corpora WHERE id = 1")).toInt(), 2);
        QVERIFY(qAbs(db.scalar(QStringLiteral("SELECT mean_post_edit_score FROM corpora WHERE id = 1")).toDouble() - 0.5) < 1e-12);
        QCOMPARE(db.scalar(QStringLiteral("SELECT systems_json FROM corpora WHERE id = 1")).toString(), QStringLiteral("[\"zeta\",\"alpha\"]"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT segment_count FROM corpora WHERE id = 2")).toInt(), 0);
        QCOMPARE(db.scalar(QStringLiteral("SELECT systems_json FROM corpora WHERE id = 2")).toString(), QStringLiteral("[]"));
    }

    void everyOlderVersion_migratesKeepingData()
    {
        QFETCH(int, fromVersion);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.gauntlet"));
        {
            auto db = testing::databaseAtVersion(path, fromVersion);
            QCOMPARE(db->scalar(QStringLiteral("PRAGMA user_version")).toInt(), fromVersion);
            // Version 1 already has seeds: store one to check it survives.
            db->exec(QStringLiteral("INSERT INTO seed_sets(name, created_at) VALUES('old', '2026-01-01T00:00:00Z')"));
            db->exec(QStringLiteral("INSERT INTO seeds(seed_set_id, position, text) VALUES(1, 0, 'An old seed.')"));
        }
        QCOMPARE(storage::inspectProjectFile(path).kind, storage::ProjectFileState::Older);
        auto project = storage::Project::open(path);
        QVERIFY(!project->wasCreated());
        QCOMPARE(project->schemaVersion(), storage::latestSchemaVersion());
        QCOMPARE(project->seeds().totalSeedCount(), 1);  // no bundled set added to an existing project
        QCOMPARE(project->seeds().findSet(QStringLiteral("old"))->seedCount, 1);
        // A backup of the old version was written before migrating.
        const QStringList backups = QDir(dir.path()).entryList({QStringLiteral("old.gauntlet.schema-v%1-*.bak").arg(fromVersion)});
        QCOMPARE(backups.size(), 1);
        auto backup = storage::Database::open(dir.filePath(backups.first()), storage::Database::Mode::ReadOnly);
        QCOMPARE(backup->scalar(QStringLiteral("PRAGMA user_version")).toInt(), fromVersion);
        QCOMPARE(backup->scalar(QStringLiteral("SELECT text FROM seeds")).toString(), QStringLiteral("An old seed."));
    }

    void failingMigration_rollsBackThatStep()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("clash.gauntlet"));
        auto db = testing::databaseAtVersion(path, 1);
        // A table that the next migration wants to create makes it fail part-way.
        db->exec(QStringLiteral("CREATE TABLE run_steps (x INTEGER)"));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, storage::migrate(*db, 1));
        QCOMPARE(db->scalar(QStringLiteral("PRAGMA user_version")).toInt(), 1);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'runs'")).toInt(), 0);
    }
};

GAUNTLET_TEST_MAIN(TestMigrations)
#include "tst_migrations.moc"
