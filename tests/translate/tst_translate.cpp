// Apertium against the real installed engine (outputs compared with what the `apertium` command
// prints for the same input), prompt templates, MT system configs, and the concurrent runner.
#include "engine/translate/apertium.h"
#include "engine/translate/prompt_template.h"
#include "engine/translate/translate_error.h"
#include "engine/translate/translation_runner.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include "tests/support/apertium_reference.h"
#include "tests/support/fake_chat_server.h"
#include "tests/support/mt_system_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;

namespace {

/// What `apertium -u PAIR` prints for `text` (testing::apertiumCommandOutput), each line without
/// the spaces a dropped word leaves at its ends, as Gauntlet stores it.
QString apertiumCommandOutput(const QString &pair, const QString &text)
{
    QStringList lines = testing::apertiumCommandOutput(pair, text).split(u'\n');
    for (QString &line : lines)
        line = line.trimmed();
    return lines.join(u'\n');
}

/// The first sentence of a real shared seed file (FLORES-style English seeds).
QString sharedSeedSentence(int index)
{
    return testing::sharedSeedColumn().value(1 + index).trimmed();
}

translate::MtSystemConfig apertiumSystem(const QString &pair, int timeoutMs = 60000)
{
    translate::MtSystemConfig s = testing::apertiumSystem(QStringLiteral("Apertium ") + pair, pair);
    s.apertiumTimeoutMs = timeoutMs;
    return s;
}

}  // namespace

class TestTranslate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void installedPairs_matchApertiumList();
    void apertium_matchesCommand_data();
    void apertium_matchesCommand();
    void apertium_unknownPair_namesPair();
    void apertium_timeout_stopsAndNamesPair();
    void apertium_missingProgram_clearError();
    void promptTemplate_optionalLinesAndOnePass();
    void promptTemplate_ltbVerifierPrompt();
    void mtSystem_validateNamesField();
    void mtSystem_settingsRoundTrip();
    void runner_failingSystemDoesNotStopOthers();
    void runner_emptyTranslationIsAFailure();
    void runner_respectsConcurrencyLimit();
    void runner_cancelStopsQueuedAndRunning();
};

void TestTranslate::installedPairs_matchApertiumList()
{
    const testing::ProcessResult list = testing::runProcess(QStringLiteral("apertium"), {QStringLiteral("-l")}, 30000);
    QVERIFY(list.finished);
    QStringList listed;
    for (const QString &line : QString::fromUtf8(list.out).split(u'\n', Qt::SkipEmptyParts))
        listed << line.trimmed();
    listed.sort();
    QCOMPARE(translate::installedApertiumPairs(), listed);
    QVERIFY(listed.contains(QStringLiteral("eng-spa")));
    QVERIFY(translate::installedApertiumPairs(QStringLiteral("/nonexistent/modes")).isEmpty());
}

void TestTranslate::apertium_matchesCommand_data()
{
    QTest::addColumn<QString>("pair");
    QTest::addColumn<QString>("text");
    const QString seed = sharedSeedSentence(0);
    QVERIFY2(!seed.isEmpty(), "shared seed file missing");
    QTest::newRow("eng-spa seed") << "eng-spa" << seed;
    QTest::newRow("eng-cat seed") << "eng-cat" << sharedSeedSentence(1);
    QTest::newRow("en-gl seed") << "en-gl" << sharedSeedSentence(2);
    QTest::newRow("eng-spa two lines, unknown word") << "eng-spa" << QStringLiteral("The bank was closed.\nXyzzyfoo went home.");
    QTest::newRow("eng-spa dropped subject") << "eng-spa" << QStringLiteral("We sat on the bank.\nWe left.");
    QTest::newRow("eng-spa non-ASCII") << "eng-spa" << QStringLiteral("The café in Zürich serves crêpes — “really”.");
}

void TestTranslate::apertium_matchesCommand()
{
    QFETCH(QString, pair);
    QFETCH(QString, text);
    translate::ApertiumCall call(pair, text, 60000);
    QSignalSpy finished(&call, &translate::ApertiumCall::finished);
    call.start();
    QVERIFY(finished.wait(60000));
    QVERIFY2(call.ok(), qPrintable(call.error()));
    const QString expected = apertiumCommandOutput(pair, text);
    QCOMPARE(call.output(), expected);
    QVERIFY(!call.output().isEmpty());
    for (const QString &line : call.output().split(u'\n'))
        QVERIFY2(line == line.trimmed(), qPrintable(line));
    QVERIFY(call.output() != text);
}

void TestTranslate::apertium_unknownPair_namesPair()
{
    translate::ApertiumCall call(QStringLiteral("eng-xyz"), QStringLiteral("Hello"), 10000);
    QSignalSpy finished(&call, &translate::ApertiumCall::finished);
    call.start();
    QVERIFY(finished.wait(10000));
    QVERIFY(!call.ok());
    QVERIFY2(call.error().contains(QStringLiteral("eng-xyz")), qPrintable(call.error()));
    QCOMPARE(finished.count(), 1);
}

void TestTranslate::apertium_timeout_stopsAndNamesPair()
{
    QTemporaryDir dir;
    const QString script = dir.filePath(QStringLiteral("slow-apertium"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nexec sleep 30\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    translate::ApertiumCall call(QStringLiteral("eng-spa"), QStringLiteral("Hello"), 300, nullptr, script);
    QSignalSpy finished(&call, &translate::ApertiumCall::finished);
    QElapsedTimer clock;
    clock.start();
    call.start();
    QVERIFY(finished.wait(10000));
    QVERIFY(clock.elapsed() < 5000);
    QVERIFY(!call.ok());
    QVERIFY2(call.error().contains(QStringLiteral("300 ms")) && call.error().contains(QStringLiteral("eng-spa")),
             qPrintable(call.error()));
}

void TestTranslate::apertium_missingProgram_clearError()
{
    translate::ApertiumCall call(QStringLiteral("eng-spa"), QStringLiteral("Hello"), 5000, nullptr,
                      QStringLiteral("/nonexistent/apertium"));
    QSignalSpy finished(&call, &translate::ApertiumCall::finished);
    call.start();
    QVERIFY(finished.wait(10000));
    QVERIFY(!call.ok());
    QVERIFY2(call.error().contains(QStringLiteral("could not start")), qPrintable(call.error()));
    QCOMPARE(finished.count(), 1);
}

void TestTranslate::promptTemplate_optionalLinesAndOnePass()
{
    translate::MtSystemConfig chat;
    chat.name = QStringLiteral("llm");
    chat.kind = translate::MtSystemConfig::Kind::Chat;
    translate::TranslationRequest request{QStringLiteral("English"), QStringLiteral("Serbian (Cyrillic)"),
                               QStringLiteral("He said {target_lang} twice."), QString(), QString()};
    const QString prompt = translate::buildTranslationPrompt(chat, request);
    QCOMPARE(prompt, QStringLiteral("Translate the following text from English to Serbian (Cyrillic). Output only the "
                                    "translation and nothing else:\nHe said {target_lang} twice."));
    request.instructions = QStringLiteral("Keep it formal.");
    request.context = QStringLiteral("A sign at a train station.");
    const QString withOptional = translate::buildTranslationPrompt(chat, request);
    QVERIFY(withOptional.endsWith(QStringLiteral("\nHe said {target_lang} twice.\n"
                                                 "Additional instructions for this translation are: \"Keep it formal.\"\n"
                                                 "Use this context for the translation: A sign at a train station.")));
    request.context = QStringLiteral("data:image/png;base64,AAAA");
    QVERIFY(!translate::buildTranslationPrompt(chat, request).contains(QStringLiteral("base64")));
    QCOMPARE(translate::missingPlaceholders(QStringLiteral("{rule} {translation}"), {QStringLiteral("rule"), QStringLiteral("source")}),
             QStringList{QStringLiteral("source")});
}

void TestTranslate::promptTemplate_ltbVerifierPrompt()
{
    const QString prompt = translate::fillPromptTemplate(translate::defaultVerifierPrompt(), {{QStringLiteral("rule"), QStringLiteral("R")},
                                                                        {QStringLiteral("source"), QStringLiteral("S")},
                                                                        {QStringLiteral("translation"), QStringLiteral("T")}});
    // papers.md, LTB section, with paragraph breaks between the parts.
    QCOMPARE(prompt, QStringLiteral("Your goal is to verify whether a translation fulfills a criterion.\n\nCriterion: R\n\n"
                                    "Input: S\n\nTranslation to verify: T\n\nOutput only pass or fail and nothing else."));
}

void TestTranslate::mtSystem_validateNamesField()
{
    translate::MtSystemConfig s = apertiumSystem(QStringLiteral("eng spa"));
    try {
        s.validate();
        QFAIL("a malformed pair was accepted");
    } catch (const translate::TranslateError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("'eng spa'")), e.what());
    }
    translate::MtSystemConfig chat = testing::chatSystem(QStringLiteral("llm"), QStringLiteral("ftp://example.org"), QStringLiteral("m"));
    QVERIFY_THROWS_EXCEPTION(translate::TranslateError, chat.validate());
    chat.endpoint.baseUrl = QStringLiteral("http://127.0.0.1:1/v1");
    chat.validate();
    chat.endpoint.apiKeyVariable = QStringLiteral("sk-live-secret");
    try {
        chat.validate();
        QFAIL("a key given as variable name was accepted");
    } catch (const translate::TranslateError &e) {
        QVERIFY2(!QString::fromUtf8(e.what()).contains(QStringLiteral("live-secret")), e.what());
    }
    chat.endpoint.apiKeyVariable.clear();
    chat.promptTemplate = QStringLiteral("Translate to {target_lang}.");
    QVERIFY_THROWS_EXCEPTION(translate::TranslateError, chat.validate());
    chat.endpoint.temperature = 3;
    chat.promptTemplate.clear();
    QVERIFY_THROWS_EXCEPTION(translate::TranslateError, chat.validate());
}

void TestTranslate::mtSystem_settingsRoundTrip()
{
    translate::MtSystemConfig chat = testing::chatSystem(QStringLiteral("llm"), QStringLiteral("https://openrouter.ai/api/v1"), QStringLiteral("qwen/qwen3"));
    chat.endpoint.apiKeyVariable = QStringLiteral("OPENROUTER_API_KEY");
    chat.endpoint.temperature = 0.3;
    chat.endpoint.timeoutMs = 1234;
    chat.endpoint.maxRetries = 5;
    chat.promptTemplate = QStringLiteral("T {source_text}");
    const translate::MtSystemConfig back = translate::MtSystemConfig::fromSettingsJson(chat.name, chat.kind, chat.settingsJson());
    QCOMPARE(back.endpoint.baseUrl, chat.endpoint.baseUrl);
    QCOMPARE(back.endpoint.model, chat.endpoint.model);
    QCOMPARE(back.endpoint.apiKeyVariable, chat.endpoint.apiKeyVariable);
    QCOMPARE(back.endpoint.temperature, 0.3);
    QCOMPARE(back.endpoint.timeoutMs, 1234);
    QCOMPARE(back.endpoint.maxRetries, 5);
    QCOMPARE(back.promptTemplate, chat.promptTemplate);
    QCOMPARE(back.endpoint.completionsUrl().toString(), QStringLiteral("https://openrouter.ai/api/v1/chat/completions"));
    QJsonObject bad = chat.settingsJson();
    bad.insert(QStringLiteral("timeout_ms"), QStringLiteral("soon"));
    QVERIFY_THROWS_EXCEPTION(translate::TranslateError, translate::MtSystemConfig::fromSettingsJson(chat.name, chat.kind, bad));
}

void TestTranslate::runner_failingSystemDoesNotStopOthers()
{
    const translate::TranslationRequest request{QStringLiteral("English"), QStringLiteral("Spanish"), sharedSeedSentence(3), {}, {}};
    translate::MtSystemConfig manual;
    manual.name = QStringLiteral("pasted");
    translate::MtSystemConfig refused;  // nothing listens on port 1
    refused.name = QStringLiteral("down");
    refused.kind = translate::MtSystemConfig::Kind::Chat;
    refused.endpoint.baseUrl = QStringLiteral("http://127.0.0.1:1/v1");
    refused.endpoint.model = QStringLiteral("m");
    refused.endpoint.maxRetries = 0;
    const QVector<translate::TranslationJob> jobs{{apertiumSystem(QStringLiteral("eng-spa")), request, {}},
                                       {apertiumSystem(QStringLiteral("eng-nope")), request, {}},
                                       {manual, request, {}},
                                       {refused, request, {}},
                                       {apertiumSystem(QStringLiteral("eng-cat")), request, {}}};
    translate::TranslationRunner runner;
    QSignalSpy progress(&runner, &translate::TranslationRunner::progress);
    QSignalSpy finished(&runner, &translate::TranslationRunner::finished);
    runner.start(jobs);
    QVERIFY(finished.wait(60000) || finished.count() == 1);
    const auto &r = runner.results();
    QCOMPARE(r.size(), 5);
    QCOMPARE(r[0].status, translate::TranslationResult::Status::Ok);
    QCOMPARE(r[0].text, apertiumCommandOutput(QStringLiteral("eng-spa"), request.sourceText));
    QCOMPARE(r[1].status, translate::TranslationResult::Status::Failed);
    QVERIFY(r[1].error.contains(QStringLiteral("eng-nope")));
    QCOMPARE(r[2].status, translate::TranslationResult::Status::Manual);
    QCOMPARE(r[3].status, translate::TranslationResult::Status::Failed);
    QVERIFY2(r[3].error.startsWith(QStringLiteral("down: http://127.0.0.1:1/v1/chat/completions")), qPrintable(r[3].error));
    QCOMPARE(r[4].status, translate::TranslationResult::Status::Ok);
    QCOMPARE(r[4].text, apertiumCommandOutput(QStringLiteral("eng-cat"), request.sourceText));
    QCOMPARE(progress.count(), 6);  // 0 of 5, then once per job
    QCOMPARE(progress.last().at(0).toInt(), 5);
}

void TestTranslate::runner_emptyTranslationIsAFailure()
{
    // Issue 19: an HTTP 200 reply with empty content was reported "ok" and replaced a good output.
    gauntlet::testing::FakeChatServer server;
    server.fallback = gauntlet::testing::ScriptedReply{200, gauntlet::testing::chatBody(QStringLiteral("  \n")), 0, false, false};
    translate::MtSystemConfig chat = testing::chatSystem(QStringLiteral("blank"), server.baseUrl(), QStringLiteral("m"));
    chat.endpoint.maxRetries = 0;
    const translate::TranslationRequest request{QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("The dog barks."), {}, {}};
    translate::TranslationRunner runner;
    QSignalSpy finished(&runner, &translate::TranslationRunner::finished);
    runner.start({{chat, request, {}}});
    QVERIFY(finished.wait(30000) || finished.count() == 1);
    QCOMPARE(runner.results().size(), 1);
    QCOMPARE(runner.results()[0].status, translate::TranslationResult::Status::Failed);
    QVERIFY2(runner.results()[0].error.contains(QStringLiteral("empty translation")), qPrintable(runner.results()[0].error));
}

void TestTranslate::runner_respectsConcurrencyLimit()
{
    const translate::TranslationRequest request{QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("The dog barks."), {}, {}};
    QVector<translate::TranslationJob> jobs;
    for (int i = 0; i < 6; ++i)
        jobs.append({apertiumSystem(QStringLiteral("eng-spa")), request, {}});
    translate::TranslationRunner runner;
    runner.setMaxConcurrent(2);
    int running = 0, maxRunning = 0;
    connect(&runner, &translate::TranslationRunner::jobStarted, this, [&] { maxRunning = std::max(maxRunning, ++running); });
    connect(&runner, &translate::TranslationRunner::jobFinished, this, [&] { --running; });
    QSignalSpy finished(&runner, &translate::TranslationRunner::finished);
    runner.start(jobs);
    QVERIFY(finished.wait(120000));
    QCOMPARE(maxRunning, 2);
    for (const translate::TranslationResult &r : runner.results())
        QCOMPARE(r.status, translate::TranslationResult::Status::Ok);
}

void TestTranslate::runner_cancelStopsQueuedAndRunning()
{
    // A chat system whose server never answers keeps a request open until cancelled.
    translate::MtSystemConfig silent;
    silent.name = QStringLiteral("silent");
    silent.kind = translate::MtSystemConfig::Kind::Chat;
    silent.endpoint.model = QStringLiteral("m");
    silent.endpoint.timeoutMs = 60000;
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    silent.endpoint.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(server.serverPort());
    const translate::TranslationRequest request{QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("Hello."), {}, {}};
    QVector<translate::TranslationJob> jobs{{silent, request, {}}, {silent, request, {}}, {apertiumSystem(QStringLiteral("eng-spa")), request, {}}};
    translate::TranslationRunner runner;
    runner.setMaxConcurrent(2);
    QSignalSpy finished(&runner, &translate::TranslationRunner::finished);
    QSignalSpy started(&runner, &translate::TranslationRunner::jobStarted);
    runner.start(jobs);
    QTRY_VERIFY(server.hasPendingConnections() || started.count() >= 2);
    QTest::qWait(200);
    QElapsedTimer clock;
    clock.start();
    runner.cancel();
    QVERIFY(finished.count() == 1 || finished.wait(5000));
    QVERIFY(clock.elapsed() < 5000);
    for (const translate::TranslationResult &r : runner.results())
        QCOMPARE(r.status, translate::TranslationResult::Status::Cancelled);
    QVERIFY(!runner.isRunning());
}

GAUNTLET_TEST_MAIN(TestTranslate)
#include "tst_translate.moc"
