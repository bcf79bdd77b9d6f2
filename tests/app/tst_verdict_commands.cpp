// Issue 19, items 11 and 12 on the command line against a scripted local verifier server: two
// verifiers that disagree, `verify --verifier` choosing one, `--force` re-asking, the matrix
// flagging the disagreement, `examples override` (set, refuse bad input, remove) and
// `verifiers stats` with Cohen's kappa checked against values worked by hand below.
#include "tests/support/cli_runner.h"
#include "tests/support/fake_chat_server.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QtTest>

using gauntlet::testing::chatBody;
using gauntlet::testing::FakeChatServer;
using gauntlet::testing::ScriptedReply;
using Result = gauntlet::testing::CliResult;

class TestVerdictCommands : public gauntlet::testing::CliTest {
    Q_OBJECT

    Result cli(const QStringList &args) const { return CliTest::cli(QStringLiteral("verdicts.gauntlet"), args); }

private Q_SLOTS:
    void initTestCase() { gauntlet::testing::useTestEnvironment("tester"); }

    void twoVerifiers_overrideAndKappa()
    {
        FakeChatServer server;
        QStringList asked;  // model of each verifier request
        // j1 passes translations with "Der Hund"; j2 passes everything: they disagree on "Die Hund".
        server.responder = [&asked](const gauntlet::testing::ReceivedRequest &request) {
            const QString model = gauntlet::testing::modelOf(request);
            const QString prompt = gauntlet::testing::promptOf(request);
            asked << model;
            const bool der = prompt.contains(QStringLiteral("Translation to verify: Der Hund"));
            return ScriptedReply{200, chatBody(model == QLatin1String("j1") && !der ? QStringLiteral("FAIL\n\nIt says Die Hund.")
                                                                                      : QStringLiteral("Pass.")),
                                 0, false, false};
        };
        for (const QString &name : {QStringLiteral("j1"), QStringLiteral("j2")})
            QCOMPARE(cli({QStringLiteral("verifiers"), QStringLiteral("add"), name, QStringLiteral("--base-url"), server.baseUrl(),
                          QStringLiteral("--model"), name}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                      QStringLiteral("--target-lang"), QStringLiteral("German"), QStringLiteral("--text"), QStringLiteral("The dog barks."),
                      QStringLiteral("--reference"), QStringLiteral("Der Hund bellt.")}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("output"), QStringLiteral("1"), QStringLiteral("A"), QStringLiteral("Die Hund bellt.")}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("output"), QStringLiteral("1"), QStringLiteral("B"), QStringLiteral("Der Hund bellt laut.")}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QStringLiteral("Hund takes the article der.")}).code, 0);

        // One chosen verifier: only its requests (reference, A, B).
        Result r = cli({QStringLiteral("verify"), QStringLiteral("1"), QStringLiteral("--verifier"), QStringLiteral("j1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(asked, QStringList(3, QStringLiteral("j1")));
        QCOMPARE(cli({QStringLiteral("verify"), QStringLiteral("1"), QStringLiteral("--verifier"), QStringLiteral("nobody")}).code, 2);
        // All: j1's verdicts are reused, j2 is asked; the cell where they disagree is flagged.
        asked.clear();
        r = cli({QStringLiteral("verify"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(asked, QStringList(3, QStringLiteral("j2")));
        QVERIFY2(r.out.contains(QStringLiteral("\nA\tunknown\tunknown (disagree)\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("  rule 1\tA\tj1=fail j2=pass\tDISAGREE\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("  rule 1\tB\tj1=pass j2=pass\n")), qPrintable(r.out));
        // --force re-asks the chosen verifier only.
        asked.clear();
        QCOMPARE(cli({QStringLiteral("verify"), QStringLiteral("1"), QStringLiteral("--force"), QStringLiteral("--verifier"), QStringLiteral("j2")}).code, 0);
        QCOMPARE(asked, QStringList(3, QStringLiteral("j2")));

        // A human verdict: bad input refused, then set on A and on the reference.
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--system"), QStringLiteral("A"),
                      QStringLiteral("--rule"), QStringLiteral("1"), QStringLiteral("--verdict"), QStringLiteral("maybe"), QStringLiteral("--reason"),
                      QStringLiteral("x")}).code, 2);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--system"), QStringLiteral("A"),
                      QStringLiteral("--rule"), QStringLiteral("1"), QStringLiteral("--verdict"), QStringLiteral("fail")}).code, 2);
        r = cli({QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--system"), QStringLiteral("Z"),
                 QStringLiteral("--rule"), QStringLiteral("1"), QStringLiteral("--verdict"), QStringLiteral("fail"), QStringLiteral("--reason"), QStringLiteral("x")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no output of 'Z'")), qPrintable(r.err));
        r = cli({QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--system"), QStringLiteral("A"),
                 QStringLiteral("--rule"), QStringLiteral("2"), QStringLiteral("--verdict"), QStringLiteral("fail"), QStringLiteral("--reason"), QStringLiteral("x")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no rule 2")), qPrintable(r.err));
        r = cli({QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--system"), QStringLiteral("A"),
                 QStringLiteral("--rule"), QStringLiteral("1"), QStringLiteral("--verdict"), QStringLiteral("fail"), QStringLiteral("--reason"),
                 QStringLiteral("Die Hund: wrong article")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\nA\tfail\tfail (human) (disagree)\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("gate: holds")), qPrintable(r.out));  // A fails now: 1 of 2 outputs pass
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--reference"),
                      QStringLiteral("--rule"), QStringLiteral("1"), QStringLiteral("--verdict"), QStringLiteral("pass"), QStringLiteral("--reason"),
                      QStringLiteral("der is right")}).code, 0);
        r = cli({QStringLiteral("examples"), QStringLiteral("show"), QStringLiteral("1")});
        QVERIFY2(r.out.contains(QStringLiteral("  rule 1\tA\tfail [unknown]\ttester\t")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\tDie Hund: wrong article\n")), qPrintable(r.out));

        // Items (rule 1 on: reference, A, B):  j1 P F P;  j2 P P P;  human P F -.
        // j1 vs human: a=1 (ref), d=1 (A): p_o = 1, p1 = p2 = 1/2, p_e = 1/2, kappa = 1.
        // j1 vs j2: a=2 (ref, B), c=1 (A: j1 fail, j2 pass): p_o = 2/3, p1 = 2/3, p2 = 1,
        //   p_e = 2/3*1 + 1/3*0 = 2/3, kappa = 0.
        // j2 vs human: a=1 (ref), b=1 (A: j2 pass, human fail): p_o = 1/2, p1 = 1, p2 = 1/2,
        //   p_e = 1/2, kappa = 0.
        r = cli({QStringLiteral("verifiers"), QStringLiteral("stats")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\nj1\thuman\t2\t2\t1\t0\t0\t1\t1.000\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\nj1\tj2\t3\t2\t2\t0\t1\t0\t0.000\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\nj2\thuman\t2\t1\t1\t1\t0\t0\t0.000\n")), qPrintable(r.out));

        // Removing the human verdict brings the verifiers' back; removing it twice is an error.
        const QStringList remove{QStringLiteral("examples"), QStringLiteral("override"), QStringLiteral("1"), QStringLiteral("--system"),
                                 QStringLiteral("A"), QStringLiteral("--rule"), QStringLiteral("1"), QStringLiteral("--remove")};
        r = cli(remove);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\nA\tunknown\tunknown (disagree)\n")), qPrintable(r.out));
        QCOMPARE(cli(remove).code, 1);
    }
};

GAUNTLET_TEST_MAIN(TestVerdictCommands)
#include "tst_verdict_commands.moc"
