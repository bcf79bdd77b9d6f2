// engine/evaluate/span_agreement: character F1, exact and overlap span F1 (plain and
// severity-aware), [missing] agreement and alpha on per-unit error counts, and the MQM-style
// score of engine/evaluate/mqm_score, against a small example worked out by hand below (offsets in code points, a text with ß, ä and an emoji that
// is two UTF-16 units but one code point).
#include "engine/evaluate/mqm_score.h"
#include "engine/evaluate/span_agreement.h"

#include <QJsonArray>
#include <QJsonObject>
#include "tests/support/campaign_builder.h"
#include "tests/support/span_example.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>

using namespace gauntlet::evaluate;
using gauntlet::testing::span;

namespace {

// Item i1: "Größe ändert 🚗 nichts" (21 code points, 22 UTF-16 units):
//   G0 r1 ö2 ß3 e4 _5 ä6 n7 d8 e9 r10 t11 _12 🚗13 _14 n15 i16 c17 h18 t19 s20
// Item i2: "Ein kurzer Satz." (16 code points): "kurzer" = 4..9.
const QString TextOne = QStringLiteral("Größe ändert \U0001F697 nichts");
const QString TextTwo = QStringLiteral("Ein kurzer Satz.");

Campaign exampleCampaign()
{
    Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("spans"), Protocol::Esa, QStringLiteral("uid-span"));
    const CampaignItem one = gauntlet::testing::makeItem(QStringLiteral("i1"), QStringLiteral("Size changes nothing"), {{QStringLiteral("sys"), TextOne}});
    const CampaignItem two = gauntlet::testing::makeItem(QStringLiteral("i2"), QStringLiteral("A short sentence."), {{QStringLiteral("sys"), TextTwo}});
    CampaignItem check = two;
    check.key = QStringLiteral("attention");
    check.check = CheckKind::Silent;
    c.items = {one, two, check};
    return c;
}

RatedItem rating(const QString &annotator, int item, QVector<ErrorSpan> spans)
{
    Answer a;
    a.stage = 1;
    a.judgements = {TranslationJudgement{QStringLiteral("sys"), 50, spans}};
    return RatedItem{annotator, item, 1, a, {0}};
}

/// The answers of the worked example: anna, ben and cleo on i1, anna and ben on i2, and all three
/// on the attention check.
QVector<RatedItem> exampleRatings()
{
    QVector<RatedItem> rated;
    rated << rating(QStringLiteral("anna"), 0, {span(0, 4, Severity::Minor), span(13, 13, Severity::Major), ErrorSpan::omission(Severity::Major)});
    rated << rating(QStringLiteral("ben"), 0, {span(0, 4, Severity::Major), span(15, 20, Severity::Minor)});
    rated << rating(QStringLiteral("cleo"), 0, {span(2, 4, Severity::Minor), span(13, 13, Severity::Major), ErrorSpan::omission(Severity::Minor)});
    rated << rating(QStringLiteral("anna"), 1, {});
    rated << rating(QStringLiteral("ben"), 1, {span(4, 9, Severity::Minor)});
    for (const QString &who : {QStringLiteral("anna"), QStringLiteral("ben"), QStringLiteral("cleo")})
        rated << rating(who, 2, {span(0, 2, Severity::Major)});
    return rated;
}

}  // namespace

class TestSpanAgreement : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // anna:  i1 [0,4] minor "Größe", [13,13] major "🚗", [missing] major;  i2 no span
    // ben:   i1 [0,4] major "Größe", [15,20] minor "nichts";                i2 [4,9] minor "kurzer"
    // cleo:  i1 [2,4] minor "öße", [13,13] major "🚗", [missing] minor
    // (every annotator also answered the silent attention check with a span: left out)
    //
    // anna-ben (units i1, i2):
    //   chars: anna {0-4, 13} = 6; ben {0-4, 15-20} + {4-9} = 11 + 6 = 17; both {0-4} = 5,
    //          same severity 0 (minor vs major) -> char F1 = 10/23 = 0.434783, severity-aware 0
    //   spans: anna 2, ben 3; exact [0,4] = 1 (severity differs) -> exact F1 = 2/5 = 0.4, sev 0
    //   overlap: anna [0,4] hit, [13,13] miss -> 1; ben [0,4] hit, [15,20], [4,9] miss -> 1;
    //            overlap F1 = (1 + 1)/(2 + 3) = 0.4; severity-aware 0
    //   missing: i1 only anna, i2 neither -> missing F1 = 0/(0 + 1) = 0
    //   error counts (i1, i2): anna (3, 0), ben (2, 1); interval alpha over n = 4 values:
    //     D_o = (1/4) (2*1^2 + 2*1^2) = 1; D_e = 2 * (1+9+4+4+1+1) / (4*3) = 40/12;
    //     alpha = 1 - 1/(40/12) = 0.7
    // anna-cleo (unit i1):
    //   chars: anna 6, cleo {2-4, 13} = 4, both {2,3,4,13} = 4, all same severity -> 8/10 = 0.8, 0.8
    //   exact: [13,13] major both -> 2/4 = 0.5, sev 0.5; overlap: 2 + 2 of 4 -> 1.0, sev 1.0
    //   missing: both (major vs minor) -> missing F1 = 2/2 = 1, severity-aware 0
    //   error counts: 3 and 3 on one unit -> no variation, alpha undefined (unset)
    // ben-cleo (unit i1):
    //   chars: ben 11, cleo 4, both {2,3,4} = 3 (major vs minor) -> 6/15 = 0.4, sev 0
    //   exact 0 -> 0, 0; overlap: ben [0,4] hit, [15,20] miss; cleo [2,4] hit, [13,13] miss -> 2/4 = 0.5, sev 0
    //   missing: only cleo -> 0
    //   error counts 2 and 3 on one unit: D_o = (1/2)(2*1) = 1, D_e = 2/(2*1) = 1 -> alpha 0
    // overall (sums over the three pairs):
    //   chars 23 + 25 = 48, both 12, same severity 4 -> 24/48 = 0.5, 8/48 = 0.166667
    //   spans 6 + 7 = 13, exact 2 (same severity 1) -> 4/13 = 0.307692, 2/13 = 0.153846
    //   overlap (1+1) + (2+2) + (1+1) = 8 -> 8/13 = 0.615385; same severity 4 -> 4/13 = 0.307692
    //   missing both 1, one 2, neither 1 -> 2/(2 + 2) = 0.5; severity-aware 0
    //   error counts, all annotators: i1 (3, 2, 3), i2 (0, 1); n = 5 pairable values
    //     D_o = (1/5) ((2*(1 + 0 + 1))/2 + 2*1/1) = (2 + 2)/5 = 0.8
    //     D_e = 2 * (1+0+9+4+1+4+1+9+4+1) / (5*4) = 68/20 = 3.4 -> alpha = 1 - 0.8/3.4 = 0.764706
    void handWorkedExample()
    {
        // the offsets are code points: the emoji is one character at 13, "nichts" starts at 15
        QCOMPARE(span(13, 13, Severity::Major).textIn(TextOne), QStringLiteral("\U0001F697"));
        QCOMPARE(span(15, 20, Severity::Minor).textIn(TextOne), QStringLiteral("nichts"));
        QCOMPARE(span(4, 9, Severity::Minor).textIn(TextTwo), QStringLiteral("kurzer"));

        const Campaign c = exampleCampaign();
        const QVector<RatedItem> rated = exampleRatings();
        for (const RatedItem &r : rated)
            validateSpans(r.answer.judgements[0].spans, c.items[r.itemIndex].translations[0].text, QStringLiteral("test"));

        const SpanAgreementReport report = spanAgreement(c, rated);
        QCOMPARE(report.units, 2);
        QCOMPARE(report.pairs.size(), 3);
        auto close = [](const std::optional<double> &v, double expected) { return v && std::abs(*v - expected) < 1e-9; };

        const SpanAgreement &ab = report.pairs[0];
        QCOMPARE(ab.annotatorA, QStringLiteral("anna"));
        QCOMPARE(ab.annotatorB, QStringLiteral("ben"));
        QCOMPARE(ab.counts.units, 2);
        QVERIFY(close(ab.scores.charF1, 10.0 / 23.0));
        QVERIFY(close(ab.scores.charF1Severity, 0.0));
        QVERIFY(close(ab.scores.exactF1, 0.4));
        QVERIFY(close(ab.scores.exactF1Severity, 0.0));
        QVERIFY(close(ab.scores.overlapF1, 0.4));
        QVERIFY(close(ab.scores.overlapF1Severity, 0.0));
        QVERIFY(close(ab.scores.missingF1, 0.0));
        QVERIFY(close(ab.errorCountAlpha, 0.7));

        const SpanAgreement &ac = report.pairs[1];
        QCOMPARE(ac.annotatorB, QStringLiteral("cleo"));
        QCOMPARE(ac.counts.units, 1);
        QVERIFY(close(ac.scores.charF1, 0.8));
        QVERIFY(close(ac.scores.charF1Severity, 0.8));
        QVERIFY(close(ac.scores.exactF1, 0.5));
        QVERIFY(close(ac.scores.exactF1Severity, 0.5));
        QVERIFY(close(ac.scores.overlapF1, 1.0));
        QVERIFY(close(ac.scores.overlapF1Severity, 1.0));
        QVERIFY(close(ac.scores.missingF1, 1.0));
        QVERIFY(close(ac.scores.missingF1Severity, 0.0));
        QVERIFY(!ac.errorCountAlpha.has_value());

        const SpanAgreement &bc = report.pairs[2];
        QCOMPARE(bc.annotatorA, QStringLiteral("ben"));
        QVERIFY(close(bc.scores.charF1, 0.4));
        QVERIFY(close(bc.scores.charF1Severity, 0.0));
        QVERIFY(close(bc.scores.exactF1, 0.0));
        QVERIFY(close(bc.scores.overlapF1, 0.5));
        QVERIFY(close(bc.scores.overlapF1Severity, 0.0));
        QVERIFY(close(bc.scores.missingF1, 0.0));
        QVERIFY(close(bc.errorCountAlpha, 0.0));

        const SpanAgreement &all = report.overall;
        QCOMPARE(all.counts.units, 4);  // pair comparisons
        QVERIFY(close(all.scores.charF1, 0.5));
        QVERIFY(close(all.scores.charF1Severity, 8.0 / 48.0));
        QVERIFY(close(all.scores.exactF1, 4.0 / 13.0));
        QVERIFY(close(all.scores.exactF1Severity, 2.0 / 13.0));
        QVERIFY(close(all.scores.overlapF1, 8.0 / 13.0));
        QVERIFY(close(all.scores.overlapF1Severity, 4.0 / 13.0));
        QVERIFY(close(all.scores.missingF1, 0.5));
        QVERIFY(close(all.scores.missingF1Severity, 0.0));
        QCOMPARE(all.counts.missingBoth, 1);
        QCOMPARE(all.counts.missingOne, 2);
        QCOMPARE(all.counts.missingNeither, 1);
        QVERIFY(close(all.errorCountAlpha, 1.0 - 0.8 / 3.4));

        const QJsonObject json = spanAgreementJson(report);
        QCOMPARE(json.value(QStringLiteral("pairs")).toArray().size(), 3);
        QCOMPARE(json.value(QStringLiteral("overall")).toObject().value(QStringLiteral("char_f1")).toDouble(), 0.5);
        QVERIFY(json.value(QStringLiteral("pairs")).toArray()[1].toObject().value(QStringLiteral("error_count_alpha")).isNull());
    }

    void mqmStyleScoreOfTheExample()
    {
        // the example of handWorkedExample, weights major 5 and minor 1 ([missing] by its severity):
        //   i1: anna 1 + 5 + 5 = 11, ben 5 + 1 = 6, cleo 1 + 5 + 1 = 7 -> mean 8
        //   i2: anna 0, ben 1 -> mean 0.5; the attention check is left out
        //   score = -(8 + 0.5)/2 = -4.25; minor spans per item ((1+1+2)/3 + (0+1)/2)/2 = 0.916667,
        //   major ((2+1+1)/3 + 0)/2 = 0.666667
        const Campaign c = exampleCampaign();
        const QVector<RatedItem> rated = exampleRatings();
        const QVector<SystemMqm> m = mqmStyleScores(c, rated);
        QCOMPARE(m.size(), 1);
        QCOMPARE(m[0].system, QStringLiteral("sys"));
        QCOMPARE(m[0].items, 2);
        QVERIFY(std::abs(m[0].score + 4.25) < 1e-12);
        QVERIFY(std::abs(m[0].minorPerItem - 11.0 / 12.0) < 1e-12);
        QVERIFY(std::abs(m[0].majorPerItem - 2.0 / 3.0) < 1e-12);
        QVERIFY(mqmStyleScores(c, rated, 2).isEmpty());  // no stage-2 answers
    }

    void noSpansLeavesRatiosUnset()
    {
        // two annotators who marked nothing: every span ratio is 0/0, unset (not 0 and not 1);
        // [missing]: both "neither", F1 unset too
        const SpanAgreementCounts c = compareSpans({}, {});
        const SpanAgreementScores s = spanAgreementScores(c);
        QVERIFY(!s.charF1 && !s.exactF1 && !s.overlapF1 && !s.missingF1);
        QCOMPARE(c.missingNeither, 1);
    }

    void stagesAreComparedSeparately()
    {
        // the same annotator pair in stage 1 agrees exactly, in stage 2 not at all: stage 1 alone
        // gives char F1 1, stage 2 alone 0, both stages pooled (2 + 2 chars shared of 4 + 4) 0.5
        Campaign c = exampleCampaign();
        QVector<RatedItem> rated;
        for (const QString &who : {QStringLiteral("anna"), QStringLiteral("ben")}) {
            rated << rating(who, 1, {span(0, 1, Severity::Minor)});
            RatedItem second = rating(who, 1, {who == QLatin1String("anna") ? span(0, 1, Severity::Minor) : span(4, 5, Severity::Minor)});
            second.stage = second.answer.stage = 2;
            rated << second;
        }
        QCOMPARE(*spanAgreement(c, rated, 1).overall.scores.charF1, 1.0);
        QCOMPARE(*spanAgreement(c, rated, 2).overall.scores.charF1, 0.0);
        QCOMPARE(*spanAgreement(c, rated, 0).overall.scores.charF1, 0.5);
        QCOMPARE(spanAgreement(c, rated, 0).units, 2);
    }
};

GAUNTLET_TEST_MAIN(TestSpanAgreement)
#include "tst_span_agreement.moc"
