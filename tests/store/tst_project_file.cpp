// Opening project files that are not ours, corrupt or newer: a clear error, and the file is
// never modified.
#include "engine/store/migrations.h"
#include "engine/store/project.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include "tests/support/test_files.h"
#include "tests/support/file_hash.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::sha256OfFile;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QVERIFY(testing::writeFile(path, bytes));
}

// A valid project, closed and checkpointed, as raw bytes.
QByteArray validProjectBytes(const QString &dir)
{
    const QString path = dir + QStringLiteral("/valid.gauntlet");
    {
        auto project = storage::Project::open(path);
        project->database().scalar(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        project->database().scalar(QStringLiteral("PRAGMA journal_mode=DELETE"));
    }
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

}  // namespace

class TestProjectFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void missingFile_isCreatedWithBundledSeeds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/folder/new.gauntlet"));
        QCOMPARE(storage::inspectProjectFile(path).kind, storage::ProjectFileState::Missing);
        auto project = storage::Project::open(path);
        QVERIFY(project->wasCreated());
        const auto set = project->seeds().findSet(QLatin1String(storage::BundledSeedSet::Name));
        QVERIFY(set.has_value());
        // resources/seeds/flores200-devtest.tsv: the 501 FLORES-200 devtest first sentences.
        QCOMPARE(set->seedCount, 501);
        QVERIFY(set->licence.contains(QLatin1String("CC BY-SA 4.0")));
        const QVector<storage::Seed> first = project->seeds().seeds(set->id, 1);
        QCOMPARE(first.size(), 1);
        QVERIFY(first[0].record.text.startsWith(QLatin1String("\"We now have 4-month-old mice")));
        QCOMPARE(first[0].record.corpus, QStringLiteral("flores200-devtest"));
    }

    void reopen_doesNotAddSeedsAgain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.gauntlet"));
        { auto project = storage::Project::open(path); }
        auto project = storage::Project::open(path);
        QVERIFY(!project->wasCreated());
        QCOMPARE(project->seeds().sets().size(), 1);
    }

    void emptyFile_becomesProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("empty.gauntlet"));
        writeFile(path, {});
        QCOMPARE(storage::inspectProjectFile(path).kind, storage::ProjectFileState::Empty);
        auto project = storage::Project::open(path);
        QVERIFY(project->wasCreated());
        QCOMPARE(project->schemaVersion(), storage::latestSchemaVersion());
    }

    void refused_fileUnchanged_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expectedMessage");
        QTest::addRow("text file") << "text" << "not an SQLite database";
        QTest::addRow("random bytes") << "random" << "not an SQLite database";
        QTest::addRow("other program's database") << "foreign" << "not a Gauntlet project";
        QTest::addRow("newer schema") << "newer" << "newer Gauntlet";
        QTest::addRow("truncated database") << "truncated" << "corrupt";
        QTest::addRow("garbage pages") << "garbage" << "corrupt";
        // Issue 39: an index out of step with its table passed quick_check and was written to.
        QTest::addRow("index out of step") << "index" << "corrupt";
    }

    void refused_fileUnchanged()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expectedMessage);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.gauntlet"));
        if (kind == QLatin1String("text")) {
            writeFile(path, "seed\ttext\nhello world\n");
        } else if (kind == QLatin1String("random")) {
            QByteArray bytes(8192, '\0');
            for (int i = 0; i < bytes.size(); ++i)
                bytes[i] = char((i * 7919 + 13) & 0xff);
            writeFile(path, bytes);
        } else if (kind == QLatin1String("foreign")) {
            auto db = storage::Database::open(path, storage::Database::Mode::ReadWrite);
            db->exec(QStringLiteral("PRAGMA journal_mode=DELETE"));
            db->exec(QStringLiteral("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)"));
            db->exec(QStringLiteral("INSERT INTO moz_places(url) VALUES('https://example.org')"));
        } else if (kind == QLatin1String("newer")) {
            {
                auto project = storage::Project::open(path);
                project->database().exec(QStringLiteral("PRAGMA user_version = %1").arg(storage::latestSchemaVersion() + 1));
                project->database().scalar(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
                project->database().scalar(QStringLiteral("PRAGMA journal_mode=DELETE"));
            }
        } else if (kind == QLatin1String("truncated")) {
            const QByteArray valid = validProjectBytes(dir.path());
            QVERIFY(valid.size() > 8192);
            writeFile(path, valid.left(valid.size() / 2 + 100));
        } else if (kind == QLatin1String("index")) {
            {
                auto project = storage::Project::open(path);
                storage::Database &db = project->database();
                db.exec(QStringLiteral("CREATE TABLE junk (a INTEGER, b INTEGER)"));
                db.exec(QStringLiteral("CREATE INDEX junk_a ON junk(a)"));
                db.exec(QStringLiteral("CREATE INDEX junk_b ON junk(b)"));
                for (int i = 0; i < 50; ++i)
                    db.exec(QStringLiteral("INSERT INTO junk VALUES (%1, %2)").arg(i).arg(1000 - i));
                // Swap the two indexes' root pages: each index now holds the other's entries.
                const int ra = db.scalar(QStringLiteral("SELECT rootpage FROM sqlite_master WHERE name = 'junk_a'")).toInt();
                const int rb = db.scalar(QStringLiteral("SELECT rootpage FROM sqlite_master WHERE name = 'junk_b'")).toInt();
                db.exec(QStringLiteral("PRAGMA writable_schema = ON"));
                db.exec(QStringLiteral("UPDATE sqlite_master SET rootpage = %1 WHERE name = 'junk_a'").arg(rb));
                db.exec(QStringLiteral("UPDATE sqlite_master SET rootpage = %1 WHERE name = 'junk_b'").arg(ra));
                db.exec(QStringLiteral("PRAGMA writable_schema = OFF"));
                db.scalar(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
                db.scalar(QStringLiteral("PRAGMA journal_mode=DELETE"));
            }
            QVERIFY(storage::Database::open(path, storage::Database::Mode::ReadOnly)->scalar(QStringLiteral("PRAGMA quick_check(1)")).toString() == QLatin1String("ok"));
            QFile::remove(path + QStringLiteral("-wal"));
            QFile::remove(path + QStringLiteral("-shm"));
        } else if (kind == QLatin1String("garbage")) {
            QByteArray valid = validProjectBytes(dir.path());
            for (int i = 4096; i < valid.size(); ++i)  // keep the header page, smash the rest
                valid[i] = char(0xA5 ^ (i & 0xff));
            writeFile(path, valid);
        }
        const QString before = sha256OfFile(path);
        QVERIFY(!before.isEmpty());
        QString message;
        try {
            storage::Project::open(path);
        } catch (const storage::StoreError &e) {
            message = QString::fromUtf8(e.what());
        }
        QVERIFY2(message.contains(expectedMessage), qPrintable(message));
        QVERIFY2(message.contains(path), qPrintable(message));
        QCOMPARE(sha256OfFile(path), before);
        // No journal files were left behind either (nor WAL files beside a refused file).
        QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
        QVERIFY2(!QFile::exists(path + QStringLiteral("-wal")), "a -wal file beside a refused file");
        QVERIFY2(!QFile::exists(path + QStringLiteral("-shm")), "a -shm file beside a refused file");
    }

    void nestedTransactions_allOrNothing()
    {
        // Issue 39: a command's store calls (each with its own Transaction) inside one outer
        // Transaction are savepoints: the outer rollback undoes them all, an inner one only its own.
        QTemporaryDir dir;
        auto db = storage::Database::open(dir.filePath(QStringLiteral("t.sqlite")), storage::Database::Mode::ReadWrite);
        db->exec(QStringLiteral("CREATE TABLE t (x INTEGER)"));
        const auto count = [&] { return db->scalar(QStringLiteral("SELECT count(*) FROM t")).toInt(); };
        {
            storage::Transaction outer(*db);
            {
                storage::Transaction inner(*db);
                db->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
                inner.commit();
            }
            {
                storage::Transaction inner(*db);
                db->exec(QStringLiteral("INSERT INTO t VALUES (2)"));
                inner.commit();
            }
            QCOMPARE(count(), 2);
            // no outer commit: as if the process ended here
        }
        QCOMPARE(count(), 0);
        {
            storage::Transaction outer(*db);
            {
                storage::Transaction inner(*db);
                db->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
                inner.commit();
            }
            {
                storage::Transaction failed(*db);
                db->exec(QStringLiteral("INSERT INTO t VALUES (2)"));
            }  // rolled back to its savepoint
            outer.commit();
        }
        QCOMPARE(count(), 1);
        // A plain transaction still works after the nesting.
        {
            storage::Transaction t(*db);
            db->exec(QStringLiteral("INSERT INTO t VALUES (3)"));
            t.commit();
        }
        QCOMPARE(count(), 2);
    }

    // Issue 39 (12): while another connection (another process) holds the write lock past the
    // busy timeout, a write says so in words instead of "BEGIN IMMEDIATE failed: database is locked".
    void lockedByAnotherWriter_saysSoAndChangesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("locked.sqlite"));
        auto holder = storage::Database::open(path, storage::Database::Mode::ReadWrite);
        holder->exec(QStringLiteral("CREATE TABLE t (x INTEGER)"));
        auto other = storage::Database::open(path, storage::Database::Mode::ReadWrite);
        storage::Transaction held(*holder);
        holder->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
        try {
            storage::Transaction blocked(*other);
            QFAIL("expected StoreError");
        } catch (const storage::StoreError &e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.contains(QStringLiteral("another process is writing to this project")) && message.contains(path), e.what());
            QVERIFY2(!message.contains(QStringLiteral("BEGIN IMMEDIATE")), e.what());
        }
        held.commit();
        storage::Transaction now(*other);  // free again
        other->exec(QStringLiteral("INSERT INTO t VALUES (2)"));
        now.commit();
        QCOMPARE(other->scalar(QStringLiteral("SELECT count(*) FROM t")).toInt(), 2);
    }

    void directory_isRefused()
    {
        QTemporaryDir dir;
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, storage::Project::open(dir.path()));
    }

    void defaultPath_isInAppData()
    {
        QVERIFY(storage::Project::defaultPath().endsWith(QLatin1String("default.gauntlet")));
    }
};

GAUNTLET_TEST_MAIN(TestProjectFile)
#include "tst_project_file.moc"
