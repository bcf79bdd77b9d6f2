// AugmentSession, the engine-to-GUI bridge, over real (tiny, random) model folders: steps arrive in
// order on the GUI thread in coalesced batches, every run is stored through the worker's own
// database connection, Stop keeps the finished steps, and failures (unloadable models, a seed that
// cannot be searched) arrive as messages instead of crashes.
#include "engine/ato/model_pack.h"
#include "engine/store/project.h"
#include "engine/ato/run_history.h"
#include "app/workspaces/augment_session.h"
#include "models/seed_queue_model.h"
#include "tests/ato/ato_test_support.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include "tests/support/small_search.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {

ato::AtoConfig smallConfig(int steps)
{
    ato::AtoConfig c = gauntlet::testing::smallSearch(steps);
    ato::applyModelPack(c, ato::modelPackAt(ato_test::modelsDir()));
    return c;
}

const QString seedA = QStringLiteral("The committee approved the new budget after a long debate on Tuesday.");
const QString seedB = QStringLiteral("Scientists say the discovery could change how we understand early life.");

}  // namespace

class TestAugmentSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(!ato_test::modelsDir().isEmpty());
    }

    void queue_runsEverySeedAndStoresIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.gauntlet"));
        auto project = storage::Project::open(path);
        AugmentSession session;
        session.setCoalesceInterval(200);
        std::vector<std::pair<int, int>> seen;  // (seed, step) in delivery order
        QElapsedTimer clock;
        clock.start();
        std::vector<qint64> deliveredAt;
        connect(&session, &AugmentSession::stepsFinished, this, [&](int seed, const std::vector<ato::StepFinishedEvent> &steps) {
            deliveredAt.push_back(clock.elapsed());
            for (const auto &s : steps) {
                seen.emplace_back(seed, s.step);
                QVERIFY(!s.beam.empty());
            }
        });
        QSignalSpy runs(&session, &AugmentSession::runStarted);
        QSignalSpy ended(&session, &AugmentSession::runEnded);
        QSignalSpy progress(&session, &AugmentSession::progressChanged);
        QSignalSpy finished(&session, &AugmentSession::jobFinished);
        QSignalSpy errors(&session, &AugmentSession::errorOccurred);
        QVERIFY(session.start(smallConfig(6), {{seedA.toStdString(), std::nullopt}, {seedB.toStdString(), std::nullopt}}, path));
        QVERIFY(session.isRunning());
        QVERIFY(!session.start(smallConfig(6), {{seedA.toStdString(), std::nullopt}}, path));  // one job at a time
        QVERIFY(session.waitForFinished(240000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(errors.size(), 0);
        QCOMPARE(runs.size(), 2);
        QCOMPARE(ended.size(), 2);
        // every step of both seeds, in order: (0,0..6), (1,0..6)
        std::vector<std::pair<int, int>> expected;
        for (int seed = 0; seed < 2; ++seed)
            for (int step = 0; step <= 6; ++step)
                expected.emplace_back(seed, step);
        QCOMPARE(seen, expected);
        // coalesced: two batches are either from one delivery (the two seeds' steps) or >= ~200 ms apart
        for (size_t i = 1; i < deliveredAt.size(); ++i) {
            const qint64 gap = deliveredAt[i] - deliveredAt[i - 1];
            QVERIFY2(gap <= 5 || gap >= 180, qPrintable(QStringLiteral("batches %1 ms apart").arg(gap)));
        }
        QVERIFY(session.deliveries() >= 1);
        // progress ends at 12 of 12 steps
        QCOMPARE(progress.last().at(0).toInt(), 12);
        QCOMPARE(progress.last().at(1).toInt(), 12);
        QCOMPARE(session.queue()->status(0), ato::RunStatus::Finished);
        QCOMPARE(session.queue()->status(1), ato::RunStatus::Finished);

        // the worker's connection wrote both runs; read them on this thread's connection
        const QVector<ato::RunSummary> stored = ato::RunHistory(project->database()).runs();
        QCOMPARE(stored.size(), 2);
        for (const ato::RunSummary &r : stored) {
            QCOMPARE(r.status, ato::RunStatus::Finished);
            QCOMPARE(r.stepCount, 7);
            QVERIFY(!r.outputText.isEmpty());
        }
        QCOMPARE(runs.at(0).at(1).toLongLong(), stored.back().id);  // newest first
    }

    void twoPhase_deliversBothPhasesAndThePhaseChange()
    {
        ato::AtoConfig c = smallConfig(2);
        c.method = ato::Method::TwoPhase;
        c.phase2Steps = 2;
        AugmentSession session;
        std::vector<std::pair<int, int>> seen;  // (phase, step)
        connect(&session, &AugmentSession::stepsFinished, this, [&](int, const std::vector<ato::StepFinishedEvent> &steps) {
            for (const auto &s : steps)
                seen.emplace_back(s.phase, s.step);
        });
        QSignalSpy phase(&session, &AugmentSession::phaseChanged);
        QSignalSpy progress(&session, &AugmentSession::progressChanged);
        QVERIFY(session.start(c, {{seedA.toStdString(), std::nullopt}}, QString()));
        QVERIFY(session.waitForFinished(240000));
        QCOMPARE(phase.size(), 1);
        QCOMPARE(phase.at(0).at(1).toInt(), 2);
        QVERIFY(!phase.at(0).at(2).toString().isEmpty());  // the text phase 2 starts from
        const std::vector<std::pair<int, int>> expected{{1, 0}, {1, 1}, {1, 2}, {2, 3}, {2, 4}};
        QCOMPARE(seen, expected);
        QCOMPARE(progress.last().at(0).toInt(), 4);  // T + T2 steps
        QCOMPARE(progress.last().at(1).toInt(), 4);
    }

    void stop_keepsFinishedSteps()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.gauntlet"));
        auto project = storage::Project::open(path);
        AugmentSession session;
        int lastStep = -1;
        connect(&session, &AugmentSession::stepsFinished, this, [&](int, const std::vector<ato::StepFinishedEvent> &steps) {
            lastStep = steps.back().step;
            if (lastStep >= 2)
                session.stop();
        });
        QSignalSpy finished(&session, &AugmentSession::jobFinished);
        QVERIFY(session.start(smallConfig(400), {{seedA.toStdString(), std::nullopt}, {seedB.toStdString(), std::nullopt}}, path));
        QVERIFY(session.waitForFinished(240000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        const QVector<ato::RunSummary> stored = ato::RunHistory(project->database()).runs();
        QCOMPARE(stored.size(), 1);  // the second seed never started
        QCOMPARE(stored[0].status, ato::RunStatus::Cancelled);
        QVERIFY(stored[0].stepCount >= 3);
        QVERIFY(stored[0].stepCount < 401);
        QCOMPARE(stored[0].stepCount, lastStep + 1);  // every delivered step is stored, and no more
        QCOMPARE(session.queue()->status(0), ato::RunStatus::Cancelled);  // stopped
        QVERIFY(session.queue()->started(0));
        QCOMPARE(session.queue()->status(1), ato::RunStatus::Cancelled);  // skipped: never started
        QVERIFY(!session.queue()->started(1));
        QCOMPARE(session.queue()->index(1, SeedQueueModel::StateColumn).data().toString(), QStringLiteral("skipped"));
    }

    void unloadableModels_areReportedNotThrown()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("pack/difficulty"))));
        QVERIFY(testing::writeFile(dir.filePath(QStringLiteral("pack/difficulty/config.json")), "{ this is not json"));
        ato::AtoConfig c = smallConfig(2);
        c.difficultyModel = dir.filePath(QStringLiteral("pack/difficulty")).toStdString();
        AugmentSession session;
        QSignalSpy errors(&session, &AugmentSession::errorOccurred);
        QSignalSpy finished(&session, &AugmentSession::jobFinished);
        QVERIFY(session.start(c, {{seedA.toStdString(), std::nullopt}}, QString()));
        QVERIFY(session.waitForFinished(120000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(errors.size(), 1);
        const QString message = errors.at(0).at(0).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Cannot load the models")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("pack/difficulty")), qPrintable(message));
        QCOMPARE(session.queue()->status(0), ato::RunStatus::Failed);

        // Issue 36: an error before the run names what failed, not always the models.
        ato::AtoConfig mt = smallConfig(2);
        mt.mtTermSystem = "ap";  // the MT term needs the project's system; no project here
        QVERIFY(session.start(mt, {{seedA.toStdString(), std::nullopt}}, QString()));
        QVERIFY(session.waitForFinished(120000));
        QCOMPARE(errors.size(), 2);
        const QString mtMessage = errors.at(1).at(0).toString();
        QVERIFY2(mtMessage.startsWith(QStringLiteral("Cannot use the MT term: ")) && mtMessage.contains(QStringLiteral("'ap'")), qPrintable(mtMessage));
    }

    void unsearchableSeed_failsThatSeedOnly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("u.gauntlet"));
        auto project = storage::Project::open(path);
        QString tooLong;
        for (int i = 0; i < 700; ++i)
            tooLong += QStringLiteral("word ");
        AugmentSession session;
        QSignalSpy errors(&session, &AugmentSession::errorOccurred);
        QVERIFY(session.start(smallConfig(2), {{tooLong.trimmed().toStdString(), std::nullopt}, {seedA.toStdString(), std::nullopt}}, path));
        QVERIFY(session.waitForFinished(240000));
        QCOMPARE(errors.size(), 1);
        const QString message = errors.at(0).at(0).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Seed 1 cannot be searched")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("tokens")), qPrintable(message));
        QCOMPARE(session.queue()->status(0), ato::RunStatus::Failed);
        QCOMPARE(session.queue()->status(1), ato::RunStatus::Finished);
        const QVector<ato::RunSummary> stored = ato::RunHistory(project->database()).runs();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored[1].status, ato::RunStatus::Failed);
        QVERIFY(!stored[1].error.isEmpty());
        QCOMPARE(stored[0].status, ato::RunStatus::Finished);
    }
};

GAUNTLET_TEST_MAIN(TestAugmentSession)
#include "tst_augment_session.moc"
