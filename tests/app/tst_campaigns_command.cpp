// `gauntlet campaigns ...` end to end, headless: a two-stage cESA campaign built from the
// project's examples, handed to two annotators (packages into their own projects), answered
// there, result files collected and imported by the organiser, stats with agreement and ranking
// (values worked by hand), JSONL/CSV export; refusals of a duplicate import and of another
// campaign's result file, each with exit code 1 and a reason naming the file.
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/campaign.h"
#include "engine/store/project.h"

#include "tests/support/shared_copy.h"
#include "tests/support/cli_runner.h"

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;
using gauntlet::testing::CliResult;

class TestCampaignsCommand : public gauntlet::testing::CliTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { gauntlet::testing::useTestEnvironment("tester"); }

    void organiserToTwoAnnotatorsAndBack()
    {
        const QString org = QStringLiteral("organiser.gauntlet");
        const QStringList sources{QStringLiteral("The bank was closed."), QStringLiteral("She left the key under the mat."),
                                  QStringLiteral("Time flies like an arrow.")};
        for (int i = 0; i < sources.size(); ++i) {
            CliResult r = cli(org, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                                    QStringLiteral("--target-lang"), QStringLiteral("Hebrew"), QStringLiteral("--text"), sources[i],
                                    QStringLiteral("--reference"), QString::fromUtf8("\xD7\x94\xD7\x91\xD7\xA0\xD7\xA7 %1").arg(i)});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const QString id = QString::number(i + 1);
            r = cli(org, {QStringLiteral("examples"), QStringLiteral("rule"), id, QStringLiteral("The translation keeps the meaning of 'bank'.")});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            r = cli(org, {QStringLiteral("examples"), QStringLiteral("output"), id, QStringLiteral("sysA"), QString::fromUtf8("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D %1").arg(i)});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            r = cli(org, {QStringLiteral("examples"), QStringLiteral("output"), id, QStringLiteral("sysB"), QString::fromUtf8("\xE6\x88\x91 %1").arg(i)});
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
        CliResult r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("pilot"), QStringLiteral("--two-stage"),
                                QStringLiteral("--rule-form"), QStringLiteral("--redundancy"), QStringLiteral("2"), QStringLiteral("--seed"), QStringLiteral("11")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("3 items, cesa, two stages")), qPrintable(r.out));
        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("assign"), QStringLiteral("pilot"), QStringLiteral("--annotators"), QStringLiteral("ann1,ann2")});
        QVERIFY2(r.code == 0, qPrintable(r.err));

        // Each annotator: receive the package in their own project, answer, write the result file.
        const QStringList names{QStringLiteral("ann1"), QStringLiteral("ann2")};
        for (int k = 0; k < 2; ++k) {
            const QString pkg = path(names[k] + QStringLiteral("-package.json"));
            r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("export"), QStringLiteral("pilot"), names[k], pkg});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const QString own = names[k] + QStringLiteral(".gauntlet");
            r = cli(own, {QStringLiteral("campaigns"), QStringLiteral("receive"), pkg});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            {
                auto project = storage::Project::open(path(own));
                evaluate::CampaignStore store(project->database());
                const qint64 id = *store.campaignId(QStringLiteral("pilot"));
                const Campaign c = store.campaign(id);
                for (const AssignedItem &a : store.assignment(id, names[k]).items) {
                    const CampaignItem &item = c.items[a.itemIndex];
                    const int n = item.key.section(u':', 1, 1).toInt();  // example 1..3
                    for (int stage = 1; stage <= 2; ++stage) {
                        Answer ans;
                        ans.stage = stage;
                        for (int pos = 0; pos < 2; ++pos) {
                            const bool isA = item.translations[a.systemOrder[pos]].system == QLatin1String("sysA");
                            // sysA: 90 (stage 1), 95 (stage 2); sysB: 30/50/70 by example, +10 for ann2
                            const int score = isA ? (stage == 1 ? 90 : 95) : 10 + 20 * n + 10 * k;
                            ans.judgements << TranslationJudgement{QString(), score, {}};
                            if (!isA)
                                ans.judgements.last().spans = {{0, 0, Severity::Major, false}};
                        }
                        if (stage == 2) {
                            ans.rules = {RuleVerdict::Realistic};
                            ans.incorrectCouldPass = false;
                        }
                        store.saveAnswer(id, names[k], item.key, ans);
                    }
                }
            }
            r = cli(own, {QStringLiteral("campaigns"), QStringLiteral("results"), QStringLiteral("pilot"), names[k], path(names[k] + QStringLiteral("-results.json"))});
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }

        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("import"), path(QStringLiteral("ann1-results.json"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("imported 6 answers of ann1")), qPrintable(r.out));
        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("import"), path(QStringLiteral("ann1-results.json"))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("ann1-results.json")) && r.err.contains(QStringLiteral("already imported")), qPrintable(r.err));

        // another campaign's result file: refused
        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("other"), QStringLiteral("--redundancy"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile f(path(QStringLiteral("ann2-results.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray foreign = f.readAll();
        f.close();
        auto orgProject = storage::Project::open(path(org));
        evaluate::CampaignStore orgStore(orgProject->database());
        const QString pilotUid = orgStore.campaign(*orgStore.campaignId(QStringLiteral("pilot"))).uid;
        const QString otherUid = orgStore.campaign(*orgStore.campaignId(QStringLiteral("other"))).uid;
        orgProject.reset();
        foreign.replace(pilotUid.toUtf8(), otherUid.toUtf8());
        QFile out(path(QStringLiteral("foreign.json")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(foreign);
        out.close();
        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("import"), path(QStringLiteral("foreign.json"))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("foreign.json")), qPrintable(r.err));

        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("import"), path(QStringLiteral("ann2-results.json"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));

        // Issue 19, item 13: the rule form's answers (both annotators: realistic; an incorrect
        // translation could not pass) show next to the rule in `examples show`.
        r = cli(org, {QStringLiteral("examples"), QStringLiteral("show"), QStringLiteral("1")});
        QVERIFY2(r.out.contains(QStringLiteral("rule 1 (llm): The translation keeps the meaning of 'bank'.   "
                                               "[rule form: 2 realistic, 0 too strict, 0 not sure]\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("rule form: could an incorrect translation pass all rules? 0 yes, 2 no (campaigns: pilot)\n")),
                 qPrintable(r.out));

        // stats: sysA mean 90 (stage 1), sysB item means 35, 55, 75 -> 55; sysB stage shift 0, sysA +5
        QFile tsv(path(QStringLiteral("auto.tsv")));
        QVERIFY(tsv.open(QIODevice::WriteOnly));
        tsv.write("sysA\t0.8\nsysB\t0.3\n");
        tsv.close();
        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("pilot"), QStringLiteral("--jsonl"), path(QStringLiteral("r.jsonl")),
                      QStringLiteral("--csv"), path(QStringLiteral("r.csv")), QStringLiteral("--automatic"), path(QStringLiteral("auto.tsv"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\n1\tsysA\t90.00\t")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\n2\tsysB\t55.00\t")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\t6\t-\t0\t6\t0\t0.00\n")), qPrintable(r.out));  // sysB: 6 ratings, 6 major spans, shift 0
        QVERIFY2(r.out.contains(QStringLiteral("kendall_tau_b\t1.000")), qPrintable(r.out));
        // the project's own automatic ranking: chrF against the references. Whitespace dropped,
        // sysA "שלום<i>" shares only the digit with "הבנק<i>" in 5 characters, sysB "我<i>" the digit
        // in 2: sysB has the higher chrF, the annotators put sysA first -> tau-b -1 (2 systems: p = 1,
        // scipy's exact p-value).
        // The rule is a natural-language rule nobody verified: no verifier pass rate, no line.
        QVERIFY2(r.out.contains(QStringLiteral("kendall_tau_b_chrf\t-1.000\tp\t1.0000\tsystems\t2\n")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QStringLiteral("kendall_tau_b_verifier_pass_rate")), qPrintable(r.out));
        // interval alpha by hand, stage 1 and 2 units (item|system|stage), two coders each:
        // sysA units (90,90) x3, (95,95) x3; sysB units (30,40), (50,60), (70,80) per stage -> 6 units.
        // D_o = 6 units * 2 * 10^2 / n, n = 24; D_e from all 24 values.
        QVector<double> values;
        for (int s = 0; s < 2; ++s) {
            for (int i = 0; i < 3; ++i)
                values << (s == 0 ? 90 : 95) << (s == 0 ? 90 : 95);
            values << 30 << 40 << 50 << 60 << 70 << 80;
        }
        double sum = 0, sum2 = 0;
        for (double v : values) {
            sum += v;
            sum2 += v * v;
        }
        const double n = values.size();
        const double de = 2 * (n * sum2 - sum * sum) / (n * (n - 1));
        const double alpha = 1 - (6 * 2 * 100.0 / n) / de;
        QVERIFY2(r.out.contains(QStringLiteral("alpha_interval\t%1\tstages 1 and 2 pooled\n").arg(QString::number(alpha, 'f', 3))), qPrintable(r.out + QString::number(alpha)));
        // and per stage (issue 20): each stage's 12 values, 3 sysB units differing by 10 -> D_o = 3 * 200 / 12
        for (int s = 0; s < 2; ++s) {
            const QVector<double> stage = values.mid(s * 12, 12);
            double ss = 0, ss2 = 0;
            for (double v : stage) {
                ss += v;
                ss2 += v * v;
            }
            const double m = stage.size();
            const double stageAlpha = 1 - (3 * 200.0 / m) / (2 * (m * ss2 - ss * ss) / (m * (m - 1)));
            QVERIFY2(r.out.contains(QStringLiteral("alpha_interval_stage%1\t%2\n").arg(s + 1).arg(QString::number(stageAlpha, 'f', 3))),
                     qPrintable(r.out + QString::number(stageAlpha)));
        }
        QVERIFY2(r.out.contains(QStringLiteral("ranking\tstage 1 (rules hidden)")), qPrintable(r.out));
        QFile csv(path(QStringLiteral("r.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 2 * 3 * 2 * 2);  // header + annotators x items x stages x systems
        QFile jsonl(path(QStringLiteral("r.jsonl")));
        QVERIFY(jsonl.open(QIODevice::ReadOnly));
        QCOMPARE(jsonl.readAll().trimmed().split('\n').size(), 2 * 3 * 2);

        r = cli(org, {QStringLiteral("campaigns"), QStringLiteral("list")});
        QVERIFY2(r.out.contains(QStringLiteral("pilot\tcesa\t3 items\t12/12 answers")), qPrintable(r.out));
    }

    void create_everyOptionAndOneClearErrorForForeignFiles()
    {
        // Issue 20: attention checks and bad references could not be set where a campaign is
        // created, and a Pearmut campaign file gave "missing field 'protocol'" with the path twice.
        const QString p = QStringLiteral("options.gauntlet");
        for (int i = 0; i < 2; ++i) {
            const QString id = QString::number(i + 1);
            CliResult r = cli(p, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                                  QStringLiteral("--target-lang"), QStringLiteral("German"), QStringLiteral("--text"), QStringLiteral("Sentence %1 is short.").arg(i),
                                  QStringLiteral("--reference"), QStringLiteral("Satz %1 ist kurz.").arg(i)});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            r = cli(p, {QStringLiteral("examples"), QStringLiteral("output"), id, QStringLiteral("sysA"), QStringLiteral("Satz %1 ist kurz.").arg(i)});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            r = cli(p, {QStringLiteral("examples"), QStringLiteral("output"), id, QStringLiteral("sysB"), QStringLiteral("Der Satz %1 ist lang.").arg(i)});
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
        CliResult r = cli(p, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        for (const char *option : {"--checks", "tutorial", "loud", "silent", "--bad-references", "--character-based", "--instructions",
                                   "--include-reference", "--status", "--seed", "--no-shuffle", "--show-system-names", "--items-per-annotator",
                                   "--redundancy", "--scales", "--two-stage", "--rule-form"})
            QVERIFY2(r.out.contains(QLatin1String(option)), option);

        QFile checks(path(QStringLiteral("checks.json")));
        QVERIFY(checks.open(QIODevice::WriteOnly));
        checks.write(R"([{"key": "check:1", "source": "Good morning.", "check": "loud",
                          "translations": [{"system": "good", "text": "Guten Morgen."}, {"system": "broken", "text": "Guten Abend."}],
                          "expected": [{"min_score": 85, "max_score": 100}, {"min_score": 0, "max_score": 60, "span": [6, 10]}]}])");
        checks.close();
        r = cli(p, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("full"), QStringLiteral("--checks"), path(QStringLiteral("checks.json")),
                    QStringLiteral("--bad-references"), QStringLiteral("1"), QStringLiteral("--include-reference"), QStringLiteral("--instructions"),
                    QStringLiteral("Mark every error."), QStringLiteral("--no-shuffle"), QStringLiteral("--show-system-names"), QStringLiteral("--seed"), QStringLiteral("9")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        {
            auto project = storage::Project::open(path(p));
            evaluate::CampaignStore store(project->database());
            const Campaign c = store.campaign(*store.campaignId(QStringLiteral("full")));
            QCOMPARE(c.items.size(), 2 + 1 + 1);  // examples, one bad reference, one check
            QCOMPARE(c.items[0].translations.last().system, QStringLiteral("human"));
            QCOMPARE(c.items[2].check, CheckKind::BadReference);
            QCOMPARE(c.items[3].check, CheckKind::Loud);
            QCOMPARE(c.items[3].expected.size(), 2);
            QCOMPARE(c.options.instructions, QStringLiteral("Mark every error."));
            QVERIFY(!c.options.shuffleSystems && !c.options.hideSystemNames);
            QCOMPARE(c.options.seed, std::uint64_t(9));
        }

        // a Pearmut campaign file (its published shape) is not a Gauntlet campaign: one clear error
        QFile pearmut(path(QStringLiteral("cesa_deen.json")));
        QVERIFY(pearmut.open(QIODevice::WriteOnly));
        pearmut.write(R"({"info": {"protocol": "cESA", "assignment": "task-based"}, "campaign_id": "esa_deen",
                          "data": [[[{"item_id": "deen_1", "src": "Hallo.", "tgt": {"model-a": "Hello."}}]]]})");
        pearmut.close();
        r = cli(p, {QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("from pearmut"), QStringLiteral("--from-file"),
                    path(QStringLiteral("cesa_deen.json"))});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err.count(path(QStringLiteral("cesa_deen.json"))), 1);
        QCOMPARE(r.err.count(u'\n'), 1);  // one line
        QVERIFY2(r.err.contains(QStringLiteral("Pearmut")) && r.err.contains(QStringLiteral("expected a Gauntlet campaign")), qPrintable(r.err));
    }

    void realWmtRatings()
    {
        const QString wave3 = gauntlet::testing::sharedCopy(QStringLiteral("judgments/wmt24-esa/esa_generalMT2024_wave3.csv"));
        const QString p = QStringLiteral("wmt.gauntlet");
        CliResult r = cli(p, {QStringLiteral("campaigns"), QStringLiteral("import-wmt"), wave3});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("'WMT24 ESA en-ja'")) && r.out.contains(QStringLiteral("'WMT24 ESA en-zh'")), qPrintable(r.out));
        r = cli(p, {QStringLiteral("campaigns"), QStringLiteral("import-wmt"), wave3});
        QCOMPARE(r.code, 1);  // the names are taken: nothing imported twice
        QVERIFY2(r.err.contains(QStringLiteral("already exists")), qPrintable(r.err));
        r = cli(p, {QStringLiteral("campaigns"), QStringLiteral("stats"), QStringLiteral("WMT24 ESA en-ja")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\n1\t")), qPrintable(r.out));
        // no item of wave 3 was rated by two different annotators: alpha is undefined, said so
        QVERIFY2(r.out.contains(QStringLiteral("alpha_interval\t-")) && r.out.contains(QStringLiteral("no pairable values")), qPrintable(r.out));
    }
};

GAUNTLET_TEST_MAIN(TestCampaignsCommand)
#include "tst_campaigns_command.moc"
