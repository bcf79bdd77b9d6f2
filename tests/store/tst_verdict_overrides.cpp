// Reviewers' verdicts set by hand (issue 19, item 11; migration 0009): stored with who, when and
// why; bad input refused naming it without touching stored data; counted by the gate instead of
// the machine verdict; removed and restored (undo); stale after the source is edited; exported in
// the LTB release as the verdict ("verified") with the "human_verdicts" extra, and imported back.
#include "engine/core/text_file.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "engine/verify/ltb_release.h"
#include "engine/verify/verdict_override_store.h"
#include "engine/verify/verifier_stats.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include "tests/support/example_builder.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {

verify::ChallengeExample bankExample()
{
    verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("We sat on the bank and watched the river."), QStringLiteral("Nos sentamos en la orilla y miramos el río."));
    e.author = QStringLiteral("ana");
    return e;
}

const QString outputA = QStringLiteral("Nos sentamos en la orilla del río.");
const QString outputB = QStringLiteral("Nos sentamos en la orilla del banco.");

}  // namespace

class TestVerdictOverrides : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<storage::Project> m_project;

    /// An example whose only rule (contains "orilla") both MT outputs pass: the gate fails (at most
    /// 1 of 2 outputs may pass all rules).
    qint64 addVerifiedExample()
    {
        verify::ExampleStore s(m_project->database());
        const qint64 id = s.addExample(bankExample());
        verify::VerificationRule contains = testing::makeRule(QStringLiteral("orilla"), verify::VerificationRule::Kind::Contains);
        s.setRules(id, {contains});
        s.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), outputA);
        s.setTranslation(id, QStringLiteral("B"), QStringLiteral("manual"), outputB);
        const auto outcome = verify::VerificationRunner::runBlocking(bankExample().sourceText, {contains}, {bankExample().reference, outputA, outputB}, {});
        s.saveVerdicts(id, outcome.verdicts);
        return id;
    }

private Q_SLOTS:
    void init() { m_project = testing::testFunctionProject(m_dir); }
    void cleanup() { m_project.reset(); }

    void override_countedByGateAndMarked()
    {
        const qint64 id = addVerifiedExample();
        verify::ExampleStore s(m_project->database());
        verify::ExampleAssessment a = s.assess(id);
        QCOMPARE(a.gate.mtPassingAll, 2);
        QCOMPARE(a.gate.state, verify::GateResult::State::Fails);

        verify::VerdictOverrideStore overrides(m_project->database());
        const auto previous = overrides.setOverride(id, 0, outputB, verify::Verdict::Fail, QStringLiteral("'orilla del banco' is not the river bank"),
                                                    QStringLiteral("rev"));
        QVERIFY(!previous);
        a = s.assess(id);
        const verify::VerdictCell &cell = a.matrix.rows[2].cells[0];  // reference, A, B
        QCOMPARE(a.matrix.rows[2].label, QStringLiteral("B"));
        QCOMPARE(cell.verdict, verify::Verdict::Fail);
        QCOMPARE(cell.machineVerdict, verify::Verdict::Pass);
        QVERIFY(cell.humanOverride);
        QCOMPARE(cell.humanOverride->reviewer, QStringLiteral("rev"));
        QVERIFY(!cell.humanOverride->createdAt.isEmpty());
        QCOMPARE(a.matrix.rows[2].overall, verify::Verdict::Fail);
        QCOMPARE(a.gate.mtPassingAll, 1);  // only A now
        QVERIFY2(a.gate.holds(), qPrintable(a.gate.explanation.join(u'|')));
        s.submit(id, QStringLiteral("ana"));  // the gate counts the human verdict

        // Setting again replaces it and returns the one it replaced.
        const auto replaced = overrides.setOverride(id, 0, outputB, verify::Verdict::Pass, QStringLiteral("on second thought"), QStringLiteral("rev2"));
        QVERIFY(replaced);
        QCOMPARE(replaced->reason, QStringLiteral("'orilla del banco' is not the river bank"));
        QCOMPARE(overrides.overrides(id).size(), 1);
        QCOMPARE(s.assess(id).gate.state, verify::GateResult::State::Fails);

        // Removing brings the machine verdict back; restoring (undo) keeps reviewer and time.
        const auto removed = overrides.removeOverride(id, 0, outputB);
        QVERIFY(removed);
        QVERIFY(!s.assess(id).matrix.rows[2].cells[0].humanOverride);
        QVERIFY(!overrides.removeOverride(id, 0, outputB));
        overrides.restore(id, *replaced);
        const QVector<verify::VerdictOverride> back = overrides.overrides(id);
        QCOMPARE(back.size(), 1);
        QCOMPARE(back[0].reviewer, replaced->reviewer);
        QCOMPARE(back[0].createdAt, replaced->createdAt);
        QCOMPARE(back[0].verdict, verify::Verdict::Fail);

        // Issue 32 (12): the history lists each verdict set, replaced, removed or restored by hand.
        QStringList verdictEvents;
        for (const verify::ExampleEvent &ev : s.history(id))
            if (ev.kind == QLatin1String("verdict"))
                verdictEvents << QStringLiteral("%1>%2 %3").arg(ev.fromStatus, ev.toStatus, ev.author);
        QCOMPARE(verdictEvents, (QStringList{QStringLiteral(">fail rev"), QStringLiteral("fail>pass rev2"), QStringLiteral("pass>removed "),
                                              QStringLiteral(">fail rev")}));
    }

    // Issue 32 (12): rule changes are in the history, with who made them.
    void ruleChanges_inHistory()
    {
        const qint64 id = addVerifiedExample();
        verify::ExampleStore s(m_project->database());
        verify::VerificationRule regex = testing::makeRule(QStringLiteral("^Nos"), verify::VerificationRule::Kind::Regex);
        s.setRules(id, {regex}, QStringLiteral("ana"));
        s.setRules(id, {regex}, QStringLiteral("ana"));  // no change, no event
        QVector<verify::ExampleEvent> rules;
        for (const verify::ExampleEvent &ev : s.history(id))
            if (ev.kind == QLatin1String("rules"))
                rules << ev;
        QCOMPARE(rules.size(), 2);  // the fixture's first rule, then the swap
        QCOMPARE(rules[1].author, QStringLiteral("ana"));
        QVERIFY2(rules[1].comment.contains(QStringLiteral("removed contains rule \"orilla\"")), qPrintable(rules[1].comment));
        QVERIFY2(rules[1].comment.contains(QStringLiteral("added regex rule \"^Nos\"")), qPrintable(rules[1].comment));
    }

    void acceptedExample_verdictsCannotChange()
    {
        // Issue 32: a verdict set by hand after acceptance changed the gate while the example stayed
        // accepted and went into the release with its reference failing its own rule.
        const qint64 id = addVerifiedExample();
        verify::ExampleStore s(m_project->database());
        verify::VerdictOverrideStore overrides(m_project->database());
        overrides.setOverride(id, 0, outputB, verify::Verdict::Fail, QStringLiteral("not the river bank"), QStringLiteral("rev"));
        QVERIFY(s.assess(id).gate.holds());
        s.submit(id, QStringLiteral("ana"));
        s.accept(id, QStringLiteral("rev"));
        const auto refused = [&](auto &&change) {
            try {
                change();
            } catch (const storage::StoreError &e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        const QString set = refused([&] {
            overrides.setOverride(id, 0, bankExample().reference, verify::Verdict::Fail, QStringLiteral("changed my mind"), QStringLiteral("rev"));
        });
        QVERIFY2(set.contains(QStringLiteral("is accepted")), qPrintable(set));
        QVERIFY(!refused([&] { overrides.removeOverride(id, 0, outputB); }).isEmpty());
        QCOMPARE(overrides.overrides(id).size(), 1);  // unchanged
        QVERIFY(s.assess(id).gate.holds());
    }

    void badInput_refusedWithoutTouchingStoredData_data()
    {
        QTest::addColumn<int>("rule");
        QTest::addColumn<QString>("translation");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("reviewer");
        QTest::addColumn<QString>("message");
        QTest::newRow("no such rule") << 1 << outputA << int(verify::Verdict::Fail) << "why" << "rev" << "no rule 2";
        QTest::newRow("not a held translation") << 0 << "something else" << int(verify::Verdict::Fail) << "why" << "rev" << "no such translation";
        QTest::newRow("unknown") << 0 << outputA << int(verify::Verdict::Unknown) << "why" << "rev" << "not unknown";
        QTest::newRow("empty reason") << 0 << outputA << int(verify::Verdict::Fail) << "  " << "rev" << "needs a reason";
        QTest::newRow("no reviewer") << 0 << outputA << int(verify::Verdict::Fail) << "why" << "" << "reviewer";
        QTest::newRow("long reason") << 0 << outputA << int(verify::Verdict::Fail) << QString(5001, u'x') << "rev" << "at most 5000";
    }

    void badInput_refusedWithoutTouchingStoredData()
    {
        QFETCH(int, rule);
        QFETCH(QString, translation);
        QFETCH(int, verdict);
        QFETCH(QString, reason);
        QFETCH(QString, reviewer);
        QFETCH(QString, message);
        const qint64 id = addVerifiedExample();
        verify::VerdictOverrideStore overrides(m_project->database());
        overrides.setOverride(id, 0, outputA, verify::Verdict::Fail, QStringLiteral("kept"), QStringLiteral("rev"));
        try {
            overrides.setOverride(id, rule, translation, verify::Verdict(verdict), reason, reviewer);
            QFAIL("expected StoreError");
        } catch (const storage::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
        const QVector<verify::VerdictOverride> kept = overrides.overrides(id);
        QCOMPARE(kept.size(), 1);
        QCOMPARE(kept[0].reason, QStringLiteral("kept"));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, overrides.setOverride(999, 0, outputA, verify::Verdict::Fail, QStringLiteral("x"), QStringLiteral("rev")));
    }

    void editedSource_makesOverridesStale_removedRuleDropsThem()
    {
        const qint64 id = addVerifiedExample();
        verify::ExampleStore s(m_project->database());
        verify::VerdictOverrideStore overrides(m_project->database());
        overrides.setOverride(id, 0, outputB, verify::Verdict::Fail, QStringLiteral("why"), QStringLiteral("rev"));
        verify::ChallengeExample e = *s.example(id);
        e.sourceText = QStringLiteral("We sat on the river bank.");
        s.updateExample(e);
        QVERIFY(overrides.overrides(id).isEmpty());
        QVERIFY(!s.assess(id).matrix.rows[2].cells[0].humanOverride);
        s.setRules(id, {});
        QCOMPARE(m_project->database().scalar(QStringLiteral("SELECT count(*) FROM verdict_overrides")).toInt(), 0);
    }

    void ltbRelease_exportsHumanVerdict_andImportsItBack()
    {
        const qint64 id = addVerifiedExample();
        verify::ExampleStore s(m_project->database());
        verify::VerdictOverrideStore(m_project->database())
            .setOverride(id, 0, outputB, verify::Verdict::Fail, QStringLiteral("not the river bank"), QStringLiteral("rev"));
        const QByteArray first = verify::writeLtbRelease(s, {id});
        const QJsonArray translations = QJsonDocument::fromJson(first).array()[0].toObject()[QStringLiteral("translations")].toArray();
        QCOMPARE(translations.size(), 3);
        const QJsonObject b = translations[2].toObject();
        QCOMPARE(b[QStringLiteral("model")].toString(), QStringLiteral("B"));
        // The machine says pass ("orilla" is there); the release holds the human verdict.
        QCOMPARE(b[QStringLiteral("verified")].toArray(), QJsonArray{false});
        const QJsonObject human = b[QStringLiteral("human_verdicts")].toArray()[0].toObject();
        QCOMPARE(human[QStringLiteral("rule")].toInt(), 1);
        QCOMPARE(human[QStringLiteral("verdict")].toString(), QStringLiteral("fail"));
        QCOMPARE(human[QStringLiteral("reason")].toString(), QStringLiteral("not the river bank"));
        QCOMPARE(human[QStringLiteral("reviewer")].toString(), QStringLiteral("rev"));
        QVERIFY(!translations[1].toObject().contains(QStringLiteral("human_verdicts")));

        auto other = storage::Project::open(m_dir.filePath(QStringLiteral("imported.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore imported(other->database());
        const QVector<qint64> ids = imported.importExamples(verify::parseLtbRelease(first, QStringLiteral("v1.json")));
        const verify::ExampleAssessment a = imported.assess(ids[0]);
        QVERIFY(a.matrix.rows[2].cells[0].humanOverride);
        QCOMPARE(a.matrix.rows[2].cells[0].verdict, verify::Verdict::Fail);
        QCOMPARE(verify::writeLtbRelease(imported, ids), first);

        // A verdict set by hand on an LLM rule: the release holds only the final verdict there, so
        // the imported example shows no verifiers' verdict for it, and the release's verdicts
        // (final ones, not a verifier's) are left out of the verifier statistics (issue 32, 3).
        {
            const qint64 llmId = s.addExample(bankExample());
            verify::VerificationRule llm = testing::makeRule(QStringLiteral("The translation speaks of the river bank."));
            s.setRules(llmId, {llm});
            s.setTranslation(llmId, QStringLiteral("A"), QStringLiteral("manual"), outputA);
            s.setTranslation(llmId, QStringLiteral("B"), QStringLiteral("manual"), outputB);
            verify::VerdictCache cache;
            for (const QString &t : {bankExample().reference, outputA, outputB})
                cache.insert(llm, QStringLiteral("judge"), t, verify::VerdictRecord{t == outputB ? verify::Verdict::Fail : verify::Verdict::Pass, QStringLiteral("x"), {}, {}});
            s.saveVerdicts(llmId, cache);
            verify::VerdictOverrideStore(m_project->database()).setOverride(llmId, 0, outputB, verify::Verdict::Pass, QStringLiteral("it does"), QStringLiteral("rev"));
            QCOMPARE(s.assess(llmId).matrix.rows[2].cells[0].machineVerdict, verify::Verdict::Fail);
            QVERIFY(!s.assess(llmId).fromRelease);
            auto third = storage::Project::open(m_dir.filePath(QStringLiteral("imported-llm.gauntlet")), storage::Project::Options{false});
            verify::ExampleStore again(third->database());
            const QVector<qint64> llmIds = again.importExamples(verify::parseLtbRelease(verify::writeLtbRelease(s, {llmId}), QStringLiteral("v1.json")));
            const verify::ExampleAssessment b = again.assess(llmIds[0]);
            QVERIFY(b.fromRelease);
            QCOMPARE(b.matrix.rows[2].cells[0].verdict, verify::Verdict::Pass);           // the final verdict
            QCOMPARE(b.matrix.rows[2].cells[0].machineVerdict, verify::Verdict::Unknown);  // not in the release
            QCOMPARE(b.matrix.rows[1].cells[0].machineVerdict, verify::Verdict::Pass);     // A: the release's verdict
            for (const verify::VerifierKappa &row : verify::verifierStats(third->database()).rows)
                QVERIFY2(row.first != verify::ltbImportedVerifierName() && row.second != verify::ltbImportedVerifierName(), qPrintable(row.first));
        }

        // A malformed human verdict is refused naming the field.
        QByteArray bad = first;
        bad.replace("\"verdict\": \"fail\"", "\"verdict\": \"maybe\"");
        try {
            verify::parseLtbRelease(bad, QStringLiteral("bad.json"));
            QFAIL("expected InputFileError");
        } catch (const core::InputFileError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("human_verdicts[0].verdict")), e.what());
        }
    }
};

GAUNTLET_TEST_MAIN(TestVerdictOverrides)
#include "tst_verdict_overrides.moc"
