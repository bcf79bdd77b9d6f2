// Adjudication (issue 20, item 14; engine/evaluate/adjudication.h, migration 0012): grouping of
// overlapping spans across annotators, union / intersection merges, validation of an adjudicated
// answer, storage as the annotator "adjudicated" with provenance, and that agreement and means
// leave that annotator out. Expected values are worked out by hand in the comments.
#include "engine/evaluate/adjudication.h"
#include "engine/evaluate/adjudication_store.h"
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/span_agreement.h"
#include "engine/store/database.h"
#include "engine/store/project.h"

#include <QTemporaryDir>
#include "tests/support/span_example.h"
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::span;

namespace {

// "Größe ändert 🚗 nichts": G0 r1 ö2 ß3 e4 _5 ä6 n7 d8 e9 r10 t11 _12 🚗13 _14 n15 i16 c17 h18 t19 s20
const QString Text = QStringLiteral("Größe ändert \U0001F697 nichts");

// anna: [0,4] minor "Größe", [13,13] major "🚗", [missing] major; score 40
// ben:  [2,8] major "öße änd", [15,20] minor "nichts";              score 55
// cleo: [6,11] minor "ändert", [missing] minor;                    score 60
QVector<AnnotatorJudgement> judgements()
{
    return {{QStringLiteral("anna"), 40, {span(0, 4, Severity::Minor), span(13, 13, Severity::Major), ErrorSpan::omission(Severity::Major)}},
            {QStringLiteral("ben"), 55, {span(2, 8, Severity::Major), span(15, 20, Severity::Minor)}},
            {QStringLiteral("cleo"), 60, {span(6, 11, Severity::Minor), ErrorSpan::omission(Severity::Minor)}}};
}

Campaign campaign()
{
    Campaign c = testing::makeCampaign(QStringLiteral("esa-adjudicate"), Protocol::Esa);
    c.options.redundancy = 3;
    c.options.seed = 3;
    CampaignItem one = testing::makeItem(QStringLiteral("i1"), QStringLiteral("Size changes nothing"), {{QStringLiteral("sys"), Text}});
    CampaignItem two = testing::makeItem(QStringLiteral("i2"), QStringLiteral("A short sentence."), {{QStringLiteral("sys"), QStringLiteral("Ein kurzer Satz.")}});
    c.items = {one, two};
    return c;
}

/// A project with the campaign and the three annotators' answers (i2: 100 from everyone, no span).
struct Fixture {
    QTemporaryDir dir;
    std::unique_ptr<storage::Project> project;
    qint64 id = 0;
    Fixture()
    {
        project = storage::Project::open(dir.filePath(QStringLiteral("p.gauntlet")));
        evaluate::CampaignStore store(project->database());
        id = store.createCampaign(campaign());
        store.assign(id, {QStringLiteral("anna"), QStringLiteral("ben"), QStringLiteral("cleo")});
        for (const AnnotatorJudgement &j : judgements()) {
            Answer a;
            a.judgements = {TranslationJudgement{QStringLiteral("sys"), j.score, j.spans}};
            store.saveAnswer(id, j.annotator, QStringLiteral("i1"), a);
            Answer b;
            b.judgements = {TranslationJudgement{QStringLiteral("sys"), 100, {}}};
            store.saveAnswer(id, j.annotator, QStringLiteral("i2"), b);
        }
    }
};

}  // namespace

class TestAdjudication : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void groupsChainOverlapsAndKeepsMissingApart()
    {
        // sorted by start: anna[0,4], ben[2,8], cleo[6,11] chain (ben overlaps both) -> [0,11];
        // anna[13,13] alone; ben[15,20] alone; [missing] of anna and cleo last.
        const QVector<SpanGroup> g = groupSpans(judgements());
        QCOMPARE(g.size(), 4);
        QCOMPARE(g[0].start, 0);
        QCOMPARE(g[0].end, 11);
        QCOMPARE(g[0].members.size(), 3);
        QCOMPARE(g[0].members[0].annotator, QStringLiteral("anna"));
        QCOMPARE(g[0].members[2].annotator, QStringLiteral("cleo"));
        QCOMPARE(g[1].start, 13);
        QCOMPARE(g[1].end, 13);
        QCOMPARE(g[2].start, 15);
        QCOMPARE(g[2].members.first().annotator, QStringLiteral("ben"));
        QVERIFY(g[3].missing);
        QCOMPARE(g[3].members.size(), 2);
    }

    void mergesByUnionAndIntersection()
    {
        const AnnotatedSpan anna{QStringLiteral("anna"), span(0, 4, Severity::Minor)};
        const AnnotatedSpan ben{QStringLiteral("ben"), span(2, 8, Severity::Major)};
        const AnnotatedSpan cleo{QStringLiteral("cleo"), span(6, 11, Severity::Minor)};
        // union: [0, 8], major because ben's is major
        const AdjudicatedSpan u = mergeSpans({anna, ben}, SpanDecision::Union);
        QCOMPARE(u.span, span(0, 8, Severity::Major));
        QCOMPARE(u.from, (QStringList{QStringLiteral("anna"), QStringLiteral("ben")}));
        QCOMPARE(u.span.textIn(Text), QStringLiteral("Größe änd"));
        // intersection: [2, 4] "öße", minor because not all are major
        const AdjudicatedSpan i = mergeSpans({anna, ben}, SpanDecision::Intersection);
        QCOMPARE(i.span, span(2, 4, Severity::Minor));
        QCOMPARE(i.span.textIn(Text), QStringLiteral("öße"));
        // three-way union [0, 11]; anna and cleo share nothing
        QCOMPARE(mergeSpans({anna, ben, cleo}, SpanDecision::Union).span, span(0, 11, Severity::Major));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, mergeSpans({anna, cleo}, SpanDecision::Intersection));
        // [missing]: major + minor -> union major, intersection minor; never with a text span
        const AnnotatedSpan m1{QStringLiteral("anna"), ErrorSpan::omission(Severity::Major)};
        const AnnotatedSpan m2{QStringLiteral("cleo"), ErrorSpan::omission(Severity::Minor)};
        QCOMPARE(mergeSpans({m1, m2}, SpanDecision::Union).span, ErrorSpan::omission(Severity::Major));
        QCOMPARE(mergeSpans({m1, m2}, SpanDecision::Intersection).span, ErrorSpan::omission(Severity::Minor));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, mergeSpans({m1, anna}, SpanDecision::Union));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, mergeSpans({}, SpanDecision::Union));
    }

    void storesWithProvenanceAndReplaces()
    {
        Fixture f;
        evaluate::AdjudicationStore store(f.project->database());
        const AdjudicationCase c = store.adjudicationCase(f.id, QStringLiteral("i1"), QStringLiteral("sys"), 1);
        QCOMPARE(c.annotators.size(), 3);
        QCOMPARE(c.groups.size(), 4);
        QCOMPARE(store.units(f.id).size(), 2);  // i1 and i2, three annotators each

        Adjudication a;
        a.itemKey = QStringLiteral("i1");
        a.system = QStringLiteral("sys");
        a.stage = 1;
        a.adjudicator = QStringLiteral("dora");
        a.spans << mergeSpans({{QStringLiteral("anna"), span(0, 4, Severity::Minor)}, {QStringLiteral("ben"), span(2, 8, Severity::Major)}},
                              SpanDecision::Union);
        a.spans << AdjudicatedSpan{span(13, 13, Severity::Major), SpanDecision::Accepted, {QStringLiteral("anna")}};
        a.spans << AdjudicatedSpan{span(15, 16, Severity::Minor), SpanDecision::Added, {}};
        a.spans << mergeSpans({{QStringLiteral("anna"), ErrorSpan::omission(Severity::Major)},
                               {QStringLiteral("cleo"), ErrorSpan::omission(Severity::Minor)}},
                              SpanDecision::Intersection);
        a.score = 50;  // by hand

        // refusals, each leaving nothing stored
        Adjudication bad = a;
        bad.spans[1].span = span(13, 14, Severity::Major);  // "accepted" but not anna's span
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.save(f.id, bad));
        bad = a;
        bad.scoreFrom = QStringLiteral("ben");  // ben gave 55, not 50
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.save(f.id, bad));
        bad = a;
        bad.score = 52;  // not a step of 5
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.save(f.id, bad));
        bad = a;
        bad.spans << AdjudicatedSpan{span(8, 9, Severity::Minor), SpanDecision::Added, {}};  // overlaps [0,8]
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.save(f.id, bad));
        bad = a;
        bad.adjudicator.clear();
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.save(f.id, bad));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.adjudicationCase(f.id, QStringLiteral("nope"), QStringLiteral("sys"), 1));
        QCOMPARE(f.project->database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_adjudications")).toInt(), 0);
        QCOMPARE(f.project->database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_answers WHERE annotator = 'adjudicated'")).toInt(), 0);

        const Adjudication saved = store.save(f.id, a);
        QVERIFY(!saved.adjudicatedAt.isEmpty());
        const QVector<Adjudication> all = store.adjudications(f.id);
        QCOMPARE(all.size(), 1);
        QCOMPARE(all[0].adjudicator, QStringLiteral("dora"));
        QCOMPARE(all[0].spans.size(), 4);
        QCOMPARE(all[0].spans[0].decision, SpanDecision::Union);
        QCOMPARE(all[0].spans[0].from, (QStringList{QStringLiteral("anna"), QStringLiteral("ben")}));
        QCOMPARE(all[0].spans[2].decision, SpanDecision::Added);
        QCOMPARE(all[0].spans[3].span, ErrorSpan::omission(Severity::Minor));
        QCOMPARE(all[0].score, std::optional<int>(50));
        QVERIFY(all[0].scoreFrom.isEmpty());

        // the adjudicated answer is an answer of "adjudicated" (exports carry it)
        evaluate::CampaignStore cs(f.project->database());
        const auto answer = cs.storedAnswers(f.id).value(QStringLiteral("adjudicated"));
        QCOMPARE(answer.size(), 1);
        QCOMPARE(answer[0].answer.judgements[0].score, std::optional<int>(50));
        QCOMPARE(answer[0].answer.judgements[0].spans,
                 (QVector<ErrorSpan>{span(0, 8, Severity::Major), span(13, 13, Severity::Major), span(15, 16, Severity::Minor),
                                     ErrorSpan::omission(Severity::Minor)}));

        // a second adjudication of the same translation replaces the first
        Adjudication again = acceptAnnotator(c, QStringLiteral("ben"));
        again.adjudicator = QStringLiteral("dora");
        store.save(f.id, again);
        QCOMPARE(store.adjudications(f.id).size(), 1);
        QCOMPARE(store.adjudications(f.id)[0].scoreFrom, QStringLiteral("ben"));
        const auto replaced = cs.storedAnswers(f.id).value(QStringLiteral("adjudicated"));
        QCOMPARE(replaced.size(), 1);
        QCOMPARE(replaced[0].answer.judgements.size(), 1);
        QCOMPARE(replaced[0].answer.judgements[0].score, std::optional<int>(55));
        QCOMPARE(replaced[0].answer.judgements[0].spans.size(), 2);
    }

    void agreementAndMeansLeaveAdjudicatedOut()
    {
        Fixture f;
        evaluate::AdjudicationStore store(f.project->database());
        const AdjudicationCase c = store.adjudicationCase(f.id, QStringLiteral("i1"), QStringLiteral("sys"), 1);
        Adjudication a = acceptAnnotator(c, QStringLiteral("anna"));
        a.spans.removeLast();       // reject anna's [missing]
        a.score = 50;
        a.scoreFrom.clear();        // set by hand
        a.adjudicator = QStringLiteral("dora");
        store.save(f.id, a);
        evaluate::CampaignStore cs(f.project->database());
        const Campaign campaign = cs.campaign(f.id);
        const QVector<RatedItem> rated = cs.ratedItems(f.id);
        QCOMPARE(rated.size(), 7);  // 3 x 2 answers + the adjudicated one
        // pairs among anna, ben, cleo only: 3, not 6
        const SpanAgreementReport report = spanAgreement(campaign, rated, 1);
        QCOMPARE(report.pairs.size(), 3);
        for (const SpanAgreement &p : report.pairs)
            QVERIFY(p.annotatorA != QStringLiteral("adjudicated") && p.annotatorB != QStringLiteral("adjudicated"));
        // mean of per-item means: i1 (40 + 55 + 60) / 3 = 51.6667, i2 100 -> 75.8333
        // (with the adjudicated 50 it would be (51.25 + 100) / 2 = 75.625)
        const CampaignResults results = computeResults(campaign, rated, {}, 50);
        QCOMPARE(results.systems.size(), 1);
        QVERIFY(qAbs(results.systems[0].mean - 75.833333) < 1e-4);
        QCOMPARE(results.systems[0].ratings, 6);
    }

    void adjudicatedIsNoAnnotatorName()
    {
        Fixture f;
        evaluate::CampaignStore store(f.project->database());
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addProfile(QStringLiteral("adjudicated")));
        Campaign c = campaign();
        c.name = QStringLiteral("other");
        const qint64 other = store.createCampaign(c);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.assign(other, {QStringLiteral("anna"), QStringLiteral("ben"), QStringLiteral("adjudicated")}));
        QVERIFY(store.annotators(other).isEmpty());
        // the campaign list counts the annotators' answers only (3 x 2), not the adjudicated one
        evaluate::AdjudicationStore adjudications(f.project->database());
        Adjudication a = acceptAnnotator(adjudications.adjudicationCase(f.id, QStringLiteral("i2"), QStringLiteral("sys"), 1), QStringLiteral("ben"));
        a.adjudicator = QStringLiteral("dora");
        adjudications.save(f.id, a);
        for (const evaluate::CampaignSummary &s : store.campaigns())
            if (s.id == f.id)
                QCOMPARE(s.answers, 6);
    }

    void jsonRoundTrip()
    {
        Adjudication a;
        a.itemKey = QStringLiteral("i1");
        a.system = QStringLiteral("sys");
        a.stage = 2;
        a.adjudicator = QStringLiteral("dora");
        a.adjudicatedAt = QStringLiteral("2026-12-01T22:00:00.000Z");
        a.score = 35;
        a.scoreFrom = QStringLiteral("ben");
        a.spans = {{span(1, 3, Severity::Major), SpanDecision::Intersection, {QStringLiteral("anna"), QStringLiteral("ben")}},
                   {ErrorSpan::omission(Severity::Minor), SpanDecision::Added, {}}};
        const Adjudication b = adjudicationFromJson(adjudicationToJson(a), QStringLiteral("test"));
        QCOMPARE(b.stage, 2);
        QCOMPARE(b.score, a.score);
        QCOMPARE(b.scoreFrom, a.scoreFrom);
        QCOMPARE(b.spans.size(), 2);
        QCOMPARE(b.spans[0].span, a.spans[0].span);
        QCOMPARE(b.spans[0].from, a.spans[0].from);
        QCOMPARE(b.spans[1].span, a.spans[1].span);
        QCOMPARE(b.spans[1].decision, SpanDecision::Added);
        QVERIFY_THROWS_EXCEPTION(EvaluateError, adjudicationFromJson(QJsonObject{}, QStringLiteral("test")));
    }
};

GAUNTLET_TEST_MAIN(TestAdjudication)
#include "tst_adjudication.moc"
