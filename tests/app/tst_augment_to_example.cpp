// From augmentation to example in the GUI (issue 21, items 1, 3 and 4): a short run with the tiny
// test models and Apertium eng-spa as the project's MT system; Translate (a real click) fills the
// best path with one translation per step, each compared with the `apertium -u eng-spa` command's
// own output, Apertium's unknown word counted and the words changed since the step before marked;
// Ctrl+E makes the example from the output and shows it in Contribute with its MT output and
// provenance, whose link leads back to the run in History (translations read back from the store);
// an archive candidate without a translation becomes an example with Ctrl+Shift+E (translated
// first). With GAUNTLET_SCREENSHOT_DIR set: augment-mt-best-path.png and contribute-from-run.png.
#include "app/main_window.h"
#include "app/workspaces/augment_workspace.h"
#include "app/workspaces/contribute_page.h"
#include "app/workspaces/contribute_workspace.h"
#include "app/workspaces/run_mt_panel.h"
#include "engine/ato/run_history.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "models/candidate_archive_model.h"
#include "models/run_history_model.h"
#include "models/verdict_matrix_model.h"
#include "tests/ato/ato_test_support.h"
#include "tests/support/apertium_reference.h"
#include "tests/support/show_widget.h"
#include "tests/support/small_search.h"
#include "tests/support/mt_system_builder.h"
#include "tests/support/test_main.h"
#include "widgets/best_path_view.h"
#include "widgets/trace_view.h"

#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace gauntlet;

namespace {

const QString kSystem = QStringLiteral("apertium-eng-spa");
// "zorblax" is not in Apertium's English dictionary: the seed's translation has one unknown word
const QString kSeed = QStringLiteral("The zorblax committee said the new rules would help thousands of small farmers.");

/// The reference: Apertium's own command line, without unknown-word marks (-u).
QString apertium(const QString &text)
{
    return testing::apertiumCommandOutput(QStringLiteral("eng-spa"), text);
}

ato::AtoConfig shortRun()
{
    ato::AtoConfig c = gauntlet::testing::smallSearch(4);
    c.grammarGuard = c.vocabularyGuard = false;
    return c;
}

}  // namespace

class TestAugmentToExample : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        if (apertium(QStringLiteral("house")).isEmpty())
            QFAIL("apertium eng-spa is not installed (apt install apertium-eng-spa)");
    }

    void translateBestPath_createExample_findItInContribute()
    {
        core::Settings settings(m_dir.filePath(QStringLiteral("mt.ini")));
        settings.setValue(ContributeWorkspace::KeyProfileName, QStringLiteral("tester"));
        MainWindow window(&settings);
        window.resize(1600, 1000);
        QVERIFY(testing::showActive(window));
        QCOMPARE(window.openProject(m_dir.filePath(QStringLiteral("mt.gauntlet")), true), QString());
        translate::MtSystemConfig system = testing::apertiumSystem(kSystem, QStringLiteral("eng-spa"));
        verify::ExampleStore(window.project()->database()).saveMtSystem(system);
        // a manual system is never offered, an endpoint only when checked (it spends the run's budget)
        translate::MtSystemConfig manual;
        manual.name = QStringLiteral("by-hand");
        verify::ExampleStore(window.project()->database()).saveMtSystem(manual);
        translate::MtSystemConfig endpoint = testing::chatSystem(QStringLiteral("llm"), QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("m"));
        verify::ExampleStore(window.project()->database()).saveMtSystem(endpoint);

        auto *augment = qobject_cast<AugmentWorkspace *>(window.workspace(0));
        augment->setModelPackFolder(ato_test::modelsDir());
        augment->setForm(shortRun());
        augment->setTypedSeeds(kSeed);
        QSignalSpy finished(augment->session(), &AugmentSession::jobFinished);
        QVERIFY(augment->startRun());
        QVERIFY(finished.wait(600000));
        QVERIFY2(augment->errors().isEmpty(), qPrintable(augment->errors().join(QLatin1Char('\n'))));

        // Translate, clicked: every entry of the best path gets Apertium's translation
        TraceView *live = augment->liveView();
        live->tabs()->setCurrentWidget(live->bestPathView());
        RunMtPanel *panel = augment->liveMtPanel();
        QCOMPARE(panel->chosenSystems(), QStringList{kSystem});  // Apertium is chosen by default
        auto *systemsButton = panel->findChild<QPushButton *>(QStringLiteral("liveMtSystemsButton"));
        QVERIFY(systemsButton && systemsButton->menu());
        Q_EMIT systemsButton->menu()->aboutToShow();
        QStringList offered;
        for (QAction *a : systemsButton->menu()->actions())
            offered << a->text() + (a->isChecked() ? QStringLiteral(" [x]") : QStringLiteral(" [ ]"));
        QCOMPARE(offered, (QStringList{QStringLiteral("apertium-eng-spa (Apertium, offline) [x]"),
                                       QStringLiteral("llm (endpoint: 100 of 100 requests of this run's budget left) [ ]")}));
        QSignalSpy translated(panel, &RunMtPanel::translationFinished);
        auto *translate = panel->findChild<QPushButton *>(QStringLiteral("liveTranslateButton"));
        QVERIFY(translate && translate->isEnabled());
        QTest::mouseClick(translate, Qt::LeftButton);
        QVERIFY(panel->progressBar()->isVisible());  // off the GUI thread: the click returns at once
        QVERIFY(translated.wait(120000));
        QVERIFY2(augment->errors().isEmpty(), qPrintable(augment->errors().join(QLatin1Char('\n'))));
        QVERIFY(!panel->progressBar()->isVisible());

        const QVector<PathEntry> path = live->bestPathView()->path();
        QVERIFY2(path.size() >= 3, "the path has the seed, at least one changed step and the output");
        QCOMPARE(path.constFirst().kind, PathEntry::Kind::Seed);
        QCOMPARE(path.constLast().kind, PathEntry::Kind::Output);
        const QString shown = live->bestPathView()->toPlainText();
        const QString html = live->bestPathView()->toHtml();
        for (int i = 0; i < path.size(); ++i) {
            QCOMPARE(path[i].translations.size(), 1);
            const PathTranslation &t = path[i].translations.constFirst();
            QCOMPARE(t.system, kSystem);
            QCOMPARE(t.translation, apertium(path[i].text));
            // (rich text shows runs of spaces as one; Apertium sometimes leaves two)
            QVERIFY2(shown.contains(kSystem + QStringLiteral(": ") + t.translation.simplified()), qPrintable(QStringLiteral("entry %1: %2").arg(i).arg(t.translation)));
            if (i == 0) {
                QCOMPARE(t.unknownWords, 1);
                QVERIFY(t.previous.isEmpty());
                continue;
            }
            QCOMPARE(t.previous, path[i - 1].translations.constFirst().translation);
            // a word of this translation that the step before's translation lacks is marked
            const QStringList before = t.previous.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            for (const QString &word : t.translation.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                if (!before.contains(word))
                    QVERIFY2(html.contains(QStringLiteral("background-color:#fbe3a4;\">%1<").arg(word.toHtmlEscaped())), qPrintable(word));
        }
        QVERIFY2(shown.contains(QStringLiteral("1 unknown word")), qPrintable(shown));

        const QString shots = qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("augment-mt-best-path.png"))));
        }

        // Ctrl+E: the example from the output, shown in Contribute
        const qint64 runId = live->runId();
        const auto run = ato::RunHistory(window.project()->database()).run(runId);
        QVERIFY(run && !run->outputText.isEmpty());
        QSignalSpy created(augment, &AugmentWorkspace::exampleCreated);
        live->bestPathView()->setFocus();
        QTest::keyClick(live->bestPathView(), Qt::Key_E, Qt::ControlModifier);
        QTRY_COMPARE(created.size(), 1);
        const qint64 exampleId = created.constFirst().constFirst().toLongLong();
        QCOMPARE(window.currentWorkspace(), 1);
        auto *contribute = qobject_cast<ContributeWorkspace *>(window.workspace(1));
        QCOMPARE(contribute->page()->currentExampleId(), exampleId);
        verify::ExampleStore store(window.project()->database());
        const auto example = store.example(exampleId);
        QVERIFY(example);
        QCOMPARE(example->status, verify::ExampleStatus::Draft);
        QCOMPARE(example->sourceText, run->outputText);
        QCOMPARE(example->sourceLanguage, QStringLiteral("English"));
        QCOMPARE(example->targetLanguage, QStringLiteral("Spanish"));  // by name, the Apertium code beside it (issue 34)
        QCOMPARE(example->targetLanguageIso, QStringLiteral("spa"));
        QCOMPARE(example->author, QStringLiteral("tester"));
        QVERIFY2(example->tags.contains(QStringLiteral("ato")) && example->tags.contains(QStringLiteral("run:%1").arg(runId))
                     && example->tags.contains(run->method),
                 qPrintable(example->tags.join(QLatin1Char(','))));
        const auto outputs = store.translations(exampleId);
        QCOMPARE(outputs.size(), 1);
        QCOMPARE(outputs.constFirst().system, kSystem);
        QCOMPARE(outputs.constFirst().text, apertium(run->outputText));
        // the outputs table of Contribute lists it
        auto *matrix = contribute->findChild<QTableView *>(QStringLiteral("verdictMatrixView"));
        QVERIFY(matrix);
        QStringList systems;
        for (int r = 0; r < matrix->model()->rowCount(); ++r)
            systems << matrix->model()->index(r, VerdictMatrixModel::SystemColumn).data().toString();
        QVERIFY2(systems.contains(kSystem), qPrintable(systems.join(QLatin1Char(','))));
        // the provenance: run, method, seed, D before and after
        QLabel *provenance = contribute->page()->provenanceLabel();
        QVERIFY(provenance->isVisible());
        const QString provenanceText = provenance->text();
        QVERIFY2(provenanceText.contains(QStringLiteral("augmentation run %1</a> (%2)").arg(runId).arg(run->method)), qPrintable(provenanceText));
        QVERIFY2(provenanceText.contains(kSeed), qPrintable(provenanceText));
        QVERIFY2(provenanceText.contains(QStringLiteral("(seed) \u2192 ")), qPrintable(provenanceText));
        if (!shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("contribute-from-run.png"))));
        }

        // the link leads back to the run in History, its stored translations read back
        Q_EMIT provenance->linkActivated(QStringLiteral("run:%1").arg(runId));
        QCOMPARE(window.currentWorkspace(), 0);
        QCOMPARE(augment->currentTab(), AugmentWorkspace::HistoryTab);
        TraceView *replay = augment->replayView();
        QCOMPARE(replay->runId(), runId);
        // the run's row names the example made from it
        const int historyRow = augment->historyModel()->rowOf(runId);
        QVERIFY(historyRow >= 0);
        QCOMPARE(augment->historyModel()->index(historyRow, RunHistoryModel::ExamplesColumn).data().toString(), QString::number(exampleId));
        const QVector<PathEntry> replayed = replay->bestPathView()->path();
        QCOMPARE(replayed.size(), path.size());
        for (int i = 0; i < replayed.size(); ++i)
            QCOMPARE(replayed[i].translations, path[i].translations);

        // an archive candidate not on the path: Ctrl+Shift+E translates it first, then makes the example
        replay->tabs()->setCurrentIndex(replay->tabs()->indexOf(replay->archiveView()->parentWidget()));
        replay->flushArchive();
        QTableView *archive = replay->archiveView();
        QStringList pathTexts;
        for (const PathEntry &e : path)
            pathTexts << e.text;
        int row = -1;
        for (int r = 0; r < archive->model()->rowCount() && row < 0; ++r)
            if (!pathTexts.contains(archive->model()->index(r, CandidateArchiveModel::TextColumn).data().toString()))
                row = r;
        QVERIFY2(row >= 0, "every archive candidate is on the best path");
        const QString candidate = archive->model()->index(row, CandidateArchiveModel::TextColumn).data().toString();
        archive->selectRow(row);
        archive->setFocus();
        QSignalSpy createdAgain(augment, &AugmentWorkspace::exampleCreated);
        QTest::keyClick(archive, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(createdAgain.wait(120000));
        const qint64 fromCandidate = createdAgain.constFirst().constFirst().toLongLong();
        QCOMPARE(store.example(fromCandidate)->sourceText, candidate);
        QCOMPARE(store.translations(fromCandidate).size(), 1);
        QCOMPARE(store.translations(fromCandidate).constFirst().text, apertium(candidate));
        QCOMPARE(contribute->page()->currentExampleId(), fromCandidate);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestAugmentToExample)
#include "tst_augment_to_example.moc"
