// The Evaluate workspace from the organiser's examples to the results page, by simulated input
// only: a two-stage cESA campaign (English -> Arabic, right to left) built with New Campaign from
// three challenge examples with verified rules; the annotator marks error spans by dragging the
// mouse over a word and clicking Major, and by selecting and pressing 1 (minor), sets scores with
// the arrow and page keys, goes Next (Ctrl+Return) and Back (Alt+Left) over the items and
// revises a score. The stored answers and the results page are checked against values worked
// out by hand below. Screenshots go to $GAUNTLET_SCREENSHOT_DIR (docs/screenshots when the docs
// are refreshed) or <build>/screenshots.
#include "app/workspaces/evaluate_annotation.h"
#include "app/workspaces/evaluate_workspace.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/verify/example_store.h"
#include "engine/store/project.h"
#include "engine/verify/verification_runner.h"
#include "tests/support/annotation_input.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include "tests/support/campaign_builder.h"
#include "tests/support/example_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/screenshots.h"
#include "tests/support/test_main.h"
#include <QTest>
#include <QTextEdit>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::pressKeys;
using gauntlet::testing::selectCodePoints;

namespace {

struct Example {
    QString source, reference, wrong;  ///< wrong: system A's output (riverbank sense: fails the rule)
    QString wrongWord, minorWord;      ///< in `wrong`: marked major by mouse, minor by keys
};

// Rule of every example: the translation contains "البنك" (the bank, the financial institution).
const QString BankWord = QString::fromUtf8("\xD8\xA7\xD9\x84\xD8\xA8\xD9\x86\xD9\x83");
const QVector<Example> Examples{
    {QStringLiteral("The bank closed early today."),
     QString::fromUtf8("\xD8\xA3\xD8\xBA\xD9\x84\xD9\x82 \xD8\xA7\xD9\x84\xD8\xA8\xD9\x86\xD9\x83 \xD9\x85\xD8\xA8\xD9\x83\xD8\xB1\xD8\xA7 "
                       "\xD8\xA7\xD9\x84\xD9\x8A\xD9\x88\xD9\x85"),  // أغلق البنك مبكرا اليوم
     QString::fromUtf8("\xD8\xA3\xD8\xBA\xD9\x84\xD9\x82 \xD8\xA7\xD9\x84\xD8\xB6\xD9\x81\xD8\xA9 \xD9\x85\xD8\xA8\xD9\x83\xD8\xB1\xD8\xA7 "
                       "\xD8\xA7\xD9\x84\xD9\x8A\xD9\x88\xD9\x85"),  // أغلق الضفة مبكرا اليوم
     QString::fromUtf8("\xD8\xA7\xD9\x84\xD8\xB6\xD9\x81\xD8\xA9"),      // الضفة
     QString::fromUtf8("\xD9\x85\xD8\xA8\xD9\x83\xD8\xB1\xD8\xA7")},     // مبكرا
    {QStringLiteral("The bank raised its rates."),
     QString::fromUtf8("\xD8\xB1\xD9\x81\xD8\xB9 \xD8\xA7\xD9\x84\xD8\xA8\xD9\x86\xD9\x83 \xD8\xA3\xD8\xB3\xD8\xB9\xD8\xA7\xD8\xB1\xD9\x87"),  // رفع البنك أسعاره
     QString::fromUtf8("\xD8\xB1\xD9\x81\xD8\xB9\xD8\xAA \xD8\xA7\xD9\x84\xD8\xB6\xD9\x81\xD8\xA9 \xD8\xA3\xD8\xB3\xD8\xB9\xD8\xA7\xD8\xB1\xD9\x87\xD8\xA7"),  // رفعت الضفة أسعارها
     QString::fromUtf8("\xD8\xA7\xD9\x84\xD8\xB6\xD9\x81\xD8\xA9"),
     QString::fromUtf8("\xD8\xB1\xD9\x81\xD8\xB9\xD8\xAA")},             // رفعت
    {QStringLiteral("She works at the bank."),
     QString::fromUtf8("\xD9\x87\xD9\x8A \xD8\xAA\xD8\xB9\xD9\x85\xD9\x84 \xD9\x81\xD9\x8A \xD8\xA7\xD9\x84\xD8\xA8\xD9\x86\xD9\x83"),  // هي تعمل في البنك
     QString::fromUtf8("\xD9\x87\xD9\x8A \xD8\xAA\xD8\xB9\xD9\x85\xD9\x84 \xD8\xB9\xD9\x84\xD9\x89 \xD8\xA7\xD9\x84\xD8\xB6\xD9\x81\xD8\xA9"),  // هي تعمل على الضفة
     QString::fromUtf8("\xD8\xA7\xD9\x84\xD8\xB6\xD9\x81\xD8\xA9"),
     QString::fromUtf8("\xD8\xB9\xD9\x84\xD9\x89")},                     // على
};

QString screenshotDir()
{
    return testing::screenshotDir(QStringLiteral(GAUNTLET_BINARY_DIR "/screenshots"));
}

/// Drags the mouse from before code point `start` to after code point `end` (inclusive).
void dragSelect(QTextEdit *edit, int start, int end)
{
    QTextCursor c(edit->document());
    c.setPosition(start);  // Arabic letters are single UTF-16 units: code point = UTF-16 index here
    const QPoint from = edit->cursorRect(c).center();
    c.setPosition(end + 1);
    const QPoint to = edit->cursorRect(c).center();
    QTest::mousePress(edit->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(edit->viewport(), to);
    QTest::mouseRelease(edit->viewport(), Qt::LeftButton, {}, to);
}

}  // namespace

class TestEvaluateEndToEnd : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    TranslationCard *card(AnnotationPanel *panel, const QString &text)
    {
        for (TranslationCard *c : panel->cards())
            if (c->textView()->toPlainText() == text)
                return c;
        return nullptr;
    }

private Q_SLOTS:
    void twoStageCesa_byMouseAndKeys_toResults()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("e2e.gauntlet")));
        verify::ExampleStore examples(project->database());
        verify::VerificationRule rule = testing::makeRule(BankWord, verify::VerificationRule::Kind::Contains);
        for (const Example &x : Examples) {
            verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("Arabic"), x.source, x.reference);
            const qint64 id = examples.addExample(e);
            examples.setRules(id, {rule});
            examples.setTranslation(id, QStringLiteral("sysA"), QStringLiteral("manual"), x.wrong);
            examples.setTranslation(id, QStringLiteral("sysB"), QStringLiteral("manual"), x.reference);
            examples.saveVerdicts(id, verify::VerificationRunner::runBlocking(x.source, {rule}, {x.reference, x.wrong}, {}).verdicts);
        }

        EvaluateWorkspace ws;
        ws.resize(1000, 760);
        ws.setProject(project.get());
        QVERIFY(testing::showActive(ws));
        QCOMPARE(ws.createCampaign(QStringLiteral("bank (ar)"), Protocol::Cesa, true, false, 1, {QStringLiteral("layla")}), QString());
        evaluate::CampaignStore store(project->database());
        const qint64 id = store.campaigns().first().id;
        const Campaign campaign = store.campaign(id);
        const Assignment queue = store.assignment(id, QStringLiteral("layla"));
        QCOMPARE(queue.items.size(), 3);
        auto exampleAt = [&](int position) -> const Example & {
            const QString source = campaign.items[queue.items[position].itemIndex].source;
            for (const Example &x : Examples)
                if (x.source == source)
                    return x;
            return Examples.first();
        };

        QCOMPARE(ws.annotatorBox()->currentText(), QStringLiteral("layla"));
        QPushButton *start = testing::buttonWithText(ws, QStringLiteral("Start"));
        QVERIFY(start);
        QTest::mouseClick(start, Qt::LeftButton);
        AnnotationPanel *panel = ws.annotationPanel();
        QVERIFY(panel->isEnabled());

        // Stage 1 of an item: A's wrong word major (mouse drag + Major), another word minor
        // (selection + key 1); A 30 (Page Down from the unset 50), B 90 (Right x8); Ctrl+Return.
        auto stageOne = [&](int position, bool screenshot) {
            const Example &x = exampleAt(position);
            QCOMPARE(panel->position(), position);
            QCOMPARE(panel->stage(), 1);
            TranslationCard *a = card(panel, x.wrong), *b = card(panel, x.reference);
            QVERIFY(a && b);
            const int w = int(x.wrong.indexOf(x.wrongWord)), m = int(x.wrong.indexOf(x.minorWord));
            dragSelect(a->textView(), w, w + int(x.wrongWord.size()) - 1);
            QCOMPARE(a->textView()->textCursor().selectedText(), x.wrongWord);
            QTest::mouseClick(a->majorButton(), Qt::LeftButton);
            selectCodePoints(a, m, m + int(x.minorWord.size()) - 1);
            QTest::keyClick(a->textView(), Qt::Key_1);
            QCOMPARE(a->judgement().spans.size(), 2);
            pressKeys(a->slider(), Qt::Key_PageDown, 1);
            pressKeys(b->slider(), Qt::Key_Right, 8);
            QVERIFY(panel->missing().isEmpty());
            if (screenshot) {
                QTest::qWait(50);
                QVERIFY(ws.grab().save(screenshotDir() + QStringLiteral("/evaluate-annotation.png")));
            }
            QTest::keyClick(b->slider(), Qt::Key_Return, Qt::ControlModifier);
            QCOMPARE(panel->stage(), 2);
        };
        // Stage 2 (rules shown): A 10, B 100.
        auto stageTwo = [&](int position) {
            const Example &x = exampleAt(position);
            QCOMPARE(panel->position(), position);
            QCOMPARE(panel->stage(), 2);
            TranslationCard *a = card(panel, x.wrong), *b = card(panel, x.reference);
            pressKeys(a->slider(), Qt::Key_PageDown, 2);
            pressKeys(b->slider(), Qt::Key_Right, 10);
            QTest::keyClick(b->slider(), Qt::Key_Return, Qt::ControlModifier);
        };

        stageOne(0, true);
        stageTwo(0);
        stageOne(1, false);
        // Back twice (Alt+Left): item 2's stage 1 as saved, then item 1's stage 2, where B goes 100 -> 95
        QTest::keyClick(panel->cards()[0]->textView(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(panel->position(), 1);
        QCOMPARE(panel->stage(), 1);
        QCOMPARE(card(panel, exampleAt(1).wrong)->judgement().spans.size(), 2);
        QCOMPARE(card(panel, exampleAt(1).reference)->score(), std::optional<int>(90));
        QTest::keyClick(panel->cards()[0]->textView(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(panel->position(), 0);
        QCOMPARE(panel->stage(), 2);
        TranslationCard *b1 = card(panel, exampleAt(0).reference);
        QCOMPARE(b1->score(), std::optional<int>(100));
        pressKeys(b1->slider(), Qt::Key_Left, 1);
        QTest::keyClick(b1->slider(), Qt::Key_Return, Qt::ControlModifier);  // saves the revision
        QCOMPARE(panel->position(), 1);
        QTest::mouseClick(panel->nextButton(), Qt::LeftButton);  // item 2 stage 1 is complete: Next goes on
        stageTwo(1);
        stageOne(2, false);
        stageTwo(2);
        QVERIFY(panel->messageLabel()->text().contains(QStringLiteral("Thank you")));
        QVERIFY2(ws.campaignBox()->currentText().contains(QStringLiteral("6/6 answers")), qPrintable(ws.campaignBox()->currentText()));

        // the stored answers, by hand
        for (int position = 0; position < 3; ++position) {
            const Example &x = exampleAt(position);
            const QString key = campaign.items[queue.items[position].itemIndex].key;
            const auto s1 = store.answer(id, QStringLiteral("layla"), key, 1);
            const auto s2 = store.answer(id, QStringLiteral("layla"), key, 2);
            QVERIFY(s1 && s2);
            for (const TranslationJudgement &j : s1->judgements) {
                if (j.system == QLatin1String("sysA")) {
                    const int w = int(x.wrong.indexOf(x.wrongWord)), m = int(x.wrong.indexOf(x.minorWord));
                    QCOMPARE(j.score, std::optional<int>(30));
                    QCOMPARE(j.spans, (QVector<ErrorSpan>{{w, w + int(x.wrongWord.size()) - 1, Severity::Major, false},
                                                          {m, m + int(x.minorWord.size()) - 1, Severity::Minor, false}}));
                } else {
                    QCOMPARE(j.score, std::optional<int>(90));
                    QVERIFY(j.spans.isEmpty());
                }
            }
            for (const TranslationJudgement &j : s2->judgements)
                QCOMPARE(j.score, std::optional<int>(j.system == QLatin1String("sysA") ? 10 : (position == 0 ? 95 : 100)));
            QVERIFY(!store.draft(id, QStringLiteral("layla"), key, 1) && !store.draft(id, QStringLiteral("layla"), key, 2));
        }

        // the results page. By hand: stage 1 means A 30, B 90 -> B first. Stage 2 shift: A 10 - 30 =
        // -20 on every item; B (95 - 90 + 100 - 90 + 100 - 90) / 3 = 8.33. Spans: A 3 minor, 3 major.
        // Verifier pass rate: A never contains the rule's word (0 %), B is the reference (100 %);
        // chrF: B equals the reference (100). Both rankings order B over A, like the annotator: tau-b 1.
        ws.tabs()->setCurrentIndex(1);
        ws.showResults();
        QTableWidget *t = ws.resultsTable();
        QCOMPARE(t->rowCount(), 2);
        const QStringList rowB{QStringLiteral("1"), QStringLiteral("sysB"), QStringLiteral("90.0"), QStringLiteral("90.0 – 90.0"), QStringLiteral("3"),
                               QStringLiteral("0.000"), QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("8.3"),
                               QStringLiteral("100.0"), QStringLiteral("100.0")};
        for (int c = 0; c < rowB.size(); ++c)
            if (c != 5)  // the paired-bootstrap p-value is left to tst_evaluate
                QCOMPARE(t->item(0, c)->text(), rowB[c]);
        QCOMPARE(t->item(1, 1)->text(), QStringLiteral("sysA"));
        QCOMPARE(t->item(1, 2)->text(), QStringLiteral("30.0"));
        QCOMPARE(t->item(1, 6)->text(), QStringLiteral("3"));
        QCOMPARE(t->item(1, 7)->text(), QStringLiteral("3"));
        QCOMPARE(t->item(1, 8)->text(), QStringLiteral("0"));  // no [missing] mark
        QCOMPARE(t->item(1, 9)->text(), QStringLiteral("-20.0"));
        QCOMPARE(t->item(1, 10)->text(), QStringLiteral("0.0"));
        QVERIFY(t->item(1, 11)->text().toDouble() < 100.0);
        QCOMPARE(t->horizontalHeaderItem(2)->text(), QStringLiteral("Mean (stage 1)"));
        const QString stats = ws.agreementLabel()->text();
        QVERIFY2(stats.contains(QStringLiteral("verifier pass rate (3 examples): tau-b 1.000")), qPrintable(stats));
        QVERIFY2(stats.contains(QStringLiteral("chrF against the references: tau-b 1.000")), qPrintable(stats));
        QTest::qWait(50);
        QVERIFY(ws.grab().save(screenshotDir() + QStringLiteral("/evaluate-results.png")));
    }

    void nextWhileIncomplete_namesTheMissingFieldAndShowsIt()
    {
        // Issue 20: "Next (4 missing)" gave a count, and Next did nothing visible while the missing
        // score was below the fold ("the tool is broken"). Four translations that do not fit the
        // window; A, B and C are scored, D is not.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("missing.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::ruleFormCampaign(QStringLiteral("missing"));
        CampaignItem item;
        item.key = QStringLiteral("k1");
        item.source = QStringLiteral("The bank was closed on Monday because of the strike.");
        item.rules = {QStringLiteral("Bank")};
        const QStringList texts{QStringLiteral("Die Bank war am Montag wegen des Streiks geschlossen."),
                                QStringLiteral("Das Ufer war am Montag wegen des Streiks geschlossen."),
                                QStringLiteral("Die Bank war am Montag geschlossen."),
                                QStringLiteral("Die Bank hatte am Montag wegen des Streiks zu.")};
        for (int t = 0; t < texts.size(); ++t)
            item.translations.append({QStringLiteral("sys%1").arg(t), texts[t]});
        c.items << item;
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann")});
        EvaluateWorkspace ws;
        ws.resize(1000, 620);
        ws.setProject(project.get());
        QVERIFY(testing::showActive(ws));
        ws.start();
        AnnotationPanel *panel = ws.annotationPanel();
        QCOMPARE(panel->cards().size(), 4);
        QCOMPARE(panel->nextButton()->text(), QStringLiteral("Next (missing: score of A, score of B and 2 more)"));
        for (int pos = 0; pos < 3; ++pos)
            pressKeys(panel->cards()[pos]->slider(), Qt::Key_Right, 8);  // 90
        QCOMPARE(panel->nextButton()->text(), QStringLiteral("Next (missing: score of D)"));
        auto *scroll = panel->findChild<QScrollArea *>(QStringLiteral("annotationScroll"));
        QVERIFY(scroll);
        QCoreApplication::processEvents();
        scroll->verticalScrollBar()->setValue(0);
        QSlider *d = panel->cards()[3]->slider();
        const auto inView = [&](QWidget *w) {
            const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
            return scroll->viewport()->rect().contains(r);
        };
        QVERIFY(!inView(d));  // the case of the issue: D's score is below the fold

        QTest::mouseClick(panel->nextButton(), Qt::LeftButton);
        QCOMPARE(panel->stage(), 1);  // nothing saved
        QVERIFY(!store.answer(id, QStringLiteral("ann"), QStringLiteral("k1"), 1));
        QCOMPARE(QApplication::focusWidget(), d);
        QVERIFY(scroll->verticalScrollBar()->value() > 0);
        QVERIFY(inView(d));
        QCOMPARE(panel->messageLabel()->text(), QStringLiteral("Still missing: score of D."));
        QTest::qWait(50);
        QVERIFY(ws.grab().save(screenshotDir() + QStringLiteral("/evaluate-missing.png")));

        // stage 2: every score given, the rule form not; Next jumps to the rule's verdict box
        pressKeys(d, Qt::Key_Right, 8);
        QTest::mouseClick(panel->nextButton(), Qt::LeftButton);
        QCOMPARE(panel->stage(), 2);
        for (TranslationCard *card : panel->cards())
            pressKeys(card->slider(), Qt::Key_Right, 8);
        QCOMPARE(panel->nextButton()->text(),
                 QStringLiteral("Next (missing: rule form: rule 1, rule form: could an incorrect translation pass)"));
        scroll->verticalScrollBar()->setValue(0);
        QVERIFY(!inView(panel->ruleBoxes()[0]));
        QTest::mouseClick(panel->nextButton(), Qt::LeftButton);
        QCOMPARE(QApplication::focusWidget(), panel->ruleBoxes()[0]);
        QVERIFY(inView(panel->ruleBoxes()[0]));
        QCOMPARE(panel->stage(), 2);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestEvaluateEndToEnd)
#include "tst_evaluate_end_to_end.moc"
