// The Evaluate workspace's Adjudicate tab and the Results tab's span-agreement table (issue 20,
// items 13 and 14), by simulated input only: three annotators' spans of one translation
// ("Größe ändert 🚗 nichts", the span-agreement example of tst_campaigns_interop.cpp) are merged
// by intersection with the I key, a span accepted with A, a union undone with Ctrl+Z, a [missing]
// mark rejected with Delete and accepted again, the score taken from an annotator in the combo
// box, changed by hand and the change undone, and saved with Ctrl+S. The stored adjudication and
// the table values are compared with values worked out by hand. Screenshots go to
// $GAUNTLET_SCREENSHOT_DIR or <build>/screenshots.
#include "app/workspaces/evaluate_adjudication_page.h"
#include "app/workspaces/evaluate_workspace.h"
#include "app/workspaces/span_comparison_view.h"
#include "engine/evaluate/adjudication_store.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include "tests/support/span_example.h"
#include "tests/support/show_widget.h"
#include "tests/support/screenshots.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;

using gauntlet::testing::span;
using gauntlet::testing::spanExample;
using gauntlet::testing::storedAnswer;

namespace {

QString screenshotDir()
{
    return testing::screenshotDir(QStringLiteral(GAUNTLET_BINARY_DIR "/screenshots"));
}

void clickRow(QTableWidget *table, int row)
{
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(table->item(row, 1)).center());
}

}  // namespace

class TestEvaluateAdjudication : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("GAUNTLET_PROFILE", "tester");
    }

    void highlightsByCodePoint()
    {
        // "🚗 ab": 🚗 is code point 0 (two UTF-16 units); [2,3] "ab" minor, focus on [0,0]
        const QString html = SpanComparisonView::highlightedHtml(QStringLiteral("\U0001F697 ab"), {span(2, 3, Severity::Minor)}, 0, 0);
        QCOMPARE(html, QStringLiteral("<span style=\"white-space:pre-wrap\"><span style=\"text-decoration:underline;\">\U0001F697</span> "
                                      "<span style=\"background:#ffd88a;\">ab</span></span>"));
        QCOMPARE(SpanComparisonView::highlightedHtml(QStringLiteral("a<b"), {ErrorSpan::omission(Severity::Major)}, -1, -1),
                 QStringLiteral("<span style=\"white-space:pre-wrap\">a&lt;b <span style=\"background:#f4a0a0\">[missing]</span></span>"));
    }

    void adjudicateByKeysAndClicks()
    {
        auto [dir, project] = testing::TemporaryProject();
        const qint64 id = evaluate::CampaignStore(project->database()).importFinishedCampaign(spanExample());

        EvaluateWorkspace ws;
        ws.resize(1100, 820);
        ws.setProject(project.get());
        QVERIFY(testing::showActive(ws));

        // Results tab: the span-agreement table, values of tst_span_agreement.cpp (stage 1):
        // anna-ben char F1 10/23 = 0.435, exact 0.400, error-count alpha 0.700
        auto *agreement = ws.findChild<QTableWidget *>(QStringLiteral("spanAgreementTable"));
        QVERIFY(agreement);
        QCOMPARE(agreement->rowCount(), 4);  // anna-ben, anna-cleo, ben-cleo, all pairs
        QCOMPARE(agreement->item(0, 1)->text(), QStringLiteral("anna"));
        QCOMPARE(agreement->item(0, 2)->text(), QStringLiteral("ben"));
        QCOMPARE(agreement->item(0, 3)->text(), QStringLiteral("2"));
        QCOMPARE(agreement->item(0, 4)->text(), QStringLiteral("0.435"));
        QCOMPARE(agreement->item(0, 6)->text(), QStringLiteral("0.400"));
        QCOMPARE(agreement->item(0, 11)->text(), QStringLiteral("0.700"));
        QCOMPARE(agreement->item(3, 1)->text(), QStringLiteral("all pairs"));

        // to the Adjudicate tab by a click on its tab
        QTabBar *bar = ws.tabs()->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(2).center());
        auto *page = ws.findChild<AdjudicationPage *>(QStringLiteral("adjudicationPage"));
        QVERIFY(page);
        QCOMPARE(ws.tabs()->currentWidget(), page);
        auto *units = page->findChild<QComboBox *>(QStringLiteral("adjudicationUnits"));
        QCOMPARE(units->count(), 2);  // i1 (three annotators), i2 (anna, ben)
        auto *candidates = page->findChild<QTableWidget *>(QStringLiteral("candidateSpans"));
        // groups: 1 anna[0,4] ben[0,4] cleo[2,4]; 2 anna[13,13] cleo[13,13]; 3 ben[15,20]; 4 [missing] anna, cleo
        QCOMPARE(candidates->rowCount(), 8);
        QCOMPARE(candidates->item(2, 1)->text(), QStringLiteral("cleo"));
        QCOMPARE(candidates->item(2, 4)->text(), QStringLiteral("öße"));
        QCOMPARE(candidates->item(5, 0)->text(), QStringLiteral("3"));
        auto *view = page->findChild<SpanComparisonView *>(QStringLiteral("spanComparison"));
        QCOMPARE(view->rowCount(), 4);  // three annotators and the adjudicated draft
        QCOMPARE(view->rowLabel(0)->width(), view->rowLabel(3)->width());  // same width: same line breaks

        // group 1 by intersection: [2,4] "öße", minor (not all major), from all three
        clickRow(candidates, 2);
        QTest::keyClick(candidates, Qt::Key_I);
        QCOMPARE(page->draft().spans.size(), 1);
        QCOMPARE(page->draft().spans[0].span, span(2, 4, Severity::Minor));
        QCOMPARE(page->draft().spans[0].decision, SpanDecision::Intersection);
        // union instead ([0,4] major), then undo and redo and undo again: back to the intersection
        clickRow(candidates, 0);
        QTest::keyClick(candidates, Qt::Key_U);
        QCOMPARE(page->draft().spans[0].span, span(0, 4, Severity::Major));
        QTest::keyClick(candidates, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(page->draft().spans[0].span, span(2, 4, Severity::Minor));
        QTest::keyClick(candidates, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(page->draft().spans[0].span, span(0, 4, Severity::Major));
        QTest::keyClick(candidates, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(page->draft().spans[0].span, span(2, 4, Severity::Minor));
        // accept anna's [13,13] with A
        clickRow(candidates, 3);
        QTest::keyClick(candidates, Qt::Key_A);
        // anna's [missing] (row 6): accept, reject with Delete, accept with the button
        clickRow(candidates, 6);
        QTest::keyClick(candidates, Qt::Key_A);
        QCOMPARE(page->draft().spans.size(), 3);
        QTest::keyClick(candidates, Qt::Key_Delete);
        QCOMPARE(page->draft().spans.size(), 2);
        auto *status = page->findChild<QLabel *>(QStringLiteral("adjudicationStatus"));
        QVERIFY2(status->text().startsWith(QStringLiteral("Rejected group")), qPrintable(status->text()));
        QTest::keyClick(candidates, Qt::Key_Delete);  // again: nothing left there, and it says so
        QVERIFY2(status->text().startsWith(QStringLiteral("Nothing to reject")), qPrintable(status->text()));
        QTest::mouseClick(page->findChild<QPushButton *>(QStringLiteral("acceptSpan")), Qt::LeftButton);
        auto *finalSpans = page->findChild<QTableWidget *>(QStringLiteral("finalSpans"));
        QCOMPARE(finalSpans->rowCount(), 3);
        QCOMPARE(finalSpans->item(0, 3)->text(), QStringLiteral("intersection"));
        QCOMPARE(finalSpans->item(0, 4)->text(), QStringLiteral("anna, ben, cleo"));

        // score: ben's (50) from the combo box (Down twice: set by hand -> anna -> ben), then 55 by hand, undone
        auto *source = page->findChild<QComboBox *>(QStringLiteral("scoreSource"));
        source->setFocus();
        QTest::keyClick(source, Qt::Key_Down);
        QTest::keyClick(source, Qt::Key_Down);
        QCOMPARE(page->draft().score, std::optional<int>(50));
        QCOMPARE(page->draft().scoreFrom, QStringLiteral("ben"));
        auto *score = page->findChild<QSpinBox *>(QStringLiteral("finalScore"));
        QCOMPARE(score->value(), 50);
        score->setFocus();
        QTest::keyClick(score, Qt::Key_Up);
        QCOMPARE(page->draft().score, std::optional<int>(55));
        QVERIFY(page->draft().scoreFrom.isEmpty());
        clickRow(candidates, 0);  // out of the spin box (its own editor takes Ctrl+Z), then undo
        QTest::keyClick(candidates, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(page->draft().score, std::optional<int>(50));
        QCOMPARE(page->draft().scoreFrom, QStringLiteral("ben"));
        QCOMPARE(source->currentIndex(), 2);
        QTest::qWait(100);  // let the layouts settle before the grab
        QVERIFY(ws.grab().save(screenshotDir() + QStringLiteral("/evaluate-adjudication.png")));

        // Ctrl+S stores it
        candidates->setFocus();
        QTest::keyClick(candidates, Qt::Key_S, Qt::ControlModifier);
        const QVector<Adjudication> saved = evaluate::AdjudicationStore(project->database()).adjudications(id);
        QCOMPARE(saved.size(), 1);
        QCOMPARE(saved[0].adjudicator, QStringLiteral("tester"));
        QCOMPARE(saved[0].score, std::optional<int>(50));
        QCOMPARE(saved[0].scoreFrom, QStringLiteral("ben"));
        QCOMPARE(saved[0].spans.size(), 3);
        QCOMPARE(saved[0].spans[0].span, span(2, 4, Severity::Minor));
        QCOMPARE(saved[0].spans[0].from, (QStringList{QStringLiteral("anna"), QStringLiteral("ben"), QStringLiteral("cleo")}));
        QCOMPARE(saved[0].spans[1].span, span(13, 13, Severity::Major));
        QCOMPARE(saved[0].spans[1].decision, SpanDecision::Accepted);
        QCOMPARE(saved[0].spans[2].span, ErrorSpan::omission(Severity::Major));
        QVERIFY2(page->findChild<QLabel *>(QStringLiteral("adjudicationStatus"))->text().contains(QStringLiteral("tester")),
                 qPrintable(page->findChild<QLabel *>(QStringLiteral("adjudicationStatus"))->text()));

        // an unsaved change is not lost when another translation is chosen: Cancel stays, Save stores
        clickRow(candidates, 3);
        QTest::keyClick(candidates, Qt::Key_R);  // reject group 2 ([13,13])
        QCOMPARE(page->draft().spans.size(), 2);
        auto answerBox = [](QMessageBox::StandardButton button) {
            QTimer::singleShot(50, [button] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box);
                QTest::mouseClick(box->button(button), Qt::LeftButton);
            });
        };
        answerBox(QMessageBox::Cancel);
        units->setFocus();
        QTest::keyClick(units, Qt::Key_Down);
        QCOMPARE(units->currentIndex(), 0);
        QCOMPARE(page->draft().spans.size(), 2);
        answerBox(QMessageBox::Save);
        QTest::keyClick(units, Qt::Key_Down);
        QCOMPARE(units->currentIndex(), 1);
        QCOMPARE(page->currentCase().itemKey, QStringLiteral("i2"));
        const QVector<Adjudication> resaved = evaluate::AdjudicationStore(project->database()).adjudications(id);
        QCOMPARE(resaved.size(), 1);
        QCOMPARE(resaved[0].spans.size(), 2);  // [2,4] and [missing]
        QCOMPARE(resaved[0].spans[1].span, ErrorSpan::omission(Severity::Major));

        // i2 "Ein kurzer Satz." (anna none, ben [4,9]): double-click "Satz" (code points 11-14) in
        // anna's row and press 2: a major span of the adjudicator's own; Ctrl+Z takes it back
        QVERIFY(testing::activate(ws));  // the message box took the activation
        QLabel *annaRow = view->rowLabel(0);
        const QFontMetrics fm(annaRow->font());
        const QPoint onSatz(annaRow->contentsRect().left() + fm.horizontalAdvance(QStringLiteral("Ein kurzer S")),
                            annaRow->contentsRect().top() + fm.height() / 2);
        QTest::mouseDClick(annaRow, Qt::LeftButton, {}, onSatz);
        QCOMPARE(annaRow->selectedText(), QStringLiteral("Satz"));
        QTest::keyClick(annaRow, Qt::Key_2);
        QCOMPARE(page->draft().spans.size(), 1);
        QCOMPARE(page->draft().spans[0].span, span(11, 14, Severity::Major));
        QCOMPARE(page->draft().spans[0].decision, SpanDecision::Added);
        QVERIFY(page->draft().spans[0].from.isEmpty());
        QTest::keyClick(annaRow, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(page->draft().spans.isEmpty());

        // back on Results (refreshed): still the three annotators' pairs only
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
        ws.showResults();
        QCOMPARE(agreement->rowCount(), 4);
        for (int r = 0; r < agreement->rowCount(); ++r)
            QVERIFY(agreement->item(r, 1)->text() != QStringLiteral("adjudicated") && agreement->item(r, 2)->text() != QStringLiteral("adjudicated"));
        QTest::qWait(100);
        QVERIFY(ws.grab().save(screenshotDir() + QStringLiteral("/evaluate-span-agreement.png")));
    }
};

GAUNTLET_GUI_TEST_MAIN(TestEvaluateAdjudication)
#include "tst_evaluate_adjudication.moc"
