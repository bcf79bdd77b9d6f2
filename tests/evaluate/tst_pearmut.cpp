// engine/evaluate/pearmut and prefilled_spans: a Pearmut campaign file in its published shape
// (examples/tutorials/cesa_deen.json, examples/esaai.json: tutorial with validation ranges, shared
// items across tasks, pre-filled ESA^AI spans, a form item), refusals of malformed files naming
// the file, line and item, Pearmut result lines in the published shape (examples/annotated_cache),
// and a Gauntlet -> Pearmut JSONL -> Gauntlet round trip that keeps spans (code points, [missing]
// at the text's length), scores, times and shown order.
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/pearmut.h"
#include "engine/evaluate/prefilled_spans.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include "tests/support/span_example.h"
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QTest>

using namespace gauntlet::evaluate;
using gauntlet::testing::span;

namespace {

// "Sie aß den Kuchen." (18 code points): "Kuchen" = 11..16.
// "Größe ändert 🚗 nichts" (21 code points, 22 UTF-16 units). Pearmut counts UTF-16 units (its
// screen splits with JavaScript's split("")), so "nichts" is 16..21 there and 15..20 in code
// points, the emoji 13..14 there and 13 here, and [missing] sits at 22.
// "Zeile eins\nZeile zwei": Pearmut shows the line break as <br> and does not count it, so
// "zwei" is 16..19 there and 17..20 in code points, and [missing] sits at 20.
// "Women knitted." (14): "knitted" = 6..12.
const char *const CampaignFile = R"({
  "info": {"protocol": "cESA", "assignment": "task-based", "sliders": [{"name": "Fluency", "min": 0, "max": 5, "step": 1}]},
  "campaign_id": "deen_pilot",
  "data_welcome": [[{"text": "What is your native language?", "form": "string"}]],
  "data": [
    [
      [{"item_id": "tut_1", "src": "Frauen webten.", "tgt": {"model-tutorial": "Women knitted."}, "instructions": "<b>Mark knitted</b>",
        "validation": {"model-tutorial": {"warning": "Mark knitted as minor, score 75-85.", "score": [75, 85],
                       "error_spans": [{"start_i": [5, 6], "end_i": [12, 13], "severity": "minor"}], "allow_skip": true}},
        "skippable": true}],
      [{"item_id": "doc1_1", "src": "Sie aß den Kuchen.", "tgt": {"sysB": "Größe ändert 🚗 nichts", "sysA": "Sie aß den Kuchen."},
        "error_spans": {"sysA": [{"start_i": 11, "end_i": 16, "severity": "major", "category": null}],
                        "sysB": [{"start_i": 16, "end_i": 21, "severity": "minor", "category": null},
                                 {"start_i": 22, "end_i": 22, "severity": "minor", "category": null}]}},
       {"item_id": "check_1", "src": "x", "tgt": {"sysA": "one", "sysB": "two"}, "validation": {"sysA": {"score": [0, 30]}}}]
    ],
    [
      [{"item_id": "doc1_1", "src": "Sie aß den Kuchen.", "tgt": {"sysA": "Sie aß den Kuchen.", "sysB": "Größe ändert 🚗 nichts"},
        "error_spans": {"sysA": [{"start_i": 11, "end_i": 16, "severity": "major", "category": null}],
                        "sysB": [{"start_i": 16, "end_i": 21, "severity": "minor", "category": null},
                                 {"start_i": 22, "end_i": 22, "severity": "minor", "category": null}]}},
       {"src": "Kein Id.", "tgt": {"sysA": "No id.", "sysB": "No ID."}}]
    ]
  ]
})";

/// The message of the EvaluateError `f` throws; empty when it throws none.
QString failure(const std::function<void()> &f)
{
    return gauntlet::testing::thrownText<EvaluateError>(f);
}

StoredAnswer answer(const QString &key, QVector<int> order, QVector<TranslationJudgement> judgements, qint64 ms, const QString &savedAt)
{
    StoredAnswer s;
    s.itemKey = key;
    s.systemOrder = order;
    s.answer.stage = 1;
    s.answer.judgements = judgements;
    s.answer.elapsedMs = ms;
    s.savedAt = savedAt;
    return s;
}

}  // namespace

class TestPearmut : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void campaignInPublishedShape()
    {
        const PearmutCampaign p = readPearmutCampaign(QByteArray(CampaignFile), QStringLiteral("deen.json"));
        const Campaign &c = p.campaign;
        QCOMPARE(c.name, QStringLiteral("deen_pilot"));
        QCOMPARE(c.protocol, Protocol::Cesa);
        QVERIFY(c.options.shuffleSystems);
        QVERIFY(c.options.hideSystemNames);
        // form item skipped, doc1_1 shared by both tasks kept once, the item without id named by its position
        QCOMPARE(c.items.size(), 4);
        QCOMPARE(c.items[0].key, QStringLiteral("tut_1"));
        QCOMPARE(c.items[0].check, CheckKind::Tutorial);  // warning + skippable
        QCOMPARE(c.items[0].expected.size(), 1);
        QCOMPARE(c.items[0].expected[0].minScore, 75);
        QCOMPARE(c.items[0].expected[0].maxScore, 85);
        QCOMPARE(c.items[0].expected[0].spanRegion, std::make_optional(std::make_pair(5, 13)));
        const CampaignItem &doc = c.items[1];
        QCOMPARE(doc.key, QStringLiteral("doc1_1"));
        QCOMPARE(doc.translations.size(), 2);
        QCOMPARE(doc.translations[0].system, QStringLiteral("sysA"));  // by name
        QCOMPARE(doc.proposedSpans.size(), 2);
        QCOMPARE(doc.proposedSpans[0], (QVector<ErrorSpan>{span(11, 16, Severity::Major)}));
        QCOMPARE(doc.proposedSpans[0][0].textIn(doc.translations[0].text), QStringLiteral("Kuchen"));
        QCOMPARE(doc.proposedSpans[1], (QVector<ErrorSpan>{span(15, 20, Severity::Minor), ErrorSpan::omission(Severity::Minor)}));  // 16-21, 22
        QCOMPARE(doc.proposedSpans[1][0].textIn(doc.translations[1].text), QStringLiteral("nichts"));
        QCOMPARE(c.items[2].check, CheckKind::Silent);  // validation without a warning
        QCOMPARE(c.items[2].expected[0].maxScore, 30);
        QCOMPARE(c.items[2].expected[1].maxScore, 100);  // sysB has no rule
        QCOMPARE(c.items[3].key, QStringLiteral("item6"));
        QVERIFY(p.notes.contains(QStringLiteral("info.sliders is not carried over")));
        QVERIFY(p.notes.contains(QStringLiteral("form items (user questions) are skipped")));
        QVERIFY(p.notes.contains(QStringLiteral("per-item instructions are not carried over")));
    }

    // Issue 32 (7): Pearmut's documents are kept (their items stay together and in order when
    // assigned, whatever the shuffle), the language pair given on import is kept, and the notes
    // say what the file could not carry.
    void documentsAndLanguagePairKept()
    {
        const PearmutCampaign p = readPearmutCampaign(QByteArray(CampaignFile), QStringLiteral("deen.json"), {}, QStringLiteral("German"),
                                                      QStringLiteral("English"));
        const Campaign &c = p.campaign;
        QCOMPARE(c.sourceLanguage, QStringLiteral("German"));
        QCOMPARE(c.targetLanguage, QStringLiteral("English"));
        QCOMPARE(c.items[1].document, c.items[2].document);  // doc1_1 and check_1: one document
        QVERIFY(!c.items[1].document.isEmpty());
        QVERIFY(c.items[3].document != c.items[1].document);
        QVERIFY(!readPearmutCampaign(QByteArray(CampaignFile), QStringLiteral("deen.json")).notes.filter(QStringLiteral("language pair")).isEmpty());
        QVERIFY(p.notes.filter(QStringLiteral("language pair")).isEmpty());

        // Twelve documents of three items: every annotator sees each document's items in a row and
        // in file order, for any seed, while the documents themselves are shuffled.
        QByteArray data;
        for (int d = 0; d < 12; ++d) {
            QStringList items;
            for (int i = 0; i < 3; ++i)
                items << QStringLiteral(R"({"item_id": "d%1_%2", "src": "s", "tgt": {"A": "a%1%2", "B": "b"}})").arg(d).arg(i);
            data += (data.isEmpty() ? "" : ",") + ("[" + items.join(u',') + "]").toUtf8();
        }
        Campaign docs = readPearmutCampaign(R"({"info": {"protocol": "cESA"}, "campaign_id": "docs", "data": [[)" + data + "]]}",
                                            QStringLiteral("docs.json")).campaign;
        docs.options.redundancy = 2;
        bool shuffled = false;
        for (const std::uint64_t seed : {1ULL, 2ULL, 99ULL}) {
            docs.options.seed = seed;
            for (const Assignment &a : assignItems(docs, {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")})) {
                QStringList keys;
                for (const AssignedItem &item : a.items)
                    keys << docs.items[item.itemIndex].key;
                QCOMPARE(keys.size() % 3, 0);
                for (qsizetype i = 0; i < keys.size(); i += 3) {
                    const QString doc = keys[i].section(u'_', 0, 0);
                    QCOMPARE(keys.mid(i, 3), (QStringList{doc + QStringLiteral("_0"), doc + QStringLiteral("_1"), doc + QStringLiteral("_2")}));
                }
                shuffled = shuffled || keys.first() != QStringLiteral("d0_0");
            }
        }
        QVERIFY(shuffled);
    }

    void esaSplitsSystems()
    {
        const QByteArray esa = R"({"info": {"protocol": "ESA"}, "campaign_id": "e", "data": [[[{"item_id": "x", "src": "s", "tgt": {"A": "a", "B": "b"}}]]]})";
        const Campaign c = readPearmutCampaign(esa, QStringLiteral("esa.json")).campaign;
        QCOMPARE(c.protocol, Protocol::Esa);
        QCOMPARE(c.items.size(), 2);
        QCOMPARE(c.items[0].key, QStringLiteral("x#A"));
        QCOMPARE(c.items[1].translations[0].text, QStringLiteral("b"));
        // Pearmut's own ESA shape (examples/esa.json, its WMT ingest): one item_id, one system per
        // document; it was refused as "appears twice with different content" (issue 32).
        const QByteArray shared = R"({"info": {"protocol": "ESA"}, "campaign_id": "e", "data": [[[{"item_id": "x", "src": "s", "tgt": {"A": "a"}}],
            [{"item_id": "x", "src": "s", "tgt": {"B": "b"}}]]]})";
        const Campaign d = readPearmutCampaign(shared, QStringLiteral("esa.json")).campaign;
        QCOMPARE(d.items.size(), 2);
        QCOMPARE(d.items[0].key, QStringLiteral("x#A"));
        QCOMPARE(d.items[1].key, QStringLiteral("x#B"));
    }

    void malformedCampaignFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("bad json") << QByteArray("{\n\"info\": {\"protocol\": \"ESA\"},\n\"data\": [}\n") << QStringLiteral("f.json: not valid JSON at line 3");
        QTest::newRow("not utf-8") << QByteArray("{\"info\": {\"protocol\": \"ESA\"}, \"data\": [\"\xff\"]}") << QStringLiteral("f.json: not valid UTF-8");
        QTest::newRow("gauntlet package") << QByteArray(R"({"campaign": {}, "format": "gauntlet-campaign-package"})") << QStringLiteral("not a Pearmut campaign file");
        QTest::newRow("no protocol") << QByteArray(R"({"info": {}, "campaign_id": "c", "data": []})") << QStringLiteral("info.protocol is missing");
        QTest::newRow("mqm") << QByteArray(R"({"info": {"protocol": "MQM"}, "campaign_id": "c", "data": []})") << QStringLiteral("info.protocol 'MQM' cannot be imported");
        QTest::newRow("no tgt") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "src": "s"}]]]})")
                                << QStringLiteral("f.json, data item 1 (item 'a'): an item needs \"tgt\"");
        QTest::newRow("differing repeat") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "tgt": {"S": "x"}}]], [[{"item_id": "a", "tgt": {"S": "y"}}]]]})")
                                          << QStringLiteral("item_id 'a#S' appears twice with different content");
        QTest::newRow("span outside") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "tgt": {"S": "abc"}, "error_spans": {"S": [{"start_i": 1, "end_i": 5, "severity": "minor"}]}}]]]})")
                                      << QStringLiteral("span 1-5 is outside the translation of 3 characters");
        QTest::newRow("unknown severity") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "tgt": {"S": "abc"}, "error_spans": {"S": [{"start_i": 0, "end_i": 1, "severity": "severe"}]}}]]]})")
                                  << QStringLiteral("span severity 'severe' is not minor, major, critical or neutral");
        // Issue 39: wrongly typed fields are refused, not dropped.
        QTest::newRow("validation spans -1") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "tgt": {"S": "abc"}, "validation": {"S": {"error_spans": -1}}}]]]})")
                                             << QStringLiteral("validation \"error_spans\" must be a list of spans");
        QTest::newRow("rules not a list") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "tgt": {"S": "abc"}, "rules": "no negation"}]]]})")
                                          << QStringLiteral("\"rules\" must be a list of strings");
        QTest::newRow("spans by position") << QByteArray(R"({"info": {"protocol": "ESA"}, "campaign_id": "c", "data": [[[{"item_id": "a", "tgt": {"S": "abc"}, "error_spans": [[]]}]]]})")
                                           << QStringLiteral("a list by position is ambiguous");
    }

    void malformedCampaignFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        const QString error = failure([&] { readPearmutCampaign(bytes, QStringLiteral("f.json")); });
        QVERIFY2(error.contains(reason) && error.startsWith(QStringLiteral("f.json")), qPrintable(error));
    }

    void resultsInPublishedShape()
    {
        // two lines as Pearmut writes them: a skipped tutorial (no score) and a two-item document
        // with times only in the actions (load 1771315367.415, submit 1771315377.4 -> 9.985 s)
        const QByteArray jsonl = R"({"annotation": [{"B": {"score": null, "error_spans": [], "textfield": null}, "A": {"score": null, "error_spans": [], "textfield": null}}], "actions": [{"time": 1771315361.894, "action": "load"}, {"time": 1771315367.041, "action": "submit_skip"}], "item": [{"item_id": "tutorial_1", "src": "fox", "tgt": {"B": "liška", "A": "liška!"}, "validation": {"A": {"warning": "Score 80-90.", "score": [80, 90], "allow_skip": true}}}], "user_id": "adventurous-going-189", "item_i": "welcome_0"}
{"annotation": [{"DLUT": {"score": 87, "error_spans": [{"start_i": 0, "end_i": 4, "severity": "minor", "category": null}], "textfield": null}}, {"DLUT": {"score": 85, "error_spans": [{"start_i": 10, "end_i": 10, "severity": "major", "category": null}], "textfield": null}}], "actions": [{"time": 1771315367.415, "action": "load"}, {"time": 1771315369.157, "action": "score", "index": 0, "model": "DLUT", "value": 87}, {"time": 1771315377.4, "action": "submit"}], "item": [{"item_id": "d1_0", "src": "Velikost", "tgt": {"DLUT": "Größe ändert"}}, {"item_id": "d1_1", "src": "Chyba", "tgt": {"DLUT": "Ein Fehler"}}], "user_id": "u1", "item_i": 13}
{"annotation": [{"DLUT": {"score": 70, "error_spans": [{"start_i": 16, "end_i": 19, "severity": "minor", "category": null}, {"start_i": 20, "end_i": 20, "severity": "major", "category": null}], "textfield": null}}], "actions": [{"time": 1771315378.0, "action": "load"}, {"time": 1771315380.0, "action": "submit"}], "item": [{"item_id": "d1_2", "src": "Radek", "tgt": {"DLUT": "Zeile eins\nZeile zwei"}}], "user_id": "u1", "item_i": 14}
)";
        const PearmutResults r = readPearmutResults(jsonl, QStringLiteral("out.jsonl"), QStringLiteral("pilot"));
        QCOMPARE(r.lines, 3);
        QCOMPARE(r.answers, 3);
        QCOMPARE(r.skipped, 1);
        const Campaign &c = r.imported.campaign;
        QCOMPARE(c.protocol, Protocol::Esa);  // one translation per item
        QCOMPARE(c.items.size(), 3);
        const QVector<StoredAnswer> &u1 = r.imported.answers.value(QStringLiteral("u1"));
        QCOMPARE(u1.size(), 3);
        QCOMPARE(u1[2].answer.judgements[0].spans, (QVector<ErrorSpan>{span(17, 20, Severity::Minor), ErrorSpan::omission(Severity::Major)}));
        QCOMPARE(u1[2].answer.judgements[0].spans[0].textIn(c.items[2].translations[0].text), QStringLiteral("zwei"));
        QCOMPARE(u1[2].answer.elapsedMs, qint64(2000));
        QCOMPARE(u1[0].answer.judgements[0].score, std::optional<int>(87));
        QCOMPARE(u1[0].answer.judgements[0].spans, (QVector<ErrorSpan>{span(0, 4, Severity::Minor)}));
        QCOMPARE(u1[1].answer.judgements[0].spans, (QVector<ErrorSpan>{ErrorSpan::omission(Severity::Major)}));  // 10 = length
        QCOMPARE(u1[0].answer.elapsedMs, qint64(9985));
        QCOMPARE(u1[0].savedAt, QDateTime::fromMSecsSinceEpoch(1771315377400, Qt::UTC).toString(Qt::ISODateWithMs));
    }

    void malformedResultLines()
    {
        const QString bad = failure([] { readPearmutResults("{\"user_id\": \"u\", \"item\": [], \"annotation\": []}\n{oops\n", QStringLiteral("r.jsonl"), QStringLiteral("x")); });
        QVERIFY2(bad.startsWith(QStringLiteral("r.jsonl, line 2: not valid JSON")), qPrintable(bad));
        const QString old = failure([] { readPearmutResults(R"({"user_id": "alice", "item_i": 0, "annotation": {"A": {"score": 85}}})", QStringLiteral("r.jsonl"), QStringLiteral("x")); });
        QVERIFY2(old.contains(QStringLiteral("r.jsonl, line 1: expected \"item\" and \"annotation\" lists")), qPrintable(old));
        const QString score = failure([] {
            readPearmutResults(R"({"user_id": "u", "item": [{"item_id": "a", "tgt": {"S": "abc"}}], "annotation": [{"S": {"score": 101}}]})", QStringLiteral("r.jsonl"), QStringLiteral("x"));
        });
        QVERIFY2(score.contains(QStringLiteral("r.jsonl, line 1: score 101 of 'S' is not a whole number 0-100")), qPrintable(score));
        const QString empty = failure([] { readPearmutResults("\n", QStringLiteral("r.jsonl"), QStringLiteral("x")); });
        QVERIFY2(empty.contains(QStringLiteral("no answered item")), qPrintable(empty));
        const QString utf = failure([] { readPearmutResults("{\"user_id\": \"\xc3\"}", QStringLiteral("r.jsonl"), QStringLiteral("x")); });
        QVERIFY2(utf.contains(QStringLiteral("r.jsonl: not valid UTF-8")), qPrintable(utf));
    }

    void roundTripKeepsSpansScoresTimes()
    {
        Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("rt"), Protocol::Cesa, QStringLiteral("u"));
        CampaignItem doc = gauntlet::testing::makeItem(QStringLiteral("doc1_1"), QStringLiteral("Sie aß den Kuchen."), {{QStringLiteral("sysA"), QStringLiteral("Sie aß den Kuchen.")}, {QStringLiteral("sysB"), QStringLiteral("Größe ändert \U0001F697 nichts")}});
        doc.proposedSpans = {{span(11, 16, Severity::Major)}, {}};
        CampaignItem tut = gauntlet::testing::makeItem(QStringLiteral("tut"), QStringLiteral("Frauen webten."), {{QStringLiteral("model-tutorial"), QStringLiteral("Women knitted.")}});
        tut.check = CheckKind::Tutorial;
        tut.expected = {ExpectedJudgement{75, 85, std::make_pair(6, 12)}};
        c.items = {doc, tut};
        c.validate();

        QMap<QString, QVector<StoredAnswer>> answers;
        answers[QStringLiteral("anna")] = {
            answer(QStringLiteral("doc1_1"), {1, 0},
                   {TranslationJudgement{QStringLiteral("sysB"), 35, {span(13, 13, Severity::Major), ErrorSpan::omission(Severity::Minor)}},
                    TranslationJudgement{QStringLiteral("sysA"), 80, {span(11, 16, Severity::Minor)}}},
                   48700, QStringLiteral("2026-03-04T05:06:07.089Z")),
            answer(QStringLiteral("tut"), {0}, {TranslationJudgement{QStringLiteral("model-tutorial"), 80, {span(6, 12, Severity::Minor)}}}, 4200,
                   QStringLiteral("2026-03-04T05:07:00.000Z"))};
        answers[QStringLiteral("ben")] = {answer(QStringLiteral("doc1_1"), {0, 1},
                                                 {TranslationJudgement{QStringLiteral("sysA"), 60, {}},
                                                  TranslationJudgement{QStringLiteral("sysB"), 20, {span(0, 4, Severity::Major), span(15, 20, Severity::Minor)}}},
                                                 12345, QStringLiteral("2026-03-04T06:00:00.500Z"))};
        QMap<QString, QVector<LogEntry>> logs;
        logs[QStringLiteral("anna")] = {LogEntry{QStringLiteral("2026-03-04T05:05:30.000Z"), QStringLiteral("doc1_1"), 1, QStringLiteral("span_add"), QString()}};

        const QByteArray jsonl = pearmutResultsJsonl(c, answers, logs);
        const QList<QByteArray> lines = jsonl.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        // the first line in Pearmut's shape, values by hand
        const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
        QCOMPARE(first.value(QStringLiteral("user_id")).toString(), QStringLiteral("anna"));
        QCOMPARE(first.value(QStringLiteral("item_i")).toInt(), 0);
        QCOMPARE(first.value(QStringLiteral("item")).toArray()[0].toObject().value(QStringLiteral("item_id")).toString(), QStringLiteral("doc1_1"));
        const QJsonObject sysB = first.value(QStringLiteral("annotation")).toArray()[0].toObject().value(QStringLiteral("sysB")).toObject();
        QCOMPARE(sysB.value(QStringLiteral("score")).toInt(), 35);
        const QJsonArray sysBSpans = sysB.value(QStringLiteral("error_spans")).toArray();
        QCOMPARE(sysBSpans[0].toObject().value(QStringLiteral("start_i")).toInt(), 13);  // the emoji: two UTF-16 units in Pearmut
        QCOMPARE(sysBSpans[0].toObject().value(QStringLiteral("end_i")).toInt(), 14);
        QCOMPARE(sysBSpans[1].toObject().value(QStringLiteral("start_i")).toInt(), 22);  // [missing] after the 22 units
        const QJsonObject sysA = first.value(QStringLiteral("annotation")).toArray()[0].toObject().value(QStringLiteral("sysA")).toObject();
        QCOMPARE(sysA.value(QStringLiteral("proposals")).toArray()[0].toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("edited"));
        QCOMPARE(first.value(QStringLiteral("time")).toDouble(), 48.7);
        const QJsonArray actions = first.value(QStringLiteral("actions")).toArray();
        QCOMPARE(actions.size(), 3);
        const double saved = double(QDateTime::fromString(QStringLiteral("2026-03-04T05:06:07.089Z"), Qt::ISODateWithMs).toMSecsSinceEpoch()) / 1000.0;
        QCOMPARE(actions[0].toObject().value(QStringLiteral("action")).toString(), QStringLiteral("load"));
        QVERIFY(std::abs(actions[0].toObject().value(QStringLiteral("time")).toDouble() - (saved - 48.7)) < 1e-6);
        QCOMPARE(actions[1].toObject().value(QStringLiteral("action")).toString(), QStringLiteral("span_add"));
        QCOMPARE(actions[2].toObject().value(QStringLiteral("time")).toDouble(), saved);

        // and back: the same items, scores, spans, times and shown order
        const PearmutResults back = readPearmutResults(jsonl, QStringLiteral("rt.jsonl"), QStringLiteral("rt again"));
        const Campaign &b = back.imported.campaign;
        QCOMPARE(b.protocol, Protocol::Cesa);
        QCOMPARE(b.items.size(), 2);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(b.items[i].key, c.items[i].key);
            QCOMPARE(b.items[i].source, c.items[i].source);
            QCOMPARE(b.items[i].translations.size(), c.items[i].translations.size());
            for (int t = 0; t < c.items[i].translations.size(); ++t)
                QCOMPARE(b.items[i].translations[t].text, c.items[i].translations[t].text);
            QCOMPARE(b.items[i].proposedSpans, c.items[i].proposedSpans);
            QCOMPARE(b.items[i].check, c.items[i].check);
        }
        QCOMPARE(b.items[1].expected[0].spanRegion, c.items[1].expected[0].spanRegion);
        QCOMPARE(back.imported.answers.size(), 2);
        for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
            const QVector<StoredAnswer> &got = back.imported.answers.value(it.key());
            QCOMPARE(got.size(), it.value().size());
            for (int k = 0; k < got.size(); ++k) {
                const StoredAnswer &want = it.value()[k];
                QCOMPARE(got[k].itemKey, want.itemKey);
                QCOMPARE(got[k].systemOrder, want.systemOrder);
                QCOMPARE(got[k].savedAt, want.savedAt);
                QCOMPARE(got[k].answer.elapsedMs, want.answer.elapsedMs);
                QCOMPARE(got[k].answer.stage, want.answer.stage);
                QCOMPARE(got[k].answer.judgements.size(), want.answer.judgements.size());
                for (int j = 0; j < want.answer.judgements.size(); ++j) {
                    QCOMPARE(got[k].answer.judgements[j].score, want.answer.judgements[j].score);
                    QCOMPARE(got[k].answer.judgements[j].spans, want.answer.judgements[j].spans);
                }
            }
        }
    }

    // Issue 32 (6): what Pearmut reads. Items of one system carry the item_id it pairs systems on
    // (not "<id>:<system>"), attention checks are random_ items it leaves out of system scores,
    // one stage per file; a file from Pearmut with one item_id per segment across systems (its
    // WMT ingest) imports as one item per system instead of failing.
    void exportForPearmut_pairsSystemsKeepsStagesApart()
    {
        Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("esa"), Protocol::Cesa);
        c.options.twoStage = true;
        CampaignItem a = gauntlet::testing::makeItem(QStringLiteral("example:7:sysA"), QStringLiteral("שלום été 😀"),  // RTL, a combining mark, an emoji
                                                     {{QStringLiteral("sysA"), QStringLiteral("Hallo 😀 Welt")}, {QStringLiteral("sysB"), QStringLiteral("Hallo Welt")}});
        a.rules = {QStringLiteral("keep the emoji")};
        CampaignItem check = a;
        check.key = QStringLiteral("attention");
        check.check = CheckKind::Loud;
        check.expected = {ExpectedJudgement{0, 100, std::nullopt}, ExpectedJudgement{0, 100, std::nullopt}};
        c.items = {a, check};
        QMap<QString, QVector<StoredAnswer>> answers;
        StoredAnswer first = answer(a.key, {0, 1}, {TranslationJudgement{QStringLiteral("sysA"), 70, {span(6, 6, Severity::Major)}},
                                                    TranslationJudgement{QStringLiteral("sysB"), 50, {}}}, 1000, QStringLiteral("2026-03-04T05:06:07.000Z"));
        StoredAnswer second = first;
        second.answer.stage = 2;
        second.answer.judgements[0].score = 30;
        StoredAnswer checked = first;
        checked.itemKey = check.key;
        answers[QStringLiteral("anna")] = {first, second, checked};
        const QList<QByteArray> stage1 = pearmutResultsJsonl(c, answers, {}, 1).split('\n');
        const QList<QByteArray> stage2 = pearmutResultsJsonl(c, answers, {}, 2).split('\n');
        QCOMPARE(stage1.size(), 3);  // the item, the check, the final newline
        QCOMPARE(stage2.size(), 2);
        const QJsonObject line = QJsonDocument::fromJson(stage1[0]).object();
        QCOMPARE(line.value(QStringLiteral("item")).toArray()[0].toObject().value(QStringLiteral("item_id")).toString(), QStringLiteral("example:7:sysA"));
        QCOMPARE(QJsonDocument::fromJson(stage1[1]).object().value(QStringLiteral("item_i")).toString(), QStringLiteral("random_1"));
        QCOMPARE(QJsonDocument::fromJson(stage2[0]).object().value(QStringLiteral("annotation")).toArray()[0].toObject()
                     .value(QStringLiteral("sysA")).toObject().value(QStringLiteral("score")).toInt(), 30);

        // ESA: one system per item; the two systems' items share the item_id Pearmut pairs on.
        Campaign esa = c;
        esa.protocol = Protocol::Esa;
        esa.options.twoStage = false;
        CampaignItem b = a;
        b.key = QStringLiteral("example:7:sysB");
        b.translations = {a.translations[1]};
        a.translations = {a.translations[0]};
        esa.items = {a, b};
        QMap<QString, QVector<StoredAnswer>> esaAnswers;
        esaAnswers[QStringLiteral("anna")] = {answer(a.key, {0}, {TranslationJudgement{QStringLiteral("sysA"), 70, {}}}, 1000, QStringLiteral("2026-03-04T05:06:07.000Z")),
                                              answer(b.key, {0}, {TranslationJudgement{QStringLiteral("sysB"), 40, {}}}, 1000, QStringLiteral("2026-03-04T05:06:08.000Z"))};
        QByteArray lines = pearmutResultsJsonl(esa, esaAnswers, {}, 1);
        QStringList ids;
        QByteArray withoutExtras;  // as Pearmut itself would have written them: no "gauntlet" object
        for (const QByteArray &l : lines.split('\n')) {
            if (l.isEmpty())
                continue;
            QJsonObject o = QJsonDocument::fromJson(l).object();
            ids << o.value(QStringLiteral("item")).toArray()[0].toObject().value(QStringLiteral("item_id")).toString();
            o.remove(QStringLiteral("gauntlet"));
            withoutExtras += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        }
        QCOMPARE(ids, (QStringList{QStringLiteral("example:7"), QStringLiteral("example:7")}));
        const PearmutResults back = readPearmutResults(withoutExtras, QStringLiteral("pearmut.jsonl"), QStringLiteral("back"), Protocol::Esa);
        QStringList keys;
        for (const CampaignItem &item : back.imported.campaign.items)
            keys << item.key;
        QCOMPARE(keys, (QStringList{QStringLiteral("example:7#sysA"), QStringLiteral("example:7#sysB")}));
        QCOMPARE(back.imported.answers.value(QStringLiteral("anna"))[0].itemKey, QStringLiteral("example:7#sysA"));
        QCOMPARE(back.imported.answers.value(QStringLiteral("anna"))[1].answer.judgements[0].score, std::optional<int>(40));

        // A dashboard reset drops the user's earlier lines, as Pearmut's results do.
        const QList<QByteArray> two = withoutExtras.split('\n');
        const QByteArray reset = two[0] + "\n{\"user_id\": \"anna\", \"item_i\": 0, \"annotation\": \"__RESET__\"}\n" + two[1] + "\n";
        const PearmutResults afterReset = readPearmutResults(reset, QStringLiteral("reset.jsonl"), QStringLiteral("r"), Protocol::Esa);
        QCOMPARE(afterReset.imported.answers.value(QStringLiteral("anna")).size(), 1);
        QCOMPARE(afterReset.imported.answers.value(QStringLiteral("anna"))[0].answer.judgements[0].score, std::optional<int>(40));
        QCOMPARE(afterReset.answers, 1);
    }

    void proposalOutcomes()
    {
        // proposed: [0,4] minor, [6,9] major, [12,14] minor, [missing] major
        // final:    [0,4] minor (kept), [7,10] minor (edits [6,9]), [20,22] major (added),
        //           [missing] minor (edits the [missing] proposal); [12,14] is gone (deleted)
        const QVector<ErrorSpan> proposed{span(0, 4, Severity::Minor), span(6, 9, Severity::Major), span(12, 14, Severity::Minor),
                                          ErrorSpan::omission(Severity::Major)};
        const QVector<ErrorSpan> final{span(20, 22, Severity::Major), span(7, 10, Severity::Minor), span(0, 4, Severity::Minor),
                                       ErrorSpan::omission(Severity::Minor)};
        const ProposalReview r = reviewProposals(proposed, final);
        QCOMPARE(r.proposals.size(), 4);
        QCOMPARE(r.proposals[0].fate, ProposalFate::Kept);
        QCOMPARE(r.proposals[1].fate, ProposalFate::Edited);
        QCOMPARE(*r.proposals[1].became, span(7, 10, Severity::Minor));
        QCOMPARE(r.proposals[2].fate, ProposalFate::Deleted);
        QCOMPARE(r.proposals[3].fate, ProposalFate::Edited);
        QCOMPARE(r.added, (QVector<ErrorSpan>{span(20, 22, Severity::Major)}));

        Campaign c;
        CampaignItem item;
        item.key = QStringLiteral("a");
        item.translations = {{QStringLiteral("S"), QStringLiteral("x")}};
        item.proposedSpans = {proposed};
        c.items = {item};
        Answer a;
        a.judgements = {TranslationJudgement{QStringLiteral("S"), 50, final}};
        const ProposalSummary s = summariseProposals(c, {RatedItem{QStringLiteral("ann"), 0, 1, a, {0}}});
        QCOMPARE(s.translations, 1);
        QCOMPARE(s.proposed, 4);
        QCOMPARE(s.kept, 1);
        QCOMPARE(s.edited, 2);
        QCOMPARE(s.deleted, 1);
        QCOMPARE(s.added, 1);
    }
};

GAUNTLET_TEST_MAIN(TestPearmut)
#include "tst_pearmut.moc"
