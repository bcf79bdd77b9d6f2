// The scale-out path of issue 25 on a real single-node Slurm: slurm_array_run.sh starts the local
// cluster (scripts/slurm-local.sh), runs the shipped resources/slurm/augment-array.sbatch as a
// 4-task array on CPU settings over 8 real seeds, cancels task 1 in the middle of a seed, resubmits
// it (--resume), and merges the four shard projects and result files; this test then checks the
// merged project and result file against the seed file: every seed exactly once with a finished,
// complete run, and the interrupted attempt kept as the one cancelled run.
// Labels integration and slurm: scripts/test.sh runs it only with GAUNTLET_INTEGRATION=1. It skips,
// naming what is missing, where Slurm cannot run (not root, slurm-wlm not installed, daemons fail).
#include "engine/store/database.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <cstdio>
#include <map>

using namespace gauntlet;

namespace {

constexpr int kSeeds = 8;
constexpr int kShards = 4;
constexpr int kSteps = 5;  // GAUNTLET_STEPS in slurm_array_run.sh: ATO-Direct, T = 5
constexpr int kStepRows = kSteps + 1;  // run_steps rows: step 0 (the seed's own beam), then steps 1..T

/// Seeds 1-8 of seeds_en_10-20w.tsv (real first sentences of FLORES-200 devtest documents, column
/// first_sentence; the committed copy of ../shared/data/seeds in tests/data/shared-copy), one per
/// line.
QStringList realSeeds()
{
    QFile f(testing::sharedCopy(QStringLiteral("seeds/seeds_en_10-20w.tsv")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = f.readAll().split('\n');
    QStringList seeds;
    for (int i = 1; i < lines.size() && seeds.size() < kSeeds; ++i)
        seeds << QString::fromUtf8(lines[i].split('\t').value(5)).trimmed();
    return seeds;
}

}  // namespace

class TestSlurmArray : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void arrayKillResubmitMerge()
    {
        const QString gauntlet = QStringLiteral(GAUNTLET_BINARY_DIR "/app/gauntlet");
        if (!QFileInfo::exists(gauntlet))
            QSKIP("the gauntlet executable is not built");
        const QStringList seeds = realSeeds();
        QCOMPARE(seeds.size(), kSeeds);
        // Under /tmp, not the build tree: the Slurm jobs run as root on this machine and write here.
        QTemporaryDir work;
        QVERIFY(work.isValid());
        {
            QVERIFY(testing::writeFile(work.filePath(QStringLiteral("seeds.txt")), (seeds.join(u'\n') + u'\n').toUtf8()));
        }

        QProcess run;
        run.setProcessChannelMode(QProcess::MergedChannels);
        run.start(QStringLiteral("/bin/bash"), {QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/slurm/slurm_array_run.sh"), work.path(), gauntlet});
        QByteArray output;
        QVERIFY(run.waitForStarted());
        while (run.state() != QProcess::NotRunning) {
            run.waitForReadyRead(1000);
            const QByteArray chunk = run.readAll();
            output += chunk;
            std::fputs(chunk.constData(), stdout);  // the array's states, live in the CTest log
            std::fflush(stdout);
        }
        output += run.readAll();
        if (run.exitCode() == 77) {
            const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("SKIP: (.*)")).match(QString::fromUtf8(output));
            QSKIP(qPrintable(m.hasMatch() ? m.captured(1) : QStringLiteral("Slurm cannot run here")));
        }
        QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0, output.right(3000).constData());
        const QString out = QString::fromUtf8(output);

        // The task was cancelled after one finished seed, in the middle of the next one.
        QVERIFY2(out.contains(QStringLiteral("KILLED_STATE CANCELLED")), qPrintable(out.right(2000)));
        // Shard 1 of 4 holds seeds 1 and 5 (k mod 4): the resubmitted task skips the finished one.
        QVERIFY2(out.contains(QStringLiteral("RESUBMITTED_STATE COMPLETED")), qPrintable(out.right(2000)));
        QVERIFY2(out.contains(QStringLiteral("resuming, 1 of 2 seeds already finished")), qPrintable(out.right(2000)));

        auto db = storage::Database::open(work.filePath(QStringLiteral("merged.gauntlet")), storage::Database::Mode::ReadOnly);
        // Every seed exactly once as a finished run, with all its steps and a result.
        for (const QString &seed : seeds) {
            storage::SqlQuery q(*db, QStringLiteral("SELECT r.id, (SELECT count(*) FROM run_steps s WHERE s.run_id = r.id), "
                                           "(SELECT count(*) FROM run_results x WHERE x.run_id = r.id) FROM runs r "
                                           "WHERE r.seed_text = ? AND r.status = 'finished'"));
            q.bind(0, seed).exec();
            QVERIFY2(q.next(), qPrintable(QStringLiteral("no finished run for: ") + seed));
            QCOMPARE(q.value(1).toInt(), kStepRows);
            QCOMPARE(q.value(2).toInt(), 1);
            QVERIFY2(!q.next(), qPrintable(QStringLiteral("two finished runs for: ") + seed));
        }
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(DISTINCT seed_text) FROM runs WHERE status = 'finished'")).toInt(), kSeeds);
        // The interrupted attempt is the one other run: cancelled, of a shard-1 seed, from shard-1.gauntlet.
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM runs")).toInt(), kSeeds + 1);
        storage::SqlQuery cancelled(*db, QStringLiteral("SELECT r.status, r.seed_text, o.shard_file, (SELECT count(*) FROM run_results x "
                                               "WHERE x.run_id = r.id) FROM runs r JOIN run_origins o ON o.run_id = r.id "
                                               "WHERE r.status <> 'finished'"));
        cancelled.exec();
        QVERIFY(cancelled.next());
        QCOMPARE(cancelled.value(0).toString(), QStringLiteral("cancelled"));
        QVERIFY2(cancelled.value(1).toString() == seeds[1] || cancelled.value(1).toString() == seeds[5],
                 qPrintable(cancelled.value(1).toString()));
        QVERIFY(cancelled.value(2).toString().endsWith(QStringLiteral("projects/shard-1.gauntlet")));
        QCOMPARE(cancelled.value(3).toInt(), 0);
        // Provenance: each run from its seed's shard (seed k in shard k mod 4).
        for (int k = 0; k < kSeeds; ++k) {
            storage::SqlQuery q(*db, QStringLiteral("SELECT o.shard_file FROM runs r JOIN run_origins o ON o.run_id = r.id "
                                           "WHERE r.seed_text = ? AND r.status = 'finished'"));
            q.bind(0, seeds[k]).exec();
            QVERIFY(q.next());
            QVERIFY2(q.value(0).toString().endsWith(QStringLiteral("projects/shard-%1.gauntlet").arg(k % kShards)),
                     qPrintable(q.value(0).toString()));
        }
        QCOMPARE(db->scalar(QStringLiteral("PRAGMA foreign_key_check")), QVariant());

        // The merged result file: one line per seed, none of them the interrupted best-so-far.
        QFile all(work.filePath(QStringLiteral("results/all.jsonl")));
        QVERIFY(all.open(QIODevice::ReadOnly));
        std::map<QString, int> perSeed;
        for (const QByteArray &line : all.readAll().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            QVERIFY2(!o.value(QStringLiteral("interrupted")).toBool(), line.constData());
            ++perSeed[o.value(QStringLiteral("seed_text")).toString()];
        }
        QCOMPARE(int(perSeed.size()), kSeeds);
        for (const QString &seed : seeds)
            QCOMPARE(perSeed[seed], 1);
    }
};

GAUNTLET_TEST_MAIN(TestSlurmArray)
#include "tst_slurm_array.moc"
