// `gauntlet campaigns adjudicate` / `adjudications` (issue 20, item 14): the non-interactive
// adjudication of one translation from the span-agreement example (tst_campaigns_interop.cpp),
// its provenance line worked out by hand, refusals that store nothing, and that `stats` still
// compares only the three annotators while the Pearmut export carries "adjudicated".
#include "engine/evaluate/campaign_store.h"
#include "engine/store/database.h"
#include "engine/store/project.h"

#include "tests/support/cli_runner.h"
#include "tests/support/span_example.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::CliResult;
using gauntlet::testing::span;
using gauntlet::testing::spanExample;
using gauntlet::testing::storedAnswer;


class TestCampaignsAdjudicate : public gauntlet::testing::CliTest {
    Q_OBJECT

    CliResult cli(const QStringList &args) const { return CliTest::cli(QStringLiteral("p.gauntlet"), args); }

    int storedAdjudications()
    {
        auto p = storage::Project::open(m_dir.filePath(QStringLiteral("p.gauntlet")));
        return p->database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_adjudications")).toInt();
    }

private Q_SLOTS:
    void initTestCase()
    {
        gauntlet::testing::useTestEnvironment("tester");
        auto p = storage::Project::open(m_dir.filePath(QStringLiteral("p.gauntlet")));
        evaluate::CampaignStore(p->database()).importFinishedCampaign(spanExample());
    }

    void showGroupsOverlappingSpans()
    {
        // i1: anna [0,4], ben [0,4], cleo [2,4] -> group 1 "0-4"; anna, cleo [13,13] -> group 2;
        // ben [15,20] -> group 3; [missing] of anna (major) and cleo (minor) -> group 4
        const CliResult r = cli({QStringLiteral("campaigns"), QStringLiteral("adjudicate"), QStringLiteral("spans"), QStringLiteral("--item"),
                                 QStringLiteral("i1"), QStringLiteral("--system"), QStringLiteral("sys"), QStringLiteral("--show")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("group 1\t0-4\tanna 0-4 minor \"Größe\" | ben 0-4 major \"Größe\" | cleo 2-4 minor \"öße\"\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("group 3\t15-20\tben 15-20 minor \"nichts\"\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("group 4\t[missing]\tanna [missing] major | cleo [missing] minor\n")), qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("group 5")));
    }

    void refusalsStoreNothing()
    {
        const QStringList base{QStringLiteral("campaigns"), QStringLiteral("adjudicate"), QStringLiteral("spans"), QStringLiteral("--item"),
                               QStringLiteral("i1"), QStringLiteral("--system"), QStringLiteral("sys"), QStringLiteral("--adjudicator"), QStringLiteral("dora")};
        CliResult r = cli(base + QStringList{QStringLiteral("--merge-group"), QStringLiteral("9:union")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("from 1 to 4")), qPrintable(r.err));
        r = cli(base + QStringList{QStringLiteral("--accept-from"), QStringLiteral("anna"), QStringLiteral("--score"), QStringLiteral("33")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("steps of 5")), qPrintable(r.err));
        r = cli(base + QStringList{QStringLiteral("--accept-from"), QStringLiteral("anna"), QStringLiteral("--add"), QStringLiteral("3-5:major")});
        QCOMPARE(r.code, 1);  // overlaps anna's [0,4]
        r = cli({QStringLiteral("campaigns"), QStringLiteral("adjudicate"), QStringLiteral("spans"), QStringLiteral("--item"), QStringLiteral("i2"),
                 QStringLiteral("--system"), QStringLiteral("sys"), QStringLiteral("--stage"), QStringLiteral("2"), QStringLiteral("--show")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("needs two or more")), qPrintable(r.err));
        QCOMPARE(storedAdjudications(), 0);
    }

    void adjudicateStoresProvenanceAndStatsIgnoreIt()
    {
        // from anna: [0,4] minor, [13,13] major, [missing] major, 40; group 1 by intersection ->
        // [2,4] (all three cover 2-4), minor (not all major) replacing anna's [0,4]; add [15,20]
        // major; reject [missing]; score 35 by hand.
        CliResult r = cli({QStringLiteral("campaigns"), QStringLiteral("adjudicate"), QStringLiteral("spans"), QStringLiteral("--item"), QStringLiteral("i1"),
                           QStringLiteral("--system"), QStringLiteral("sys"), QStringLiteral("--adjudicator"), QStringLiteral("dora"),
                           QStringLiteral("--accept-from"), QStringLiteral("anna"), QStringLiteral("--merge-group"), QStringLiteral("1:intersection"),
                           QStringLiteral("--add"), QStringLiteral("15-20:major"), QStringLiteral("--reject"), QStringLiteral("missing"),
                           QStringLiteral("--score"), QStringLiteral("35")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("i1\tsys\t1\t35\tby hand\tdora\t")), qPrintable(r.out));
        QVERIFY2(r.out.endsWith(QStringLiteral("\t2-4 minor intersection(anna,ben,cleo); 13-13 major accepted(anna); 15-20 major added\n")), qPrintable(r.out));

        r = cli({QStringLiteral("campaigns"), QStringLiteral("adjudications"), QStringLiteral("spans"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonArray all = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(all.size(), 1);
        QCOMPARE(all[0].toObject().value(QStringLiteral("score")).toInt(), 35);
        QVERIFY(all[0].toObject().value(QStringLiteral("score_from")).isNull());
        QCOMPARE(all[0].toObject().value(QStringLiteral("spans")).toArray().size(), 3);

        // span agreement unchanged: the hand-worked anna-ben line of tst_campaigns_interop, and no pair with "adjudicated"
        r = cli({QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("spans")});
        QVERIFY2(r.out.contains(QStringLiteral("span_pair\tanna\tben\t2\t0.435\t0.000\t0.400\t0.000\t0.400\t0.000\t0.000\t0.000\t0.700\n")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QStringLiteral("\tadjudicated\t")), qPrintable(r.out));

        // exports carry it as one more annotator
        const QString out = m_dir.filePath(QStringLiteral("out.jsonl"));
        r = cli({QStringLiteral("campaigns"), QStringLiteral("export-pearmut"), QStringLiteral("spans"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("\"adjudicated\""));
    }
};

GAUNTLET_TEST_MAIN(TestCampaignsAdjudicate)
#include "tst_campaigns_adjudicate.moc"
