// Verification rules, verdict parsing as LTB, LLM verifiers against a scripted local server
// (caching of unique pairs, raw replies, errors), the verdict matrix, the acceptance gate with
// 10, 3 and 0 MT systems, and verifier agreement.
#include "engine/verify/acceptance_gate.h"
#include "engine/verify/verify_error.h"

#include "tests/support/fake_chat_server.h"

#include <QJsonArray>
#include "tests/support/example_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using gauntlet::testing::chatBody;
using gauntlet::testing::FakeChatServer;
using gauntlet::testing::ReceivedRequest;
using gauntlet::testing::ScriptedReply;

Q_DECLARE_METATYPE(gauntlet::verify::Verdict)

namespace {

verify::VerificationRule stringRule(verify::VerificationRule::Kind kind, const QString &text, bool caseSensitive = false,
                            verify::VerificationRule::Normalization n = verify::VerificationRule::Normalization::NFC)
{
    verify::VerificationRule r = testing::makeRule(text, kind);
    r.caseSensitive = caseSensitive;
    r.normalization = n;
    return r;
}

verify::VerificationRule llmRule(const QString &text)
{
    verify::VerificationRule r = testing::makeRule(text);
    return r;
}

verify::VerifierConfig verifierFor(const FakeChatServer &server, const QString &name)
{
    verify::VerifierConfig v = testing::makeVerifier(name, server.baseUrl(), name);
    v.endpoint.maxRetries = 0;
    v.endpoint.timeoutMs = 5000;
    return v;
}

/// A matrix from string rules only, verified for real by the runner.
verify::VerdictMatrix stringMatrix(const QVector<verify::VerificationRule> &rules, const QString &reference,
                           const QVector<QPair<QString, QString>> &mt)
{
    QStringList all{reference};
    for (const auto &p : mt)
        all << p.second;
    const auto outcome = verify::VerificationRunner::runBlocking(QStringLiteral("source"), rules, all, {});
    return verify::buildVerdictMatrix(rules, reference, mt, {}, outcome.verdicts);
}

}  // namespace

class TestVerify : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parseVerifierReply_asLtb_data();
    void parseVerifierReply_asLtb();
    void stringRules_data();
    void stringRules();
    void validate_limitsAndRegex();
    void combineVerdicts_majority();
    void runner_verifiesUniquePairsOnceAndReuses();
    void runner_sendsLtbPromptAndKeepsRawReply();
    void runner_unknownVerdictIsAskedAgain();
    void runner_verifierDown_unknownNotFinal();
    void runner_llmRuleWithoutVerifier_unknown();
    void gate_tenSystems();
    void gate_threeSystems();
    void gate_zeroSystems();
    void gate_referenceAndUnknowns();
    void matrix_flagsRulesTestingNothing();
    void agreement_twoVerifiers();
};

void TestVerify::parseVerifierReply_asLtb_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<verify::Verdict>("expected");
    QTest::newRow("Pass.") << "Pass." << verify::Verdict::Pass;
    QTest::newRow("FAIL") << "FAIL" << verify::Verdict::Fail;
    QTest::newRow("The answer is pass") << "The answer is pass" << verify::Verdict::Pass;
    // A question without an answer is no verdict (LTB's last-word rule read it as "fail").
    QTest::newRow("pass or fail?") << "pass or fail?" << verify::Verdict::Unknown;
    QTest::newRow("empty") << "" << verify::Verdict::Unknown;
    QTest::newRow("whitespace") << " \n\t " << verify::Verdict::Unknown;
    QTest::newRow("markdown bold") << "**PASS**" << verify::Verdict::Pass;
    QTest::newRow("trailing newline") << "fail\n" << verify::Verdict::Fail;
    QTest::newRow("search: fails") << "The translation fails the criterion, because it is literal." << verify::Verdict::Fail;
    QTest::newRow("search: passed") << "Passed: the idiom is rendered idiomatically." << verify::Verdict::Pass;
    QTest::newRow("both words, last neither") << "It could pass or fail, hard to say." << verify::Verdict::Unknown;
    QTest::newRow("neither") << "I cannot decide." << verify::Verdict::Unknown;
    QTest::newRow("substring only") << "The passage is failsafe" << verify::Verdict::Unknown;
    // Issue 19: negation, verdicts followed by explanations, labels, other languages.
    QTest::newRow("negated") << "The translation does not pass." << verify::Verdict::Unknown;
    QTest::newRow("negated n't") << "It doesn't fail." << verify::Verdict::Unknown;
    QTest::newRow("fail, then an explanation using both words")
        << "fail\n\nExplanation: It passes the tone but fails the term." << verify::Verdict::Fail;
    QTest::newRow("PASS, then an explanation") << "PASS\n\nExplanation: The term is kept as the rule asks." << verify::Verdict::Pass;
    QTest::newRow("Verdict: fail.") << "Verdict: fail." << verify::Verdict::Fail;
    QTest::newRow("Final answer: PASS") << "Final answer: PASS" << verify::Verdict::Pass;
    QTest::newRow("**pass**") << "**pass**" << verify::Verdict::Pass;
    QTest::newRow("Passed") << "Passed" << verify::Verdict::Pass;
    QTest::newRow("question then answer") << "pass or fail? fail" << verify::Verdict::Fail;
    QTest::newRow("Hindi") << QString::fromUtf8("\u092a\u093e\u0938") << verify::Verdict::Unknown;
    QTest::newRow("German") << "Die Regel ist erf\u00fcllt." << verify::Verdict::Unknown;
    QTest::newRow("reasoning, then the verdict on the last line") << "The idiom is rendered word for word.\n\nFail" << verify::Verdict::Fail;
    QTest::newRow("contradictory first line wins over the last")
        << "It passes and fails at once.\nPass" << verify::Verdict::Unknown;
}

void TestVerify::parseVerifierReply_asLtb()
{
    QFETCH(QString, reply);
    QFETCH(verify::Verdict, expected);
    QCOMPARE(verify::verdictName(verify::parseVerifierReply(reply)), verify::verdictName(expected));
}

void TestVerify::stringRules_data()
{
    using K = verify::VerificationRule::Kind;
    using N = verify::VerificationRule::Normalization;
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<int>("normalization");
    QTest::addColumn<QString>("translation");
    QTest::addColumn<verify::Verdict>("expected");
    const QString composed = QStringLiteral("caf\u00e9");
    const QString decomposed = QStringLiteral("cafe\u0301");
    QTest::newRow("contains, any case") << int(K::Contains) << "Orilla" << false << int(N::NFC) << "La orilla del río" << verify::Verdict::Pass;
    QTest::newRow("contains, case-sensitive") << int(K::Contains) << "Orilla" << true << int(N::NFC) << "La orilla del río" << verify::Verdict::Fail;
    QTest::newRow("contains, NFC joins forms") << int(K::Contains) << composed << false << int(N::NFC) << QStringLiteral("un ") + decomposed << verify::Verdict::Pass;
    QTest::newRow("contains, no normalisation") << int(K::Contains) << composed << false << int(N::None) << QStringLiteral("un ") + decomposed << verify::Verdict::Fail;
    QTest::newRow("contains, NFKC ligature") << int(K::Contains) << "fi" << false << int(N::NFKC) << QStringLiteral("\ufb01n") << verify::Verdict::Pass;
    QTest::newRow("contains, NFC keeps ligature") << int(K::Contains) << "fi" << false << int(N::NFC) << QStringLiteral("\ufb01n") << verify::Verdict::Fail;
    QTest::newRow("not contains, present") << int(K::NotContains) << "banco" << false << int(N::NFC) << "El Banco del río" << verify::Verdict::Fail;
    QTest::newRow("not contains, absent") << int(K::NotContains) << "banco" << false << int(N::NFC) << "La orilla del río" << verify::Verdict::Pass;
    QTest::newRow("regex, word boundary") << int(K::Regex) << "\\borilla\\b" << false << int(N::NFC) << "La ORILLA." << verify::Verdict::Pass;
    QTest::newRow("regex, no match") << int(K::Regex) << "^El " << true << int(N::NFC) << "La orilla" << verify::Verdict::Fail;
    QTest::newRow("regex, unicode property") << int(K::Regex) << "\\p{Cyrillic}+" << false << int(N::NFC) << "Ово је тест" << verify::Verdict::Pass;
    QTest::newRow("regex, unicode case") << int(K::Regex) << "ÉTÉ" << false << int(N::NFC) << "un été chaud" << verify::Verdict::Pass;
}

void TestVerify::stringRules()
{
    QFETCH(int, kind);
    QFETCH(QString, text);
    QFETCH(bool, caseSensitive);
    QFETCH(int, normalization);
    QFETCH(QString, translation);
    QFETCH(verify::Verdict, expected);
    const verify::VerificationRule rule = stringRule(verify::VerificationRule::Kind(kind), text, caseSensitive, verify::VerificationRule::Normalization(normalization));
    rule.validate();
    QCOMPARE(verify::verdictName(verify::checkStringRule(rule, translation)), verify::verdictName(expected));
}

void TestVerify::validate_limitsAndRegex()
{
    // 500 code points are allowed even when they take 1000 UTF-16 units.
    QString emoji;
    for (int i = 0; i < 500; ++i)
        emoji += QStringLiteral("\U0001F600");
    QCOMPARE(verify::codePointCount(emoji), 500);
    llmRule(emoji).validate();
    try {
        llmRule(emoji + u'x').validate();
        QFAIL("a 501-character rule was accepted");
    } catch (const verify::VerifyError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("501")), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(verify::VerifyError, llmRule(QStringLiteral("   ")).validate());
    try {
        stringRule(verify::VerificationRule::Kind::Regex, QStringLiteral("(unclosed")).validate();
        QFAIL("an invalid regular expression was accepted");
    } catch (const verify::VerifyError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("(unclosed")), e.what());
    }
    QCOMPARE(verify::verdictName(verify::checkStringRule(stringRule(verify::VerificationRule::Kind::Regex, QStringLiteral("(unclosed")), QStringLiteral("x"))),
             QStringLiteral("unknown"));
    QVERIFY_THROWS_EXCEPTION(verify::VerifyError, verify::parseRuleKind(QStringLiteral("fuzzy")));
    QCOMPARE(verify::parseRuleKind(QStringLiteral("not_contains")), verify::VerificationRule::Kind::NotContains);
    verify::VerificationRule r = stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("x"), true, verify::VerificationRule::Normalization::NFKC);
    verify::VerificationRule back;
    back.setOptionsJson(r.optionsJson());
    QCOMPARE(back.caseSensitive, true);
    QCOMPARE(back.normalization, verify::VerificationRule::Normalization::NFKC);
    QVERIFY_THROWS_EXCEPTION(verify::VerifyError, back.setOptionsJson(QJsonObject{{QStringLiteral("normalization"), QStringLiteral("nfd")}}));
}

void TestVerify::combineVerdicts_majority()
{
    QCOMPARE(verify::combineVerdicts({verify::Verdict::Pass, verify::Verdict::Pass, verify::Verdict::Fail}), verify::Verdict::Pass);
    QCOMPARE(verify::combineVerdicts({verify::Verdict::Pass, verify::Verdict::Fail}), verify::Verdict::Unknown);
    QCOMPARE(verify::combineVerdicts({verify::Verdict::Unknown, verify::Verdict::Fail}), verify::Verdict::Fail);
    QCOMPARE(verify::combineVerdicts({}), verify::Verdict::Unknown);
}

void TestVerify::runner_verifiesUniquePairsOnceAndReuses()
{
    FakeChatServer server;
    // Answers alternate pass/fail per request, so a second request for the same pair would
    // very likely get a different verdict.
    int counter = 0;
    server.responder = [&counter](const ReceivedRequest &) {
        return ScriptedReply{200, chatBody(++counter % 2 ? QStringLiteral("pass") : QStringLiteral("fail")), 0, false, false};
    };
    const QVector<verify::VerificationRule> rules{llmRule(QStringLiteral("Conveys the riverbank sense.")),
                                          llmRule(QStringLiteral("Keeps the past tense.")),
                                          stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))};
    const QStringList translations{QStringLiteral("La orilla estaba cerrada."), QStringLiteral("El banco estaba cerrado."),
                                   QStringLiteral("La orilla estaba cerrada."), QString()};
    const QVector<verify::VerifierConfig> verifiers{verifierFor(server, QStringLiteral("v1")), verifierFor(server, QStringLiteral("v2"))};
    const auto first = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), rules, translations, verifiers);
    // 2 LLM rules x 2 unique translations x 2 verifiers; the string rule needs no request.
    QCOMPARE(server.received.size(), 8);
    QCOMPARE(first.llmCalls, 8);
    QCOMPARE(first.verified, 8 + 2);
    const auto second = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), rules, translations, verifiers,
                                                        first.verdicts);
    QCOMPARE(server.received.size(), 8);
    QCOMPARE(second.llmCalls, 0);
    QCOMPARE(second.reused, 10);
    // Identical outputs from different systems share their verdicts.
    const verify::VerdictMatrix m = verify::buildVerdictMatrix(rules, {}, {{QStringLiteral("A"), translations[0]}, {QStringLiteral("B"), translations[1]},
                                                           {QStringLiteral("C"), translations[2]}},
                                               {QStringLiteral("v1"), QStringLiteral("v2")}, second.verdicts);
    QCOMPARE(m.rows.size(), 3);
    for (int r = 0; r < rules.size(); ++r) {
        QCOMPARE(m.rows[0].cells[r].perVerifier, m.rows[2].cells[r].perVerifier);
        QCOMPARE(m.rows[0].cells[r].verdict, m.rows[2].cells[r].verdict);
    }
    QCOMPARE(m.rows[0].cells[2].verdict, verify::Verdict::Pass);
    QCOMPARE(m.rows[1].cells[2].verdict, verify::Verdict::Fail);
    // An edited rule is a different rule: it is asked again.
    QVector<verify::VerificationRule> edited = rules;
    edited[1].text += QStringLiteral(" Strictly.");
    const auto third = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), edited, translations, verifiers,
                                                       second.verdicts);
    QCOMPARE(third.llmCalls, 4);
}

void TestVerify::runner_unknownVerdictIsAskedAgain()
{
    // Issue 19: an empty or foreign reply was stored as Unknown and reused forever, so `verify`
    // sent no request and the gate kept saying "verify it first".
    FakeChatServer server;
    int counter = 0;
    server.responder = [&counter](const ReceivedRequest &) {
        return ScriptedReply{200, chatBody(++counter == 1 ? QString::fromUtf8("\u092a\u093e\u0938") : QStringLiteral("fail")), 0, false, false};
    };
    const QVector<verify::VerificationRule> rules{llmRule(QStringLiteral("Conveys the riverbank sense."))};
    const QStringList translations{QStringLiteral("El banco estaba cerrado.")};
    const QVector<verify::VerifierConfig> verifiers{verifierFor(server, QStringLiteral("v1"))};
    const auto first = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), rules, translations, verifiers);
    QCOMPARE(first.llmCalls, 1);
    const auto unknown = first.verdicts.find(rules[0], QStringLiteral("v1"), translations[0]);
    QVERIFY(unknown && unknown->isFinal());
    QCOMPARE(verify::verdictName(unknown->verdict), QStringLiteral("unknown"));
    const auto second = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), rules, translations, verifiers, first.verdicts);
    QCOMPARE(second.llmCalls, 1);  // asked again
    QCOMPARE(second.reused, 0);
    QCOMPARE(verify::verdictName(second.verdicts.find(rules[0], QStringLiteral("v1"), translations[0])->verdict), QStringLiteral("fail"));
    const auto third = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), rules, translations, verifiers, second.verdicts);
    QCOMPARE(third.llmCalls, 0);  // a pass/fail verdict is reused
    QCOMPARE(third.reused, 1);
}

void TestVerify::runner_sendsLtbPromptAndKeepsRawReply()
{
    FakeChatServer server;
    server.script << ScriptedReply{200, chatBody(QStringLiteral("The translation keeps the pun, so: PASS.")), 0, false, false};
    const verify::VerificationRule rule = llmRule(QStringLiteral("Check whether the pun on 'bank' survives."));
    const auto outcome = verify::VerificationRunner::runBlocking(QStringLiteral("The bank was closed."), {rule},
                                                         {QStringLiteral("La orilla estaba cerrada.")},
                                                         {verifierFor(server, QStringLiteral("judge"))});
    QCOMPARE(server.received.size(), 1);
    QCOMPARE(promptOf(server.received.first()),
             QStringLiteral("Your goal is to verify whether a translation fulfills a criterion.\n\n"
                            "Criterion: Check whether the pun on 'bank' survives.\n\n"
                            "Input: The bank was closed.\n\n"
                            "Translation to verify: La orilla estaba cerrada.\n\n"
                            "Output only pass or fail and nothing else."));
    const auto r = outcome.verdicts.find(rule, QStringLiteral("judge"), QStringLiteral("La orilla estaba cerrada."));
    QVERIFY(r.has_value());
    QCOMPARE(r->verdict, verify::Verdict::Pass);
    QCOMPARE(r->rawReply, QStringLiteral("The translation keeps the pun, so: PASS."));
    QVERIFY(r->isFinal());
}

void TestVerify::runner_verifierDown_unknownNotFinal()
{
    FakeChatServer server;
    server.fallback = ScriptedReply{500, "{\"error\":\"boom\"}", 0, false, false};
    const verify::VerificationRule rule = llmRule(QStringLiteral("Rule."));
    const QVector<verify::VerifierConfig> verifiers{verifierFor(server, QStringLiteral("judge"))};
    const auto first = verify::VerificationRunner::runBlocking(QStringLiteral("s"), {rule}, {QStringLiteral("t")}, verifiers);
    const auto r = first.verdicts.find(rule, QStringLiteral("judge"), QStringLiteral("t"));
    QVERIFY(r.has_value());
    QCOMPARE(r->verdict, verify::Verdict::Unknown);
    QVERIFY(!r->isFinal());
    QVERIFY2(r->error.contains(QStringLiteral("HTTP 500")) && r->error.contains(QStringLiteral("judge")), qPrintable(r->error));
    // The next run asks again and gets a real verdict.
    server.fallback = ScriptedReply{200, chatBody(QStringLiteral("fail")), 0, false, false};
    const auto second = verify::VerificationRunner::runBlocking(QStringLiteral("s"), {rule}, {QStringLiteral("t")}, verifiers, first.verdicts);
    QCOMPARE(second.llmCalls, 1);
    QCOMPARE(second.verdicts.find(rule, QStringLiteral("judge"), QStringLiteral("t"))->verdict, verify::Verdict::Fail);
}

void TestVerify::runner_llmRuleWithoutVerifier_unknown()
{
    const verify::VerificationRule rule = llmRule(QStringLiteral("Rule."));
    const auto outcome = verify::VerificationRunner::runBlocking(QStringLiteral("s"), {rule}, {QStringLiteral("t")}, {});
    const verify::VerdictMatrix m = verify::buildVerdictMatrix({rule}, QStringLiteral("t"), {}, {}, outcome.verdicts);
    QCOMPARE(m.rows[0].cells[0].verdict, verify::Verdict::Unknown);
    QVERIFY2(m.rows[0].cells[0].detail.contains(QStringLiteral("no LLM verifier")), qPrintable(m.rows[0].cells[0].detail));
}

void TestVerify::gate_tenSystems()
{
    const QVector<verify::VerificationRule> rules{stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla")),
                                          stringRule(verify::VerificationRule::Kind::NotContains, QStringLiteral("banco"))};
    const QString reference = QStringLiteral("La orilla del río.");
    QVector<QPair<QString, QString>> mt;
    for (int i = 0; i < 10; ++i)
        mt.append({QStringLiteral("mt%1").arg(i), i < 2 ? QStringLiteral("La orilla %1.").arg(i) : QStringLiteral("El banco %1.").arg(i)});
    verify::GateResult g = verify::evaluateGate(stringMatrix(rules, reference, mt));
    QCOMPARE(g.mtOutputs, 10);
    QCOMPARE(g.mtPassingAll, 2);
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("holds"));
    QVERIFY(g.explanation.join(u' ').contains(QStringLiteral("MT outputs that pass all rules: 2 of 10")));
    QVERIFY(g.explanation.join(u' ').contains(QStringLiteral("at least 8 of 10 must fail")));

    mt[2].second = QStringLiteral("La orilla 2.");
    g = verify::evaluateGate(stringMatrix(rules, reference, mt));
    QCOMPARE(g.mtPassingAll, 3);
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("fails"));
}

void TestVerify::gate_threeSystems()
{
    const QVector<verify::VerificationRule> rules{stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))};
    QVector<QPair<QString, QString>> mt{{QStringLiteral("a"), QStringLiteral("orilla")},
                                        {QStringLiteral("b"), QStringLiteral("orilla!")},
                                        {QStringLiteral("c"), QStringLiteral("banco")}};
    verify::GateResult g = verify::evaluateGate(stringMatrix(rules, QStringLiteral("la orilla"), mt));
    QVERIFY(g.holds());
    QVERIFY2(g.explanation.join(u' ').contains(QStringLiteral("at least 1 of 3 must fail")), qPrintable(g.explanation.join(u'|')));
    QVERIFY2(g.explanation.join(u' ').contains(QStringLiteral("LTB's share would need 3 of 3 to fail")), qPrintable(g.explanation.join(u'|')));
    mt[2].second = QStringLiteral("orilla?");
    g = verify::evaluateGate(stringMatrix(rules, QStringLiteral("la orilla"), mt));
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("fails"));
    // Issue 19: two outputs that both pass the only rule made the gate "hold".
    g = verify::evaluateGate(stringMatrix(rules, QStringLiteral("la orilla"), {{QStringLiteral("m1"), QStringLiteral("orilla")},
                                                                         {QStringLiteral("m2"), QStringLiteral("la orilla")}}));
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("fails"));
    // One output: none may pass, and the explanation says so (it said "at most 2").
    g = verify::evaluateGate(stringMatrix(rules, QStringLiteral("la orilla"), {{QStringLiteral("m1"), QStringLiteral("banco")}}));
    QVERIFY(g.holds());
    // (no translator here, so plural forms read "output(s)")
    QVERIFY2(g.explanation.join(u' ').contains(QStringLiteral("pass all rules: 0 of 1; at most 0 may")),
             qPrintable(g.explanation.join(u'|')));
    QVERIFY2(g.explanation.join(u' ').contains(QStringLiteral("Gauntlet allows 0 to pass all rules")), qPrintable(g.explanation.join(u'|')));
    QCOMPARE(verify::maxMtOutputsPassingAll(1), 0);
    QCOMPARE(verify::maxMtOutputsPassingAll(2), 1);
    QCOMPARE(verify::maxMtOutputsPassingAll(3), 2);
    QCOMPARE(verify::maxMtOutputsPassingAll(10), 2);
}

void TestVerify::gate_zeroSystems()
{
    const QVector<verify::VerificationRule> rules{stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))};
    const verify::GateResult g = verify::evaluateGate(stringMatrix(rules, QStringLiteral("la orilla"), {}));
    QCOMPARE(g.mtOutputs, 0);
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("fails"));
    QVERIFY(g.explanation.join(u' ').contains(QStringLiteral("at least one MT system")));
    // No rules at all fails too.
    const verify::GateResult none = verify::evaluateGate(stringMatrix({}, QStringLiteral("la orilla"), {{QStringLiteral("a"), QStringLiteral("x")}}));
    QCOMPARE(verify::gateStateName(none.state), QStringLiteral("fails"));
}

void TestVerify::gate_referenceAndUnknowns()
{
    const QVector<verify::VerificationRule> rules{stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla"))};
    const QVector<QPair<QString, QString>> mt{{QStringLiteral("a"), QStringLiteral("banco")}, {QStringLiteral("b"), QStringLiteral("banco!")},
                                              {QStringLiteral("c"), QStringLiteral("banco?")}};
    verify::GateResult g = verify::evaluateGate(stringMatrix(rules, QStringLiteral("el banco"), mt));
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("fails"));
    QCOMPARE(g.reference, verify::Verdict::Fail);
    g = verify::evaluateGate(stringMatrix(rules, QString(), mt));
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("fails"));
    QVERIFY(!g.hasReference);

    // LLM rules without verdicts leave the gate undecided, not holding.
    const QVector<verify::VerificationRule> llm{llmRule(QStringLiteral("Rule."))};
    const auto outcome = verify::VerificationRunner::runBlocking(QStringLiteral("s"), llm, {QStringLiteral("ref")}, {});
    g = verify::evaluateGate(verify::buildVerdictMatrix(llm, QStringLiteral("ref"), mt, {}, outcome.verdicts));
    QCOMPARE(verify::gateStateName(g.state), QStringLiteral("undecided"));
    QCOMPARE(g.mtUndecided, 3);
}

void TestVerify::matrix_flagsRulesTestingNothing()
{
    const QVector<verify::VerificationRule> rules{stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("orilla")),
                                          stringRule(verify::VerificationRule::Kind::Contains, QStringLiteral("río"))};
    const verify::VerdictMatrix m = stringMatrix(rules, QStringLiteral("La orilla del río"),
                                         {{QStringLiteral("a"), QStringLiteral("El banco del río")},
                                          {QStringLiteral("b"), QStringLiteral("El banco del Río")}});
    QCOMPARE(m.rulesTestingNothing, QVector<int>{1});
    QCOMPARE(m.rows[0].overall, verify::Verdict::Pass);
    QCOMPARE(m.rows[1].overall, verify::Verdict::Fail);
    const verify::GateResult g = verify::evaluateGate(m);
    QVERIFY(g.holds());
    QVERIFY(g.explanation.join(u' ').contains(QStringLiteral("Rule 2 tests nothing")));
}

void TestVerify::agreement_twoVerifiers()
{
    FakeChatServer server;
    // v1 always says pass; v2 says fail for translations containing "banco".
    server.responder = [](const ReceivedRequest &request) {
        const bool banco = promptOf(request).contains(QStringLiteral("Translation to verify: El banco"));
        const bool strict = modelOf(request) == QLatin1String("v2");
        return ScriptedReply{200, chatBody(strict && banco ? QStringLiteral("Fail") : QStringLiteral("Pass")), 0, false, false};
    };
    const QVector<verify::VerificationRule> rules{llmRule(QStringLiteral("Riverbank sense."))};
    const QVector<verify::VerifierConfig> verifiers{verifierFor(server, QStringLiteral("v1")), verifierFor(server, QStringLiteral("v2"))};
    const QVector<QPair<QString, QString>> mt{{QStringLiteral("a"), QStringLiteral("El banco.")},
                                              {QStringLiteral("b"), QStringLiteral("La orilla.")}};
    const auto outcome = verify::VerificationRunner::runBlocking(QStringLiteral("The bank."), rules,
                                                         {QStringLiteral("La orilla del río."), mt[0].second, mt[1].second}, verifiers);
    const verify::VerdictMatrix m = verify::buildVerdictMatrix(rules, QStringLiteral("La orilla del río."), mt, {QStringLiteral("v1"), QStringLiteral("v2")},
                                               outcome.verdicts);
    const verify::VerifierAgreement a = verify::verifierAgreement(m, 2);
    QCOMPARE(a.units, 3);
    QCOMPARE(a.unanimous, 2);
    QVERIFY(qAbs(a.percent() - 200.0 / 3) < 1e-9);
    QVERIFY(a.alpha.has_value());
    // Hand-computed nominal alpha: values (1,1),(1,0),(1,1): n=6, n_1=5, n_0=1, D_o = 2/6,
    // D_e = 2*5*1/(6*5) = 1/3, alpha = 1 - (1/3)/(1/3) = 0.
    QVERIFY2(qAbs(*a.alpha - 0.0) < 1e-9, qPrintable(QString::number(*a.alpha)));
    // The split verdict on "El banco." combines to unknown.
    QCOMPARE(m.rows[1].cells[0].verdict, verify::Verdict::Unknown);
}

GAUNTLET_TEST_MAIN(TestVerify)
#include "tst_verify.moc"
