// The example commands end to end, headless: a real shared seed sentence translated by the three
// installed Apertium pairs (outputs compared with what the `apertium` command prints), string
// rules, verification, the gate, submit, accept, LTB export and a lossless import round trip;
// chat systems and an LLM verifier against a scripted local server; bad input refused with a
// message naming it and without touching stored data.
#include "tests/support/apertium_reference.h"
#include "tests/support/cli_runner.h"
#include "tests/support/fake_chat_server.h"

#include "engine/verify/example_store.h"
#include "engine/store/project.h"

#include <QJsonArray>
#include <QProcess>
#include <QTimer>

#include <csignal>
#include <QTemporaryDir>
#include "tests/support/test_files.h"
#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::apertiumCommandOutput;
using gauntlet::testing::chatBody;
using gauntlet::testing::FakeChatServer;
using gauntlet::testing::ScriptedReply;
using gauntlet::testing::sharedSeed;
using Result = gauntlet::testing::CliResult;

namespace {

QString outputLine(const Result &r, const QString &system)
{
    for (const QString &line : r.out.split(u'\n'))
        if (line.section(u'\t', 1, 1) == system)
            return line;
    return {};
}

}  // namespace

class TestExamplesCommand : public gauntlet::testing::CliTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { gauntlet::testing::useTestEnvironment("tester"); }

    // Issue 39 (12): an empty prompt file is refused by name (it silently meant the default prompt).
    void emptyPromptFile_refused()
    {
        const QString empty = m_dir.filePath(QStringLiteral("empty-prompt.txt"));
        QVERIFY(testing::writeFile(empty, "  \n"));
        for (const QString &kind : {QStringLiteral("verifiers"), QStringLiteral("systems")}) {
            QStringList args{kind, QStringLiteral("add"), QStringLiteral("x"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1"),
                             QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--prompt-file"), empty};
            if (kind == QLatin1String("systems"))
                args.insert(3, QStringLiteral("--chat"));
            const Result r = cli(QStringLiteral("prompt.gauntlet"), args);
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains(QStringLiteral("empty-prompt.txt: the prompt file is empty")), qPrintable(r.err));
        }
    }

    void offline_ideaToAcceptedExportedExample()
    {
        const QString p = QStringLiteral("offline.gauntlet");
        const QString seed = sharedSeed(QStringLiteral("Ring also settled a lawsuit"));
        QVERIFY2(!seed.isEmpty(), "shared seed sentence not found");
        const QStringList pairs{QStringLiteral("eng-spa"), QStringLiteral("eng-cat"), QStringLiteral("en-gl")};
        for (const QString &pair : pairs) {
            const Result r = cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("Apertium ") + pair,
                                     QStringLiteral("--apertium"), pair});
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
        const Result missing = cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("x"),
                                       QStringLiteral("--apertium"), QStringLiteral("eng-xyz")});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains(QStringLiteral("eng-xyz")), qPrintable(missing.err));

        const QString reference = QStringLiteral("Ring también llegó a un acuerdo en una demanda con la empresa de seguridad "
                                                 "competidora ADT Corporation.");
        Result r = cli(p, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                           QStringLiteral("--source-iso"), QStringLiteral("en"), QStringLiteral("--target-lang"), QStringLiteral("Spanish"),
                           QStringLiteral("--target-iso"), QStringLiteral("es"), QStringLiteral("--text"), seed,
                           QStringLiteral("--reference"), reference, QStringLiteral("--attribution"),
                           QStringLiteral("FLORES-200 devtest, CC BY-SA 4.0"), QStringLiteral("--linguistics"),
                           QStringLiteral("named entity,polysemy")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("1\n"));

        r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        for (const QString &pair : pairs) {
            const QString expected = apertiumCommandOutput(pair, seed);
            QVERIFY(!expected.isEmpty());
            QCOMPARE(outputLine(r, QStringLiteral("Apertium ") + pair),
                     QStringLiteral("1\tApertium %1\tok\t%2").arg(pair, expected));
        }
        // The brand name is translated as a common noun by Apertium eng-spa (a real failure).
        QVERIFY(!apertiumCommandOutput(QStringLiteral("eng-spa"), seed).contains(QStringLiteral("Ring")));

        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QStringLiteral("Ring"),
                         QStringLiteral("--kind"), QStringLiteral("contains"), QStringLiteral("--case-sensitive")}).code, 0);
        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QStringLiteral("ADT"),
                         QStringLiteral("--kind"), QStringLiteral("contains")}).code, 0);

        // Submitting before verification is refused: the gate is not known to hold.
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("submit"), QStringLiteral("1")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("acceptance gate")), qPrintable(r.err));

        r = cli(p, {QStringLiteral("verify"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\nreference\tpass\tpass\tpass\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\nApertium eng-spa\tfail\tfail\tpass\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("gate: holds")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("Rule 2 tests nothing")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("at least 1 of 3 must fail")), qPrintable(r.out));
        // A second run reuses every verdict.
        r = cli(p, {QStringLiteral("verify"), QStringLiteral("1")});
        QVERIFY2(r.err.contains(QStringLiteral("0 verdicts new, 8 reused")), qPrintable(r.err));

        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("submit"), QStringLiteral("1"), QStringLiteral("--author"), QStringLiteral("ana")}).code, 0);
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("edit"), QStringLiteral("1"), QStringLiteral("--reference"), QStringLiteral("x")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("submitted")), qPrintable(r.err));
        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("accept"), QStringLiteral("1"), QStringLiteral("--author"), QStringLiteral("rev")}).code, 0);
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("list"), QStringLiteral("--status"), QStringLiteral("accepted")});
        QVERIFY(r.out.contains(QStringLiteral("\n1\taccepted\ttester\tEnglish -> Spanish\t2\t3\t")));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("contributors")});
        QCOMPARE(r.out, QStringLiteral("author\taccepted\ntester\t1\n"));

        // Export in LTB's release format.
        const QString exported = m_dir.filePath(QStringLiteral("v1.json"));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("export"), exported});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray first = file.readAll();
        file.close();
        const QJsonArray release = QJsonDocument::fromJson(first).array();
        QCOMPARE(release.size(), 1);
        const QJsonObject o = release[0].toObject();
        QCOMPARE(o.value(QStringLiteral("source_text")).toString(), seed);
        QCOMPARE(o.value(QStringLiteral("source_lang")).toString(), QStringLiteral("English"));
        QCOMPARE(o.value(QStringLiteral("target_lang_iso")).toString(), QStringLiteral("es"));
        QVERIFY(o.value(QStringLiteral("source_instructions")).isNull());
        QCOMPARE(o.value(QStringLiteral("verification_rules")).toArray().size(), 2);
        QCOMPARE(o.value(QStringLiteral("verification_rules")).toArray()[0].toObject().value(QStringLiteral("value")).toString(), QStringLiteral("Ring"));
        const QJsonArray translations = o.value(QStringLiteral("translations")).toArray();
        QCOMPARE(translations.size(), 4);
        QCOMPARE(translations[0].toObject().value(QStringLiteral("model")).toString(), QStringLiteral("human"));
        QCOMPARE(translations[0].toObject().value(QStringLiteral("translation")).toString(), reference);
        QCOMPARE(translations[0].toObject().value(QStringLiteral("verified")).toArray(), (QJsonArray{true, true}));
        QCOMPARE(translations[3].toObject().value(QStringLiteral("model")).toString(), QStringLiteral("Apertium eng-spa"));
        QCOMPARE(translations[3].toObject().value(QStringLiteral("verified")).toArray(), (QJsonArray{false, true}));
        QCOMPARE(o.value(QStringLiteral("linguistics")).toArray(), (QJsonArray{QStringLiteral("named entity"), QStringLiteral("polysemy")}));

        // Import into another project and export again: the same file.
        r = cli(QStringLiteral("imported.gauntlet"), {QStringLiteral("examples"), QStringLiteral("import"), exported});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString again = m_dir.filePath(QStringLiteral("again.json"));
        QCOMPARE(cli(QStringLiteral("imported.gauntlet"), {QStringLiteral("examples"), QStringLiteral("export"), again}).code, 0);
        QFile second(again);
        QVERIFY(second.open(QIODevice::ReadOnly));
        QCOMPARE(second.readAll(), first);
    }

    void export_refusesAcceptedExampleWhoseGateFails()
    {
        // Issue 32: a release must not contradict its own rules. A release file whose reference
        // fails its own string rule imports as accepted; exporting it again is refused, or, with
        // --leave-out-failing, the example is left out with a warning.
        const QString release = m_dir.filePath(QStringLiteral("contradicting.json"));
        {
            QFile f(release);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"([{"id": 1, "source_text": "We sat on the bank.", "source_lang": "English", "target_lang": "Spanish",
                        "verification_rules": [{"type": "contains", "value": "orilla"}],
                        "translations": [{"model": "human", "translation": "Nos sentamos en el banco."},
                                         {"model": "A", "translation": "Nos sentamos en el banco."},
                                         {"model": "B", "translation": "Nos sentamos en la banca."}]},
                       {"id": 2, "source_text": "The cat sat.", "source_lang": "English", "target_lang": "Spanish",
                        "verification_rules": [{"type": "contains", "value": "gato"}],
                        "translations": [{"model": "human", "translation": "El gato se sentó."},
                                         {"model": "A", "translation": "La gata se sentó."},
                                         {"model": "B", "translation": "El felino se sentó."}]}])");
        }
        const QString p = QStringLiteral("contradicting.gauntlet");
        Result r = cli(p, {QStringLiteral("examples"), QStringLiteral("import"), release});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // Issue 32 (2): importing the same release again stores nothing twice.
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("import"), release});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("Imported 0 examples")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("2 example(s) of")) && r.err.contains(QStringLiteral("already in the project (as example(s) 1, 2)")), qPrintable(r.err));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("list"), QStringLiteral("--status"), QStringLiteral("all")});
        QCOMPARE(r.out.count(u'\n'), 3);  // header and two examples
        const QString out = m_dir.filePath(QStringLiteral("out.json"));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("export"), out});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("accepted example(s) 1 does not hold")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("export"), out, QStringLiteral("--leave-out-failing")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("left out accepted example(s) 1")), qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray written = QJsonDocument::fromJson(f.readAll()).array();
        QCOMPARE(written.size(), 1);
        QCOMPARE(written[0].toObject().value(QStringLiteral("source_text")).toString(), QStringLiteral("The cat sat."));
    }

    void translate_interruptedKeepsFinishedOutputs()
    {
        FakeChatServer silent;
        silent.fallback = ScriptedReply{200, {}, 0, true, false};
        const QString p = QStringLiteral("interrupt.gauntlet");
        QCOMPARE(cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("Apertium eng-spa"), QStringLiteral("--apertium"),
                         QStringLiteral("eng-spa")}).code, 0);
        QCOMPARE(cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("silent"), QStringLiteral("--chat"),
                         QStringLiteral("--base-url"), silent.baseUrl(), QStringLiteral("--model"), QStringLiteral("m")}).code, 0);
        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                         QStringLiteral("--target-lang"), QStringLiteral("Spanish"), QStringLiteral("--text"), QStringLiteral("The dog barks.")}).code, 0);
        // Ctrl-C once Apertium has answered and the chat request hangs.
        QTimer interrupter;
        connect(&interrupter, &QTimer::timeout, this, [&] {
            auto project = storage::Project::open(m_dir.filePath(p));
            if (!verify::ExampleStore(project->database()).translations(1).isEmpty() && silent.received.size() == 1) {
                interrupter.stop();
                std::raise(SIGINT);
            }
        });
        interrupter.start(50);
        const Result r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QCOMPARE(r.code, 130);
        QVERIFY2(r.err.contains(QStringLiteral("interrupted")), qPrintable(r.err));
        QVERIFY2(outputLine(r, QStringLiteral("silent")).startsWith(QStringLiteral("1\tsilent\tcancelled")), qPrintable(r.out));
        auto project = storage::Project::open(m_dir.filePath(p));
        const auto stored = verify::ExampleStore(project->database()).translations(1);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored.first().text, apertiumCommandOutput(QStringLiteral("eng-spa"), QStringLiteral("The dog barks.")));
    }

    void translate_moreSystemsThanAnExampleHolds_refusedBeforeAnyRequest()
    {
        // Issue 19: twelve systems were all called (paid requests), printed "ok" twelve times, and
        // ten outputs were stored.
        FakeChatServer server;
        const QString p = QStringLiteral("eleven.gauntlet");
        for (int i = 1; i <= 11; ++i) {
            QCOMPARE(cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("chat%1").arg(i), QStringLiteral("--chat"),
                             QStringLiteral("--base-url"), server.baseUrl(), QStringLiteral("--model"), QStringLiteral("m")}).code, 0);
        }
        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                         QStringLiteral("--target-lang"), QStringLiteral("Spanish"), QStringLiteral("--text"), QStringLiteral("The dog barks.")}).code, 0);
        const Result r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--systems")) && r.err.contains(QStringLiteral("nothing was sent")), qPrintable(r.err));
        // `examples list --status all` is taken as `export --status all` is (issue 19).
        const Result all = cli(p, {QStringLiteral("examples"), QStringLiteral("list"), QStringLiteral("--status"), QStringLiteral("all")});
        QVERIFY2(all.code == 0, qPrintable(all.err));
        QVERIFY(all.out.contains(QStringLiteral("\nThe dog barks.")) || all.out.contains(QStringLiteral("The dog barks.")));
        QVERIFY(!r.out.contains(QStringLiteral("\tok\t")));
        QCOMPARE(server.received.size(), 0);
        // Ten of them, chosen, run.
        QStringList ten;
        for (int i = 1; i <= 10; ++i)
            ten << QStringLiteral("chat%1").arg(i);
        const Result chosen = cli(p, {QStringLiteral("translate"), QStringLiteral("1"), QStringLiteral("--systems"), ten.join(u',')});
        QVERIFY2(chosen.code == 0, qPrintable(chosen.err));
        QCOMPARE(server.received.size(), 10);
    }

    void badInput_refusedNamingInput()
    {
        const QString p = QStringLiteral("bad.gauntlet");
        const QStringList base{QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                               QStringLiteral("--target-lang"), QStringLiteral("German")};
        QCOMPARE(cli(p, base + QStringList{QStringLiteral("--text"), QStringLiteral("Fine.")}).code, 0);

        Result r = cli(p, base + QStringList{QStringLiteral("--text"), QString(5001, u'a')});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("source text has 5001 characters")), qPrintable(r.err));

        const QString latin1 = m_dir.filePath(QStringLiteral("latin1.txt"));
        QVERIFY(testing::writeFile(latin1, "Caf\xe9 cr\xe8me\n"));
        r = cli(p, base + QStringList{QStringLiteral("--text-file"), latin1});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(latin1) && r.err.contains(QStringLiteral("UTF-8")), qPrintable(r.err));

        r = cli(p, {QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QString(501, u'r')});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("501 characters")), qPrintable(r.err));

        // LTB's published taxonomy file (../shared/data/formats, its committed copy in
        // tests/data/shared-copy) has a trailing comma: not valid JSON, refused by name.
        const QString taxonomy = gauntlet::testing::sharedCopy(QStringLiteral("formats/ltb_linguistics_taxonomy.json"));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("import"), taxonomy});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(taxonomy) && r.err.contains(QStringLiteral("not valid JSON")), qPrintable(r.err));

        const QString noText = m_dir.filePath(QStringLiteral("no_text.json"));
        QFile g(noText);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(R"([{"id": 7, "source_text": "ok", "source_lang": "English", "target_lang": "Czech", "verification_rules": []},
                    {"id": 8, "source_lang": "English", "target_lang": "Czech", "verification_rules": []}])");
        g.close();
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("import"), noText});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("[1].source_text: is missing")), qPrintable(r.err));

        // Nothing of the refused input reached the project.
        auto project = storage::Project::open(m_dir.filePath(p));
        verify::ExampleStore store(project->database());
        QCOMPARE(store.examples().size(), 1);
        QCOMPARE(store.examples().first().sourceText, QStringLiteral("Fine."));
        QCOMPARE(store.rules(1).size(), 0);
    }

    void chatSystemAndVerifier_againstLocalServer()
    {
        FakeChatServer server;
        server.responder = [](const gauntlet::testing::ReceivedRequest &request) {
            const QString prompt = gauntlet::testing::promptOf(request);
            if (prompt.startsWith(QStringLiteral("Your goal is to verify")))
                return ScriptedReply{200, chatBody(prompt.contains(QStringLiteral("Translation to verify: Der Hund")) ? QStringLiteral("Pass.")
                                                                                                                  : QStringLiteral("FAIL")),
                                     0, false, false};
            return ScriptedReply{200, chatBody(QStringLiteral("Die Hund bellt.")), 0, false, false};
        };
        qputenv("GAUNTLET_CLI_TEST_KEY", "sk-cli-secret-4242");
        const QString p = QStringLiteral("chat.gauntlet");
        QCOMPARE(cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("llm"), QStringLiteral("--chat"),
                         QStringLiteral("--base-url"), server.baseUrl(), QStringLiteral("--model"), QStringLiteral("m"),
                         QStringLiteral("--api-key-env"), QStringLiteral("GAUNTLET_CLI_TEST_KEY")}).code, 0);
        QCOMPARE(cli(p, {QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("down"), QStringLiteral("--chat"),
                         QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:1/v1"), QStringLiteral("--model"), QStringLiteral("m"),
                         QStringLiteral("--retries"), QStringLiteral("0")}).code, 0);
        QCOMPARE(cli(p, {QStringLiteral("verifiers"), QStringLiteral("add"), QStringLiteral("judge"), QStringLiteral("--base-url"),
                         server.baseUrl(), QStringLiteral("--model"), QStringLiteral("j")}).code, 0);
        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                         QStringLiteral("--target-lang"), QStringLiteral("German"), QStringLiteral("--text"), QStringLiteral("The dog barks."),
                         QStringLiteral("--reference"), QStringLiteral("Der Hund bellt.")}).code, 0);
        Result r = cli(p, {QStringLiteral("translate"), QStringLiteral("1")});
        QCOMPARE(r.code, 1);  // one system failed, the other's output is stored
        QCOMPARE(outputLine(r, QStringLiteral("llm")), QStringLiteral("1\tllm\tok\tDie Hund bellt."));
        QVERIFY2(outputLine(r, QStringLiteral("down")).startsWith(QStringLiteral("1\tdown\tfailed\tdown: http://127.0.0.1:1/v1/chat/completions")),
                 qPrintable(r.out));
        QCOMPARE(server.received.first().headers.value("authorization"), QByteArray("Bearer sk-cli-secret-4242"));

        QCOMPARE(cli(p, {QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"),
                         QStringLiteral("The noun Hund takes the masculine article der.")}).code, 0);
        r = cli(p, {QStringLiteral("verify"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\nreference\tpass\tpass\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\nllm\tfail\tfail\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("gate: holds")), qPrintable(r.out));
        // Each verdict shows the verifier's raw reply (issue 19), in verify and in examples show.
        QVERIFY2(r.out.contains(QStringLiteral("  rule 1\tjudge\treference\tpass\tPass.\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("  rule 1\tjudge\tllm\tfail\tFAIL\n")), qPrintable(r.out));
        r = cli(p, {QStringLiteral("examples"), QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--full-replies")});
        QVERIFY2(r.out.contains(QStringLiteral("  rule 1\tjudge\tllm\tfail\tFAIL\n")), qPrintable(r.out));

        // The key is in neither the project file nor any output.
        QFile projectFile(m_dir.filePath(p));
        QVERIFY(projectFile.open(QIODevice::ReadOnly));
        QVERIFY(!projectFile.readAll().contains("sk-cli-secret-4242"));
        r = cli(p, {QStringLiteral("systems"), QStringLiteral("list")});
        QVERIFY(r.out.contains(QStringLiteral("key from $GAUNTLET_CLI_TEST_KEY")));
        QVERIFY(!r.out.contains(QStringLiteral("sk-cli-secret")));
    }
};

GAUNTLET_TEST_MAIN(TestExamplesCommand)
#include "tst_examples_command.moc"
