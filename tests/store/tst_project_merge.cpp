// Merging shard projects (issue 25, engine/ato/project_merge.h) on shards written by RunStore: counts
// per table are the sums, run ids are remapped with every reference following, provenance is kept,
// and a duplicate, missing, newer, corrupt or foreign shard is refused with the target unchanged.
#include "engine/ato/project_merge.h"
#include "tests/store/shard_projects.h"
#include "engine/store/migrations.h"
#include "engine/store/project.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>
#include <QTemporaryDir>
#include "tests/support/old_schema.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::sha256OfFile;
using gauntlet::testing::makeShard;

namespace {

qint64 rows(storage::Database &db, const QString &table)
{
    return db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(table)).toLongLong();
}

}  // namespace

class TestProjectMerge : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void merge_sumsEveryTableAndRemapsIds()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("shard-0.gauntlet")), b = dir.filePath(QStringLiteral("shard-1.gauntlet"));
        makeShard(a, {0, 2});
        makeShard(b, {1, 3, 5}, {3});
        const QString target = dir.filePath(QStringLiteral("merged.gauntlet"));
        makeShard(target, {7});  // the target has a run of its own: ids 1 (run) and 1..9 (candidates) are taken
        const QString hashA = sha256OfFile(a), hashB = sha256OfFile(b);

        const ato::ProjectMergeSummary s = ato::mergeProjects(target, {a, b});
        // Hand count: 5 shard runs x (3 steps, 3 x 2 beam members, 3 x 3 candidates); 4 finished.
        QCOMPARE(s.shards, 2);
        QCOMPARE(s.runs, 5);
        QCOMPARE(s.steps, 15);
        QCOMPARE(s.beamMembers, 30);
        QCOMPARE(s.candidates, 45);
        QCOMPARE(s.results, 4);
        QCOMPARE(s.seedSetsAdded, 0);  // every shard has the bundled set, and so has the target
        QCOMPARE(s.seedsUnmatched, 0);
        QCOMPARE(sha256OfFile(a), hashA);  // shards are only read
        QCOMPARE(sha256OfFile(b), hashB);

        auto project = storage::Project::open(target);
        storage::Database &db = project->database();
        QCOMPARE(rows(db, QStringLiteral("runs")), 6);
        QCOMPARE(rows(db, QStringLiteral("run_steps")), 18);
        QCOMPARE(rows(db, QStringLiteral("beam_members")), 36);
        QCOMPARE(rows(db, QStringLiteral("archive_candidates")), 54);
        QCOMPARE(rows(db, QStringLiteral("run_results")), 5);
        QCOMPARE(rows(db, QStringLiteral("run_origins")), 5);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(DISTINCT id) FROM runs")).toInt(), 6);
        QCOMPARE(db.scalar(QStringLiteral("PRAGMA foreign_key_check")), QVariant());

        // Every run's steps, beams and candidates carry its own seed text, so a mixed-up run id shows.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM beam_members b JOIN runs r ON r.id = b.run_id WHERE substr(b.text, 1, "
                                          "length(r.seed_text)) <> r.seed_text")).toInt(), 0);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM archive_candidates c JOIN runs r ON r.id = c.run_id WHERE substr(c.text, 1, "
                                          "length(r.seed_text)) <> r.seed_text")).toInt(), 0);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM runs r WHERE (SELECT count(*) FROM run_steps s WHERE s.run_id = r.id) <> 3 "
                                          "OR (SELECT count(*) FROM archive_candidates c WHERE c.run_id = r.id) <> 9")).toInt(), 0);
        // Each result points at its own run's candidate with the output text.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_results x JOIN archive_candidates c ON c.id = x.archive_candidate_id "
                                          "WHERE c.run_id = x.run_id AND c.text = x.output_text")).toInt(), 5);
        // Seeds map to the target's bundled set: the same text at the same position.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM runs r JOIN seeds s ON s.id = r.seed_id WHERE s.text = r.seed_text")).toInt(), 6);
        QCOMPARE(db.scalar(QStringLiteral("SELECT group_concat(s.position, ',') FROM (SELECT s.position FROM runs r JOIN seeds s "
                                          "ON s.id = r.seed_id ORDER BY r.id) s")).toString(), QStringLiteral("7,0,2,1,3,5"));
        // The cancelled run stays cancelled and without a result.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM runs r JOIN seeds s ON s.id = r.seed_id WHERE s.position = 3 "
                                          "AND r.status = 'cancelled' AND r.id NOT IN (SELECT run_id FROM run_results)")).toInt(), 1);
        // Provenance: shard file, the run's id there, host.
        storage::SqlQuery origins(db, QStringLiteral("SELECT o.shard_file, o.shard_run_id, r.host, o.merged_at FROM run_origins o JOIN runs r "
                                            "ON r.id = o.run_id ORDER BY r.id"));
        origins.exec();
        const QStringList expected = {QFileInfo(a).absoluteFilePath() + QStringLiteral(":1"), QFileInfo(a).absoluteFilePath() + QStringLiteral(":2"),
                                      QFileInfo(b).absoluteFilePath() + QStringLiteral(":1"), QFileInfo(b).absoluteFilePath() + QStringLiteral(":2"),
                                      QFileInfo(b).absoluteFilePath() + QStringLiteral(":3")};
        QStringList got;
        while (origins.next()) {
            got << origins.value(0).toString() + u':' + origins.value(1).toString();
            QCOMPARE(origins.value(2).toString(), QSysInfo::machineHostName());
            QVERIFY(!origins.value(3).toString().isEmpty());
        }
        QCOMPARE(got, expected);
    }

    void merge_carriesRunTranslations_withTheirRuns()
    {
        // run_translations (migration 0014) belong to their run: each shard's rows follow the run's
        // new id. The target's own run 1 has a translation too, so a row left on the shard's run id
        // would land on the wrong run (and break UNIQUE (run_id, text, system, target_language)).
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.gauntlet")), b = dir.filePath(QStringLiteral("b.gauntlet"));
        const QString target = dir.filePath(QStringLiteral("t.gauntlet"));
        makeShard(a, {0, 1});
        makeShard(b, {2});
        makeShard(target, {7});
        for (const QString &path : {a, b, target}) {
            auto db = storage::Database::open(path, storage::Database::Mode::ReadWrite);
            // Every run's output translated by two systems; the translation names the run's seed.
            db->exec(QStringLiteral(
                "INSERT INTO run_translations (run_id, text, system, system_kind, target_language, translation, unknown_words, created_at) "
                "SELECT r.id, x.output_text, sys.name, sys.kind, 'es', 'es:' || r.seed_text, sys.unknown, '2026-12-01T00:00:00.000Z' "
                "FROM runs r JOIN run_results x ON x.run_id = r.id, "
                "(SELECT 'apertium-en-es' AS name, 'apertium' AS kind, 1 AS unknown UNION ALL SELECT 'chat-model', 'chat', NULL) sys"));
            db->exec(QStringLiteral("UPDATE runs SET translation_requests = 2, translation_budget = 10"));
            db->scalar(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        const ato::ProjectMergeSummary s = ato::mergeProjects(target, {a, b});
        QCOMPARE(s.runs, 3);

        auto project = storage::Project::open(target);
        storage::Database &db = project->database();
        // Hand count: 4 runs (1 of the target, 3 merged) x 2 systems.
        QCOMPARE(rows(db, QStringLiteral("run_translations")), 8);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_translations t JOIN runs r ON r.id = t.run_id "
                                          "WHERE t.translation = 'es:' || r.seed_text")).toInt(), 8);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_translations t JOIN run_results x ON x.run_id = t.run_id "
                                          "WHERE t.text = x.output_text")).toInt(), 8);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_translations WHERE system_kind = 'apertium' AND unknown_words = 1")).toInt(), 4);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM runs WHERE translation_requests = 2 AND translation_budget = 10")).toInt(), 4);
        QCOMPARE(db.scalar(QStringLiteral("PRAGMA foreign_key_check")), QVariant());
    }

    void merge_intoMissingTarget_createsIt_andMergedProjectsMergeAgain()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.gauntlet")), b = dir.filePath(QStringLiteral("b.gauntlet"));
        makeShard(a, {0});
        makeShard(b, {1});
        const QString first = dir.filePath(QStringLiteral("out/first.gauntlet"));
        QCOMPARE(ato::mergeProjects(first, {a}).runs, 1);
        // A merged project is itself a shard: its run keeps its first origin (a.gauntlet).
        const QString second = dir.filePath(QStringLiteral("second.gauntlet"));
        QCOMPARE(ato::mergeProjects(second, {first, b}).runs, 2);
        auto project = storage::Project::open(second);
        QCOMPARE(project->database().scalar(QStringLiteral("SELECT group_concat(shard_file, ',') FROM (SELECT shard_file FROM run_origins "
                                                           "ORDER BY run_id)")).toString(),
                 QFileInfo(a).absoluteFilePath() + u',' + QFileInfo(b).absoluteFilePath());
        // No work folder is left next to the target.
        const QStringList left = QDir(dir.filePath(QStringLiteral("out"))).entryList({QStringLiteral(".gauntlet-merge-*")}, QDir::AllEntries | QDir::Hidden);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(u' ')));
    }

    void merge_olderShard_isMigratedOnACopy()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("v6.gauntlet"));
        {
            auto db = testing::databaseAtVersion(old, 6);  // before runs.host (0007) and run_origins (0013)
            db->exec(QStringLiteral("INSERT INTO runs (id, seed_text, method, config_json, status, created_at) VALUES "
                                    "(4, 'an old seed', 'direct', '{}', 'finished', '2026-01-01T00:00:00.000Z')"));
            db->exec(QStringLiteral("INSERT INTO run_steps (run_id, step, finished_at) VALUES (4, 0, '2026-01-01T00:00:01.000Z')"));
            db->exec(QStringLiteral("INSERT INTO run_results (run_id, output_text, selected_by) VALUES (4, 'an older seed', 'random')"));
            db->scalar(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        const QString before = sha256OfFile(old);
        const QString target = dir.filePath(QStringLiteral("t.gauntlet"));
        const ato::ProjectMergeSummary s = ato::mergeProjects(target, {old});
        QCOMPARE(s.runs, 1);
        QCOMPARE(s.steps, 1);
        QCOMPARE(s.results, 1);
        QCOMPARE(sha256OfFile(old), before);
        auto project = storage::Project::open(target);
        QCOMPARE(project->database().scalar(QStringLiteral("SELECT output_text FROM run_results")).toString(), QStringLiteral("an older seed"));
        QCOMPARE(project->database().scalar(QStringLiteral("SELECT shard_run_id FROM run_origins")).toInt(), 4);
    }

    void merge_refusesBadShards_targetUnchanged_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("same shard again") << "duplicate" << "already in";
        QTest::newRow("shard listed twice") << "twice" << "listed twice";
        QTest::newRow("missing shard") << "missing" << "no such shard file";
        QTest::newRow("newer schema") << "newer" << "newer Gauntlet";
        QTest::newRow("corrupt database") << "corrupt" << "corrupt";
        QTest::newRow("not SQLite") << "text" << "not an SQLite database";
        QTest::newRow("the target itself") << "self" << "target project itself";
    }

    void merge_refusesBadShards_targetUnchanged()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.gauntlet")), b = dir.filePath(QStringLiteral("b.gauntlet"));
        makeShard(a, {0, 1});
        makeShard(b, {2});
        const QString target = dir.filePath(QStringLiteral("t.gauntlet"));
        ato::mergeProjects(target, {a});
        const QString before = sha256OfFile(target);
        QVERIFY(!before.isEmpty());

        QString bad = dir.filePath(QStringLiteral("bad.gauntlet"));
        QStringList shards = {b, bad};
        if (kind == QLatin1String("duplicate")) {
            shards = {b, a};
            bad = a;
        } else if (kind == QLatin1String("twice")) {
            shards = {b, b};
            bad = b;
        } else if (kind == QLatin1String("newer")) {
            QVERIFY(QFile::copy(b, bad));
            auto db = storage::Database::open(bad, storage::Database::Mode::ReadWrite);
            db->exec(QStringLiteral("PRAGMA user_version = %1").arg(storage::latestSchemaVersion() + 1));
        } else if (kind == QLatin1String("corrupt")) {
            QVERIFY(testing::writeFile(bad, QByteArray("SQLite format 3\0", 16) + QByteArray(4096, '\x7f')));
        } else if (kind == QLatin1String("text")) {
            QVERIFY(testing::writeFile(bad, "seed\tthis is not a project\n"));
        } else if (kind == QLatin1String("self")) {
            shards = {b, target};
            bad = target;
        }
        const auto message = testing::thrownMessage<storage::StoreError>([&] { ato::mergeProjects(target, shards); });
        QVERIFY2(message, "the merge was not refused");
        QVERIFY2(message->contains(expected), qPrintable(*message));
        QVERIFY2(message->contains(bad), qPrintable(*message));
        QCOMPARE(sha256OfFile(target), before);
        QVERIFY(!QFileInfo::exists(target + QStringLiteral("-wal")) || QFileInfo(target + QStringLiteral("-wal")).size() == 0);
        // No work folder is left behind.
        QCOMPARE(QDir(dir.path()).entryList({QStringLiteral(".gauntlet-merge-*")}, QDir::AllEntries | QDir::Hidden).size(), 0);
    }

    void merge_failingIntoNewTarget_leavesNoFile()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.gauntlet"));
        makeShard(a, {0});
        const QString target = dir.filePath(QStringLiteral("new.gauntlet"));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, ato::mergeProjects(target, {a, dir.filePath(QStringLiteral("missing.gauntlet"))}));
        QVERIFY(!QFileInfo::exists(target));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, ato::mergeProjects(target, {a, a}));
        QVERIFY(!QFileInfo::exists(target));
    }
};

GAUNTLET_TEST_MAIN(TestProjectMerge)
#include "tst_project_merge.moc"
