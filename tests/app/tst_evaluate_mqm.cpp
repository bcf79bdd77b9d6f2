// MQM in the annotation screen: a campaign with error categories shows the category chooser
// ("spanCategory") on each translation; key C steps to the next category, and the spans marked
// with 2 (selection) and M ([missing]) carry the chosen category into the stored answer. An ESA
// campaign without categories hides the chooser.
#include "app/workspaces/evaluate_annotation.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"
#include "tests/support/annotation_input.h"

#include <QComboBox>
#include <QListWidget>
#include <QSlider>
#include <QTemporaryDir>
#include "tests/support/campaign_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::pressKeys;
using gauntlet::testing::selectCodePoints;

namespace {

// S i e _ a ß _ d e n _ K  u  c  h  e  n  _  h  e  u  t  e  .
// 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
const QString Text = QStringLiteral("Sie aß den Kuchen heute.");

qint64 createCampaign(evaluate::CampaignStore &store, const QString &name, const MqmTypology &typology)
{
    Campaign c = testing::makeCampaign(name, Protocol::Esa);
    c.options.errorTypology = typology;
    CampaignItem item = testing::makeItem(QStringLiteral("ex1"), QStringLiteral("She ate the cake today."), {{QStringLiteral("sysA"), Text}});
    c.items << item;
    const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann1")});
    return id;
}

}  // namespace

class TestEvaluateMqm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void spansCarryTheChosenCategory()
    {
        auto [dir, project] = testing::TemporaryProject();
        evaluate::CampaignStore store(project->database());
        // categories: Accuracy, Accuracy/Omission, Fluency, Fluency/Spelling
        const qint64 id = createCampaign(store, QStringLiteral("mqm"),
                                         typologyFromPaths(QStringLiteral("t"), {QStringLiteral("Accuracy/Omission"), QStringLiteral("Fluency/Spelling")}, QStringLiteral("t")));

        AnnotationPanel panel;
        QVERIFY(testing::showExposed(panel, {900, 700}));
        panel.open(&store, id, QStringLiteral("ann1"));
        TranslationCard *card = panel.cards().value(0);
        QVERIFY(card);
        auto *chooser = card->findChild<QComboBox *>(QStringLiteral("spanCategory"));
        QVERIFY(chooser);
        QVERIFY(chooser->isVisible());
        QCOMPARE(chooser->count(), 4);
        QCOMPARE(chooser->currentText(), QStringLiteral("Accuracy"));

        card->textView()->setFocus();
        QTest::keyClick(card->textView(), Qt::Key_C);
        QCOMPARE(chooser->currentText(), QStringLiteral("Accuracy/Omission"));
        selectCodePoints(card, 4, 5);  // "aß"
        QTest::keyClick(card->textView(), Qt::Key_2);
        QCOMPARE(card->spanList()->item(0)->text(), QStringLiteral("major · Accuracy/Omission: aß"));
        QTest::keyClick(card->textView(), Qt::Key_C);
        QTest::keyClick(card->textView(), Qt::Key_C);
        QCOMPARE(chooser->currentText(), QStringLiteral("Fluency/Spelling"));
        QTest::keyClick(card->textView(), Qt::Key_M);
        if (qEnvironmentVariableIsSet("GAUNTLET_SCREENSHOT_DIR"))  // docs/screenshots/evaluate-mqm.png
            QVERIFY(panel.grab().save(qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR") + QStringLiteral("/evaluate-mqm.png")));
        pressKeys(card->slider(), Qt::Key_Right, 4);
        QTest::keyClick(card->slider(), Qt::Key_Return, Qt::ControlModifier);

        const auto answer = store.answer(id, QStringLiteral("ann1"), QStringLiteral("ex1"), 1);
        QVERIFY(answer.has_value());
        ErrorSpan omission = ErrorSpan::omission(Severity::Major);
        omission.category = QStringLiteral("Fluency/Spelling");
        QCOMPARE(answer->judgements[0].spans,
                 (QVector<ErrorSpan>{ErrorSpan{4, 5, Severity::Major, false, QStringLiteral("Accuracy/Omission")}, omission}));
    }

    void esaHidesTheChooser()
    {
        auto [dir, project] = testing::TemporaryProject();
        evaluate::CampaignStore store(project->database());
        const qint64 id = createCampaign(store, QStringLiteral("esa"), {});
        AnnotationPanel panel;
        QVERIFY(testing::showExposed(panel, {900, 700}));
        panel.open(&store, id, QStringLiteral("ann1"));
        TranslationCard *card = panel.cards().value(0);
        QVERIFY(card);
        QVERIFY(!card->findChild<QComboBox *>(QStringLiteral("spanCategory"))->isVisible());
        selectCodePoints(card, 4, 5);
        card->textView()->setFocus();
        QTest::keyClick(card->textView(), Qt::Key_C);  // no categories: C does nothing
        QTest::keyClick(card->textView(), Qt::Key_1);
        QCOMPARE(card->judgement().spans, (QVector<ErrorSpan>{ErrorSpan{4, 5, Severity::Minor, false, {}}}));
    }
};

GAUNTLET_GUI_TEST_MAIN(TestEvaluateMqm)
#include "tst_evaluate_mqm.moc"
