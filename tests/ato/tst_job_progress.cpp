// augment::JobProgress, the progress and time-left estimate shared by `gauntlet augment` and the
// Augment workspace (issue 36), on a clock the test gives; every expected value is worked by hand
// in the comments.
#include "engine/augment/job_progress.h"

#include "tests/support/test_main.h"
#include <QtTest>

using gauntlet::augment::JobProgress;

class TestJobProgress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void estimate_isALowerBoundUntilASeedEnds_thenPerSeed()
    {
        JobProgress p;
        p.start(3, 4);  // 3 seeds x 4 steps
        QCOMPARE(p.total(), 12);
        QCOMPARE(p.done(), 0);
        QCOMPARE(p.secondsLeft(5), -1.0);  // models not loaded
        p.modelsLoaded(10);
        p.runStarted(10);
        QCOMPARE(p.secondsLeft(11), -1.0);  // nothing done yet
        p.stepFinished(0, 1);
        QCOMPARE(p.done(), 1);
        QVERIFY(p.lowerBound());
        QCOMPARE(p.secondsLeft(12), 22.0);  // 2 s for 1 step, 11 steps left
        p.stepFinished(0, 4);
        p.runEnded(20, true);
        QCOMPARE(p.done(), 4);
        QVERIFY(!p.lowerBound());
        QCOMPARE(p.secondsLeft(20), 20.0);  // 10 s per seed, 2 seeds left
        p.runStarted(20);
        p.stepFinished(1, 2);
        QCOMPARE(p.done(), 6);
        QCOMPARE(p.secondsLeft(22), 15.0);  // 10 s x (2 seeds - half of this one)
        p.runEnded(25, false);             // stopped: its 2 steps stay, the seed does not count whole
        QCOMPARE(p.done(), 6);
        QCOMPARE(p.secondsLeft(25), 3.75);  // 15 s / 2 runs = 7.5 s x (1 seed - 0.5)
    }

    void clock_startsAtTheFirstRunWhenTheModelsCameFromACache()
    {
        JobProgress p;
        p.start(1, 2);
        p.runStarted(5);
        p.stepFinished(0, 1);
        QCOMPARE(p.secondsLeft(7), 2.0);  // 2 s for 1 step, 1 left
        p.stepFinished(0, 9);             // past the plan: clamped
        QCOMPARE(p.done(), p.total());
        QCOMPARE(p.secondsLeft(8), 0.0);
        p.start(0, 0);  // a new job resets everything
        QCOMPARE(p.total(), 0);
        QCOMPARE(p.secondsLeft(9), -1.0);
    }
};

GAUNTLET_TEST_MAIN(TestJobProgress)
#include "tst_job_progress.moc"
