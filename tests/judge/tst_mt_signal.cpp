// engine/judge/mt_signal.h (issue 21): the order of the black-box MT term on hand-worked signals,
// Apertium's signal against the apertium command itself (forward with its unknown-word marks, back
// with -u), the cache by text, and a chat system's round trip against a local fake
// OpenAI-compatible server that never gets more requests than the budget.
#include "engine/judge/judge_error.h"
#include "engine/judge/mt_signal.h"
#include "engine/judge/round_trip_judge.h"
#include "engine/metrics/chrf.h"
#include "tests/support/apertium_reference.h"
#include "tests/support/fake_chat_server.h"

#include "tests/support/mt_system_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>

using namespace gauntlet;
using namespace gauntlet::judge;

namespace {

MtSignal apertiumLike(int unknown, double chrf)
{
    MtSignal s;
    s.unknownWords = unknown;
    s.roundTripChrf = chrf;
    return s;
}

}  // namespace

class TestMtSignal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void badnessOrder_unknownWordsFirstThenLowerChrf()
    {
        // 1 has the most unknown words; 2, 0 and 4 one each, 2 with the lowest chrF; 0 and 4 tie and
        // keep their order; 3 was not measured and comes last.
        const std::vector<MtSignal> signals = {apertiumLike(1, 50), apertiumLike(2, 90), apertiumLike(1, 40), MtSignal{}, apertiumLike(1, 50)};
        QCOMPARE(mtBadnessOrder(signals), (std::vector<size_t>{1, 2, 0, 4, 3}));
    }

    void badnessOrder_chatSignalsByChrfAlone()
    {
        const double nan = std::nan("");
        const std::vector<MtSignal> signals = {apertiumLike(-1, 80), apertiumLike(-1, 60), apertiumLike(-1, nan), apertiumLike(-1, 60),
                                               apertiumLike(-1, 95)};
        QCOMPARE(mtBadnessOrder(signals), (std::vector<size_t>{1, 3, 0, 4, 2}));
        QCOMPARE(mtBadnessOrder({}), std::vector<size_t>{});
    }

    void apertium_matchesTheCommand_andMeasuresEachTextOnce()
    {
        const auto source = apertiumSignalSource("eng-spa");
        QCOMPARE(QString::fromStdString(source->describe()), QStringLiteral("apertium eng-spa"));
        const std::string seed = "The house is big.", odd = "The zorblax house is big.";
        const std::vector<MtSignal> s = source->measure({seed, odd, seed});
        QCOMPARE(s.size(), size_t(3));
        QCOMPARE(s[0].unknownWords, 0);
        QCOMPARE(s[1].unknownWords, 1);  // "zorblax"
        const QString forward = testing::apertiumCommandOutput(QStringLiteral("eng-spa"), QString::fromStdString(odd));
        QCOMPARE(QString::fromStdString(s[1].translation), forward);
        const QString back = testing::apertiumCommandOutput(QStringLiteral("spa-eng"), forward);
        QCOMPARE(QString::fromStdString(s[1].backTranslation), back);
        QCOMPARE(s[1].roundTripChrf, metrics::Chrf().sentenceScore(back.toStdString(), {odd}));
        QCOMPARE(s[2].roundTripChrf, s[0].roundTripChrf);
        QCOMPARE(source->cost().texts, 2);  // the repeated text once
        QCOMPARE(source->cost().requests, 0);
        source->measure({odd});
        QCOMPARE(source->cost().texts, 2);  // cached
        QCOMPARE(mtBadnessOrder(s).front(), size_t(1));
    }

    void apertiumMarks_onlyStarIsAnUnknownWord()
    {
        // Issue 34: Apertium's '#' (generation error: a leaked tag) and '@' (no transfer) marks were
        // counted as unknown words. Only '*' marks a source word Apertium did not know (the
        // marks as the Apertium documentation states them).
        std::string clean;
        std::vector<std::string> other;
        const std::vector<std::string> unknown =
            judge::apertiumMarkedWords("El *zorblax vino con #prpers amigos al @riverbank.", &clean, &other);
        QCOMPARE(unknown, (std::vector<std::string>{"zorblax"}));
        QCOMPARE(other, (std::vector<std::string>{"prpers", "riverbank"}));
        QCOMPARE(clean, std::string("El zorblax vino con prpers amigos al riverbank."));
    }

    void apertium_missingMode_isAClearError()
    {
        QVERIFY_THROWS_EXCEPTION(JudgeError, apertiumSignalSource("eng-xyz"));
    }

    void chat_roundTripThroughTheSameSystem_withinTheBudget()
    {
        testing::FakeChatServer server;
        server.responder = [](const testing::ReceivedRequest &request) {
            const QString body = QString::fromUtf8(request.body);
            QString reply = QStringLiteral("Das Haus ist gross.");
            if (body.contains(QStringLiteral("Das Haus ist gross.")))
                reply = QStringLiteral("The house is large.");
            return testing::ScriptedReply{200, testing::chatBody(reply), 0, false, false};
        };
        translate::MtSystemConfig system = testing::chatSystem(QStringLiteral("llm"), server.baseUrl(), QStringLiteral("m"));
        system.endpoint.maxRetries = 0;
        // 5 requests: two texts there and back; the third would need 2 more and is not asked for
        const auto source = chatSignalSource(system, QStringLiteral("English"), QStringLiteral("German"), 5);
        const std::vector<MtSignal> s = source->measure({"The house is big.", "The house is tall.", "The house is old."});
        QCOMPARE(server.received.size(), 4);
        QCOMPARE(source->cost().requests, 4);
        QCOMPARE(s[0].unknownWords, -1);
        QCOMPARE(s[0].translation, std::string("Das Haus ist gross."));
        QCOMPARE(s[0].backTranslation, std::string("The house is large."));
        QCOMPARE(s[0].roundTripChrf, metrics::Chrf().sentenceScore("The house is large.", {"The house is big."}));
        QVERIFY(s[1].measured());
        QVERIFY(!s[2].measured());
        // the budget is spent: nothing more is asked, and a measured text comes from the cache
        QVERIFY(!source->measure({"Another text."})[0].measured());
        QVERIFY(source->measure({"The house is big."})[0].measured());
        QCOMPARE(server.received.size(), 4);
        QVERIFY_THROWS_EXCEPTION(JudgeError, chatSignalSource(system, QStringLiteral("English"), QString(), 10));
    }
};

GAUNTLET_TEST_MAIN(TestMtSignal)
#include "tst_mt_signal.moc"
