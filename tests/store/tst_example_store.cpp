// Challenge examples in the store (migration 0003): validation that refuses bad input without
// touching stored data, MT systems and verifiers per project (no API key stored), rules that keep
// their verdicts while unchanged, the acceptance gate from stored verdicts, and the review flow.
#include "engine/verify/example_store.h"
#include "engine/store/migrations.h"
#include "engine/store/project.h"

#include <QTemporaryDir>
#include "tests/support/example_builder.h"
#include "tests/support/mt_system_builder.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {

verify::ChallengeExample bankExample()
{
    verify::ChallengeExample e;
    e.author = QStringLiteral("ana");
    e.sourceLanguage = QStringLiteral("English");
    e.sourceLanguageIso = QStringLiteral("en");
    e.targetLanguage = QStringLiteral("Spanish");
    e.targetLanguageIso = QStringLiteral("es");
    e.sourceText = QStringLiteral("We sat on the bank and watched the river.");
    e.reference = QStringLiteral("Nos sentamos en la orilla y miramos el río.");
    e.attribution = QStringLiteral("own sentence");
    e.linguistics = QStringList{QStringLiteral("polysemy")};
    e.tags = QStringList{QStringLiteral("test")};
    return e;
}

verify::VerificationRule rule(verify::VerificationRule::Kind kind, const QString &text)
{
    verify::VerificationRule r = testing::makeRule(text, kind);
    return r;
}

int count(storage::Database &db, const QString &table)
{
    return db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(table)).toInt();
}

}  // namespace

class TestExampleStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<storage::Project> m_project;

    verify::ExampleStore store() { return verify::ExampleStore(m_project->database()); }

    /// Verifies the example's stored translations and reference with its string rules, for real.
    void verifyAndSave(qint64 id)
    {
        verify::ExampleStore s = store();
        QVector<verify::VerificationRule> rules;
        for (const verify::StoredRule &r : s.rules(id))
            rules.append(r.rule);
        QStringList texts{s.example(id)->reference};
        for (const verify::StoredTranslation &t : s.translations(id))
            texts << t.text;
        const auto outcome = verify::VerificationRunner::runBlocking(s.example(id)->sourceText, rules, texts, {}, s.verdicts(id));
        s.saveVerdicts(id, outcome.verdicts);
    }

private Q_SLOTS:
    void init() { m_project = testing::testFunctionProject(m_dir); }
    void cleanup() { m_project.reset(); }

    void addExample_roundTrips()
    {
        verify::ExampleStore s = store();
        verify::ChallengeExample e = bankExample();
        e.sourceLanguage = QStringLiteral("Serbian (Cyrillic)");
        e.sourceLanguageIso = QStringLiteral("srp_Cyrl");
        e.instructions = QStringLiteral("Keep the tone informal.");
        e.contextNote = QStringLiteral("A caption under a photo of a river.");
        const qint64 id = s.addExample(e);
        const auto back = s.example(id);
        QVERIFY(back.has_value());
        QCOMPARE(back->status, verify::ExampleStatus::Draft);
        QCOMPARE(back->sourceLanguage, e.sourceLanguage);
        QCOMPARE(back->sourceLanguageIso, e.sourceLanguageIso);
        QCOMPARE(back->sourceText, e.sourceText);
        QCOMPARE(back->instructions, e.instructions);
        QCOMPARE(back->contextNote, e.contextNote);
        QCOMPARE(back->reference, e.reference);
        QCOMPARE(back->linguistics, e.linguistics);
        QCOMPARE(back->tags, e.tags);
        QVERIFY(!back->createdAt.isEmpty());
        QCOMPARE(s.history(id).size(), 1);
        QCOMPARE(s.history(id).first().kind, QStringLiteral("created"));
        // the examples tables came with schema 3; a new project is at the latest schema
        QVERIFY(m_project->schemaVersion() >= 3);
        QCOMPARE(m_project->schemaVersion(), storage::latestSchemaVersion());
    }

    void badInput_refusedWithoutTouchingStoredData_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("over-long source") << "source" << QString(5001, u'a') << "source text has 5001 characters";
        QTest::newRow("empty source") << "source" << "   " << "source text is empty";
        QTest::newRow("empty target language") << "target" << "" << "target language is empty";
        QTest::newRow("lone surrogate") << "source" << QString(QChar(0xD800)) + QStringLiteral("abc") << "not valid Unicode";
        QTest::newRow("bad ISO") << "iso" << "English!" << "ISO 639";
        QTest::newRow("over-long reference") << "reference" << QString(20001, u'r') << "reference translation has 20001";
    }

    void badInput_refusedWithoutTouchingStoredData()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        const int examplesBefore = count(m_project->database(), QStringLiteral("examples"));
        verify::ChallengeExample bad = bankExample();
        bad.id = id;
        if (field == QLatin1String("source"))
            bad.sourceText = value;
        else if (field == QLatin1String("target"))
            bad.targetLanguage = value;
        else if (field == QLatin1String("iso"))
            bad.sourceLanguageIso = value;
        else
            bad.reference = value;
        for (int attempt = 0; attempt < 2; ++attempt) {
            try {
                if (attempt == 0)
                    s.addExample(bad);
                else
                    s.updateExample(bad);
                QFAIL("bad input was accepted");
            } catch (const storage::StoreError &e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
            }
        }
        QCOMPARE(count(m_project->database(), QStringLiteral("examples")), examplesBefore);
        QCOMPARE(s.example(id)->sourceText, bankExample().sourceText);
        QCOMPARE(s.example(id)->reference, bankExample().reference);
        // 5000 characters (counted in code points, as SQLite's length()) are fine.
        verify::ChallengeExample longest = bankExample();
        longest.id = id;
        longest.sourceText = QString(4999, u'x') + QStringLiteral("\U0001F600");
        s.updateExample(longest);
        QCOMPARE(s.example(id)->sourceText, longest.sourceText);
    }

    void rules_limitsAndValidation()
    {
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        s.setRules(id, {rule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))});
        QVector<verify::VerificationRule> eleven;
        for (int i = 0; i < 11; ++i)
            eleven.append(rule(verify::VerificationRule::Kind::Llm, QStringLiteral("Rule %1.").arg(i)));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.setRules(id, eleven));
        try {
            s.setRules(id, {rule(verify::VerificationRule::Kind::Llm, QStringLiteral("ok")), rule(verify::VerificationRule::Kind::Llm, QString(501, u'x'))});
            QFAIL("an over-long rule was accepted");
        } catch (const storage::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("rule 2: ")), e.what());
        }
        try {
            s.setRules(id, {rule(verify::VerificationRule::Kind::Regex, QStringLiteral("[unclosed"))});
            QFAIL("an invalid regex was accepted");
        } catch (const storage::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("regular expression")), e.what());
        }
        QCOMPARE(s.rules(id).size(), 1);
        QCOMPARE(s.rules(id).first().rule.text, QStringLiteral("orilla"));
    }

    void rules_unchangedKeepVerdicts()
    {
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        const verify::VerificationRule orilla = rule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"));
        const verify::VerificationRule banco = rule(verify::VerificationRule::Kind::NotContains, QStringLiteral("banco"));
        s.setRules(id, {orilla, banco});
        s.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco."));
        verifyAndSave(id);
        QCOMPARE(count(m_project->database(), QStringLiteral("verdicts")), 4);  // 2 rules x (reference, A)
        const qint64 orillaId = s.rules(id)[0].id;
        // Reorder and change one rule: the unchanged one keeps its id and its verdicts.
        verify::VerificationRule changed = banco;
        changed.caseSensitive = true;
        s.setRules(id, {changed, orilla});
        QCOMPARE(s.rules(id)[1].id, orillaId);
        QCOMPARE(count(m_project->database(), QStringLiteral("verdicts")), 2);
        QVERIFY(s.verdicts(id).find(orilla, {}, QStringLiteral("Nos sentamos en el banco.")).has_value());
        QVERIFY(!s.verdicts(id).find(changed, {}, QStringLiteral("Nos sentamos en el banco.")).has_value());
    }

    void translations_atMostTenSystems()
    {
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        for (int i = 0; i < 10; ++i)
            s.setTranslation(id, QStringLiteral("mt%1").arg(i), QStringLiteral("manual"), QStringLiteral("t%1").arg(i));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.setTranslation(id, QStringLiteral("mt10"), QStringLiteral("manual"), QStringLiteral("x")));
        s.setTranslation(id, QStringLiteral("mt3"), QStringLiteral("manual"), QStringLiteral("replaced"));
        QCOMPARE(s.translations(id).size(), 10);
        QCOMPARE(s.translations(id)[3].text, QStringLiteral("replaced"));
    }

    // Issue 32 (4): a system that failed (an error, no text) takes none of the ten places, and
    // its row can be removed.
    void translations_failedOutputsTakeNoPlace()
    {
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        s.setTranslation(id, QStringLiteral("real0"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco."));
        for (int i = 0; i < 9; ++i)
            s.setTranslation(id, QStringLiteral("down%1").arg(i), QStringLiteral("chat"), QString(), QStringLiteral("connection refused"));
        for (int i = 1; i < 10; ++i)
            s.setTranslation(id, QStringLiteral("real%1").arg(i), QStringLiteral("manual"), QStringLiteral("t%1").arg(i));
        QCOMPARE(s.translations(id).size(), 19);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.setTranslation(id, QStringLiteral("real10"), QStringLiteral("manual"), QStringLiteral("x")));
        // A failed system that now answers needs a place like any other.
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.setTranslation(id, QStringLiteral("down0"), QStringLiteral("chat"), QStringLiteral("x")));
        QVERIFY(s.removeTranslation(id, QStringLiteral("down0")));
        QCOMPARE(s.translations(id).size(), 18);
    }

    void mtSystemsAndVerifiers_storedWithoutKey()
    {
        qputenv("GAUNTLET_STORE_TEST_KEY", "sk-store-secret-987");
        verify::ExampleStore s = store();
        translate::MtSystemConfig apertium = testing::apertiumSystem(QStringLiteral("Apertium eng-spa"), QStringLiteral("eng-spa"));
        s.saveMtSystem(apertium);
        translate::MtSystemConfig chat = testing::chatSystem(QStringLiteral("local llm"), QStringLiteral("http://127.0.0.1:8080/v1"), QStringLiteral("qwen"));
        chat.endpoint.apiKeyVariable = QStringLiteral("GAUNTLET_STORE_TEST_KEY");
        chat.promptTemplate = QStringLiteral("Into {target_lang}: {source_text}");
        s.saveMtSystem(chat);
        verify::VerifierConfig verifier;
        verifier.name = QStringLiteral("judge");
        verifier.endpoint = chat.endpoint;
        s.saveVerifier(verifier);
        const auto systems = s.mtSystems();
        QCOMPARE(systems.size(), 2);
        QCOMPARE(systems[0].apertiumPair, QStringLiteral("eng-spa"));
        QCOMPARE(systems[1].endpoint.apiKeyVariable, QStringLiteral("GAUNTLET_STORE_TEST_KEY"));
        QCOMPARE(systems[1].promptTemplate, chat.promptTemplate);
        QCOMPARE(s.verifiers().size(), 1);
        // Saving under the same name replaces.
        apertium.apertiumPair = QStringLiteral("eng-cat");
        s.saveMtSystem(apertium);
        QCOMPARE(s.mtSystem(QStringLiteral("Apertium eng-spa"))->apertiumPair, QStringLiteral("eng-cat"));
        // An invalid system is refused and the stored one is unchanged.
        apertium.apertiumPair = QStringLiteral("no pair");
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.saveMtSystem(apertium));
        QCOMPARE(s.mtSystem(QStringLiteral("Apertium eng-spa"))->apertiumPair, QStringLiteral("eng-cat"));
        m_project.reset();
        QFile file(m_dir.filePath(QStringLiteral("mtSystemsAndVerifiers_storedWithoutKey.gauntlet")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("sk-store-secret-987"));
        m_project = storage::Project::open(file.fileName(), storage::Project::Options{false});
        QVERIFY(store().removeMtSystem(QStringLiteral("local llm")));
        QVERIFY(!store().removeMtSystem(QStringLiteral("local llm")));
    }

    void editedSource_makesOutputsAndVerdictsStale()
    {
        // Issue 19: after the source was edited, the old outputs and verdicts still opened the gate.
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        s.setRules(id, {rule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))});
        s.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco."));
        s.setTranslation(id, QStringLiteral("B"), QStringLiteral("manual"), QStringLiteral("Nos sentamos junto al banco."));
        verifyAndSave(id);
        QVERIFY2(s.assess(id).gate.holds(), qPrintable(s.assess(id).gate.explanation.join(u'|')));
        QCOMPARE(s.verdicts(id).entries().size(), 3);

        verify::ChallengeExample edited = *s.example(id);
        edited.sourceText += QStringLiteral(" Then it rained.");
        s.updateExample(edited);
        verify::ExampleAssessment a = s.assess(id);
        QVERIFY(!a.gate.holds());
        QCOMPARE(a.gate.staleOutputs, 2);
        QVERIFY2(a.gate.explanation.join(u' ').contains(QStringLiteral("translate an earlier version of the source (A, B)")),
                 qPrintable(a.gate.explanation.join(u'|')));
        QCOMPARE(s.verdicts(id).entries().size(), 0);  // made for the old source: asked again

        // Translated and verified again: the gate holds on the new text.
        s.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco. Luego llovi\u00f3."));
        s.setTranslation(id, QStringLiteral("B"), QStringLiteral("manual"), QStringLiteral("Nos sentamos junto al banco. Luego llovi\u00f3."));
        verifyAndSave(id);
        a = s.assess(id);
        QCOMPARE(a.gate.staleOutputs, 0);
        QVERIFY2(a.gate.holds(), qPrintable(a.gate.explanation.join(u'|')));
    }

    void gateAndReview_flow()
    {
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        s.setRules(id, {rule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla")),
                        rule(verify::VerificationRule::Kind::NotContains, QStringLiteral("banco"))});
        s.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco."));
        s.setTranslation(id, QStringLiteral("B"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en la orilla."));
        s.setTranslation(id, QStringLiteral("C"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco."));
        s.setTranslation(id, QStringLiteral("D"), QStringLiteral("apertium"), QString(), QStringLiteral("D: timed out"));

        // Nothing verified yet: the gate is not open and submit is refused.
        verify::ExampleAssessment a = s.assess(id);
        QVERIFY(!a.gate.holds());
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.submit(id, QStringLiteral("ana")));

        verifyAndSave(id);
        a = s.assess(id);
        QCOMPARE(a.matrix.rows.size(), 4);  // reference + 3 outputs (D failed)
        QCOMPARE(a.gate.mtOutputs, 3);
        QCOMPARE(a.gate.mtPassingAll, 1);
        QVERIFY2(a.gate.holds(), qPrintable(a.gate.explanation.join(u'|')));

        s.submit(id, QStringLiteral("ana"));
        QCOMPARE(s.example(id)->status, verify::ExampleStatus::Submitted);
        // Submitted examples cannot be edited.
        verify::ChallengeExample edit = *s.example(id);
        edit.reference = QStringLiteral("changed");
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.updateExample(edit));
        QCOMPARE(s.example(id)->reference, bankExample().reference);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.setRules(id, {}));

        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.returnExample(id, QStringLiteral("rev"), QStringLiteral("  ")));
        s.returnExample(id, QStringLiteral("rev"), QStringLiteral("Rule 2 is too literal."));
        QCOMPARE(s.example(id)->status, verify::ExampleStatus::Returned);
        s.comment(id, QStringLiteral("ana"), QStringLiteral("Fixed, please look again."));
        s.submit(id, QStringLiteral("ana"));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.submit(id, QStringLiteral("ana")));
        // Issue 19: the author cannot accept their own example without a word.
        const QString author = s.example(id)->author;
        QVERIFY(!author.isEmpty());
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.accept(id, author));
        QCOMPARE(s.example(id)->status, verify::ExampleStatus::Submitted);
        s.accept(id, QStringLiteral("rev"), QStringLiteral("Good example."));
        QCOMPARE(s.example(id)->status, verify::ExampleStatus::Accepted);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, s.accept(id, QStringLiteral("rev")));

        const QVector<verify::ExampleEvent> h = s.history(id);
        QStringList summary;
        for (const verify::ExampleEvent &e : h)
            summary << (e.kind + u':' + e.toStatus + u':' + e.author);
        // The rules set before submitting are in the history too (no author given here).
        QCOMPARE(summary, (QStringList{QStringLiteral("created:draft:ana"), QStringLiteral("rules:2:"), QStringLiteral("status:submitted:ana"),
                                       QStringLiteral("status:returned:rev"), QStringLiteral("comment::ana"),
                                       QStringLiteral("status:submitted:ana"), QStringLiteral("status:accepted:rev")}));
        QCOMPARE(h[3].comment, QStringLiteral("Rule 2 is too literal."));

        const qint64 second = s.addExample(bankExample());
        Q_UNUSED(second);
        const auto counts = s.acceptedCounts();
        QCOMPARE(counts.size(), 1);
        QCOMPARE(counts.first().first, QStringLiteral("ana"));
        QCOMPARE(counts.first().second, 1);
    }

    void changedVerifier_losesItsVerdicts()
    {
        verify::ExampleStore s = store();
        verify::VerifierConfig judge = testing::makeVerifier(QStringLiteral("judge"), QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("m1"));
        s.saveVerifier(judge);
        const qint64 id = s.addExample(bankExample());
        const verify::VerificationRule llm = rule(verify::VerificationRule::Kind::Llm, QStringLiteral("Riverbank sense."));
        s.setRules(id, {llm});
        verify::VerdictCache cache;
        cache.insert(llm, QStringLiteral("judge"), bankExample().reference, verify::VerdictRecord{verify::Verdict::Pass, QStringLiteral("pass"), {}, {}});
        QCOMPARE(s.saveVerdicts(id, cache), 1);
        s.saveVerifier(judge);  // unchanged: verdicts stay
        QCOMPARE(count(m_project->database(), QStringLiteral("verdicts")), 1);
        judge.endpoint.model = QStringLiteral("m2");
        s.saveVerifier(judge);
        QCOMPARE(count(m_project->database(), QStringLiteral("verdicts")), 0);
    }

    void removeExample_cascades()
    {
        verify::ExampleStore s = store();
        const qint64 id = s.addExample(bankExample());
        s.setRules(id, {rule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))});
        s.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("la orilla"));
        verifyAndSave(id);
        QVERIFY(s.removeExample(id));
        for (const char *table : {"example_rules", "example_translations", "verdicts", "example_events"})
            QCOMPARE(count(m_project->database(), QLatin1String(table)), 0);
    }
};

GAUNTLET_TEST_MAIN(TestExampleStore)
#include "tst_example_store.moc"
