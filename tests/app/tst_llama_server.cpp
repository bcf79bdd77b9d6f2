// The chat client against a real llama.cpp server (issue 22): llama-server, built from the npm
// bundle by scripts/llama-cpp.sh, serves stories260K (tests/data/llama_cpp/stories260K.gguf, a
// 260K-parameter story model that answers every prompt with a children's story, which is the
// point: whatever text comes back must be handled). The test starts the server itself on a free
// port and drives the real command line against it: `translate` with a chat system, an LLM
// verifier (`verifiers add`, `verify`) and the LLM classifier (`classify --classifier llm`);
// requests go out and come back verbatim, streaming is off, a short timeout fires against a
// stalled server (the process is stopped with SIGSTOP: the kernel still accepts the connection,
// nobody answers), Ctrl-C cancels a request in flight, and nonsense replies are stored, give
// unknown verdicts or a clear error, never a crash.
// Label `integration;llamaserver`: scripts/test.sh runs it only with GAUNTLET_INTEGRATION=1. It
// skips, naming the script, where no llama-server binary is found (GAUNTLET_LLAMA_SERVER, else
// ~/.cache/gauntlet/llama.cpp-*/bin/llama-server).
#include "tests/support/cli_runner.h"

#include "engine/sampling/coverage_store.h"
#include "engine/store/project.h"
#include "engine/translate/chat_client.h"
#include "engine/translate/mt_system.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verdict.h"
#include "engine/verify/verifier.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTimer>
#include "tests/support/test_main.h"
#include <QtTest>

#include <csignal>
#include <signal.h>

using namespace gauntlet;
using Result = gauntlet::testing::CliResult;

namespace {

const QString kModel = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/llama_cpp/stories260K.gguf");
const QString kSource = QStringLiteral("The dog barks.");

/// GAUNTLET_LLAMA_SERVER, else the llama-server of a scripts/llama-cpp.sh build in the cache
/// (the one of the goldens' llama.cpp commit first); empty when there is none.
QString findLlamaServer()
{
    const QString env = qEnvironmentVariable("GAUNTLET_LLAMA_SERVER");
    if (!env.isEmpty())
        return QFileInfo(env).isExecutable() ? env : QString();
    const QString cacheHome = qEnvironmentVariable("XDG_CACHE_HOME", QDir::homePath() + QStringLiteral("/.cache"));
    QFile commitFile(QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/llama_cpp/LLAMA_CPP_COMMIT"));
    const QString commit = commitFile.open(QIODevice::ReadOnly) ? QString::fromUtf8(commitFile.readLine()).trimmed() : QString();
    const QString preferred = cacheHome + QStringLiteral("/gauntlet/llama.cpp-") + commit + QStringLiteral("/bin/llama-server");
    if (!commit.isEmpty() && QFileInfo(preferred).isExecutable())
        return preferred;
    const QDir dir(cacheHome + QStringLiteral("/gauntlet"));
    for (const QString &sub : dir.entryList({QStringLiteral("llama.cpp-*")}, QDir::Dirs)) {
        const QString path = dir.filePath(sub + QStringLiteral("/bin/llama-server"));
        if (QFileInfo(path).isExecutable())
            return path;
    }
    return {};
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

/// One HTTP exchange with the server, outside Gauntlet's client: status and body.
QPair<int, QByteArray> http(const QUrl &url, const QByteArray &postBody = {}, int timeoutMs = 60000)
{
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    QNetworkReply *reply = postBody.isEmpty() ? network.get(request) : network.post(request, postBody);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->isFinished() ? reply->readAll() : QByteArray();
    reply->abort();
    reply->deleteLater();
    return {status, body};
}

/// A reply may hold "pass" or "fail" by chance; only then may the verdict be other than unknown.
bool mentionsVerdict(const QString &reply)
{
    return reply.contains(QStringLiteral("pass"), Qt::CaseInsensitive) || reply.contains(QStringLiteral("fail"), Qt::CaseInsensitive);
}

}  // namespace

class TestLlamaServer : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_server;
    QString m_baseUrl;
    QString m_binary;

    Result cli(const QString &project, const QStringList &args) { return gauntlet::testing::runCliOn(m_dir.filePath(project), args); }

    /// choices[0].message.content of the server's reply to `prompt`, sent as Gauntlet sends it
    /// (ChatCompletionCall::requestBody) but read back with QJsonDocument here.
    QString directReply(const translate::ChatEndpoint &endpoint, const QString &prompt)
    {
        QNetworkAccessManager network;
        translate::ChatCompletionCall call(&network, endpoint, prompt);
        const auto [status, body] = http(endpoint.completionsUrl(), call.requestBody());
        if (status != 200)
            return QStringLiteral("<HTTP %1: %2>").arg(status).arg(QString::fromUtf8(body.left(300)));
        const QJsonObject reply = QJsonDocument::fromJson(body).object();
        return reply.value(QStringLiteral("choices")).toArray().first().toObject().value(QStringLiteral("message")).toObject()
            .value(QStringLiteral("content")).toString();
    }

    translate::ChatEndpoint endpoint(int timeoutMs = 60000, int retries = 0) const
    {
        translate::ChatEndpoint e;
        e.baseUrl = m_baseUrl;
        e.model = QStringLiteral("stories260K");
        e.timeoutMs = timeoutMs;
        e.maxRetries = retries;
        return e;
    }

    void stopServer(bool stop) { ::kill(pid_t(m_server.processId()), stop ? SIGSTOP : SIGCONT); }

    void addChatSystem(const QString &project, const QString &name, const QString &timeoutSeconds)
    {
        const Result r = cli(project, {QStringLiteral("systems"), QStringLiteral("add"), name, QStringLiteral("--chat"), QStringLiteral("--base-url"),
                                       m_baseUrl, QStringLiteral("--model"), QStringLiteral("stories260K"), QStringLiteral("--timeout"),
                                       timeoutSeconds, QStringLiteral("--retries"), QStringLiteral("0")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void addExample(const QString &project)
    {
        const Result r = cli(project, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                                       QStringLiteral("--target-lang"), QStringLiteral("German"), QStringLiteral("--text"), kSource,
                                       QStringLiteral("--reference"), QStringLiteral("Der Hund bellt.")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

private Q_SLOTS:
    void initTestCase()
    {
        gauntlet::testing::useTestEnvironment("tester");
        m_binary = findLlamaServer();
        if (m_binary.isEmpty())
            QSKIP("no llama-server binary: build it with scripts/llama-cpp.sh build (or set GAUNTLET_LLAMA_SERVER)");
        QVERIFY2(QFileInfo::exists(kModel), qPrintable(kModel + " is missing (scripts/llama-cpp-goldens.sh writes it)"));
        QVERIFY(m_dir.isValid());
        const quint16 port = freePort();
        m_baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        // The arguments of `scripts/llama-cpp.sh serve`: one slot, one thread, replies of at most 48
        // tokens, a context of 2048 (llama.cpp's llama2.c converter writes llama.context_length
        // 128, at which llama-server caps a slot; LTB's verifier prompt and the classifier's do not
        // fit in it, so it is overridden).
        m_server.setProcessChannelMode(QProcess::MergedChannels);
        m_server.setStandardOutputFile(m_dir.filePath(QStringLiteral("llama-server.log")));
        m_server.start(m_binary, {QStringLiteral("-m"), kModel, QStringLiteral("--host"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                                  QString::number(port), QStringLiteral("-c"), QStringLiteral("2048"), QStringLiteral("--override-kv"),
                                  QStringLiteral("llama.context_length=int:2048"), QStringLiteral("-n"), QStringLiteral("48"),
                                  QStringLiteral("-np"), QStringLiteral("1"), QStringLiteral("-t"), QStringLiteral("1"), QStringLiteral("--no-webui")});
        QVERIFY2(m_server.waitForStarted(10000), qPrintable(m_binary + ": " + m_server.errorString()));
        QElapsedTimer clock;
        clock.start();
        int status = 0;
        while (clock.elapsed() < 60000 && m_server.state() == QProcess::Running) {
            status = http(QUrl(QStringLiteral("http://127.0.0.1:%1/health").arg(port)), {}, 2000).first;
            if (status == 200)
                break;
            QTest::qWait(200);
        }
        QFile log(m_dir.filePath(QStringLiteral("llama-server.log")));
        QVERIFY2(status == 200, qPrintable(QStringLiteral("llama-server did not become healthy (status %1): %2")
                                              .arg(status)
                                              .arg(log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll().right(2000)) : QString())));
        qInfo("llama-server %s on port %d, healthy after %lld ms", qPrintable(m_binary), port, qint64(clock.elapsed()));
    }

    void cleanupTestCase()
    {
        if (m_server.state() == QProcess::NotRunning)
            return;
        stopServer(false);
        m_server.terminate();
        if (!m_server.waitForFinished(10000))
            m_server.kill();
        m_server.waitForFinished(5000);
    }

    void translate_storesTheServersReplyVerbatim()
    {
        const QString p = QStringLiteral("translate.gauntlet");
        addChatSystem(p, QStringLiteral("stories"), QStringLiteral("60"));
        addExample(p);
        const Result r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        QVERIFY2(r.out.startsWith(QStringLiteral("1\tstories\tok\t")), qPrintable(r.out));
        auto project = storage::Project::open(m_dir.filePath(p));
        verify::ExampleStore store(project->database());
        const QVector<verify::StoredTranslation> stored = store.translations(1);
        QCOMPARE(stored.size(), 1);
        // The same request, sent again outside Gauntlet's client (temperature 0: greedy, so the
        // server answers the same): what is stored is what the server said, whatever it is.
        const translate::MtSystemConfig system = store.mtSystems().first();
        const QString prompt = translate::buildTranslationPrompt(system, {QStringLiteral("English"), QStringLiteral("German"), kSource, {}, {}});
        const QString direct = directReply(endpoint(), prompt);
        QCOMPARE(stored.first().text, direct);
        QVERIFY(stored.first().error.isEmpty());
        qInfo("stories260K's \"translation\" of '%s': %s", qPrintable(kSource), qPrintable(direct.left(200)));
    }

    void requests_areNotStreamed()
    {
        // Gauntlet asks for a whole reply ("stream": false) and the server answers with one
        // chat.completion object, not text/event-stream chunks.
        QNetworkAccessManager network;
        translate::ChatCompletionCall call(&network, endpoint(), QStringLiteral("Say hello."));
        const QJsonObject body = QJsonDocument::fromJson(call.requestBody()).object();
        QVERIFY(body.contains(QStringLiteral("stream")));
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(true), false);
        const auto [status, reply] = http(endpoint().completionsUrl(), call.requestBody());
        QCOMPARE(status, 200);
        QVERIFY2(!reply.startsWith("data:"), reply.left(200).constData());
        QCOMPARE(QJsonDocument::fromJson(reply).object().value(QStringLiteral("object")).toString(), QStringLiteral("chat.completion"));
        const translate::ChatReply blocking = translate::callChatCompletionBlocking(endpoint(), QStringLiteral("Say hello."));
        QVERIFY2(blocking.ok, qPrintable(blocking.error));
        QCOMPARE(blocking.httpStatus, 200);
        QCOMPARE(blocking.attempts, 1);
    }

    void verify_nonsenseRepliesAreStoredAsUnknownVerdicts()
    {
        const QString p = QStringLiteral("verify.gauntlet");
        addChatSystem(p, QStringLiteral("stories"), QStringLiteral("60"));
        addExample(p);
        Result r = cli(p, {QStringLiteral("verifiers"), QStringLiteral("add"), QStringLiteral("judge"), QStringLiteral("--base-url"), m_baseUrl,
                           QStringLiteral("--model"), QStringLiteral("stories260K"), QStringLiteral("--retries"), QStringLiteral("0")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QStringLiteral("The noun Hund takes the masculine article der.")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli(p, {QStringLiteral("verify"), QStringLiteral("1"), QStringLiteral("--full-replies")});
        qInfo("verify:\n%s%s", qPrintable(r.out), qPrintable(r.err));
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("gate:")), qPrintable(r.out));

        auto project = storage::Project::open(m_dir.filePath(p));
        verify::ExampleStore store(project->database());
        const verify::VerifierConfig judge = store.verifiers().first();
        const QString translation = store.translations(1).first().text;
        const QVector<verify::VerdictEntry> entries = store.verdicts(1).entries();
        QCOMPARE(entries.size(), 2);  // the reference and the one output, for the one rule
        for (const verify::VerdictEntry &e : entries) {
            QCOMPARE(e.verifier, QStringLiteral("judge"));
            QVERIFY2(e.record.isFinal(), qPrintable(e.record.error));
            const QString rule = store.rules(1).first().rule.text;
            const QString direct = directReply(endpoint(), verify::buildVerifierPrompt(judge, rule, kSource, e.translation));
            QCOMPARE(e.record.rawReply, direct);
            if (!mentionsVerdict(direct))
                QCOMPARE(e.record.verdict, verify::Verdict::Unknown);
            QVERIFY(e.translation == translation || e.translation == QStringLiteral("Der Hund bellt."));
        }
        // Unknown verdicts are asked again on the next verify; nothing is lost or duplicated.
        r = cli(p, {QStringLiteral("verify"), QStringLiteral("1")});
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        QCOMPARE(store.verdicts(1).entries().size(), 2);
        QCOMPARE(store.translations(1).first().text, translation);
    }

    void classify_nonsenseReplyGivesAClearErrorAndStoresNothing()
    {
        const QString p = QStringLiteral("classify.gauntlet");
        const QString file = m_dir.filePath(QStringLiteral("ui.tsv"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("doc_id\tsource\tmt\tpost_edit\n"
                "d1\tDelete 3 files?\tDateien löschen?\t3 Dateien löschen?\n"
                "d1\tThe cat sat on the mat.\tDie Katze saß auf der Matte.\tDie Katze saß auf der Matte.\n");
        f.close();
        Result r = cli(p, {QStringLiteral("corpus"), QStringLiteral("import"), file, QStringLiteral("--name"), QStringLiteral("ui")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli(p, {QStringLiteral("classify"), QStringLiteral("ui"), QStringLiteral("--taxonomy"), QStringLiteral("mozilla-localization"),
                    QStringLiteral("--classifier"), QStringLiteral("llm"), QStringLiteral("--llm-base-url"), m_baseUrl, QStringLiteral("--llm-model"),
                    QStringLiteral("stories260K")});
        qInfo("classify --classifier llm: exit %d\n%s%s", r.code, qPrintable(r.out), qPrintable(r.err));
        // A story is not the JSON array the classifier asks for: the command fails naming the
        // segments and quoting the reply, and no labelling is stored.
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("LLM classifier, segments 1-2")) && r.err.contains(QStringLiteral("JSON array")), qPrintable(r.err));
        auto project = storage::Project::open(m_dir.filePath(p));
        QCOMPARE(sampling::CoverageStore(project->database()).labellings().size(), 0);
    }

    void translate_shortTimeoutAgainstStalledServer()
    {
        const QString p = QStringLiteral("timeout.gauntlet");
        addChatSystem(p, QStringLiteral("stalled"), QStringLiteral("1"));
        addExample(p);
        stopServer(true);
        QElapsedTimer clock;
        clock.start();
        const Result r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        const qint64 elapsed = clock.elapsed();
        stopServer(false);
        qInfo("translate against the stopped server: exit %d after %lld ms: %s", r.code, elapsed, qPrintable(r.out.trimmed()));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.startsWith(QStringLiteral("1\tstalled\tfailed\t")) && r.out.contains(QStringLiteral("no reply within 1000 ms")),
                 qPrintable(r.out));
        // QTimer's default coarse timers may fire up to 5% early (972 ms was seen).
        QVERIFY2(elapsed >= 900 && elapsed < 10000, qPrintable(QString::number(elapsed)));
        auto project = storage::Project::open(m_dir.filePath(p));
        const QVector<verify::StoredTranslation> stored = verify::ExampleStore(project->database()).translations(1);
        QCOMPARE(stored.size(), 1);
        QVERIFY(stored.first().text.isEmpty());
        QVERIFY2(stored.first().error.contains(QStringLiteral("no reply within 1000 ms")), qPrintable(stored.first().error));
        // The server works again once resumed, and the failed output is replaced by a real one.
        const Result again = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QVERIFY2(again.code == 0 && again.out.startsWith(QStringLiteral("1\tstalled\tok\t")), qPrintable(again.out + again.err));
    }

    void translate_ctrlCCancelsTheRequestInFlight()
    {
        const QString p = QStringLiteral("cancel.gauntlet");
        addChatSystem(p, QStringLiteral("slow"), QStringLiteral("60"));
        addExample(p);
        stopServer(true);
        QTimer::singleShot(700, [] { std::raise(SIGINT); });
        QElapsedTimer clock;
        clock.start();
        const Result r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        const qint64 elapsed = clock.elapsed();
        stopServer(false);
        qInfo("translate interrupted after %lld ms: exit %d: %s", elapsed, r.code, qPrintable(r.out.trimmed()));
        QCOMPARE(r.code, 130);
        QVERIFY2(r.out.startsWith(QStringLiteral("1\tslow\tcancelled")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("interrupted")), qPrintable(r.err));
        QVERIFY2(elapsed < 10000, qPrintable(QString::number(elapsed)));
        auto project = storage::Project::open(m_dir.filePath(p));
        QCOMPARE(verify::ExampleStore(project->database()).translations(1).size(), 0);
        // The server answers the next request normally.
        const translate::ChatReply reply = translate::callChatCompletionBlocking(endpoint(), QStringLiteral("Once upon a time"));
        QVERIFY2(reply.ok, qPrintable(reply.error));
    }
};

GAUNTLET_TEST_MAIN(TestLlamaServer)
#include "tst_llama_server.moc"
