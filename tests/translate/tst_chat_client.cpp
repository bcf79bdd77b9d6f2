// The chat-completions client against a scripted server on 127.0.0.1 (tests/support/
// fake_chat_server.h): success, 500 then success, 429, timeout, malformed JSON, connection
// refused, cancellation, the concurrency limit; the API key never appears in an error.
#include "engine/translate/chat_client.h"
#include "engine/translate/translate_error.h"
#include "engine/translate/translation_runner.h"

#include "tests/support/fake_chat_server.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;
using gauntlet::testing::chatBody;
using gauntlet::testing::FakeChatServer;
using gauntlet::testing::ScriptedReply;

namespace {

/// The test endpoint on `server`, its key read from `keyVariable` (none by default).
translate::ChatEndpoint endpointFor(const FakeChatServer &server, const QString &keyVariable = {})
{
    translate::ChatEndpoint e;
    e.apiKeyVariable = keyVariable;
    e.baseUrl = server.baseUrl();
    e.model = QStringLiteral("test-model");
    e.timeoutMs = 5000;
    e.maxRetries = 2;
    e.initialBackoffMs = 50;
    return e;
}

/// What a ChatCompletionCall of the prompt "p" to `e` ended with, and the arguments of each of its
/// retrying signals.
struct CallOutcome {
    bool finished = false;  ///< finished came within 10 s
    translate::ChatReply reply;
    QList<QList<QVariant>> retries;
};

CallOutcome runCall(const translate::ChatEndpoint &e)
{
    QNetworkAccessManager network;
    translate::ChatCompletionCall call(&network, e, QStringLiteral("p"));
    QSignalSpy retrying(&call, &translate::ChatCompletionCall::retrying);
    QSignalSpy finished(&call, &translate::ChatCompletionCall::finished);
    call.start();
    CallOutcome outcome;
    outcome.finished = finished.wait(10000);
    outcome.reply = call.reply();
    outcome.retries = retrying;
    return outcome;
}

const char *const secretKey = "sk-test-0123456789-very-secret";

}  // namespace

class TestChatClient : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("GAUNTLET_TEST_API_KEY", secretKey); }
    void success_sendsPromptModelAndKey();
    void serverError_retriedThenSucceeds();
    void tooManyRequests_retried();
    void persistentServerError_failsAfterRetriesWithoutKey();
    void unauthorized_hintsAtTheKeyVariable();
    void timeout_failsNamingTimeout();
    void malformedJson_failsWithoutRetry_data();
    void malformedJson_failsWithoutRetry();
    void connectionRefused_namesUrl();
    void missingKeyVariable_namesVariable();
    void cancel_stopsWaitingRequest();
    void runner_chatSystemsConcurrentWithLimit();
    void hugeReply_failsQuotedByItsBeginning();
    void keysAndCredentials_refusedNeverEchoed();
    void queryString_staysAfterThePath();
    void redirectLoop_saysWhereItPointed();
};

void TestChatClient::success_sendsPromptModelAndKey()
{
    FakeChatServer server;
    server.script << ScriptedReply{200, chatBody(QStringLiteral("  Hola, mundo.\n")), 0, false, false};
    translate::ChatEndpoint e = endpointFor(server, QStringLiteral("GAUNTLET_TEST_API_KEY"));
    e.temperature = 0.25;
    const translate::ChatReply reply = translate::callChatCompletionBlocking(e, QStringLiteral("Translate: Hello, world."));
    QVERIFY2(reply.ok, qPrintable(reply.error));
    QCOMPARE(reply.content, QStringLiteral("  Hola, mundo.\n"));
    QCOMPARE(reply.attempts, 1);
    QCOMPARE(server.received.size(), 1);
    const auto &request = server.received.first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.path, QByteArray("/v1/chat/completions"));
    QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer ") + secretKey);
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(), 0.25);
    const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages[0].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("user"));
    QCOMPARE(messages[0].toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Translate: Hello, world."));
}

void TestChatClient::serverError_retriedThenSucceeds()
{
    FakeChatServer server;
    server.script << ScriptedReply{500, "{\"error\":\"overloaded\"}", 0, false, false}
                  << ScriptedReply{200, chatBody(QStringLiteral("ok")), 0, false, false};
    const CallOutcome call = runCall(endpointFor(server));
    QVERIFY(call.finished);
    QVERIFY2(call.reply.ok, qPrintable(call.reply.error));
    QCOMPARE(call.reply.content, QStringLiteral("ok"));
    QCOMPARE(call.reply.attempts, 2);
    QCOMPARE(call.retries.count(), 1);
    QVERIFY(call.retries.first().at(1).toString().contains(QStringLiteral("HTTP 500")));
    QCOMPARE(call.retries.first().at(2).toInt(), 50);
    QCOMPARE(server.received.size(), 2);
}

void TestChatClient::tooManyRequests_retried()
{
    FakeChatServer server;
    server.script << ScriptedReply{429, "{\"error\":\"rate limited\"}", 0, false, false}
                  << ScriptedReply{429, "{\"error\":\"rate limited\"}", 0, false, false}
                  << ScriptedReply{200, chatBody(QStringLiteral("third time")), 0, false, false};
    QNetworkAccessManager network;
    translate::ChatCompletionCall call(&network, endpointFor(server), QStringLiteral("p"));
    QSignalSpy retrying(&call, &translate::ChatCompletionCall::retrying);
    QSignalSpy finished(&call, &translate::ChatCompletionCall::finished);
    QElapsedTimer clock;
    clock.start();
    call.start();
    QVERIFY(finished.wait(10000));
    QVERIFY2(call.reply().ok, qPrintable(call.reply().error));
    QCOMPARE(call.reply().attempts, 3);
    QCOMPARE(retrying.count(), 2);
    QCOMPARE(retrying.at(1).at(2).toInt(), 100);  // backoff doubles
    QVERIFY(clock.elapsed() >= 150);

    // Retry-After (seconds) lengthens the wait.
    FakeChatServer polite;
    polite.script << ScriptedReply{429, "{}", 0, false, false, "Retry-After: 1\r\n"}
                  << ScriptedReply{200, chatBody(QStringLiteral("after a second")), 0, false, false, {}};
    const CallOutcome waiting = runCall(endpointFor(polite));
    QVERIFY(waiting.finished);
    QVERIFY2(waiting.reply.ok, qPrintable(waiting.reply.error));
    QCOMPARE(waiting.retries.first().at(2).toInt(), 1000);
}

void TestChatClient::persistentServerError_failsAfterRetriesWithoutKey()
{
    FakeChatServer server;
    // The server echoes the Authorization header into its error body, as a careless proxy might.
    server.fallback = ScriptedReply{503, "{\"error\":\"down\"}", 0, false, true};
    const CallOutcome call = runCall(endpointFor(server, QStringLiteral("GAUNTLET_TEST_API_KEY")));
    QVERIFY(call.finished);
    const translate::ChatReply &reply = call.reply;
    QVERIFY(!reply.ok);
    QCOMPARE(reply.attempts, 3);
    QCOMPARE(reply.httpStatus, 503);
    QVERIFY2(reply.error.contains(QStringLiteral("HTTP 503")) && reply.error.contains(server.baseUrl()), qPrintable(reply.error));
    QVERIFY2(!reply.error.contains(QLatin1String(secretKey)), qPrintable(reply.error));
    QVERIFY2(reply.error.contains(QStringLiteral("[API key]")), qPrintable(reply.error));
    for (const auto &args : call.retries)
        QVERIFY(!args.at(1).toString().contains(QLatin1String(secretKey)));
}

void TestChatClient::redirectLoop_saysWhereItPointed()
{
    // Issue 39 (12): a redirect loop ended in a bare "HTTP 307:".
    FakeChatServer server;
    const QByteArray self = QStringLiteral("Location: %1/chat/completions\r\n").arg(server.baseUrl()).toUtf8();
    server.fallback = ScriptedReply{307, QByteArray(), 0, false, false, self};
    const translate::ChatReply reply = translate::callChatCompletionBlocking(endpointFor(server), QStringLiteral("p"));
    QVERIFY(!reply.ok);
    QVERIFY2(reply.error.contains(QStringLiteral("redirect")) && reply.error.contains(server.baseUrl()), qPrintable(reply.error));
}

void TestChatClient::unauthorized_hintsAtTheKeyVariable()
{
    // Issue 19: an HTTP 401 said nothing about where the key comes from.
    FakeChatServer server;
    server.fallback = ScriptedReply{401, "{\"error\":\"invalid key\"}", 0, false, false};
    const CallOutcome call = runCall(endpointFor(server, QStringLiteral("GAUNTLET_TEST_API_KEY")));
    QVERIFY(call.finished);
    const translate::ChatReply &reply = call.reply;
    QVERIFY(!reply.ok);
    QCOMPARE(reply.attempts, 1);  // not retried
    QVERIFY2(reply.error.contains(QStringLiteral("HTTP 401")) && reply.error.contains(QStringLiteral("GAUNTLET_TEST_API_KEY")),
             qPrintable(reply.error));
    QVERIFY2(!reply.error.contains(QLatin1String(secretKey)), qPrintable(reply.error));
}

void TestChatClient::timeout_failsNamingTimeout()
{
    FakeChatServer server;
    server.fallback = ScriptedReply{200, chatBody(QStringLiteral("late")), 0, true, false};
    translate::ChatEndpoint e = endpointFor(server);
    e.timeoutMs = 300;
    e.maxRetries = 1;
    QElapsedTimer clock;
    clock.start();
    const translate::ChatReply reply = translate::callChatCompletionBlocking(e, QStringLiteral("p"));
    QVERIFY(!reply.ok);
    QVERIFY(!reply.cancelled);
    QCOMPARE(reply.attempts, 2);
    QVERIFY2(reply.error.contains(QStringLiteral("no reply within 300 ms")), qPrintable(reply.error));
    QVERIFY(clock.elapsed() >= 600);
    QVERIFY(clock.elapsed() < 5000);

    // A slow reply that arrives within the timeout is fine.
    FakeChatServer slow;
    slow.script << ScriptedReply{200, chatBody(QStringLiteral("slow but fine")), 200, false, false};
    translate::ChatEndpoint s = endpointFor(slow);
    s.timeoutMs = 2000;
    const translate::ChatReply slowReply = translate::callChatCompletionBlocking(s, QStringLiteral("p"));
    QVERIFY2(slowReply.ok, qPrintable(slowReply.error));
    QCOMPARE(slowReply.content, QStringLiteral("slow but fine"));
}

void TestChatClient::malformedJson_failsWithoutRetry_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated") << QByteArray("{\"choices\": [{\"message\": {\"content\": \"Ho") << "not valid JSON";
    QTest::newRow("html") << QByteArray("<html>Bad gateway</html>") << "not valid JSON";
    QTest::newRow("no choices") << QByteArray("{\"object\": \"chat.completion\"}") << "no choices[0]";
    QTest::newRow("null content") << QByteArray("{\"choices\": [{\"message\": {\"content\": null}}]}") << "content";
}

void TestChatClient::malformedJson_failsWithoutRetry()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    FakeChatServer server;
    server.fallback = ScriptedReply{200, body, 0, false, false};
    const translate::ChatReply reply = translate::callChatCompletionBlocking(endpointFor(server), QStringLiteral("p"));
    QVERIFY(!reply.ok);
    QCOMPARE(reply.attempts, 1);
    QVERIFY2(reply.error.contains(expected) && reply.error.contains(server.baseUrl()), qPrintable(reply.error));
}

void TestChatClient::connectionRefused_namesUrl()
{
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }  // closed: nothing listens there now
    translate::ChatEndpoint e;
    e.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1/").arg(port);
    e.model = QStringLiteral("m");
    e.maxRetries = 2;
    e.initialBackoffMs = 10;
    const translate::ChatReply reply = translate::callChatCompletionBlocking(e, QStringLiteral("p"));
    QVERIFY(!reply.ok);
    QCOMPARE(reply.attempts, 3);
    QCOMPARE(reply.httpStatus, 0);
    QVERIFY2(reply.error.contains(QStringLiteral("http://127.0.0.1:%1/v1/chat/completions").arg(port)), qPrintable(reply.error));
    QVERIFY2(reply.error.contains(QStringLiteral("refused"), Qt::CaseInsensitive), qPrintable(reply.error));
}

void TestChatClient::missingKeyVariable_namesVariable()
{
    FakeChatServer server;
    translate::ChatEndpoint e = endpointFor(server);
    e.apiKeyVariable = QStringLiteral("GAUNTLET_TEST_UNSET_VARIABLE");
    qunsetenv("GAUNTLET_TEST_UNSET_VARIABLE");
    const translate::ChatReply reply = translate::callChatCompletionBlocking(e, QStringLiteral("p"));
    QVERIFY(!reply.ok);
    QVERIFY2(reply.error.contains(QStringLiteral("GAUNTLET_TEST_UNSET_VARIABLE")), qPrintable(reply.error));
    QCOMPARE(server.received.size(), 0);

    e.baseUrl = QStringLiteral("not a url");
    const translate::ChatReply bad = translate::callChatCompletionBlocking(e, QStringLiteral("p"));
    QVERIFY(!bad.ok);
    QVERIFY2(bad.error.contains(QStringLiteral("base URL")), qPrintable(bad.error));
}

void TestChatClient::cancel_stopsWaitingRequest()
{
    FakeChatServer server;
    server.fallback = ScriptedReply{200, {}, 0, true, false};
    QNetworkAccessManager network;
    translate::ChatCompletionCall call(&network, endpointFor(server), QStringLiteral("p"));
    QSignalSpy finished(&call, &translate::ChatCompletionCall::finished);
    call.start();
    QTRY_COMPARE(server.received.size(), 1);
    call.cancel();
    QCOMPARE(finished.count(), 1);
    QVERIFY(call.reply().cancelled);
    QVERIFY(!call.reply().ok);
    QTest::qWait(100);
    QCOMPARE(finished.count(), 1);

    // Cancelling during the backoff wait stops the retry.
    FakeChatServer failing;
    failing.fallback = ScriptedReply{500, "{}", 0, false, false};
    translate::ChatEndpoint e = endpointFor(failing);
    e.initialBackoffMs = 2000;
    translate::ChatCompletionCall retrying(&network, e, QStringLiteral("p"));
    QSignalSpy retrySpy(&retrying, &translate::ChatCompletionCall::retrying);
    retrying.start();
    QVERIFY(retrySpy.wait(5000));
    retrying.cancel();
    QTest::qWait(300);
    QCOMPARE(failing.received.size(), 1);
    QVERIFY(retrying.reply().cancelled);
}

void TestChatClient::runner_chatSystemsConcurrentWithLimit()
{
    FakeChatServer server;
    server.responder = [](const gauntlet::testing::ReceivedRequest &request) {
        const QString prompt = gauntlet::testing::promptOf(request);
        // Answer with the prompt's second line (the source text), upper-cased.
        return ScriptedReply{200, chatBody(prompt.section(u'\n', 1, 1).toUpper()), 150, false, false};
    };
    QVector<translate::TranslationJob> jobs;
    for (int i = 0; i < 5; ++i) {
        translate::MtSystemConfig s;
        s.name = QStringLiteral("llm-%1").arg(i);
        s.kind = translate::MtSystemConfig::Kind::Chat;
        s.endpoint = endpointFor(server);
        jobs.append({s, {QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("text %1").arg(i), {}, {}}, {}});
    }
    const QVector<translate::TranslationResult> results = translate::TranslationRunner::runBlocking(jobs, 2);
    QCOMPARE(results.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(results[i].status, translate::TranslationResult::Status::Ok);
        QCOMPARE(results[i].text, QStringLiteral("TEXT %1").arg(i));
    }
    QCOMPARE(server.maxInFlight, 2);
}

GAUNTLET_TEST_MAIN(TestChatClient)
#include "tst_chat_client.moc"

void TestChatClient::hugeReply_failsQuotedByItsBeginning()
{
    // Issue 39: a 50 MB reply was stored whole (a 210 MB project) and printed. Over
    // MaxReplyCharacters it fails like any other bad reply, with its length and beginning.
    FakeChatServer server;
    const QString huge = QStringLiteral("Hola ") + QString(translate::MaxReplyCharacters, u'x');
    server.script << ScriptedReply{200, chatBody(huge), 0, false, false};
    const translate::ChatReply reply = translate::callChatCompletionBlocking(endpointFor(server), QStringLiteral("p"));
    QVERIFY(!reply.ok);
    QVERIFY(reply.content.isEmpty());
    QVERIFY2(reply.error.contains(QStringLiteral("holds %1 characters").arg(huge.size())) && reply.error.contains(QStringLiteral("it begins: Hola x")),
             qPrintable(reply.error.left(300)));
    QVERIFY(reply.error.size() < 500);
    QCOMPARE(server.received.size(), 1);  // not retried
}

void TestChatClient::keysAndCredentials_refusedNeverEchoed()
{
    // Issue 39: --api-key-env refused sk-... but stored hf_/gsk_/AIza keys and printed them; a
    // base URL with user:password@ was stored and printed too.
    const QStringList keys{QStringLiteral("hf_AbCdEfGhIjKlMnOpQrStUvWxYz123456"), QStringLiteral("gsk_abcdef0123456789abcdef0123456789"),
                           QStringLiteral("AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStU"), QStringLiteral("ghp_0123456789abcdefABCDEF0123456789abcd"),
                           QStringLiteral("abcdefghij0123456789klmnop")};
    for (const QString &key : keys) {
        translate::ChatEndpoint e;
        e.baseUrl = QStringLiteral("http://127.0.0.1:1/v1");
        e.model = QStringLiteral("m");
        e.apiKeyVariable = key;
        QVERIFY2(translate::looksLikeApiKey(key), qPrintable(key.left(4)));
        try {
            e.validate();
            QFAIL(qPrintable(key.left(4) + QStringLiteral(" accepted")));
        } catch (const translate::TranslateError &err) {
            QVERIFY2(!QString::fromUtf8(err.what()).contains(key.mid(4)), err.what());
        }
    }
    for (const char *name : {"OPENAI_API_KEY", "GAUNTLET_TEST_API_KEY", "my_key", "HF_TOKEN"})
        QVERIFY2(!translate::looksLikeApiKey(QString::fromLatin1(name)), name);
    translate::ChatEndpoint withCredentials;
    withCredentials.baseUrl = QStringLiteral("https://user:s3cretpass@api.example.org/v1");
    withCredentials.model = QStringLiteral("m");
    try {
        withCredentials.validate();
        QFAIL("credentials in the URL accepted");
    } catch (const translate::TranslateError &err) {
        QVERIFY2(!QString::fromUtf8(err.what()).contains(QStringLiteral("s3cretpass")), err.what());
    }
}

void TestChatClient::queryString_staysAfterThePath()
{
    // Issue 39: "/chat/completions" was appended after "?api-version=...".
    translate::ChatEndpoint e;
    e.baseUrl = QStringLiteral("https://example.openai.azure.com/openai/deployments/gpt/?api-version=2024-06-01");
    e.model = QStringLiteral("m");
    QCOMPARE(e.completionsUrl().toString(),
             QStringLiteral("https://example.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-06-01"));
    e.baseUrl = QStringLiteral("http://localhost:8080/v1/");
    QCOMPARE(e.completionsUrl().toString(), QStringLiteral("http://localhost:8080/v1/chat/completions"));
}
