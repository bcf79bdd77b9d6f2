// `gauntlet merge --project TARGET SHARD...` (issue 25): shard projects written by RunStore merged
// through the command line; a shard merged twice or a missing shard is refused with the file named,
// a non-zero exit and the target unchanged; --out and --project together are a usage error.
#include "tests/store/shard_projects.h"
#include "tests/support/cli_runner.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::sha256OfFile;
using gauntlet::testing::makeShard;
using gauntlet::testing::runCli;

class TestMergeCommand : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void mergeProject_copiesRuns_thenRefusesTheSameShard()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("shard-0.gauntlet")), b = dir.filePath(QStringLiteral("shard-1.gauntlet"));
        makeShard(a, {0, 2});
        makeShard(b, {1}, {1});
        const QString target = dir.filePath(QStringLiteral("merged.gauntlet"));
        auto r = runCli({QStringLiteral("merge"), QStringLiteral("--project"), target, a, b});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("3\n"));
        // 3 runs x 3 steps, x 6 beam members, x 9 candidates; 2 finished with a result.
        QVERIFY2(r.err.contains(QStringLiteral("merged 3 runs (9 steps, 18 beam members, 27 archived candidates, 2 results) from 2 shard projects")),
                 qPrintable(r.err));
        {
            auto project = storage::Project::open(target);
            QCOMPARE(project->database().scalar(QStringLiteral("SELECT count(*) FROM run_origins")).toInt(), 3);
        }
        const QString before = sha256OfFile(target);

        r = runCli({QStringLiteral("merge"), QStringLiteral("--project"), target, b});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(b) && r.err.contains(QStringLiteral("already in")), qPrintable(r.err));
        QCOMPARE(sha256OfFile(target), before);

        const QString missing = dir.filePath(QStringLiteral("shard-9.gauntlet"));
        r = runCli({QStringLiteral("merge"), QStringLiteral("--project"), target, missing});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(missing) && r.err.contains(QStringLiteral("no such shard file")), qPrintable(r.err));
        QCOMPARE(sha256OfFile(target), before);
    }

    void merge_outAndProjectTogether_isAUsageError()
    {
        QTemporaryDir dir;
        const auto r = runCli({QStringLiteral("merge"), QStringLiteral("--project"), dir.filePath(QStringLiteral("t.gauntlet")),
                               QStringLiteral("--out"), dir.filePath(QStringLiteral("o.jsonl")), dir.filePath(QStringLiteral("s.gauntlet"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("either --out FILE or --project TARGET")));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("t.gauntlet"))));
    }
};

GAUNTLET_TEST_MAIN(TestMergeCommand)
#include "tst_merge_command.moc"
