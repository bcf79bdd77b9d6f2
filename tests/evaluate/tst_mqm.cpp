// MQM campaigns (engine/evaluate/mqm_typology, mqm_score): the MQM core typology of Freitag et
// al. 2021 (Table 2), the standard weights (section 3.3), the score and per-category span counts of
// a hand-worked cESA example, the typology file format, error categories stored in packages and
// answers (old ones without them still load), and categories through Pearmut and Appraise files.
#include "engine/evaluate/appraise.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/mqm_score.h"
#include "engine/evaluate/pearmut.h"
#include "engine/evaluate/pearmut_items.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QTest>

#include <cmath>
#include <functional>

using namespace gauntlet::evaluate;

namespace {

/// The message of the EvaluateError `f` throws; empty when it throws none.
QString failure(const std::function<void()> &f)
{
    return gauntlet::testing::thrownText<EvaluateError>(f);
}

ErrorSpan span(int start, int end, Severity severity, const QString &category)
{
    return {start, end, severity, false, category};
}

// "Der Hund bellt laut." 20 code points: D0 e1 r2 _3 H4 u5 n6 d7 _8 b9 e10 l11 l12 t13 _14 l15
// a16 u17 t18 .19
const QString Text = QStringLiteral("Der Hund bellt laut.");

Campaign exampleCampaign()
{
    Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("mqm"), Protocol::Cesa, QStringLiteral("uid-mqm"));
    c.options.errorTypology = mqmCoreTypology();
    for (const QString &key : {QStringLiteral("i1"), QStringLiteral("i2")}) {
        CampaignItem item = gauntlet::testing::makeItem(key, QStringLiteral("The dog barks loudly."), {{QStringLiteral("sysA"), Text}, {QStringLiteral("sysB"), Text}});
        c.items << item;
    }
    return c;
}

RatedItem rating(const QString &annotator, int item, const QVector<ErrorSpan> &a, const QVector<ErrorSpan> &b)
{
    RatedItem r;
    r.annotator = annotator;
    r.itemIndex = item;
    r.systemOrder = {1, 0};  // shown order: sysB first
    r.answer.judgements = {TranslationJudgement{QStringLiteral("sysB"), 50, b}, TranslationJudgement{QStringLiteral("sysA"), 50, a}};
    return r;
}

const char *const EmptyCategories = R"({"categories": []})";
const char *const Twice = R"({"categories": ["A", "A"]})";
const char *const EmptyElement = R"({"categories": ["A//B"]})";
const char *const NegativeWeight = R"({"categories": ["A"], "weights": {"major": -1}})";

QString typologyError(const QByteArray &json)
{
    return failure([&] { parseMqmTypology(json, QStringLiteral("cats.json")); });
}

bool close(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

}  // namespace

class TestMqm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void coreTypologyIsFreitagTable2()
    {
        const MqmTypology t = mqmCoreTypology();
        QCOMPARE(t.name, QStringLiteral("mqm-core"));
        QStringList top;
        for (const QString &c : t.categories)
            if (!c.contains(u'/'))
                top << c;
        QCOMPARE(top, (QStringList{QStringLiteral("Accuracy"), QStringLiteral("Fluency"), QStringLiteral("Terminology"), QStringLiteral("Style"),
                                   QStringLiteral("Locale convention"), QStringLiteral("Other"), QStringLiteral("Non-translation"),
                                   QStringLiteral("Source error")}));
        // 8 top-level + Accuracy 4, Fluency 6, Terminology 2, Style 1, Locale convention 6 = 27
        QCOMPARE(t.categories.size(), 27);
        QVERIFY(t.contains(QStringLiteral("Accuracy/Omission")));
        QVERIFY(t.contains(QStringLiteral("Fluency/Character encoding")));
        QVERIFY(t.contains(QStringLiteral("Style/Awkward")));
        QCOMPARE(t.categories.indexOf(QStringLiteral("Accuracy")) + 1, t.categories.indexOf(QStringLiteral("Accuracy/Addition")));
    }

    void standardWeights()
    {
        // Freitag et al. 2021, section 3.3; critical 25 (MQM Council scoring model)
        const MqmWeights w;
        QCOMPARE(mqmWeight(span(0, 1, Severity::Major, QStringLiteral("Accuracy/Mistranslation")), w), 5.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Minor, QStringLiteral("Fluency/Grammar")), w), 1.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Minor, QStringLiteral("Fluency/Punctuation")), w), 0.1);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Major, QStringLiteral("Fluency/Punctuation")), w), 5.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Minor, QStringLiteral("Non-translation")), w), 25.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Neutral, QStringLiteral("Non-translation")), w), 25.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Critical, QStringLiteral("Accuracy/Addition")), w), 25.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Neutral, QStringLiteral("Style/Awkward")), w), 0.0);
        QCOMPARE(mqmWeight(span(0, 1, Severity::Major, QString()), w), 5.0);  // an ESA span
        QCOMPARE(parseSeverity(QStringLiteral("critical")), Severity::Critical);
        QCOMPARE(severityName(Severity::Neutral), QStringLiteral("neutral"));
    }

    void handWorkedScoreAndCounts()
    {
        // i1 anna  sysA: Accuracy/Mistranslation major 5 + Fluency/Punctuation minor 0.1 = 5.1
        // i1 ben   sysA: Accuracy/Mistranslation major 5 + Fluency/Grammar minor 1      = 6
        // i2 anna  sysA: nothing                                                         = 0
        //   sysA = -((5.1 + 6)/2 + 0)/2 = -2.775; minor/item ((1+1)/2 + 0)/2 = 0.5, major 0.5
        // i1 anna  sysB: Non-translation major 25                                        = 25
        // i1 ben   sysB: Style/Awkward neutral 0 + Terminology/Inconsistent use critical 25 = 25
        // i2 anna  sysB: Fluency/Punctuation major 5 + [missing] Accuracy/Omission minor 1 = 6
        //   sysB = -((25 + 25)/2 + 6)/2 = -15.5; major/item ((1+0)/2 + 1)/2 = 0.75,
        //   critical (0.5 + 0)/2 = 0.25, neutral 0.25, minor (0 + 1)/2 = 0.5
        const Campaign c = exampleCampaign();
        const QString mis = QStringLiteral("Accuracy/Mistranslation"), punct = QStringLiteral("Fluency/Punctuation");
        QVector<RatedItem> rated;
        rated << rating(QStringLiteral("anna"), 0, {span(4, 7, Severity::Major, mis), span(19, 19, Severity::Minor, punct)},
                        {span(0, 18, Severity::Major, QStringLiteral("Non-translation"))});
        rated << rating(QStringLiteral("ben"), 0, {span(9, 13, Severity::Major, mis), span(0, 2, Severity::Minor, QStringLiteral("Fluency/Grammar"))},
                        {span(15, 18, Severity::Neutral, QStringLiteral("Style/Awkward")),
                         span(4, 7, Severity::Critical, QStringLiteral("Terminology/Inconsistent use"))});
        ErrorSpan omission = ErrorSpan::omission(Severity::Minor);
        omission.category = QStringLiteral("Accuracy/Omission");
        rated << rating(QStringLiteral("anna"), 1, {}, {span(19, 19, Severity::Major, punct), omission});
        for (const RatedItem &r : rated)  // every answer is valid for the campaign's categories
            QVERIFY(missingParts(c, c.items[r.itemIndex], r.answer, r.systemOrder).isEmpty());

        const QVector<SystemMqm> m = mqmStyleScores(c, rated, 1, c.options.errorTypology.weights);
        QCOMPARE(m.size(), 2);
        QCOMPARE(m[0].system, QStringLiteral("sysA"));
        QCOMPARE(m[0].items, 2);
        QVERIFY(close(m[0].score, -2.775));
        QVERIFY(close(m[0].minorPerItem, 0.5));
        QVERIFY(close(m[0].majorPerItem, 0.5));
        QCOMPARE(m[0].spansPerCategory, (QMap<QString, int>{{mis, 2}, {punct, 1}, {QStringLiteral("Fluency/Grammar"), 1}}));
        QCOMPARE(m[0].spansPerTopLevel, (QMap<QString, int>{{QStringLiteral("Accuracy"), 2}, {QStringLiteral("Fluency"), 2}}));
        QCOMPARE(m[1].system, QStringLiteral("sysB"));
        QVERIFY(close(m[1].score, -15.5));
        QVERIFY(close(m[1].majorPerItem, 0.75));
        QVERIFY(close(m[1].criticalPerItem, 0.25));
        QVERIFY(close(m[1].neutralPerItem, 0.25));
        QVERIFY(close(m[1].minorPerItem, 0.5));
        QCOMPARE(m[1].spansPerTopLevel,
                 (QMap<QString, int>{{QStringLiteral("Non-translation"), 1}, {QStringLiteral("Style"), 1}, {QStringLiteral("Terminology"), 1},
                                     {QStringLiteral("Fluency"), 1}, {QStringLiteral("Accuracy"), 1}}));
        QCOMPARE(m[1].spansPerCategory.value(QStringLiteral("Accuracy/Omission")), 1);
    }

    void unknownCategoryIsRefused()
    {
        const Campaign c = exampleCampaign();
        const RatedItem r = rating(QStringLiteral("anna"), 0, {span(0, 2, Severity::Minor, QStringLiteral("Accuracy/Hallucination"))}, {});
        QCOMPARE(failure([&] { missingParts(c, c.items[0], r.answer, r.systemOrder); }),
                 QStringLiteral("item 'i1', translation 2: error category 'Accuracy/Hallucination' is not in the campaign's categories"));
    }

    void typologyFile()
    {
        const MqmTypology t = parseMqmTypology(
            R"({"name": "house", "categories": ["Accuracy/Omission", {"name": "Style", "children": ["Tone", {"name": "Length"}]}],
                "weights": {"major": 10, "minor_punctuation": 0.5}})",
            QStringLiteral("cats.json"));
        QCOMPARE(t.name, QStringLiteral("house"));
        QCOMPARE(t.categories, (QStringList{QStringLiteral("Accuracy"), QStringLiteral("Accuracy/Omission"), QStringLiteral("Style"),
                                            QStringLiteral("Style/Tone"), QStringLiteral("Style/Length")}));
        QCOMPARE(t.weights.major, 10.0);
        QCOMPARE(t.weights.minorPunctuation, 0.5);
        QCOMPARE(t.weights.minor, 1.0);
        QCOMPARE(typologyFromJson(typologyToJson(t), QStringLiteral("x")), t);

        QCOMPARE(typologyError(QByteArray(1, '{')).left(29), QStringLiteral("cats.json: not valid JSON (un"));
        QCOMPARE(typologyError(EmptyCategories), QStringLiteral("cats.json: \"categories\" must be a non-empty list"));
        QCOMPARE(typologyError(Twice), QStringLiteral("cats.json: category 'A' is listed twice"));
        QCOMPARE(typologyError(EmptyElement), QStringLiteral("cats.json: category 'A//B' has an empty element or surrounding spaces"));
        QCOMPARE(typologyError(NegativeWeight), QStringLiteral("cats.json: weight \"major\" must be a number >= 0"));
    }

    void answerWithWronglyTypedFields_refusedNamingTheField()
    {
        // Issue 39: "error_spans" as an object imported the answer without spans; "time_ms": "1234" became 0.
        Answer a;
        a.judgements = {TranslationJudgement{QStringLiteral("sysA"), 40, {span(4, 7, Severity::Major, QString())}}};
        a.elapsedMs = 1234;
        const QJsonObject good = answerToJson(a);
        QCOMPARE(answerFromJson(good, QStringLiteral("r.json")).elapsedMs, qint64(1234));
        const auto refused = [](const QJsonObject &o) {
            return gauntlet::testing::thrownText<EvaluateError>([&] { answerFromJson(o, QStringLiteral("r.json")); });
        };
        QJsonObject time = good;
        time.insert(QStringLiteral("time_ms"), QStringLiteral("1234"));
        QVERIFY2(refused(time).contains(QStringLiteral("'time_ms' has the wrong type")), qPrintable(refused(time)));
        QJsonObject spans = good;
        QJsonArray judgements = spans.value(QStringLiteral("judgements")).toArray();
        QJsonObject first = judgements[0].toObject();
        first.insert(QStringLiteral("error_spans"), QJsonObject{{QStringLiteral("start"), 4}});
        judgements[0] = first;
        spans.insert(QStringLiteral("judgements"), judgements);
        QVERIFY2(refused(spans).contains(QStringLiteral("'error_spans' has the wrong type")), qPrintable(refused(spans)));
        QJsonObject likert = good;
        likert.insert(QStringLiteral("likert"), 3);
        QVERIFY2(refused(likert).startsWith(QStringLiteral("r.json")), qPrintable(refused(likert)));
    }

    void categoriesInPackagesAndAnswers()
    {
        const Campaign c = exampleCampaign();
        const Campaign back = campaignFromJson(campaignToJson(c), QStringLiteral("pkg"));
        QCOMPARE(back.options.errorTypology, c.options.errorTypology);

        Answer a;
        a.judgements = {TranslationJudgement{QStringLiteral("sysA"), 40, {span(4, 7, Severity::Critical, QStringLiteral("Accuracy/Addition"))}}};
        const QJsonObject json = answerToJson(a);
        const Answer read = answerFromJson(json, QStringLiteral("answer"));
        QCOMPARE(read.judgements[0].spans, a.judgements[0].spans);

        // written before MQM: no error_typology, spans without "category"
        QJsonObject old = campaignToJson(exampleCampaign());
        QJsonObject opt = old.value(QStringLiteral("options")).toObject();
        opt.remove(QStringLiteral("error_typology"));
        old.insert(QStringLiteral("options"), opt);
        QVERIFY(campaignFromJson(old, QStringLiteral("pkg")).options.errorTypology.isEmpty());
        Answer esa;
        esa.judgements = {TranslationJudgement{QStringLiteral("sysA"), 40, {span(4, 7, Severity::Major, QString())}}};
        const QJsonObject esaJson = answerToJson(esa);
        QVERIFY(!QJsonDocument(esaJson).toJson().contains("category"));  // ESA answers are written as before
        QCOMPARE(answerFromJson(esaJson, QStringLiteral("answer")).judgements[0].spans[0].category, QString());
    }

    void pearmutSpansCarryCategories()
    {
        const ErrorSpan s = pearmut::spanFromJson(QJsonObject{{QStringLiteral("start_i"), 4}, {QStringLiteral("end_i"), 7},
                                                              {QStringLiteral("severity"), QStringLiteral("major")},
                                                              {QStringLiteral("category"), QStringLiteral("Accuracy/Mistranslation")}},
                                                  Text, QStringLiteral("w"));
        QCOMPARE(s, span(4, 7, Severity::Major, QStringLiteral("Accuracy/Mistranslation")));
        QCOMPARE(pearmut::spanToJson(s, Text).value(QStringLiteral("category")).toString(), QStringLiteral("Accuracy/Mistranslation"));
        QVERIFY(pearmut::spanToJson(span(4, 7, Severity::Major, QString()), Text).value(QStringLiteral("category")).isNull());

        // a campaign file whose pre-filled spans name categories: the campaign gets them, so an
        // annotator who keeps a proposed span gives a valid answer
        const PearmutCampaign pc = readPearmutCampaign(
            R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "src": "x", "tgt": {"S": "Der Hund bellt laut."},
                "error_spans": {"S": [{"start_i": 4, "end_i": 7, "severity": "major", "category": "Accuracy/Mistranslation"}]}}]]]})",
            QStringLiteral("c.json"));
        QCOMPARE(pc.campaign.options.errorTypology.categories, (QStringList{QStringLiteral("Accuracy"), QStringLiteral("Accuracy/Mistranslation")}));
        QCOMPARE(pc.campaign.items[0].proposedSpans[0][0].category, QStringLiteral("Accuracy/Mistranslation"));
        Answer kept;
        kept.judgements = {TranslationJudgement{QStringLiteral("S"), 50, pc.campaign.items[0].proposedSpans[0]}};
        QVERIFY(missingParts(pc.campaign, pc.campaign.items[0], kept, {0}).isEmpty());
    }

    void appraiseMqmRowsCarryCategories()
    {
        const QByteArray csv = "u1,sysA,1,TGT,eng,deu,40,doc1,False,\"[{'start_i': 0, 'end_i': 2, 'severity': 'major', 'category': 'Accuracy/Mistranslation'}, "
                               "{'start_i': 'missing', 'end_i': 'missing', 'severity': 'critical', 'category': 'Accuracy/Omission'}]\",1.0,2.0\r\n";
        const AppraiseImport in = readAppraiseScores({{QStringLiteral("f.csv"), csv}}, QStringLiteral("A"));
        const ImportedCampaign &ic = in.pairs.first();
        const QVector<ErrorSpan> spans = ic.answers.value(QStringLiteral("u1")).first().answer.judgements[0].spans;
        QCOMPARE(spans.size(), 2);
        QCOMPARE(spans[0], span(0, 2, Severity::Major, QStringLiteral("Accuracy/Mistranslation")));
        QCOMPARE(spans[1].category, QStringLiteral("Accuracy/Omission"));
        QCOMPARE(spans[1].severity, Severity::Critical);
        QCOMPARE(ic.campaign.options.errorTypology.categories,
                 (QStringList{QStringLiteral("Accuracy"), QStringLiteral("Accuracy/Mistranslation"), QStringLiteral("Accuracy/Omission")}));
        const QByteArray out = appraiseScoresCsv(ic.campaign, ic.answers);
        // Written as Appraise's web interface stores MQM spans: the category path as "error_type".
        QVERIFY2(out.contains("\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":[\"\"Accuracy\"\",\"\"Mistranslation\"\"]}"), out.constData());
        QVERIFY2(out.contains("\"\"severity\"\":\"\"critical\"\",\"\"error_type\"\":[\"\"Accuracy\"\",\"\"Omission\"\"]}"), out.constData());
        // ... and read back with their categories.
        const AppraiseImport back = readAppraiseScores({{QStringLiteral("g.csv"), out}}, QStringLiteral("B"));
        QCOMPARE(back.pairs.first().answers.value(QStringLiteral("u1")).first().answer.judgements[0].spans, spans);
    }
};

GAUNTLET_TEST_MAIN(TestMqm)
#include "tst_mqm.moc"
