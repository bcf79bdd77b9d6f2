// The main window offscreen: four workspaces, projects open and fail cleanly, seeds import.
#include "app/main_window.h"
#include "app/workspaces/augment_workspace.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"
#include "models/seed_set_model.h"
#include "app/workspaces/evaluate_workspace.h"
#include "app/workspaces/coverage_workspace.h"
#include "app/workspaces/contribute_workspace.h"

#include <QApplication>
#include <QFile>
#include <QMenuBar>
#include <QTemporaryDir>
#include "tests/support/show_widget.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include "engine/sampling/coverage_store.h"
#include <QProgressBar>
#include <QElapsedTimer>
#include <QtTest>

using namespace gauntlet;

class TestMainWindow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void largeCorpus_loadsWhenCoverageIsShownOffTheGuiThread()
    {
        // Issue 33 item 7: opening a project with a 560k-segment corpus froze the window while the
        // Augment workspace was in front. A corpus above the background threshold is not read on
        // open; showing Coverage reads it on a worker thread (the pages wait, disabled, beside a
        // busy bar) and the event loop keeps running meanwhile.
        const QString path = m_dir.filePath(QStringLiteral("large.gauntlet"));
        const int segments = CoverageWorkspace::BackgroundLoadSegments + 5000;
        {
            const QString tsv = m_dir.filePath(QStringLiteral("large.tsv"));
            QFile f(tsv);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray body = "source\tmt\tpost_edit\n";
            for (int i = 0; i < segments; ++i)
                body += "Segment number " + QByteArray::number(i) + " of the corpus.\tSegment " + QByteArray::number(i) + ".\tSegment " + QByteArray::number(i) + ".\n";
            f.write(body);
            f.close();
            auto project = storage::Project::open(path);
            sampling::CoverageStore(project->database()).importCorpusFile(tsv, {}, QStringLiteral("large"));
        }
        core::Settings settings(m_dir.filePath(QStringLiteral("large.ini")));
        MainWindow window(&settings);
        QVERIFY(testing::showExposed(window));
        QCOMPARE(window.openProject(path, false), QString());
        auto *coverage = qobject_cast<CoverageWorkspace *>(window.workspace(3));
        QVERIFY(coverage);
        QVERIFY2(!coverage->isLoaded(), "the corpus was read on open, with Coverage hidden");
        window.showWorkspace(3);
        auto *busy = coverage->findChild<QProgressBar *>(QStringLiteral("coverageProgressBar"));
        QVERIFY(busy);
        QVERIFY2(!coverage->isLoaded() && busy->isVisible() && busy->maximum() == 0, "the corpus was not loaded in the background");
        int turns = 0;  // the event loop runs while the corpus loads
        QElapsedTimer clock;
        clock.start();
        while (!coverage->isLoaded() && clock.elapsed() < 120000) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            ++turns;
        }
        QVERIFY(coverage->isLoaded());
        QVERIFY2(turns > 1, "the GUI thread did not run while loading");
        QVERIFY(!busy->isVisible());
        QCOMPARE(coverage->corpusSegmentCount(), segments);
    }

    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void opens_withFourWorkspaces()
    {
        core::Settings settings(m_dir.filePath(QStringLiteral("s1.ini")));
        MainWindow window(&settings);
        QVERIFY(testing::showExposed(window));
        QCOMPARE(window.workspaceNames(), (QStringList{"Augment", "Contribute", "Evaluate", "Coverage"}));
        QVERIFY(qobject_cast<ContributeWorkspace *>(window.workspace(1)));
        QVERIFY(qobject_cast<EvaluateWorkspace *>(window.workspace(2)));
        QVERIFY(qobject_cast<CoverageWorkspace *>(window.workspace(3)));
        window.showWorkspace(2);
        QCOMPARE(window.currentWorkspace(), 2);
        QStringList menus;
        for (QAction *action : window.menuBar()->actions())
            menus << action->text();
        QVERIFY(menus.contains(QStringLiteral("&File")));
        QVERIFY(menus.contains(QStringLiteral("&Help")));
    }

    void keyboardShortcut_switchesWorkspace()
    {
        core::Settings settings(m_dir.filePath(QStringLiteral("s2.ini")));
        MainWindow window(&settings);
        QVERIFY(testing::showExposed(window));
        QTest::keyClick(&window, Qt::Key_4, Qt::ControlModifier);
        QCOMPARE(window.currentWorkspace(), 3);
        QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(window.currentWorkspace(), 0);
    }

    void openProject_showsSeedSetsAndRemembersIt()
    {
        core::Settings settings(m_dir.filePath(QStringLiteral("s3.ini")));
        MainWindow window(&settings);
        const QString path = m_dir.filePath(QStringLiteral("w.gauntlet"));
        QCOMPARE(window.openProject(path, true), QString());
        QVERIFY(window.project());
        auto *augment = qobject_cast<AugmentWorkspace *>(window.workspace(0));
        QVERIFY(augment);
        QCOMPARE(augment->seedSetModel()->rowCount(), 1);
        QCOMPARE(augment->seedSetModel()->index(0, SeedSetModel::CountColumn).data().toInt(), 501);
        QCOMPARE(settings.recentProjects().constFirst(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(settings.lastProject(), QFileInfo(path).absoluteFilePath());
    }

    void openBadProject_keepsCurrentOne()
    {
        core::Settings settings(m_dir.filePath(QStringLiteral("s4.ini")));
        MainWindow window(&settings);
        const QString good = m_dir.filePath(QStringLiteral("good.gauntlet"));
        QVERIFY(window.openProject(good, true).isEmpty());
        const QString bad = m_dir.filePath(QStringLiteral("bad.gauntlet"));
        {
            QVERIFY(testing::writeFile(bad, "definitely not sqlite"));
        }
        const QString error = window.openProject(bad, true);
        QVERIFY2(error.contains(QLatin1String("not a Gauntlet project")), qPrintable(error));
        QCOMPARE(window.project()->path(), good);
    }

    void importSeeds_addsSetOrReportsLine()
    {
        core::Settings settings(m_dir.filePath(QStringLiteral("s5.ini")));
        MainWindow window(&settings);
        QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("imp.gauntlet")), true).isEmpty());
        const QString seeds = m_dir.filePath(QStringLiteral("mine.txt"));
        {
            QVERIFY(testing::writeFile(seeds, "One seed.\nTwo seeds.\n"));
        }
        QCOMPARE(window.importSeedFile(seeds, true), QString());
        QVERIFY(window.importSeedFile(seeds, true).isEmpty());  // a second import gets a new name
        QCOMPARE(window.project()->seeds().sets().size(), 3);
        const QString broken = m_dir.filePath(QStringLiteral("broken.txt"));
        {
            QVERIFY(testing::writeFile(broken, "fine\n\xff\n"));
        }
        const QString error = window.importSeedFile(broken, true);
        QVERIFY2(error.contains(QLatin1String("broken.txt:2: not valid UTF-8")), qPrintable(error));
        QCOMPARE(window.project()->seeds().sets().size(), 3);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
