// ESA^AI in the annotation screen: an item with model-proposed error spans opens with them
// pre-filled; the annotator keeps one, switches the severity of another (S), deletes the third
// (Delete) and adds a span of their own (selection + 2), then presses Next (Ctrl+Return). The
// stored answer and the proposals give kept 1, edited 1, deleted 1, added 1.
#include "app/workspaces/evaluate_annotation.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/prefilled_spans.h"
#include "engine/store/project.h"
#include "tests/support/annotation_input.h"

#include <QListWidget>
#include <QSlider>
#include <QTemporaryDir>
#include "tests/support/span_example.h"
#include "tests/support/campaign_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::span;
using gauntlet::testing::pressKeys;
using gauntlet::testing::selectCodePoints;

namespace {

// S i e _ a ß _ d e n _ K  u  c  h  e  n  _  h  e  u  t  e  .
// 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
const QString Text = QStringLiteral("Sie aß den Kuchen heute.");

}  // namespace

class TestEvaluatePrefilled : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void proposedSpansArePrefilledAndTheirFateIsKept()
    {
        auto [dir, project] = testing::TemporaryProject();
        evaluate::CampaignStore store(project->database());
        Campaign c = testing::makeCampaign(QStringLiteral("esa ai"), Protocol::Esa);
        CampaignItem item = testing::makeItem(QStringLiteral("ex1"), QStringLiteral("She ate the cake today."), {{QStringLiteral("sysA"), Text}});
        const QVector<ErrorSpan> proposed{span(0, 2, Severity::Minor), span(11, 16, Severity::Major), span(18, 22, Severity::Minor)};
        item.proposedSpans = {proposed};
        c.items << item;
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann1")});

        AnnotationPanel panel;
        QVERIFY(testing::showExposed(panel, {900, 700}));
        panel.open(&store, id, QStringLiteral("ann1"));
        TranslationCard *card = panel.cards().value(0);
        QVERIFY(card);
        QCOMPARE(card->judgement().spans, proposed);  // pre-filled
        QCOMPARE(card->spanList()->count(), 3);

        card->spanList()->setFocus();
        card->spanList()->setCurrentRow(2);  // "heute"
        QTest::keyClick(card->spanList(), Qt::Key_Delete);
        card->spanList()->setCurrentRow(1);  // "Kuchen": major -> minor
        QTest::keyClick(card->spanList(), Qt::Key_S);
        selectCodePoints(card, 4, 5);  // "aß"
        QTest::keyClick(card->textView(), Qt::Key_2);
        pressKeys(card->slider(), Qt::Key_Right, 4);
        QTest::keyClick(card->slider(), Qt::Key_Return, Qt::ControlModifier);

        const auto answer = store.answer(id, QStringLiteral("ann1"), QStringLiteral("ex1"), 1);
        QVERIFY(answer.has_value());
        QCOMPARE(answer->judgements[0].spans,
                 (QVector<ErrorSpan>{span(0, 2, Severity::Minor), span(11, 16, Severity::Minor), span(4, 5, Severity::Major)}));
        const ProposalSummary s = summariseProposals(store.campaign(id), store.ratedItems(id));
        QCOMPARE(s.proposed, 3);
        QCOMPARE(s.kept, 1);
        QCOMPARE(s.edited, 1);
        QCOMPARE(s.deleted, 1);
        QCOMPARE(s.added, 1);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestEvaluatePrefilled)
#include "tst_evaluate_prefilled.moc"
