// `gauntlet campaigns` beyond hand-out and collection: span agreement in `stats` (text and --json,
// the hand-worked example of tests/evaluate/tst_span_agreement.cpp), paper tables
// (`results --format`), and the Pearmut / Appraise file exchange with refusals of malformed files
// that leave the project untouched.
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"

#include "tests/support/cli_runner.h"
#include "tests/support/span_example.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::CliResult;
using gauntlet::testing::span;
using gauntlet::testing::spanExample;
using gauntlet::testing::storedAnswer;


class TestCampaignsInterop : public gauntlet::testing::CliTest {
    Q_OBJECT

    void writeFile(const QString &name, const QByteArray &bytes)
    {
        QVERIFY(testing::writeFile(path(name), bytes));
    }

private Q_SLOTS:
    void initTestCase() { gauntlet::testing::useTestEnvironment("tester"); }

    void statsShowSpanAgreement()
    {
        const QString project = QStringLiteral("spans.gauntlet");
        {
            auto p = storage::Project::open(path(project));
            evaluate::CampaignStore(p->database()).importFinishedCampaign(spanExample());
        }
        // values worked by hand in tests/evaluate/tst_span_agreement.cpp
        CliResult r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("spans")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("span_agreement\tstage 1\tunits 2\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("span_pair\tanna\tben\t2\t0.435\t0.000\t0.400\t0.000\t0.400\t0.000\t0.000\t0.000\t0.700\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("span_pair\tanna\tcleo\t1\t0.800\t0.800\t0.500\t0.500\t1.000\t1.000\t1.000\t0.000\t-\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("span_pair\tben\tcleo\t1\t0.400\t0.000\t0.000\t0.000\t0.500\t0.000\t0.000\t0.000\t0.000\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("span_overall\t-\t-\t4\t0.500\t0.167\t0.308\t0.154\t0.615\t0.308\t0.500\t0.000\t0.765\n")), qPrintable(r.out));
        // MQM-style score, by hand in tests/evaluate/tst_span_agreement.cpp: -4.25, 0.917 minor and 0.667 major spans per item
        QVERIFY2(r.out.contains(QStringLiteral("mqm_style\tsys\t2\t-4.250\t0.917\t0.667\n")), qPrintable(r.out));

        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("spans"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(json.value(QStringLiteral("campaign")).toString(), QStringLiteral("spans"));
        const QJsonObject stage1 = json.value(QStringLiteral("span_agreement")).toArray().at(0).toObject();
        QCOMPARE(stage1.value(QStringLiteral("units")).toInt(), 2);
        QCOMPARE(stage1.value(QStringLiteral("overall")).toObject().value(QStringLiteral("char_f1")).toDouble(), 0.5);
        const QJsonObject ab = stage1.value(QStringLiteral("pairs")).toArray().at(0).toObject();
        QCOMPARE(ab.value(QStringLiteral("annotator_b")).toString(), QStringLiteral("ben"));
        QVERIFY(std::abs(ab.value(QStringLiteral("error_count_alpha")).toDouble() - 0.7) < 1e-9);
        // the ranking is there too: one system, mean of the item means (40+50+30)/3 = 40 and (90+80)/2 = 85
        const QJsonObject sys = json.value(QStringLiteral("systems")).toArray().at(0).toObject();
        QCOMPARE(sys.value(QStringLiteral("system")).toString(), QStringLiteral("sys"));
        QCOMPARE(sys.value(QStringLiteral("mean")).toDouble(), 62.5);
    }

    void mqmCampaigns()
    {
        const QString project = QStringLiteral("mqm.gauntlet");
        // Appraise MQM rows (a category per span). By hand, weights of Freitag et al. 2021:
        //   sysA, item doc1|1: u1 major Accuracy/Mistranslation 5 + minor Fluency/Punctuation 0.1
        //     = 5.1, u2 nothing = 0 -> score -(5.1 + 0)/2 = -2.55; minor and major spans per item
        //     (1 + 0)/2 = 0.5 each
        //   sysB, item doc1|1: u1 minor Non-translation 25 -> -25; minor spans per item 1
        writeFile(QStringLiteral("mqm.csv"),
                  "u1,sysA,1,TGT,eng,deu,40,doc1,False,\"[{'start_i': 0, 'end_i': 2, 'severity': 'major', 'category': 'Accuracy/Mistranslation'}, "
                  "{'start_i': 4, 'end_i': 4, 'severity': 'minor', 'category': 'Fluency/Punctuation'}]\",1.0,2.0\r\n"
                  "u1,sysB,1,TGT,eng,deu,20,doc1,False,\"[{'start_i': 0, 'end_i': 5, 'severity': 'minor', 'category': 'Non-translation'}]\",2.0,3.0\r\n"
                  "u2,sysA,1,TGT,eng,deu,60,doc1,False,[],3.0,4.0\r\n");
        CliResult r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-appraise"), path(QStringLiteral("mqm.csv")), QStringLiteral("--name"), QStringLiteral("M")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("M eng-deu")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("mqm\tsysA\t1\t-2.550\t0.500\t0.500\t0.000\t0.000\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("mqm\tsysB\t1\t-25.000\t1.000\t0.000\t0.000\t0.000\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("mqm_top_level\tsysA\tAccuracy\t1\nmqm_top_level\tsysA\tFluency\t1\nmqm_top_level\tsysB\tNon-translation\t1\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("mqm_category\tsysA\tFluency/Punctuation\t1\n")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QStringLiteral("mqm_style")), qPrintable(r.out));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("M eng-deu"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonObject a = json.value(QStringLiteral("mqm")).toArray().at(0).toObject();
        QCOMPARE(a.value(QStringLiteral("system")).toString(), QStringLiteral("sysA"));
        QVERIFY(std::abs(a.value(QStringLiteral("score")).toDouble() + 2.55) < 1e-12);
        QCOMPARE(a.value(QStringLiteral("spans_per_category")).toObject().value(QStringLiteral("Accuracy/Mistranslation")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("spans_per_top_level")).toObject().value(QStringLiteral("Fluency")).toInt(), 1);

        // create --categories on a campaign file; a bad categories file stores nothing
        Campaign c = spanExample().campaign;
        c.name = QStringLiteral("file");
        writeFile(QStringLiteral("campaign.json"), QJsonDocument(campaignToJson(c)).toJson());
        writeFile(QStringLiteral("cats.json"), R"({"name": "house", "categories": ["Accuracy/Omission", "Style"], "weights": {"major": 10}})");
        writeFile(QStringLiteral("bad-cats.json"), R"({"categories": ["Style", "Style"]})");
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("bad"), QStringLiteral("--from-file"), path(QStringLiteral("campaign.json")),
                          QStringLiteral("--categories"), path(QStringLiteral("bad-cats.json"))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(path(QStringLiteral("bad-cats.json")) + QStringLiteral(": category 'Style' is listed twice")), qPrintable(r.err));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("house"), QStringLiteral("--from-file"), path(QStringLiteral("campaign.json")),
                          QStringLiteral("--categories"), path(QStringLiteral("cats.json"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("MQM categories (house, 3 categories)")), qPrintable(r.out));
        // a bundled taxonomy as the category tree (its paths, standard weights)
        c.uid = QStringLiteral("uid-taxonomy");
        writeFile(QStringLiteral("campaign2.json"), QJsonDocument(campaignToJson(c)).toJson());
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("tax"), QStringLiteral("--from-file"), path(QStringLiteral("campaign2.json")),
                          QStringLiteral("--taxonomy"), QStringLiteral("mozilla-localization")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("MQM categories (mozilla-localization, ")), qPrintable(r.out));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("none"), QStringLiteral("--from-file"), path(QStringLiteral("campaign2.json")),
                          QStringLiteral("--taxonomy"), QStringLiteral("no-such")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no taxonomy 'no-such' in the project or bundled")), qPrintable(r.err));
        auto p = storage::Project::open(path(project));
        evaluate::CampaignStore store(p->database());
        QVERIFY(!store.campaignId(QStringLiteral("bad")));
        QVERIFY(!store.campaignId(QStringLiteral("none")));
        QCOMPARE(store.campaign(*store.campaignId(QStringLiteral("tax"))).options.errorTypology.name, QStringLiteral("mozilla-localization"));
        const Campaign stored = store.campaign(*store.campaignId(QStringLiteral("house")));
        QCOMPARE(stored.options.errorTypology.categories, (QStringList{QStringLiteral("Accuracy"), QStringLiteral("Accuracy/Omission"), QStringLiteral("Style")}));
        QCOMPARE(stored.options.errorTypology.weights.major, 10.0);
    }

    void paperTable()
    {
        // cESA, two items, two annotators; sysA always 80 and sysB always 40: means 80 and 40, every
        // bootstrap interval collapses to the mean; every resampled difference equals the observed
        // one, so none exceeds it and p = (0 + 1)/(1000 + 1) < 0.05: two clusters; no disagreement
        // at all, so both alphas are 1 over the 4 units (item x system)
        const QString project = QStringLiteral("paper.gauntlet");
        {
            ImportedCampaign ic;
            ic.campaign.name = QStringLiteral("paper");
            ic.campaign.protocol = Protocol::Cesa;
            for (const QString &key : {QStringLiteral("i1"), QStringLiteral("i2")}) {
                CampaignItem item;
                item.key = key;
                item.translations = {{QStringLiteral("sysA"), QStringLiteral("Ja.")}, {QStringLiteral("sysB"), QStringLiteral("Nein.")}};
                ic.campaign.items << item;
                for (const QString &who : {QStringLiteral("ann1"), QStringLiteral("ann2")}) {
                    StoredAnswer a = storedAnswer(key, 80, {});
                    a.systemOrder = {0, 1};
                    a.answer.judgements = {TranslationJudgement{QStringLiteral("sysA"), 80, {}}, TranslationJudgement{QStringLiteral("sysB"), 40, {}}};
                    ic.answers[who] << a;
                }
            }
            auto p = storage::Project::open(path(project));
            evaluate::CampaignStore(p->database()).importFinishedCampaign(ic);
        }
        CliResult r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("results"), QStringLiteral("paper"), QStringLiteral("--format"), QStringLiteral("markdown")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral(
            "| Rank | System | Mean | 95% CI | n |\n"
            "|:--|:--|--:|:-:|--:|\n"
            "| 1 | sysA | 80.0 | [80.0, 80.0] | 4 |\n"
            "| 2 | sysB | 40.0 | [40.0, 40.0] | 4 |\n"
            "\n"
            "Table: Human evaluation \"paper\" (cESA, 2 annotators): mean score (0–100) per system with its 95% bootstrap interval over items "
            "and the number of ratings n. Systems sharing a rank range form a significance cluster: none differs significantly from the next "
            "system down (paired bootstrap, p ≥ 0.05). Krippendorff's α = 1.000 (interval), 1.000 (interval on per-annotator z-scores) over 4 "
            "units rated by two or more annotators.\n"));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("results"), QStringLiteral("paper"), QStringLiteral("--format"), QStringLiteral("latex"),
                          QStringLiteral("--output"), path(QStringLiteral("table.tex"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile tex(path(QStringLiteral("table.tex")));
        QVERIFY(tex.open(QIODevice::ReadOnly));
        QVERIFY(tex.readAll().contains("1 & sysA & 80.0 & [80.0, 80.0] & 4 \\\\\n\\midrule\n2 & sysB & 40.0 & [40.0, 40.0] & 4 \\\\\n"));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("results"), QStringLiteral("paper"), QStringLiteral("--format"), QStringLiteral("html")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("unknown table format 'html' (expected latex, typst or markdown)")), qPrintable(r.err));
    }

    void pearmutAndAppraiseFiles()
    {
        const QString project = QStringLiteral("exchange.gauntlet");
        {
            auto p = storage::Project::open(path(project));
            evaluate::CampaignStore(p->database()).importFinishedCampaign(spanExample());
        }
        auto campaignsList = [&] { return cli(project, {QStringLiteral("campaigns"), QStringLiteral("list")}).out; };
        auto overall = [&](const QString &name) {
            const QString out = cli(project, {QStringLiteral("campaigns"), QStringLiteral("stats"), name}).out;
            const int at = int(out.indexOf(QStringLiteral("span_overall")));
            return at < 0 ? QString() : out.mid(at, out.indexOf(u'\n', at) - at);
        };
        const QString original = overall(QStringLiteral("spans"));
        QCOMPARE(original, QStringLiteral("span_overall\t-\t-\t4\t0.500\t0.167\t0.308\t0.154\t0.615\t0.308\t0.500\t0.000\t0.765"));

        // Gauntlet -> Pearmut JSONL -> Gauntlet: the same spans, scores and times
        CliResult r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("export-pearmut"), QStringLiteral("spans"), path(QStringLiteral("spans.jsonl"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-pearmut-results"), path(QStringLiteral("spans.jsonl")), QStringLiteral("--name"),
                          QStringLiteral("spans via pearmut")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("'spans via pearmut': 2 items, 5 answers by 3 annotators")), qPrintable(r.out));
        QCOMPARE(overall(QStringLiteral("spans via pearmut")), original);
        {
            auto p = storage::Project::open(path(project));
            evaluate::CampaignStore store(p->database());
            const auto before = store.storedAnswers(*store.campaignId(QStringLiteral("spans")));
            const auto after = store.storedAnswers(*store.campaignId(QStringLiteral("spans via pearmut")));
            QCOMPARE(after.keys(), before.keys());
            for (const QString &who : before.keys())
                for (int i = 0; i < before[who].size(); ++i) {
                    QCOMPARE(after[who][i].itemKey, before[who][i].itemKey);
                    QCOMPARE(after[who][i].savedAt, before[who][i].savedAt);
                    QCOMPARE(after[who][i].answer.elapsedMs, before[who][i].answer.elapsedMs);
                    QCOMPARE(after[who][i].answer.judgements[0].score, before[who][i].answer.judgements[0].score);
                    QCOMPARE(after[who][i].answer.judgements[0].spans, before[who][i].answer.judgements[0].spans);
                }
        }

        // Gauntlet -> Appraise CSV -> Gauntlet
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("export-appraise"), QStringLiteral("spans"), path(QStringLiteral("spans.csv"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile csv(path(QStringLiteral("spans.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray csvBytes = csv.readAll();
        // as Appraise's web interface stores it: JSON spans, UTF-16 offsets, language codes
        QVERIFY2(csvBytes.startsWith("anna,sys,0,TGT,eng,deu,40,i1,False,\"[{\"\"start_i\"\":0,\"\"end_i\"\":4,\"\"severity\"\":\"\"minor\"\",\"\"error_type\"\":null},"
                                     "{\"\"start_i\"\":13,\"\"end_i\"\":14,\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":null},"
                                     "{\"\"start_i\"\":\"\"missing\"\",\"\"end_i\"\":\"\"missing\"\",\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":null}]\","
                                     "1767323089.25,1767323090.25\r\n"),
                 csvBytes.constData());
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-appraise"), path(QStringLiteral("spans.csv")), QStringLiteral("--name"), QStringLiteral("AP")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("'AP eng-deu': 2 items, 5 answers by 3 annotators")), qPrintable(r.out));
        {
            // Appraise counts UTF-16 units (the emoji at 13 is 13-14) and its CSV has no texts, so
            // the offsets come back as written; scores, [missing] and times are kept
            auto p = storage::Project::open(path(project));
            evaluate::CampaignStore store(p->database());
            const auto answers = store.storedAnswers(*store.campaignId(QStringLiteral("AP eng-deu")));
            const StoredAnswer anna = answers.value(QStringLiteral("anna")).first();  // a copy: value() returns a temporary list
            QCOMPARE(anna.itemKey, QStringLiteral("i1|0|sys"));
            QCOMPARE(anna.answer.judgements[0].score, std::optional<int>(40));
            QCOMPARE(anna.answer.judgements[0].spans,
                     (QVector<ErrorSpan>{span(0, 4, Severity::Minor), span(13, 14, Severity::Major), ErrorSpan::omission(Severity::Major)}));
            QCOMPARE(anna.answer.elapsedMs, qint64(1000));
            QCOMPARE(anna.savedAt, QStringLiteral("2026-01-02T03:04:50.250Z"));
        }
        // With the campaign it came from at hand, the texts come back and the UTF-16 offsets become
        // code points again: span agreement is the original's (issue 32: char F1 0.667 -> 0.679).
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-appraise"), path(QStringLiteral("spans.csv")), QStringLiteral("--name"),
                          QStringLiteral("AT"), QStringLiteral("--texts-from"), QStringLiteral("spans")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("items took their texts from 'spans'")), qPrintable(r.err));
        QCOMPARE(overall(QStringLiteral("AT eng-deu")), original);

        // Pearmut campaign file in its published shape
        writeFile(QStringLiteral("pearmut.json"), R"({"info": {"protocol": "cESA", "assignment": "task-based", "textfield": "hidden"}, "campaign_id": "deen",
          "data": [[[{"item_id": "t1", "src": "Frauen webten.", "tgt": {"model-tutorial": "Women knitted."},
                      "validation": {"model-tutorial": {"warning": "Mark knitted.", "score": [75, 85]}}, "skippable": true}],
                     [{"item_id": "d1", "src": "Sie aß.", "tgt": {"A": "She ate.", "B": "She eat."},
                       "error_spans": {"B": [{"start_i": 4, "end_i": 6, "severity": "minor", "category": null}]}}]]]})");
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-pearmut"), path(QStringLiteral("pearmut.json"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("'deen': 2 items, cesa")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("not carried over: info.textfield")), qPrintable(r.err));

        // malformed files: a clear error naming the file, nothing stored
        const QString listed = campaignsList();
        writeFile(QStringLiteral("truncated.json"), QByteArray("{\"info\": {\"protocol\": \"cESA\"},\n \"data\": [[[{\"item_id\": \"t1\", \"tgt\": {\"A\": \"x"));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-pearmut"), path(QStringLiteral("truncated.json")), QStringLiteral("--name"), QStringLiteral("t")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(path(QStringLiteral("truncated.json")) + QStringLiteral(": not valid JSON at line 2")), qPrintable(r.err));
        writeFile(QStringLiteral("truncated.csv"), csvBytes.left(csvBytes.size() / 3));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-appraise"), path(QStringLiteral("truncated.csv")), QStringLiteral("--name"), QStringLiteral("T")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(path(QStringLiteral("truncated.csv"))), qPrintable(r.err));
        writeFile(QStringLiteral("latin1.jsonl"), QByteArray("{\"user_id\": \"J\xfcrgen\"}\n"));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-pearmut-results"), path(QStringLiteral("latin1.jsonl")), QStringLiteral("--name"), QStringLiteral("L")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(path(QStringLiteral("latin1.jsonl")) + QStringLiteral(": not valid UTF-8")), qPrintable(r.err));
        r = cli(project, {QStringLiteral("campaigns"), QStringLiteral("import-appraise"), path(QStringLiteral("spans.csv")), QStringLiteral("--name"), QStringLiteral("AP")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("a campaign named 'AP eng-deu' already exists (nothing imported)")), qPrintable(r.err));
        QCOMPARE(campaignsList(), listed);
    }
};

GAUNTLET_TEST_MAIN(TestCampaignsInterop)
#include "tst_campaigns_interop.moc"
