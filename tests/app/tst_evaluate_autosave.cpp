// Autosave of the annotation screen (Pearmut: every answer is saved the moment it is given): a
// second process (this executable started again with GAUNTLET_AUTOSAVE_CHILD set) answers one
// stage of a two-stage cESA item, then half of stage two (spans of both severities by key and by
// button, one score, the rule form) and is killed with SIGKILL mid-item. Reopened, the project
// holds the finished stage and the unfinished one exactly as it was left, and the annotation
// screen shows it again where the annotator stopped.
#include "app/workspaces/evaluate_annotation.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"
#include "tests/support/annotation_input.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include "tests/support/campaign_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/test_main.h"
#include <QTest>
#include <QTextEdit>
#include <QTimer>

#include <cstdio>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::pressKeys;
using gauntlet::testing::selectCodePoints;

namespace {

// T h e _ b a n k _ c l o  s  e  d  _  t  o  d  a  y  .
// 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21
const QString TextA = QStringLiteral("The bank closed today.");
// أغلق البنك اليوم (RTL): "البنك" = code points 5..9
const QString TextB = QString::fromUtf8("\xD8\xA3\xD8\xBA\xD9\x84\xD9\x82 \xD8\xA7\xD9\x84\xD8\xA8\xD9\x86\xD9\x83 "
                                        "\xD8\xA7\xD9\x84\xD9\x8A\xD9\x88\xD9\x85");
const QString Annotator = QStringLiteral("ann1");

qint64 makeCampaign(evaluate::CampaignStore &store)
{
    Campaign c = testing::ruleFormCampaign(QStringLiteral("autosave"));
    CampaignItem item = testing::makeItem(QStringLiteral("ex1"), QStringLiteral("The bank closed today."),
                                          {{QStringLiteral("sysA"), TextA}, {QStringLiteral("sysB"), TextB}});
    item.rules = {QStringLiteral("'bank' is the financial institution")};
    c.items << item;
    item.key = QStringLiteral("ex2");
    c.items << item;
    const qint64 id = testing::createAssigned(store, c, {Annotator});
    return id;
}

/// The child: annotates by simulated input, prints READY and waits to be killed.
int runChild(QApplication &app, const QString &path, qint64 id)
{
    auto project = storage::Project::open(path);
    evaluate::CampaignStore store(project->database());
    AnnotationPanel panel;
    if (!testing::showActive(panel, {900, 800}))
        return 2;
    panel.open(&store, id, Annotator);
    // stage 1, complete: "bank" major, scores 40 and 70, Next
    selectCodePoints(panel.cards()[0], 4, 7);
    QTest::keyClick(panel.cards()[0]->textView(), Qt::Key_2);
    pressKeys(panel.cards()[0]->slider(), Qt::Key_Left, 2);
    pressKeys(panel.cards()[1]->slider(), Qt::Key_Right, 4);
    QTest::keyClick(panel.cards()[1]->slider(), Qt::Key_Return, Qt::ControlModifier);
    if (panel.stage() != 2)
        return 3;
    // stage 2, half done: "closed" minor by the button, "bank" major by key, score 30 on A only,
    // the rule judged too strict, the last question unanswered
    selectCodePoints(panel.cards()[0], 9, 14);
    QTest::mouseClick(panel.cards()[0]->minorButton(), Qt::LeftButton);
    selectCodePoints(panel.cards()[0], 4, 7);
    QTest::keyClick(panel.cards()[0]->textView(), Qt::Key_2);
    selectCodePoints(panel.cards()[1], 5, 9);
    QTest::keyClick(panel.cards()[1]->textView(), Qt::Key_1);
    pressKeys(panel.cards()[0]->slider(), Qt::Key_PageDown, 1);
    panel.ruleBoxes()[0]->setFocus();
    QTest::keyClick(panel.ruleBoxes()[0], Qt::Key_Down);  // (choose) -> realistic
    QTest::keyClick(panel.ruleBoxes()[0], Qt::Key_Down);  // -> too strict
    std::printf("READY\n");
    std::fflush(stdout);
    QTimer::singleShot(60000, &app, &QCoreApplication::quit);  // never outlive a parent that died
    return app.exec();
}

}  // namespace

class TestEvaluateAutosave : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void killedMidItem_losesNothingAnswered()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.gauntlet"));
        qint64 id = 0;
        {
            auto project = storage::Project::open(path);
            evaluate::CampaignStore store(project->database());
            id = makeCampaign(store);
        }
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("GAUNTLET_AUTOSAVE_CHILD"), path);
        env.insert(QStringLiteral("GAUNTLET_AUTOSAVE_CAMPAIGN"), QString::number(id));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("TestEvaluateAutosave")});
        QVERIFY2(child.waitForStarted(), qPrintable(child.errorString()));
        QByteArray out;
        QElapsedTimer waited;
        waited.start();
        while (!out.contains("READY") && waited.elapsed() < 45000 && child.state() == QProcess::Running) {
            child.waitForReadyRead(500);
            out += child.readAllStandardOutput();
        }
        QVERIFY2(out.contains("READY"), out.constData());
        child.kill();  // SIGKILL on Unix: no destructor, no Qt shutdown, no flush
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        auto project = storage::Project::open(path);
        evaluate::CampaignStore store(project->database());
        // the finished stage is stored as an answer
        const auto stage1 = store.answer(id, Annotator, QStringLiteral("ex1"), 1);
        QVERIFY(stage1.has_value());
        QCOMPARE(stage1->judgements[0].score, std::optional<int>(40));
        QCOMPARE(stage1->judgements[1].score, std::optional<int>(70));
        QCOMPARE(stage1->judgements[0].spans, (QVector<ErrorSpan>{{4, 7, Severity::Major, false}}));
        QVERIFY(!store.draft(id, Annotator, QStringLiteral("ex1"), 1));  // Next replaced the draft
        // the unfinished stage is not an answer, but every part given is in the draft
        QVERIFY(!store.answer(id, Annotator, QStringLiteral("ex1"), 2));
        const auto draft = store.draft(id, Annotator, QStringLiteral("ex1"), 2);
        QVERIFY(draft.has_value());
        QCOMPARE(draft->judgements.size(), 2);
        QCOMPARE(draft->judgements[0].spans, (QVector<ErrorSpan>{{9, 14, Severity::Minor, false}, {4, 7, Severity::Major, false}}));
        QCOMPARE(draft->judgements[0].score, std::optional<int>(30));
        QCOMPARE(draft->judgements[1].spans, (QVector<ErrorSpan>{{5, 9, Severity::Minor, false}}));
        QVERIFY(!draft->judgements[1].score.has_value());
        QCOMPARE(draft->rules, (QVector<std::optional<RuleVerdict>>{RuleVerdict::TooStrict}));
        QVERIFY(!draft->incorrectCouldPass.has_value());
        // every action is in the log; the draft rows are not
        QStringList actions;
        for (const LogEntry &e : store.logEntries(id, Annotator))
            if (e.stage == 2)
                actions << e.action;
        QCOMPARE(actions.count(QStringLiteral("span_add")), 3);
        QCOMPARE(actions.count(QStringLiteral("score")), 1);
        QCOMPARE(actions.count(QStringLiteral("rule")), 2);
        QVERIFY(!actions.contains(QStringLiteral("draft")));
        QCOMPARE(store.progress(id, Annotator).answered, 1);

        // reopened, the screen shows the unfinished stage as it was left
        AnnotationPanel panel;
        QVERIFY(testing::showActive(panel, {900, 800}));  // Ctrl+Return needs the active window
        panel.open(&store, id, Annotator);
        QCOMPARE(panel.position(), 0);
        QCOMPARE(panel.stage(), 2);
        QCOMPARE(panel.cards()[0]->judgement().spans, draft->judgements[0].spans);
        QCOMPARE(panel.cards()[0]->spanList()->count(), 2);
        QCOMPARE(panel.cards()[0]->score(), std::optional<int>(30));
        QVERIFY(!panel.cards()[1]->score().has_value());
        QVERIFY(panel.cards()[1]->scoreLabel()->text().contains(QStringLiteral("not set")));
        QCOMPARE(panel.ruleBoxes()[0]->currentIndex(), 2);
        QCOMPARE(panel.passBox()->currentIndex(), 0);
        QCOMPARE(panel.missing(), (QVector<MissingPart>{{MissingPart::Score, 1}, {MissingPart::IncorrectCouldPass, 0}}));
        QVERIFY(panel.progressLabel()->text().contains(QStringLiteral("restored")));

        // finishing it stores the answer and drops the draft; every change says it is saved
        pressKeys(panel.cards()[1]->slider(), Qt::Key_Right, 2);  // 60
        QVERIFY2(panel.progressLabel()->text().contains(QStringLiteral("saved")), qPrintable(panel.progressLabel()->text()));
        panel.passBox()->setFocus();
        QTest::keyClick(panel.passBox(), Qt::Key_Down);  // yes
        QVERIFY(panel.missing().isEmpty());
        QTest::keyClick(panel.passBox(), Qt::Key_Return, Qt::ControlModifier);
        const auto stage2 = store.answer(id, Annotator, QStringLiteral("ex1"), 2);
        QVERIFY(stage2.has_value());
        QCOMPARE(stage2->judgements[1].score, std::optional<int>(60));
        QCOMPARE(stage2->judgements[0].spans, draft->judgements[0].spans);
        QCOMPARE(stage2->incorrectCouldPass, std::optional<bool>(true));
        QVERIFY(!store.draft(id, Annotator, QStringLiteral("ex1"), 2));
        QCOMPARE(panel.position(), 1);
    }
};

namespace {

/// The test, or (with GAUNTLET_AUTOSAVE_CHILD set) the child process the test kills.
int runAutosaveTest(int argc, char **argv)
{
    const QString childProject = qEnvironmentVariable("GAUNTLET_AUTOSAVE_CHILD");
    if (!childProject.isEmpty())
        return runChild(*qApp, childProject, qEnvironmentVariable("GAUNTLET_AUTOSAVE_CAMPAIGN").toLongLong());
    TestEvaluateAutosave test;
    return QTest::qExec(&test, argc, argv);
}

}  // namespace

GAUNTLET_TEST_REGISTER(TestEvaluateAutosave, gauntlet::testing::AppKind::Gui, &runAutosaveTest)

#include "tst_evaluate_autosave.moc"
