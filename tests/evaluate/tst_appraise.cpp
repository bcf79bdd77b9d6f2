// engine/evaluate/appraise and python_literal: Appraise's ESA/MQM scores CSV in the shape
// ExportSystemScoresToCSV writes (no header, Python-literal span column, CRLF), imported into
// finished campaigns and written back byte for byte; the strict Python-literal reader; refusals
// of truncated and malformed files naming the file and row.
#include "engine/evaluate/appraise.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/python_literal.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include "tests/support/span_example.h"
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QTest>

using namespace gauntlet::evaluate;
using gauntlet::testing::span;

namespace {

/// The message of the EvaluateError `f` throws; empty when it throws none.
QString failure(const std::function<void()> &f)
{
    return gauntlet::testing::thrownText<EvaluateError>(f);
}

// Rows as Appraise writes them (user, system, itemID, itemType, src, tgt, score, documentID,
// isCompleteDocument, mqm, start_time, end_time): a Python-literal span list with a [missing]
// span, an empty list, JSON spans (the web UI), a BAD item with its TGT original, a BAD item
// without one, a CHK item, an undecided span, a rating repeated earlier in time (the latest
// counts, wherever it stands in the file) and a 14-column row (--batch-info).
const char *const Scores =
    "engdeu0f01,sysA,1000000,TGT,eng,deu,10,doc1,False,\"[{'start_i': 0, 'end_i': 4, 'severity': 'major'}, {'start_i': 'missing', 'end_i': 'missing', 'severity': 'minor'}]\",1707135600.123,1707135612.456\r\n"
    "engdeu0f01,sysB,1000000,TGT,eng,deu,85,doc1,False,[],1707135612.5,1707135620.0\r\n"
    "engdeu0f02,sysA,1000000,TGT,eng,deu,30,doc1,False,\"[{\"\"start_i\"\": 2, \"\"end_i\"\": 3, \"\"severity\"\": \"\"minor\"\"}]\",1707135700,1707135710\r\n"
    "engdeu0f01,sysA,1000000,BAD,eng,deu,5,doc1,False,None,1707135620.0,1707135625.0\r\n"
    "engdeu0f01,sysC,1000001,BAD,eng,deu,5,doc1,False,None,1707135625.0,1707135626.0\r\n"
    "engdeu0f01,sysA,1000002,CHK,eng,deu,50,doc1,False,[],1707135626.0,1707135627.0\r\n"
    "engdeu0f01,sysA,1000003,TGT,eng,deu,60,doc2,False,\"[{'start_i': 5, 'end_i': 9, 'severity': 'undecided'}]\",1707135630.0,1707135640.5\r\n"
    "engdeu0f01,sysA,1000000,TGT,eng,deu,15,doc1,False,[],1707135580.0,1707135590.0\r\n"
    "engces0a01,sysA,7,TGT,eng,ces,70,docX,True,[],1707135700.0,1707135705.0,1,42\r\n";

}  // namespace

class TestAppraise : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pythonLiterals()
    {
        const QJsonValue v = parsePythonLiteral(QStringLiteral("[{'start_i': 0, 'end_i': 50, 'severity': 'major'}]"), QStringLiteral("cell"));
        QCOMPARE(v.toArray()[0].toObject().value(QStringLiteral("end_i")).toInt(), 50);
        const QJsonObject o = parsePythonLiteral(QStringLiteral("{'a': (1, 2.5, -3e2,), \"b\": None, 'c': True, 'd': 'it\\'s \\xe9\\u00e9\\U0001F697',}"),
                                                 QStringLiteral("cell"))
                                  .toObject();
        QCOMPARE(o.value(QStringLiteral("a")).toArray(), (QJsonArray{1, 2.5, -300}));
        QVERIFY(o.value(QStringLiteral("b")).isNull());
        QCOMPARE(o.value(QStringLiteral("c")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("d")).toString(), QStringLiteral("it's \u00e9\u00e9\U0001F697"));
        QCOMPARE(toPythonLiteral(QJsonArray{QJsonValue(), true, 3, 2.5, QStringLiteral("it's")}), QStringLiteral("[None, True, 3, 2.5, 'it\\'s']"));
    }

    void pythonLiteralRefusals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("code") << QStringLiteral("__import__('os').system('rm')") << QStringLiteral("character 1: unexpected '_'");
        QTest::newRow("expression") << QStringLiteral("[1] + [2]") << QStringLiteral("character 5: unexpected text after the literal");
        QTest::newRow("truncated") << QStringLiteral("[{'start_i': 0, 'end_i'") << QStringLiteral("expected ':' after a dict key");
        QTest::newRow("open list") << QStringLiteral("[1, 2") << QStringLiteral("expected ',' or ']'");
        QTest::newRow("number key") << QStringLiteral("{1: 2}") << QStringLiteral("dict keys must be strings");
        QTest::newRow("lone surrogate") << QStringLiteral("'\\ud800'") << QStringLiteral("lone surrogate");
        QTest::newRow("unterminated") << QStringLiteral("'abc") << QStringLiteral("unterminated string");
        QTest::newRow("deep") << QString(40, u'[') + QString(40, u']') << QStringLiteral("nested deeper than 32");
        QTest::newRow("name") << QStringLiteral("[Nonesuch]") << QStringLiteral("unexpected 'N'");
    }

    void pythonLiteralRefusals()
    {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        const QString error = failure([&] { parsePythonLiteral(text, QStringLiteral("f.csv, row 3")); });
        QVERIFY2(error.startsWith(QStringLiteral("f.csv, row 3: not a Python literal")) && error.contains(reason), qPrintable(error));
    }

    void importPublishedShape()
    {
        const AppraiseImport r = readAppraiseScores({{QStringLiteral("scores.csv"), QByteArray(Scores)}}, QStringLiteral("Appraise"));
        QCOMPARE(r.rows, 9);
        QCOMPARE(r.checks, 1);
        QCOMPARE(r.orphanBad, 1);
        QCOMPARE(r.duplicates, 1);
        QCOMPARE(r.undecidedSpans, 1);
        QCOMPARE(r.pairs.keys(), (QStringList{QStringLiteral("eng-ces"), QStringLiteral("eng-deu")}));
        const ImportedCampaign &de = r.pairs.value(QStringLiteral("eng-deu"));
        QCOMPARE(de.campaign.name, QStringLiteral("Appraise eng-deu"));
        de.campaign.validate();
        QStringList keys;
        for (const CampaignItem &item : de.campaign.items)
            keys << item.key;
        QCOMPARE(keys, (QStringList{QStringLiteral("doc1|1000000|sysA"), QStringLiteral("doc1|1000000|sysB"), QStringLiteral("doc2|1000003|sysA"),
                                    QStringLiteral("doc1|1000000|sysA#bad")}));
        QCOMPARE(de.campaign.items[3].check, CheckKind::BadReference);
        QCOMPARE(de.campaign.items[3].originalKey, QStringLiteral("doc1|1000000|sysA"));
        const QVector<StoredAnswer> &a = de.answers.value(QStringLiteral("engdeu0f01"));
        QCOMPARE(a.size(), 4);  // sysA, sysB, doc2, bad (the repeated rating of sysA left out)
        QCOMPARE(a[0].answer.judgements[0].score, std::optional<int>(10));
        QCOMPARE(a[0].answer.judgements[0].spans, (QVector<ErrorSpan>{span(0, 4, Severity::Major), ErrorSpan::omission(Severity::Minor)}));
        QCOMPARE(a[0].answer.elapsedMs, qint64(12333));  // 1707135612.456 - 1707135600.123
        QCOMPARE(a[0].savedAt, QDateTime::fromMSecsSinceEpoch(1707135612456, Qt::UTC).toString(Qt::ISODateWithMs));
        QVERIFY(a[2].answer.judgements[0].spans.isEmpty());  // the undecided span
        const QVector<StoredAnswer> &b = de.answers.value(QStringLiteral("engdeu0f02"));
        QCOMPARE(b[0].answer.judgements[0].spans, (QVector<ErrorSpan>{span(2, 3, Severity::Minor)}));  // JSON in the column
    }

    void writesTheSameShape()
    {
        const AppraiseImport r = readAppraiseScores({{QStringLiteral("scores.csv"), QByteArray(Scores)}}, QStringLiteral("Appraise"));
        const ImportedCampaign &de = r.pairs.value(QStringLiteral("eng-deu"));
        const QByteArray csv = appraiseScoresCsv(de.campaign, de.answers);
        const QByteArray expected =
            "engdeu0f01,sysA,1000000,TGT,eng,deu,10,doc1,False,\"[{\"\"start_i\"\":0,\"\"end_i\"\":4,\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":null},"
            "{\"\"start_i\"\":\"\"missing\"\",\"\"end_i\"\":\"\"missing\"\",\"\"severity\"\":\"\"minor\"\",\"\"error_type\"\":null}]\",1707135600.123,1707135612.456\r\n"
            "engdeu0f01,sysB,1000000,TGT,eng,deu,85,doc1,False,[],1707135612.5,1707135620.0\r\n"
            "engdeu0f01,sysA,1000003,TGT,eng,deu,60,doc2,False,[],1707135630.0,1707135640.5\r\n"
            "engdeu0f01,sysA,1000000,BAD,eng,deu,5,doc1#bad,False,[],1707135620.0,1707135625.0\r\n"
            "engdeu0f02,sysA,1000000,TGT,eng,deu,30,doc1,False,\"[{\"\"start_i\"\":2,\"\"end_i\"\":3,\"\"severity\"\":\"\"minor\"\",\"\"error_type\"\":null}]\",1707135700.0,1707135710.0\r\n";
        QCOMPARE(csv, expected);
        // and that file reads back to the same answers
        const AppraiseImport again = readAppraiseScores({{QStringLiteral("again.csv"), csv}}, QStringLiteral("Appraise"));
        const QVector<StoredAnswer> &first = de.answers.value(QStringLiteral("engdeu0f01"));
        const QVector<StoredAnswer> &second = again.pairs.value(QStringLiteral("eng-deu")).answers.value(QStringLiteral("engdeu0f01"));
        QCOMPARE(second.size(), first.size());
        for (int i = 0; i < first.size(); ++i) {
            QCOMPARE(second[i].itemKey, first[i].itemKey);
            QCOMPARE(second[i].answer.judgements[0].score, first[i].answer.judgements[0].score);
            QCOMPARE(second[i].answer.judgements[0].spans, first[i].answer.judgements[0].spans);
            QCOMPARE(second[i].answer.elapsedMs, first[i].answer.elapsedMs);
            QCOMPARE(second[i].savedAt, first[i].savedAt);
        }
    }

    // Issue 32 (8): what Appraise itself writes: a BAD row's documentID "<doc>#bad", MQM categories
    // in "error_type", one span as a dict (MakeAnnotation), a rating saved again later in the file
    // (the latest counts); exports leave attention checks out and write language codes.
    void appraiseOwnShapes()
    {
        const QByteArray csv =
            "u1,sysA,5,TGT,eng,deu,40,docA,False,\"[{\"\"start_i\"\":1,\"\"end_i\"\":2,\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":[\"\"Accuracy\"\",\"\"Mistranslation\"\"]}]\",100.0,110.0\r\n"
            "u1,sysA,5,BAD,eng,deu,10,docA#bad,False,[],110.0,120.0\r\n"
            "u1,sysB,5,TGT,eng,deu,70,docA,False,\"{'start_i': 0, 'end_i': 0, 'severity': 'minor', 'error_type': None}\",120.0,130.0\r\n"
            "u1,sysA,5,TGT,eng,deu,45,docA,False,[],130.0,140.0\r\n"
            "u1,sysA,1000001,TGT,eng,deu,100,en-de-tutorial-1,False,[],140.0,150.0\r\n";  // a tutorial: no rating
        const AppraiseImport r = readAppraiseScores({{QStringLiteral("own.csv"), csv}}, QStringLiteral("A"));
        QCOMPARE(r.orphanBad, 0);
        QCOMPARE(r.duplicates, 1);
        QCOMPARE(r.tutorials, 1);
        const ImportedCampaign &de = r.pairs.value(QStringLiteral("eng-deu"));
        QCOMPARE(de.campaign.items.size(), 3);
        QCOMPARE(de.campaign.items[2].check, CheckKind::BadReference);
        QCOMPARE(de.campaign.items[2].originalKey, QStringLiteral("docA|5|sysA"));
        const QVector<StoredAnswer> &a = de.answers.value(QStringLiteral("u1"));
        QCOMPARE(a[0].itemKey, QStringLiteral("docA|5|sysA"));
        QCOMPARE(a[0].answer.judgements[0].score, std::optional<int>(45));  // saved again: the latest counts
        QCOMPARE(a[1].answer.judgements[0].spans, (QVector<ErrorSpan>{span(0, 0, Severity::Minor)}));
        const AppraiseImport mqm = readAppraiseScores({{QStringLiteral("own.csv"), csv.left(csv.indexOf("\r\n") + 2)}}, QStringLiteral("A"));
        QCOMPARE(mqm.pairs.value(QStringLiteral("eng-deu")).answers.value(QStringLiteral("u1"))[0].answer.judgements[0].spans[0].category,
                 QStringLiteral("Accuracy/Mistranslation"));

        // Export: language names become codes, checks are left out, and stages are written apart.
        Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("x"), Protocol::Esa);
        c.sourceLanguage = QStringLiteral("English");
        c.targetLanguage = QStringLiteral("German");
        CampaignItem item = gauntlet::testing::makeItem(QStringLiteral("k"), QStringLiteral("Hi."), {{QStringLiteral("s"), QStringLiteral("Hallo.")}});
        CampaignItem check = item;
        check.key = QStringLiteral("check");
        check.check = CheckKind::Loud;
        c.items = {item, check};
        StoredAnswer rated;
        rated.itemKey = QStringLiteral("k");
        rated.systemOrder = {0};
        rated.answer.stage = 1;
        rated.answer.judgements = {TranslationJudgement{QStringLiteral("s"), 80, {}}};
        rated.savedAt = QStringLiteral("2026-01-01T00:00:10.000Z");
        StoredAnswer checked = rated;
        checked.itemKey = QStringLiteral("check");
        int left = 0;
        const QString out = QString::fromUtf8(appraiseScoresCsv(c, {{QStringLiteral("u"), {rated, checked}}}, 1, &left));
        QCOMPARE(left, 1);
        QCOMPARE(out.count(QStringLiteral("\r\n")), 1);
        QVERIFY2(out.startsWith(QStringLiteral("u,s,0,TGT,eng,deu,80,k,")), qPrintable(out));
        QVERIFY(appraiseScoresCsv(c, {{QStringLiteral("u"), {rated}}}, 2).isEmpty());

        // ESA items of one system each share their itemID and documentID, so Appraise pairs the
        // systems on itemID:documentID (they had one each), and the texts come back on import.
        Campaign esa = c;
        CampaignItem ia = item, ib = item;
        ia.key = QStringLiteral("example:9:sysA");
        ia.translations = {{QStringLiteral("sysA"), QStringLiteral("Hallo \U0001F600.")}};
        ib.key = QStringLiteral("example:9:sysB");
        ib.translations = {{QStringLiteral("sysB"), QStringLiteral("Servus.")}};
        esa.items = {ia, ib};
        StoredAnswer ra = rated, rb = rated;
        ra.itemKey = ia.key;
        ra.answer.judgements = {TranslationJudgement{QStringLiteral("sysA"), 60, {span(6, 6, Severity::Major)}}};
        rb.itemKey = ib.key;
        rb.answer.judgements = {TranslationJudgement{QStringLiteral("sysB"), 90, {}}};
        const QByteArray rows = appraiseScoresCsv(esa, {{QStringLiteral("u"), {ra, rb}}});
        QVERIFY2(rows.startsWith("u,sysA,0,TGT,eng,deu,60,example:9,") && rows.contains("\r\nu,sysB,0,TGT,eng,deu,90,example:9,"), rows.constData());
        const AppraiseImport back = readAppraiseScores({{QStringLiteral("esa.csv"), rows}}, QStringLiteral("A"), &esa);
        QCOMPARE(back.withTexts, 2);
        QCOMPARE(back.pairs.first().answers.value(QStringLiteral("u"))[0].answer.judgements[0].spans, (QVector<ErrorSpan>{span(6, 6, Severity::Major)}));
    }

    void malformedFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        const QByteArray good = "u,s,1,TGT,eng,deu,10,d,False,[],1.0,2.0\r\n";
        QTest::newRow("truncated") << good + "u,s,2,TGT,eng,deu,10,d,False,\"[{'start_i': 0," << QStringLiteral("f.csv: unterminated quoted field at line 2");
        QTest::newRow("short row") << good + "u,s,2,TGT,eng,deu\r\n" << QStringLiteral("f.csv, row 2: expected 12 or 14 columns (Appraise scores CSV), found 6");
        QTest::newRow("not utf-8") << good + "u\xff,s,2,TGT,eng,deu,10,d,False,[],1.0,2.0\r\n" << QStringLiteral("f.csv: not valid UTF-8");
        QTest::newRow("unknown severity") << good + "u,s,2,TGT,eng,deu,10,d,False,\"[{'start_i': 0, 'end_i': 1, 'severity': 'severe'}]\",1.0,2.0\r\n"
                                  << QStringLiteral("f.csv, row 2, mqm column: span severity 'severe' is not minor, major, critical or neutral");
        QTest::newRow("code") << good + "u,s,2,TGT,eng,deu,10,d,False,exec('x'),1.0,2.0\r\n" << QStringLiteral("f.csv, row 2, mqm column: not a Python literal at character 1");
        QTest::newRow("score") << good + "u,s,2,TGT,eng,deu,ten,d,False,[],1.0,2.0\r\n" << QStringLiteral("f.csv, row 2: score 'ten' is not a whole number 0-100");
        QTest::newRow("type") << good + "u,s,2,SRC,eng,deu,10,d,False,[],1.0,2.0\r\n" << QStringLiteral("f.csv, row 2: item type 'SRC'");
        QTest::newRow("time") << good + "u,s,2,TGT,eng,deu,10,d,False,[],soon,2.0\r\n" << QStringLiteral("f.csv, row 2: start_time 'soon' is not a time");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("f.csv: no rows (an empty file?)");  // issue 39: 0 rows, exit 0
    }

    void malformedFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        const QString error = failure([&] { readAppraiseScores({{QStringLiteral("f.csv"), bytes}}, QStringLiteral("x")); });
        QVERIFY2(error.contains(reason), qPrintable(error));
    }
};

GAUNTLET_TEST_MAIN(TestAppraise)
#include "tst_appraise.moc"
