// Cohen's kappa of LLM verifiers (issue 19, item 12) against hand-worked values: the 2x2 formula
// (Cohen 1960), its undefined cases, and verifierStats() over a project whose verdicts and
// verdicts set by hand are laid out below, spread over two examples.
#include "engine/metrics/cohen_kappa.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verdict_override_store.h"
#include "engine/verify/verifier_stats.h"

#include <QTemporaryDir>
#include "tests/support/example_builder.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

class TestVerifierStats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kappa_handWorked()
    {
        // a=4 (both pass), b=1 (first pass, second fail), c=2, d=3; n=10.
        // p_o = (4+3)/10 = 0.7; p1 = (4+1)/10 = 0.5; p2 = (4+2)/10 = 0.6;
        // p_e = 0.5*0.6 + 0.5*0.4 = 0.5; kappa = (0.7-0.5)/(1-0.5) = 0.4.
        const metrics::AgreementTable2x2 t{4, 1, 2, 3};
        QCOMPARE(t.n(), 10);
        QCOMPARE(t.agreements(), 7);
        QCOMPARE(t.expectedAgreement(), 0.5);
        QVERIFY(qAbs(*metrics::cohensKappa(t) - 0.4) < 1e-12);
        // a=20, b=5, c=10, d=15 (Cohen's textbook layout): p_o = 35/50 = 0.7; p1 = 25/50 = 0.5;
        // p2 = 30/50 = 0.6; p_e = 0.5; kappa = 0.4 again. a=45, b=15, c=25, d=15: p_o = 0.6,
        // p1 = 0.6, p2 = 0.7, p_e = 0.42 + 0.12 = 0.54, kappa = 0.06/0.46 = 0.1304348.
        QVERIFY(qAbs(*metrics::cohensKappa({45, 15, 25, 15}) - 0.06 / 0.46) < 1e-12);
        // Complete disagreement with balanced marginals: p_o = 0, p_e = 0.5, kappa = -1.
        QVERIFY(qAbs(*metrics::cohensKappa({0, 3, 3, 0}) + 1.0) < 1e-12);
        // Undefined: no items; both always "pass" (p_e = 1).
        QVERIFY(!metrics::cohensKappa({}));
        QVERIFY(!metrics::cohensKappa({5, 0, 0, 0}));
        // One rater constant, the other not: p_e < 1, kappa = 0 (p_o = p_e = 0.5 here).
        QVERIFY(qAbs(*metrics::cohensKappa({2, 2, 0, 0})) < 1e-12);
    }

    void projectStats_handWorked()
    {
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("stats.gauntlet"), storage::Project::Options{false});
        verify::ExampleStore s(project->database());
        for (const char *name : {"v1", "v2"}) {
            verify::VerifierConfig v = testing::makeVerifier(QLatin1String(name), QStringLiteral("http://127.0.0.1:9/v1"), QLatin1String(name));
            s.saveVerifier(v);
        }
        // Two examples with the same six translations T0 (reference) .. T5 and one
        // natural-language rule each (R1 on the first, R2 on the second): 12 items, plus a string
        // rule whose verdict and override must not count.
        //   item     i1 i2 i3 i4 i5 i6 | i7 i8 i9 i10 i11 i12
        //            R1xT0 ..     R1xT5 | R2xT0 ..          R2xT5
        //   v1        P  P  P  P  P  F  |  F  F  F  F   P   F
        //   v2        P  P  P  P  F  P  |  P  F  F  F   ?   -     (? unknown, - no verdict)
        //   human     P  .  .  .  F  .  |  .  F  .  .   .   F
        // v1 vs v2 (i1..i10): a=4 (i1-i4), b=1 (i5), c=2 (i6, i7), d=3 (i8-i10): kappa = 0.4 (above).
        // v1 vs human (i1, i5, i8, i12): a=1, b=1, c=0, d=2; p_o = 3/4; p1 = 2/4; p2 = 1/4;
        //   p_e = 0.5*0.25 + 0.5*0.75 = 0.5; kappa = (0.75-0.5)/0.5 = 0.5.
        // v2 vs human (i1, i5, i8): a=1, b=0, c=0, d=2; p_o = 1; p1 = p2 = 1/3;
        //   p_e = 1/9 + 4/9 = 5/9; kappa = (1-5/9)/(4/9) = 1.
        QStringList texts;
        for (int t = 0; t < 6; ++t)
            texts << QStringLiteral("Traducción número %1.").arg(t);
        const QString v1[2] = {QStringLiteral("PPPPPF"), QStringLiteral("FFFFPF")};
        const QString v2[2] = {QStringLiteral("PPPPFP"), QStringLiteral("PFFF?-")};
        const QString human[2] = {QStringLiteral("P...F."), QStringLiteral(".F...F")};
        verify::VerificationRule contains = testing::makeRule(QStringLiteral("número"), verify::VerificationRule::Kind::Contains);
        for (int e = 0; e < 2; ++e) {
            verify::ChallengeExample ex = testing::makeExample(QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("Translation number %1.").arg(e), texts[0]);
            const qint64 id = s.addExample(ex);
            verify::VerificationRule llm = testing::makeRule(QStringLiteral("Rule R%1 holds.").arg(e + 1));
            s.setRules(id, {llm, contains});
            for (int t = 1; t < 6; ++t)
                s.setTranslation(id, QStringLiteral("S%1").arg(t), QStringLiteral("manual"), texts[t]);
            verify::VerdictCache cache;
            auto put = [&](const QString &verifier, QChar c, int t) {
                if (c != u'-')
                    cache.insert(llm, verifier, texts[t],
                                 verify::VerdictRecord{c == u'P' ? verify::Verdict::Pass : c == u'F' ? verify::Verdict::Fail : verify::Verdict::Unknown, QString(c), {}, {}});
            };
            for (int t = 0; t < 6; ++t) {
                put(QStringLiteral("v1"), v1[e][t], t);
                put(QStringLiteral("v2"), v2[e][t], t);
                cache.insert(contains, QString(), texts[t], verify::VerdictRecord{verify::Verdict::Pass, {}, {}, {}});
            }
            s.saveVerdicts(id, cache);
            verify::VerdictOverrideStore overrides(project->database());
            for (int t = 0; t < 6; ++t)
                if (human[e][t] != u'.')
                    overrides.setOverride(id, 0, texts[t], human[e][t] == u'P' ? verify::Verdict::Pass : verify::Verdict::Fail, QStringLiteral("checked"),
                                          QStringLiteral("rev"));
            overrides.setOverride(id, 1, texts[2], verify::Verdict::Fail, QStringLiteral("string rule"), QStringLiteral("rev"));
        }

        const verify::VerifierStats stats = verify::verifierStats(project->database());
        QCOMPARE(stats.verifiers, (QStringList{QStringLiteral("v1"), QStringLiteral("v2")}));
        QCOMPARE(stats.rows.size(), 3);  // v1-human, v1-v2, v2-human
        auto check = [&](int row, const QString &first, const QString &second, metrics::AgreementTable2x2 table, double kappa) {
            const verify::VerifierKappa &k = stats.rows[row];
            QCOMPARE(k.first, first);
            QCOMPARE(k.second, second);
            QCOMPARE(k.table.bothPositive, table.bothPositive);
            QCOMPARE(k.table.firstOnly, table.firstOnly);
            QCOMPARE(k.table.secondOnly, table.secondOnly);
            QCOMPARE(k.table.bothNegative, table.bothNegative);
            QVERIFY(k.kappa);
            QVERIFY2(qAbs(*k.kappa - kappa) < 1e-12, qPrintable(QString::number(*k.kappa)));
        };
        check(0, QStringLiteral("v1"), verify::humanVerdictRaterName(), {1, 1, 0, 2}, 0.5);
        check(1, QStringLiteral("v1"), QStringLiteral("v2"), {4, 1, 2, 3}, 0.4);
        check(2, QStringLiteral("v2"), verify::humanVerdictRaterName(), {1, 0, 0, 2}, 1.0);
    }
};

GAUNTLET_TEST_MAIN(TestVerifierStats)
#include "tst_verifier_stats.moc"
