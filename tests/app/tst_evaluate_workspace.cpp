// The Evaluate workspace end to end through simulated input: a two-stage cESA campaign (Hebrew,
// Arabic, CJK and emoji texts) annotated with the keyboard: spans by selection + 1/2 keys at
// exact code-point offsets, scores by arrow keys (unset is not 0), the Next lock jumping to the
// missing score, the warning below 85 without spans, stage two with the rule form, Back showing
// the saved answer, each answer in the store the moment Next is pressed. Screenshots of the
// annotation screen (docs' evaluate-scripts.png), stage two and the results page go to
// $GAUNTLET_SCREENSHOT_DIR (scripts/refresh-screenshots.sh) or <build>/screenshots/.
#include "app/workspaces/evaluate_annotation.h"
#include "app/workspaces/evaluate_workspace.h"
#include "engine/ato/run_store.h"
#include "engine/augment/example_from_run.h"
#include "engine/augment/run_translations.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/quality_control.h"
#include "engine/verify/example_store.h"
#include "engine/store/project.h"
#include "tests/support/annotation_input.h"

#include <QApplication>
#include <functional>
#include <QAbstractButton>
#include <QLineEdit>
#include <QSpinBox>
#include <QMessageBox>
#include <QFormLayout>
#include <QCheckBox>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QTimer>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include "tests/support/campaign_builder.h"
#include "tests/support/example_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/test_files.h"
#include "tests/support/screenshots.h"
#include "tests/support/test_main.h"
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QStyleOptionSlider>
#include <QScrollBar>
#include <QScrollArea>
#include <QTest>
#include <QTextEdit>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::pressKeys;
using gauntlet::testing::selectCodePoints;

namespace {

/// An ESA campaign of one item ("Good morning." -> "Guten Morgen."), handed to `annotators`.
qint64 oneItemEsa(evaluate::CampaignStore &store, const QString &name, int redundancy, const QStringList &annotators)
{
    Campaign c = testing::makeCampaign(name, Protocol::Esa);
    c.options.redundancy = redundancy;
    CampaignItem item = testing::makeItem(QStringLiteral("s1"), QStringLiteral("Good morning."), {{QStringLiteral("sys"), QStringLiteral("Guten Morgen.")}});
    c.items << item;
    const qint64 id = testing::createAssigned(store, c, annotators);
    return id;
}

/// Selects the text of `field` (a line edit or a spin box) and types `text` over it.
void retype(QWidget *field, const QString &text)
{
    if (auto *edit = qobject_cast<QLineEdit *>(field))
        edit->selectAll();
    else if (auto *spin = qobject_cast<QAbstractSpinBox *>(field))
        spin->selectAll();
    QTest::keyClicks(field, text);
}

/// A field of the New Campaign dialog by its object name.
using DialogField = std::function<QWidget *(const char *name)>;

/// Opens the New Campaign dialog of `ws`, has `fill` fill it in once it shows, and clicks Create;
/// false when the dialog did not show or `fill` failed.
bool fillNewCampaignDialog(EvaluateWorkspace &ws, const std::function<void(const DialogField &field)> &fill)
{
    bool filled = false;
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        const DialogField field = [dialog](const char *name) { return dialog->findChild<QWidget *>(QLatin1String(name)); };
        fill(field);
        if (QTest::currentTestFailed())
            return;
        filled = true;
        QTest::mouseClick(field("createButton"), Qt::LeftButton);
    });
    ws.newCampaignDialog();
    return filled;
}

}  // namespace

class TestEvaluateWorkspace : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void annotateTwoStageCesaByKeyboard()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("p.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::ruleFormCampaign(QStringLiteral("gui"));
        c.options.instructions = QStringLiteral("Mark every error, then score each translation.");
        const QString hebrew = QString::fromUtf8("\xD7\x94\xD7\x91\xD7\xA0\xD7\xA7 \xD7\xA0\xD7\xA1\xD7\x92\xD7\xA8 \xF0\x9F\x98\x80 today");  // הבנק נסגר 😀 today
        const QString arabic = QString::fromUtf8("\xD8\xA3\xD8\xBA\xD9\x84\xD9\x82 \xD8\xA7\xD9\x84\xD8\xA8\xD9\x86\xD9\x83");  // أغلق البنك
        const QString cjk = QString::fromUtf8("\xE9\x93\xB6\xE8\xA1\x8C\xE5\x85\xB3\xE9\x97\xA8\xE4\xBA\x86");  // 银行关门了
        CampaignItem item = testing::makeItem(QStringLiteral("ex1"), QStringLiteral("The bank was closed."),
                                              {{QStringLiteral("sysHe"), hebrew}, {QStringLiteral("sysAr"), arabic}, {QStringLiteral("sysZh"), cjk}});
        item.rules = {QStringLiteral("'bank' is the financial institution")};
        c.items << item;
        item.key = QStringLiteral("ex2");
        item.source = QStringLiteral("She sat on the bank.");
        c.items << item;
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann1")});

        EvaluateWorkspace ws;
        ws.resize(1000, 900);
        ws.setProject(project.get());
        QVERIFY(testing::showActive(ws));  // focus and shortcuts need it (xcb too, not only offscreen)
        QCOMPARE(ws.annotatorBox()->currentText(), QStringLiteral("ann1"));
        ws.start();
        AnnotationPanel *panel = ws.annotationPanel();
        QCOMPARE(panel->cards().size(), 3);
        QVERIFY(panel->nextButton()->property("incomplete").toBool());
        QVERIFY(panel->cards()[0]->scoreLabel()->text().contains(QStringLiteral("not set")));

        // Next while incomplete: nothing saved, focus jumps to the first missing score
        QTest::mouseClick(panel->nextButton(), Qt::LeftButton);
        QVERIFY(!panel->messageLabel()->text().isEmpty());
        QCOMPARE(QApplication::focusWidget(), panel->cards()[0]->slider());
        QVERIFY(!store.answer(id, QStringLiteral("ann1"), QStringLiteral("ex1"), 1));

        // spans: "נסגר" = code points 5..8 (major); the emoji = code point 10 (minor); Arabic "البنك" 5..9; CJK 关门 2..3
        selectCodePoints(panel->cards()[0], 5, 8);
        QTest::keyClick(panel->cards()[0]->textView(), Qt::Key_2);
        selectCodePoints(panel->cards()[0], 10, 10);
        QTest::keyClick(panel->cards()[0]->textView(), Qt::Key_1);
        selectCodePoints(panel->cards()[1], 5, 9);
        QTest::keyClick(panel->cards()[1]->textView(), Qt::Key_1);
        selectCodePoints(panel->cards()[2], 2, 3);
        QTest::keyClick(panel->cards()[2]->textView(), Qt::Key_2);
        QTest::keyClick(panel->cards()[2]->textView(), Qt::Key_M);  // [missing]
        QCOMPARE(panel->cards()[0]->judgement().spans,
                 (QVector<ErrorSpan>{{5, 8, Severity::Major, false}, {10, 10, Severity::Minor, false}}));
        QCOMPARE(panel->cards()[0]->spanList()->count(), 2);
        QCOMPARE(panel->cards()[2]->judgement().spans,
                 (QVector<ErrorSpan>{{2, 3, Severity::Major, false}, ErrorSpan::omission(Severity::Major)}));
        // snap to words: a selection inside "today" (code points 12..16) grows to the word
        panel->cards()[0]->snapBox()->setChecked(true);
        selectCodePoints(panel->cards()[0], 13, 14);
        QTest::keyClick(panel->cards()[0]->textView(), Qt::Key_1);
        QCOMPARE(panel->cards()[0]->judgement().spans.last(), (ErrorSpan{12, 16, Severity::Minor, false}));
        panel->cards()[0]->spanList()->setFocus();
        panel->cards()[0]->spanList()->setCurrentRow(2);
        QTest::keyClick(panel->cards()[0]->spanList(), Qt::Key_Delete);
        QCOMPARE(panel->cards()[0]->judgement().spans.size(), 2);
        // S switches the severity of the selected span, Delete removes it
        panel->cards()[1]->spanList()->setFocus();
        panel->cards()[1]->spanList()->setCurrentRow(0);
        QTest::keyClick(panel->cards()[1]->spanList(), Qt::Key_S);
        QCOMPARE(panel->cards()[1]->judgement().spans[0].severity, Severity::Major);
        QTest::keyClick(panel->cards()[1]->spanList(), Qt::Key_Delete);
        QVERIFY(panel->cards()[1]->judgement().spans.isEmpty());

        // scores by keys: unset slider sits at 50; Right +5, Left -5, PageDown -20
        pressKeys(panel->cards()[0]->slider(), Qt::Key_Left, 2);    // 40
        pressKeys(panel->cards()[1]->slider(), Qt::Key_Right, 6);   // 80, no span -> warning
        QVERIFY(panel->nextButton()->property("incomplete").toBool());
        pressKeys(panel->cards()[2]->slider(), Qt::Key_PageDown, 1);  // 30
        QVERIFY2(panel->cards()[0]->score() == std::optional<int>(40), qPrintable(QString::number(panel->cards()[0]->score().value_or(-1)) + QStringLiteral(" slider ") + QString::number(panel->cards()[0]->slider()->value())));
        QCOMPARE(panel->cards()[1]->score(), std::optional<int>(80));
        QCOMPARE(panel->cards()[2]->score(), std::optional<int>(30));
        QVERIFY(panel->cards()[0]->scoreLabel()->text().contains(QStringLiteral("borderline")));
        QVERIFY(!panel->cards()[1]->warningLabel()->text().isEmpty());
        QVERIFY(panel->cards()[0]->warningLabel()->text().isEmpty());
        QVERIFY(!panel->nextButton()->property("incomplete").toBool());

        const QString shots = gauntlet::testing::screenshotDir(QStringLiteral(GAUNTLET_BINARY_DIR "/screenshots"));
        QTest::qWait(50);  // let the layouts settle before the screenshot
        QVERIFY(ws.grab().save(shots + QStringLiteral("/evaluate-scripts.png")));

        QTest::keyClick(panel->cards()[2]->slider(), Qt::Key_Return, Qt::ControlModifier);  // Next
        const auto saved = store.answer(id, QStringLiteral("ann1"), QStringLiteral("ex1"), 1);
        QVERIFY(saved.has_value());
        QCOMPARE(saved->judgements[0].score, std::optional<int>(40));
        QCOMPARE(saved->judgements[0].spans[0], (ErrorSpan{5, 8, Severity::Major, false}));
        QCOMPARE(saved->judgements[2].spans[1], ErrorSpan::omission(Severity::Major));

        // stage two: rules shown, rule form required
        QCOMPARE(panel->stage(), 2);
        QCOMPARE(panel->ruleBoxes().size(), 1);
        for (TranslationCard *card : panel->cards())
            pressKeys(card->slider(), Qt::Key_Right, 8);  // 90
        QVERIFY(panel->nextButton()->property("incomplete").toBool());
        panel->ruleBoxes()[0]->setCurrentIndex(2);  // too strict
        panel->passBox()->setCurrentIndex(2);       // no
        QVERIFY(!panel->nextButton()->property("incomplete").toBool());
        QTest::qWait(50);
        QVERIFY(ws.grab().save(shots + QStringLiteral("/evaluate-stage-two.png")));
        panel->next();
        const auto stage2 = store.answer(id, QStringLiteral("ann1"), QStringLiteral("ex1"), 2);
        QVERIFY(stage2.has_value());
        QCOMPARE(stage2->rules[0], std::optional<RuleVerdict>(RuleVerdict::TooStrict));
        QCOMPARE(stage2->incorrectCouldPass, std::optional<bool>(false));
        QCOMPARE(panel->position(), 1);
        QCOMPARE(panel->stage(), 1);
        QVERIFY(!panel->cards()[0]->score().has_value());  // a new item starts unset

        // Back shows the saved stage-two answer
        QTest::keyClick(panel->cards()[0]->textView(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(panel->position(), 0);
        QCOMPARE(panel->stage(), 2);
        QCOMPARE(panel->cards()[1]->score(), std::optional<int>(90));
        QCOMPARE(panel->ruleBoxes()[0]->currentIndex(), 2);

        // results page
        ws.tabs()->setCurrentIndex(1);
        ws.showResults();
        QCOMPARE(ws.resultsTable()->rowCount(), 3);
        QCOMPARE(ws.resultsTable()->item(0, 1)->text(), QStringLiteral("sysAr"));  // 80 is the best stage-1 score
        QCOMPARE(ws.resultsTable()->item(0, 9)->text(), QStringLiteral("10.0"));   // 80 -> 90 once the rules were shown
        // a two-stage campaign ranks by stage 1: the columns say so (issue 20)
        QCOMPARE(ws.resultsTable()->horizontalHeaderItem(2)->text(), QStringLiteral("Mean (stage 1)"));
        auto *note = ws.findChild<QLabel *>(QStringLiteral("stageNote"));
        QVERIFY(note && note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("rank, mean, interval, ratings, p-value and span counts use stage 1")), qPrintable(note->text()));
        QCOMPARE(ws.resultsTable()->horizontalHeaderItem(8)->text(), QStringLiteral("[missing]"));
        QCOMPARE(ws.resultsTable()->item(2, 8)->text(), QStringLiteral("1"));  // sysZh's [missing] mark, not also in Major
        QCOMPARE(ws.resultsTable()->item(2, 7)->text(), QStringLiteral("1"));
        QVERIFY(ws.chartView()->chart());
        QCOMPARE(ws.chartView()->chart()->series().size(), 1);
        QTest::qWait(50);
        QVERIFY(ws.grab().save(shots + QStringLiteral("/evaluate-scripts-results.png")));
    }

    void loudCheckMustBeRetriedSilentIsLogged()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("checks.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::makeCampaign(QStringLiteral("checks"), Protocol::Esa);
        CampaignItem loud = testing::makeItem(QStringLiteral("loud"), QStringLiteral("Good morning."), {{QStringLiteral("sys"), QStringLiteral("Bonjour, the cat is purple.")}});
        loud.check = CheckKind::Loud;
        loud.expected = {{0, 40, std::nullopt}};
        CampaignItem silent = loud;
        silent.key = QStringLiteral("silent");
        silent.check = CheckKind::Silent;
        c.items << loud << silent;
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann")});
        AnnotationPanel panel;
        QVERIFY(testing::showExposed(panel));
        panel.open(&store, id, QStringLiteral("ann"));
        const QString first = store.campaign(id).items[store.assignment(id, QStringLiteral("ann")).items[0].itemIndex].key;
        // a wrong answer (score 90 where at most 40 is right)
        pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 8);
        panel.next();
        if (first == QLatin1String("loud")) {
            QCOMPARE(panel.position(), 0);  // must retry
            QVERIFY(panel.messageLabel()->text().contains(QStringLiteral("wrong")));
            QVERIFY(!store.answer(id, QStringLiteral("ann"), QStringLiteral("loud"), 1));
            pressKeys(panel.cards()[0]->slider(), Qt::Key_PageDown, 3);  // 30
            panel.next();
            QCOMPARE(panel.position(), 1);
            pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 8);  // silent: wrong, goes on
            panel.next();
        } else {
            QCOMPARE(panel.position(), 1);  // silent: wrong, only logged
            pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 8);
            panel.next();
            QCOMPARE(panel.position(), 1);  // loud: must retry
            pressKeys(panel.cards()[0]->slider(), Qt::Key_PageDown, 3);
            panel.next();
        }
        QVERIFY(store.answer(id, QStringLiteral("ann"), QStringLiteral("loud"), 1).has_value());
        QCOMPARE(store.answer(id, QStringLiteral("ann"), QStringLiteral("silent"), 1)->judgements[0].score, std::optional<int>(90));
        int failed = 0, passed = 0;
        for (const LogEntry &e : store.logEntries(id, QStringLiteral("ann"))) {
            failed += e.action == QLatin1String("check_failed");
            passed += e.action == QLatin1String("check_passed");
        }
        QCOMPARE(failed, 2);  // the loud one's first try and the silent one
        QCOMPARE(passed, 1);
        QVERIFY(panel.messageLabel()->text().contains(QStringLiteral("Thank you")));
        QVERIFY2(!panel.messageLabel()->styleSheet().contains(QStringLiteral("#b00020")),  // not in the error colour (issue 20)
                 qPrintable(panel.messageLabel()->styleSheet()));
    }

    void nextItem_startsAtTheTop()
    {
        // Issue 20: a new item opened scrolled to where the previous one was, hiding candidate A.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("top.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::makeCampaign(QStringLiteral("top"), Protocol::Cesa);
        c.options.shuffleSystems = false;
        for (const char *key : {"k1", "k2"}) {
            CampaignItem item;
            item.key = QString::fromLatin1(key);
            item.source = QStringLiteral("The bank was closed.");
            for (int t = 0; t < 4; ++t)
                item.translations.append({QStringLiteral("sys%1").arg(t), QStringLiteral("Die Bank war geschlossen %1.").arg(t)});
            c.items << item;
        }
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann")});
        EvaluateWorkspace ws;
        ws.resize(900, 450);  // the four cards do not fit: the item scrolls
        ws.setProject(project.get());
        QVERIFY(testing::showExposed(ws));
        ws.start();
        AnnotationPanel *panel = ws.annotationPanel();
        QCOMPARE(panel->position(), 0);
        auto *scroll = panel->findChild<QScrollArea *>(QStringLiteral("annotationScroll"));
        QVERIFY(scroll);
        QCoreApplication::processEvents();
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
        QVERIFY2(ws.campaignBox()->currentText().contains(QStringLiteral("0/2 answers")), qPrintable(ws.campaignBox()->currentText()));
        for (TranslationCard *card : panel->cards())
            pressKeys(card->slider(), Qt::Key_PageUp, 3);  // 50 + 60 -> 100: no span needed
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        panel->next();
        QCOMPARE(panel->position(), 1);
        // the counter follows each answer, not only the end of the queue (issue 20)
        QVERIFY2(ws.campaignBox()->currentText().contains(QStringLiteral("1/2 answers")), qPrintable(ws.campaignBox()->currentText()));
        QCoreApplication::processEvents();
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
    }

    void scoreSlider_wheelScrollsAndClickSetsTheClickedValue()
    {
        // Issue 20: the wheel changed (and set) scores while the page scrolled, and a groove click
        // page-stepped by 20 from the unset centre.
        QScrollArea area;
        auto *content = new QWidget;
        auto *column = new QVBoxLayout(content);
        auto *card = new TranslationCard(QStringLiteral("A"), QStringLiteral("Der Hund bellt."));
        column->addWidget(card);
        column->addSpacing(2000);  // something to scroll
        area.setWidget(content);
        area.setWidgetResizable(true);
        QVERIFY(testing::showExposed(area, {700, 400}));
        QSlider *slider = card->slider();
        QVERIFY(!card->score().has_value());
        const QPoint centre = slider->rect().center();
        QWheelEvent wheel(QPointF(centre), QPointF(slider->mapToGlobal(centre)), QPoint(0, -120), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(slider, &wheel);
        QVERIFY(!card->score().has_value());  // no score from the wheel
        QCOMPARE(slider->value(), 50);
        QVERIFY(!wheel.isAccepted());  // ignored: Qt hands a real wheel event on to the scroll area

        // A click at 80 % of the groove sets about 80 (in steps of 5), not 50 - 20 or 50 + 20.
        QStyleOptionSlider option;
        option.initFrom(slider);
        option.orientation = Qt::Horizontal;
        option.minimum = slider->minimum();
        option.maximum = slider->maximum();
        option.sliderPosition = slider->value();
        const QRect groove = slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, slider);
        const QPoint at(groove.left() + int(groove.width() * 0.8), groove.center().y());
        QTest::mouseClick(slider, Qt::LeftButton, Qt::NoModifier, at);
        QVERIFY(card->score().has_value());
        QVERIFY2(std::abs(*card->score() - 80) <= 5, qPrintable(QString::number(*card->score())));
        const int afterClick = *card->score();
        // and the wheel does not move a set score either
        wheel.setAccepted(true);
        QApplication::sendEvent(slider, &wheel);
        QCOMPARE(*card->score(), afterClick);
    }

    void activeTime_accumulatesAcrossVisitsAndClampsIdleGaps()
    {
        // Issue 20: Back and then Next replaced an item's recorded time with the revisit's (48.7 s
        // became 4.2 s). Active time adds up over visits; an idle gap of 10 minutes or more
        // counts as 5 minutes (Appraise's rule). All times below are worked out by hand.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("time.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::makeCampaign(QStringLiteral("time"), Protocol::Esa);
        for (const char *key : {"t1", "t2"}) {
            CampaignItem item = testing::makeItem(QString::fromLatin1(key), QStringLiteral("Good morning."), {{QStringLiteral("sys"), QStringLiteral("Guten Morgen.")}});
            c.items << item;
        }
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann")});
        const Assignment queue = store.assignment(id, QStringLiteral("ann"));
        const QString first = store.campaign(id).items[queue.items[0].itemIndex].key;
        const QString second = store.campaign(id).items[queue.items[1].itemIndex].key;
        qint64 now = 1000000;  // ms, the panel's clock
        AnnotationPanel panel;
        panel.setClock([&now] { return now; });
        QVERIFY(testing::showExposed(panel, {800, 700}));
        panel.open(&store, id, QStringLiteral("ann"));

        now += 48700;  // reading, then a score: 48.7 s
        pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 1);
        QTest::mouseClick(panel.nextButton(), Qt::LeftButton);
        QCOMPARE(panel.position(), 1);
        QCOMPARE(store.answer(id, QStringLiteral("ann"), first, 1)->elapsedMs, qint64(48700));

        now += 3000;  // 3 s on the second item, then Back
        QTest::mouseClick(panel.backButton(), Qt::LeftButton);
        QCOMPARE(panel.position(), 0);
        now += 4200;  // the revisit: 4.2 s more, a changed score, Next
        pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 1);
        QTest::mouseClick(panel.nextButton(), Qt::LeftButton);
        QCOMPARE(store.answer(id, QStringLiteral("ann"), first, 1)->elapsedMs, qint64(48700 + 4200));
        // and so does the result file the organiser imports (it carried the revisit's 4.2 s)
        const ResultFile file = parseResults(store.exportResults(id, QStringLiteral("ann")), QStringLiteral("results.json"));
        QCOMPARE(file.answers.size(), 1);
        QCOMPARE(file.answers[0].answer.elapsedMs, qint64(48700 + 4200));

        // the second item: 3 s from the first visit, then 20 minutes without input (counted as
        // 5 minutes), a score and 2 s to Next
        now += 20 * 60 * 1000;
        pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 1);
        now += 2000;
        QTest::mouseClick(panel.nextButton(), Qt::LeftButton);
        QCOMPARE(store.answer(id, QStringLiteral("ann"), second, 1)->elapsedMs, qint64(3000 + 5 * 60 * 1000 + 2000));
    }

    // Issue 32 (11): a campaign made on the command line while the window is open appears after
    // Refresh, and the one shown stays selected.
    void refresh_picksUpCampaignsMadeElsewhere()
    {
        const QString file = m_dir.filePath(QStringLiteral("refresh.gauntlet"));
        auto project = storage::Project::open(file);
        evaluate::CampaignStore store(project->database());
        const qint64 alpha = oneItemEsa(store, QStringLiteral("alpha"), 1, {QStringLiteral("ann")});
        EvaluateWorkspace ws;
        ws.setProject(project.get());
        QCOMPARE(ws.campaignBox()->count(), 1);
        {
            auto other = storage::Project::open(file);  // another connection, as `gauntlet campaigns create` would be
            evaluate::CampaignStore otherStore(other->database());
            oneItemEsa(otherStore, QStringLiteral("beta"), 1, {QStringLiteral("ann")});
        }
        QPushButton *refresh = testing::buttonWithText(ws, QStringLiteral("Refresh"));
        QVERIFY(refresh);
        QTest::mouseClick(refresh, Qt::LeftButton);
        QCOMPARE(ws.campaignBox()->count(), 2);
        QCOMPARE(ws.campaignBox()->currentData().toLongLong(), alpha);
    }

    void importResultFile_ofAnotherCampaign_asksNamingBoth()
    {
        // Issue 20: with campaign 'alpha' selected, a result file of campaign 'beta' was imported,
        // said only in the status line. Now it asks first, naming both campaigns.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("organiser.gauntlet")));
        evaluate::CampaignStore store(project->database());
        const qint64 alpha = oneItemEsa(store, QStringLiteral("alpha"), 1, {QStringLiteral("ann")});
        const qint64 beta = oneItemEsa(store, QStringLiteral("beta"), 1, {QStringLiteral("ann")});
        // the annotator's machine: beta's package, one answer, the result file
        auto annotatorProject = storage::Project::open(m_dir.filePath(QStringLiteral("annotator.gauntlet")));
        evaluate::CampaignStore mine(annotatorProject->database());
        const qint64 local = mine.importPackage(store.exportPackage(beta, QStringLiteral("ann")), QStringLiteral("beta.json"));
        Answer answer;
        answer.judgements = {TranslationJudgement{QStringLiteral("sys"), 70, {}}};
        mine.saveAnswer(local, QStringLiteral("ann"), QStringLiteral("s1"), answer);
        const QString path = m_dir.filePath(QStringLiteral("ann-beta-results.json"));
        {
            QVERIFY(testing::writeFile(path, mine.exportResults(local, QStringLiteral("ann"))));
        }

        EvaluateWorkspace ws;
        ws.setProject(project.get());
        ws.campaignBox()->setCurrentIndex(ws.campaignBox()->findData(alpha));
        QString question;
        const auto answerWith = [&question](bool import) {
            QTimer::singleShot(0, [&question, import] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box);
                question = box->text();
                QAbstractButton *button = box->button(QMessageBox::Cancel);
                if (import)
                    for (QAbstractButton *b : box->buttons())
                        if (box->buttonRole(b) == QMessageBox::AcceptRole)
                            button = b;
                QVERIFY(button);
                QTest::mouseClick(button, Qt::LeftButton);
            });
        };
        answerWith(false);
        const QString refused = ws.importResultFile(path);
        QVERIFY2(question.contains(QStringLiteral("'beta'")) && question.contains(QStringLiteral("'alpha'")), qPrintable(question));
        QVERIFY2(refused.contains(QStringLiteral("'beta'")) && refused.contains(QStringLiteral("'alpha'")), qPrintable(refused));
        QVERIFY(store.ratedItems(beta).isEmpty());  // nothing imported
        QVERIFY(store.ratedItems(alpha).isEmpty());

        answerWith(true);
        question.clear();
        QCOMPARE(ws.importResultFile(path), QString());
        QVERIFY(!question.isEmpty());
        QCOMPARE(store.ratedItems(beta).size(), 1);
        QCOMPARE(ws.campaignBox()->currentData().toLongLong(), beta);  // the campaign it went into is shown
    }

    void stageTwo_rulesShowTheirKind()
    {
        // Issue 20: stage-2 rules were shown bare ("• café") without their kind.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("kinds.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::ruleFormCampaign(QStringLiteral("kinds"));
        CampaignItem item = testing::makeItem(QStringLiteral("k1"), QStringLiteral("The café opens at nine."),
                                              {{QStringLiteral("sysA"), QString::fromUtf8("Das Caf\xC3\xA9 \xC3\xB6" "ffnet um 9 Uhr.")},
                                               {QStringLiteral("sysB"), QStringLiteral("Der Kaffee oeffnet um neun.")}});
        item.rules = {QString::fromUtf8("caf\xC3\xA9"), QStringLiteral("\\d+ Uhr")};
        item.ruleKinds = {QStringLiteral("contains"), QStringLiteral("regex")};
        c.items << item;
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann")});
        AnnotationPanel panel;
        QVERIFY(testing::showExposed(panel, {800, 700}));
        panel.open(&store, id, QStringLiteral("ann"));
        QVERIFY(!panel.rulesLabel()->isVisible());  // stage 1: rules hidden
        for (TranslationCard *card : panel.cards())
            pressKeys(card->slider(), Qt::Key_Right, 8);
        QTest::mouseClick(panel.nextButton(), Qt::LeftButton);
        QCOMPARE(panel.stage(), 2);
        QVERIFY(panel.rulesLabel()->isVisible());
        const QString rules = panel.rulesLabel()->text();
        QVERIFY2(rules.contains(QString::fromUtf8("\xE2\x80\xA2 must contain: caf\xC3\xA9")), qPrintable(rules));
        QVERIFY2(rules.contains(QString::fromUtf8("\xE2\x80\xA2 must match the pattern: \\d+ Uhr")), qPrintable(rules));
        // the rule form's rows say the same
        auto *form = qobject_cast<QFormLayout *>(panel.ruleBoxes()[0]->parentWidget()->layout());
        QVERIFY(form);
        auto *label = qobject_cast<QLabel *>(form->labelForField(panel.ruleBoxes()[0]));
        QVERIFY(label);
        QCOMPARE(label->text(), QString::fromUtf8("must contain: caf\xC3\xA9"));
        QCOMPARE(qobject_cast<QLabel *>(form->labelForField(panel.ruleBoxes()[1]))->text(), QStringLiteral("must match the pattern: \\d+ Uhr"));
        // an item of an old package (no kinds) shows the bare rule
        CampaignItem bare = item;
        bare.ruleKinds.clear();
        QCOMPARE(AnnotationPanel::ruleLabel(bare, 0), QString::fromUtf8("caf\xC3\xA9"));
    }

    void multiLanguageCampaign_eachItemShowsItsOwnPair()
    {
        // Issue 20: a campaign over examples in several target languages took the first
        // example's language for every item.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("languages.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::makeCampaign(QStringLiteral("languages"), Protocol::Esa);
        c.options.shuffleSystems = false;
        c.sourceLanguage = QStringLiteral("English");  // the campaign names no target: its items differ
        const QStringList targets{QStringLiteral("German"), QStringLiteral("Japanese")};
        for (int i = 0; i < 2; ++i) {
            CampaignItem item;
            item.key = QStringLiteral("k%1").arg(i);
            item.source = QStringLiteral("Good morning.");
            item.targetLanguage = targets[i];
            item.translations = {{QStringLiteral("sys"), i == 0 ? QStringLiteral("Guten Morgen.") : QString::fromUtf8("\xE3\x81\x8A\xE3\x81\xAF\xE3\x82\x88\xE3\x81\x86\xE3\x80\x82")}};
            c.items << item;
        }
        const qint64 id = store.createCampaign(c);
        QCOMPARE(store.campaign(id).items[1].targetLanguage, QStringLiteral("Japanese"));  // stored with the item
        store.assign(id, {QStringLiteral("ann")});
        AnnotationPanel panel;
        QVERIFY(testing::showExposed(panel));
        panel.open(&store, id, QStringLiteral("ann"));
        const Assignment queue = store.assignment(id, QStringLiteral("ann"));
        for (int position = 0; position < 2; ++position) {
            const QString target = store.campaign(id).items[queue.items[position].itemIndex].targetLanguage;
            QVERIFY2(panel.sourceCaption()->text().contains(QString::fromUtf8("English \xE2\x86\x92 ") + target), qPrintable(panel.sourceCaption()->text()));
            pressKeys(panel.cards()[0]->slider(), Qt::Key_PageUp, 3);  // 100
            QTest::mouseClick(panel.nextButton(), Qt::LeftButton);
        }
    }

    void newCampaignDialog_offersEveryOption()
    {
        // Issue 20: the New Campaign dialog lacked attention checks, bad references, instructions
        // and include-reference (and the order options). Every field is set with real input here.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("dialog.gauntlet")));
        verify::ExampleStore examples(project->database());
        for (int i = 0; i < 2; ++i) {
            verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("Sentence %1 is short.").arg(i), QStringLiteral("Satz %1 ist kurz.").arg(i));
            const qint64 id = examples.addExample(e);
            examples.setTranslation(id, QStringLiteral("sysA"), QStringLiteral("manual"), QStringLiteral("Satz %1 ist kurz.").arg(i));
            examples.setTranslation(id, QStringLiteral("sysB"), QStringLiteral("manual"), QStringLiteral("Der Satz %1 ist lang.").arg(i));
        }
        const QString checksPath = m_dir.filePath(QStringLiteral("dialog-checks.json"));
        {
            QFile checks(checksPath);
            QVERIFY(checks.open(QIODevice::WriteOnly));
            checks.write(R"([{"key": "check:1", "source": "Good morning.", "check": "tutorial",
                              "translations": [{"system": "good", "text": "Guten Morgen."}, {"system": "broken", "text": "Guten Abend."}],
                              "expected": [{"min_score": 85, "max_score": 100}, {"min_score": 0, "max_score": 60}]}])");
        }
        EvaluateWorkspace ws;
        ws.setProject(project.get());
        QVERIFY(testing::showExposed(ws));
        const bool filled = fillNewCampaignDialog(ws, [&](const DialogField &field) {
            for (const char *name : {"campaignName", "protocol", "twoStage", "ruleForm", "likertScales", "annotators", "redundancy",
                                     "itemsPerAnnotator", "seed", "shuffleSystems", "hideSystemNames", "instructions", "exampleStatus",
                                     "includeReference", "badReferences", "characterBased", "checksFile", "createButton"})
                QVERIFY2(field(name), name);
            // a check box is clicked on its indicator (a wide row's centre may lie past its text)
            const auto tick = [&field](const char *name) {
                QWidget *box = field(name);
                QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
            };
            QTest::keyClicks(field("campaignName"), QStringLiteral("full"));
            retype(field("annotators"), QStringLiteral("ann"));
            // The window's defaults are the command line's (issue 32: it offered 2 annotators and two stages).
            QCOMPARE(qobject_cast<QSpinBox *>(field("redundancy"))->value(), CampaignOptions{}.redundancy);
            QCOMPARE(qobject_cast<QCheckBox *>(field("twoStage"))->isChecked(), CampaignOptions{}.twoStage);
            retype(field("redundancy"), QStringLiteral("1"));
            QTest::keyClicks(field("instructions"), QStringLiteral("Mark every error."));
            tick("shuffleSystems");
            tick("hideSystemNames");
            retype(field("seed"), QStringLiteral("42"));
            tick("includeReference");
            retype(field("badReferences"), QStringLiteral("1"));
            QTest::keyClicks(field("checksFile"), checksPath);
        });
        QVERIFY(filled);
        evaluate::CampaignStore store(project->database());
        QCOMPARE(store.campaigns().size(), 1);
        const Campaign c = store.campaign(store.campaigns()[0].id);
        QCOMPARE(c.name, QStringLiteral("full"));
        QCOMPARE(c.stages(), 1);
        QCOMPARE(c.options.instructions, QStringLiteral("Mark every error."));
        QVERIFY(!c.options.shuffleSystems);
        QVERIFY(!c.options.hideSystemNames);
        QCOMPARE(c.options.seed, std::uint64_t(42));
        QCOMPARE(c.options.redundancy, 1);
        QCOMPARE(c.items.size(), 2 + 1 + 1);  // two examples, a bad reference, the tutorial check
        QCOMPARE(c.items[0].translations.last().system, QStringLiteral("human"));
        QCOMPARE(c.items[2].check, CheckKind::BadReference);
        QCOMPARE(c.items[3].check, CheckKind::Tutorial);
        QCOMPARE(store.annotators(store.campaigns()[0].id), QStringList{QStringLiteral("ann")});
    }

    void newCampaignDialog_pairsAugmentedExamplesWithTheirSeeds()
    {
        // Issue 21: an example made from an augmentation run, and the seed's translation stored
        // with the run; the dialog's paired-seed check box adds the seed as the paired control.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("paired.gauntlet")));
        const QString seedText = QStringLiteral("The house is big."), output = QStringLiteral("The dwelling is big.");
        qint64 runId = 0;
        {
            ato::RunStore runs(project->database(), std::nullopt);
            ato::RunStartedEvent started;
            started.seedText = seedText.toStdString();
            runs.runStarted(started);
            ato::RunEndedEvent ended;
            ato::RunResult result;
            result.seedText = seedText.toStdString();
            result.outputText = output.toStdString();
            result.selectedBy = "lowest-perplexity";
            ended.result = result;
            runs.runEnded(ended);
            runId = runs.runId();
        }
        augment::RunTranslationStore translations(project->database());
        for (const auto &[text, german] : {std::pair{seedText, QStringLiteral("Das Haus ist gross.")}, std::pair{output, QStringLiteral("Die Wohnung ist gross.")}})
            translations.add({runId, text, QStringLiteral("sysA"), QStringLiteral("chat"), QStringLiteral("German"), german, -1, {}}, 0);
        augment::ExampleFromRunOptions options;
        options.runId = runId;
        const qint64 exampleId = augment::createExampleFromRun(project->database(), options).exampleId;
        EvaluateWorkspace ws;
        ws.setProject(project.get());
        QVERIFY(testing::showExposed(ws));
        const bool filled = fillNewCampaignDialog(ws, [&](const DialogField &field) {
            QVERIFY(field("pairedSeeds"));
            QTest::keyClicks(field("campaignName"), QStringLiteral("paired"));
            retype(field("annotators"), QStringLiteral("ann"));
            retype(field("redundancy"), QStringLiteral("1"));
            auto *protocol = qobject_cast<QComboBox *>(field("protocol"));
            protocol->setFocus();
            QTest::keyClick(protocol, Qt::Key_Down);  // ESA: one translation per item
            QTest::mouseClick(field("pairedSeeds"), Qt::LeftButton, {}, QPoint(8, field("pairedSeeds")->height() / 2));
        });
        QVERIFY(filled);
        evaluate::CampaignStore store(project->database());
        QCOMPARE(store.campaigns().size(), 1);
        const Campaign c = store.campaign(store.campaigns()[0].id);
        const QString key = QStringLiteral("example:%1:sysA").arg(exampleId);
        QCOMPARE(c.items.size(), 2);
        QCOMPARE(c.items[0].key, key);
        QCOMPARE(c.items[0].pair, QStringLiteral("augmented"));
        QCOMPARE(c.items[1].key, QStringLiteral("seed:") + key);
        QCOMPARE(c.items[1].source, seedText);
        QCOMPARE(c.items[1].translations.size(), 1);
        QCOMPARE(c.items[1].translations[0].text, QStringLiteral("Das Haus ist gross."));
        QCOMPARE(c.items[1].pairedKey, key);
        QVERIFY2(ws.statusLabel()->text().contains(QStringLiteral("1 seed items paired with augmented examples, 0 not paired.")),
                 qPrintable(ws.statusLabel()->text()));
    }

    void organiserBuildsFromExamples()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("build.gauntlet")));
        verify::ExampleStore examples(project->database());
        for (int i = 0; i < 3; ++i) {
            verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("Sentence %1.").arg(i), QStringLiteral("Satz %1.").arg(i));
            const qint64 id = examples.addExample(e);
            verify::VerificationRule rule = testing::makeRule(QStringLiteral("keeps the number %1").arg(i));
            examples.setRules(id, {rule});
            examples.setTranslation(id, QStringLiteral("sysA"), QStringLiteral("manual"), QStringLiteral("Satz %1 A.").arg(i));
            if (i < 2)  // the third has one output only: too few for cESA
                examples.setTranslation(id, QStringLiteral("sysB"), QStringLiteral("manual"), QStringLiteral("Satz %1 B.").arg(i));
            else
                examples.setTranslation(id, QStringLiteral("sysB"), QStringLiteral("manual"), QString(), QStringLiteral("timeout"));
        }
        EvaluateWorkspace ws;
        ws.setProject(project.get());
        // impossible assignment: refused, nothing stored
        QVERIFY(!ws.createCampaign(QStringLiteral("pilot"), Protocol::Cesa, true, true, 3, {QStringLiteral("a"), QStringLiteral("b")}).isEmpty());
        evaluate::CampaignStore store(project->database());
        QVERIFY(store.campaigns().isEmpty());
        QCOMPARE(ws.createCampaign(QStringLiteral("pilot"), Protocol::Cesa, true, true, 2, {QStringLiteral("a"), QStringLiteral("b")}), QString());
        QCOMPARE(store.campaigns().size(), 1);
        const Campaign c = store.campaign(store.campaigns()[0].id);
        QCOMPARE(c.items.size(), 2);
        QCOMPARE(c.items[0].rules, QStringList{QStringLiteral("keeps the number 0")});
        QCOMPARE(c.stages(), 2);
        QCOMPARE(ws.annotatorBox()->count(), 2);
        QCOMPARE(store.profiles(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));  // they may annotate here
        QCOMPARE(store.assignment(c.uid.isEmpty() ? 0 : store.campaigns()[0].id, QStringLiteral("b")).items.size(), 2);
    }

    void profiles_severalAnnotatorsOnOneMachine()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("profiles.gauntlet")));
        evaluate::CampaignStore store(project->database());
        const qint64 id = oneItemEsa(store, QStringLiteral("lab"), 2, {QStringLiteral("ann1"), QStringLiteral("ann2")});
        EvaluateWorkspace ws;
        ws.resize(1000, 700);
        ws.setProject(project.get());
        QVERIFY(testing::showExposed(ws));
        QCOMPARE(ws.annotatorBox()->count(), 2);
        // New Profile... asks for a name; the new profile is selected, without a queue here
        QTimer::singleShot(0, [] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->setTextValue(QStringLiteral("carol"));
            dialog->accept();
        });
        QTest::mouseClick(ws.newProfileButton(), Qt::LeftButton);
        QCOMPARE(store.profiles(), QStringList{QStringLiteral("carol")});
        QCOMPARE(ws.annotatorBox()->count(), 3);
        QCOMPARE(ws.annotatorBox()->currentText(), QStringLiteral("carol"));
        QVERIFY(!ws.addProfile(QStringLiteral("carol")).isEmpty());  // taken
        QVERIFY(!ws.addProfile(QStringLiteral("  ")).isEmpty());     // empty
        ws.start();  // carol has no items in this campaign: said so, nothing opens
        QVERIFY(!ws.annotationPanel()->isEnabled());
        QVERIFY(ws.statusLabel()->text().contains(QStringLiteral("no items")));
        // ann2 starts and scores; switching the profile closes ann2's screen
        ws.annotatorBox()->setCurrentIndex(ws.annotatorBox()->findText(QStringLiteral("ann2")));
        ws.start();
        QVERIFY(ws.annotationPanel()->isEnabled());
        pressKeys(ws.annotationPanel()->cards()[0]->slider(), Qt::Key_Right, 2);  // 60, autosaved as ann2's
        ws.annotatorBox()->setCurrentIndex(ws.annotatorBox()->findText(QStringLiteral("ann1")));
        QVERIFY(!ws.annotationPanel()->isEnabled());
        QVERIFY(testing::activate(ws));
        ws.annotatorBox()->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_R, Qt::ControlModifier);  // Start
        QTRY_VERIFY(ws.annotationPanel()->isEnabled());  // a button's shortcut clicks it animated
        QVERIFY(!ws.annotationPanel()->cards()[0]->score().has_value());  // ann1's own, fresh item
        QCOMPARE(store.draft(id, QStringLiteral("ann2"), QStringLiteral("s1"), 1)->judgements[0].score, std::optional<int>(60));
        QVERIFY(!store.draft(id, QStringLiteral("ann1"), QStringLiteral("s1"), 1));

        // a reload (e.g. after an import) keeps the chosen profile and campaign, and closes the screen
        ws.annotatorBox()->setCurrentIndex(ws.annotatorBox()->findText(QStringLiteral("carol")));
        ws.reload();
        QCOMPARE(ws.annotatorBox()->currentText(), QStringLiteral("carol"));
        QCOMPARE(ws.campaignBox()->currentData().toLongLong(), id);
        QVERIFY(!ws.annotationPanel()->isEnabled());

        // an annotator's own machine: the package makes its annotator a profile there, selected
        const QString packagePath = m_dir.filePath(QStringLiteral("ann2.json"));
        {
            QVERIFY(testing::writeFile(packagePath, store.exportPackage(id, QStringLiteral("ann2"))));
        }
        auto laptop = storage::Project::open(m_dir.filePath(QStringLiteral("laptop.gauntlet")));
        EvaluateWorkspace remote;
        remote.setProject(laptop.get());
        QCOMPARE(remote.openPackage(packagePath), QString());
        QCOMPARE(evaluate::CampaignStore(laptop->database()).profiles(), QStringList{QStringLiteral("ann2")});
        QCOMPARE(remote.annotatorBox()->currentText(), QStringLiteral("ann2"));
        QVERIFY(remote.campaignBox()->currentText().startsWith(QStringLiteral("lab")));
        QVERIFY(!remote.openPackage(packagePath).isEmpty());  // the same package twice: refused
        QVERIFY(!remote.openPackage(m_dir.filePath(QStringLiteral("nothing.json"))).isEmpty());
    }

    void unreadableDraft_isReportedNotFatal()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("corrupt.gauntlet")));
        evaluate::CampaignStore store(project->database());
        const qint64 id = oneItemEsa(store, QStringLiteral("esa"), 1, {QStringLiteral("ann")});
        Answer half;
        half.judgements = {TranslationJudgement{QString(), 40, {}}};
        store.saveDraft(id, QStringLiteral("ann"), QStringLiteral("s1"), half);
        // a row damaged outside Gauntlet: a score out of range
        project->database().exec(QStringLiteral("UPDATE campaign_log SET detail = '{\"answer\": {\"stage\": 1, \"judgements\": [{\"score\": 500}]}}' "
                                                "WHERE action = 'draft'"));
        AnnotationPanel panel;
        panel.open(&store, id, QStringLiteral("ann"));
        QVERIFY2(panel.messageLabel()->text().contains(QStringLiteral("cannot be read")), qPrintable(panel.messageLabel()->text()));
        QVERIFY(!panel.cards()[0]->score().has_value());
        pressKeys(panel.cards()[0]->slider(), Qt::Key_Right, 1);  // answering again replaces the damaged draft
        QCOMPARE(store.draft(id, QStringLiteral("ann"), QStringLiteral("s1"), 1)->judgements[0].score, std::optional<int>(55));
    }

    void likertForm()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("likert.gauntlet")));
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::makeCampaign(QStringLiteral("likert"), Protocol::Likert);
        c.scales = {LikertScale::named(QStringLiteral("grammaticality")), LikertScale::named(QStringLiteral("plausibility"))};
        CampaignItem item = testing::makeItem(QStringLiteral("s1"), QStringLiteral("A sentence."), {{QStringLiteral("augmented"), QStringLiteral("A sentence, augmented.")}});
        c.items << item;
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann")});
        AnnotationPanel panel;
        panel.open(&store, id, QStringLiteral("ann"));
        QCOMPARE(panel.likertBoxes().size(), 2);
        QVERIFY(panel.cards().isEmpty());
        panel.likertBoxes()[0]->setCurrentIndex(4);
        QCOMPARE(panel.missing(), (QVector<MissingPart>{{MissingPart::Likert, 1}}));
        // autosaved at once, and shown again when the queue is reopened
        QCOMPARE(store.draft(id, QStringLiteral("ann"), QStringLiteral("s1"), 1)->likert, (QVector<std::optional<int>>{4, std::nullopt}));
        panel.open(&store, id, QStringLiteral("ann"));
        QCOMPARE(panel.likertBoxes()[0]->currentIndex(), 4);
        QCOMPARE(panel.likertBoxes()[1]->currentIndex(), 0);
        panel.next();
        QVERIFY(!store.answer(id, QStringLiteral("ann"), QStringLiteral("s1"), 1));
        panel.likertBoxes()[1]->setCurrentIndex(2);
        panel.next();
        const auto a = store.answer(id, QStringLiteral("ann"), QStringLiteral("s1"), 1);
        QVERIFY(a.has_value());
        QCOMPARE(a->likert, (QVector<std::optional<int>>{4, 2}));
    }
};

GAUNTLET_GUI_TEST_MAIN(TestEvaluateWorkspace)
#include "tst_evaluate_workspace.moc"
