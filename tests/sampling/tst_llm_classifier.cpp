// The LLM classifier against a local fake OpenAI-compatible server (tests/support): the prompt
// lists the semantic paths and the segments, the reply is parsed and validated against the
// taxonomy, failures name the batch.
#include "engine/sampling/llm_classifier.h"
#include "engine/sampling/sampling_error.h"
#include "tests/support/fake_chat_server.h"

#include "tests/support/corpus_builder.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using namespace gauntlet::sampling;
using gauntlet::testing::chatBody;
using gauntlet::testing::FakeChatServer;
using gauntlet::testing::ScriptedReply;

namespace {

Taxonomy taxonomy()
{
    Taxonomy t = bundledTaxonomy(QStringLiteral("mozilla-localization"));
    return t;
}

translate::ChatEndpoint endpoint(const FakeChatServer &server)
{
    translate::ChatEndpoint e;
    e.baseUrl = server.baseUrl();
    e.model = QStringLiteral("fake-model");
    e.maxRetries = 0;
    e.timeoutMs = 5000;
    return e;
}

}  // namespace

class TestLlmClassifier : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void prompt_listsSemanticPathsAndSegments()
    {
        const QString prompt = buildClassificationPrompt(taxonomy(), {{QStringLiteral("It's raining cats and dogs."), QStringLiteral("Es regnet."), {}}}, 2);
        QVERIFY(prompt.contains(QStringLiteral("- natural-expression/idioms-and-slang")));
        QVERIFY(!prompt.contains(QStringLiteral("- markup/placeholders/printf")));  // deterministic: matchers do it
        QVERIFY(prompt.contains(QStringLiteral("1. source: It's raining cats and dogs.")));
        QVERIFY(prompt.contains(QStringLiteral("translation: Es regnet.")));
    }

    void reply_isValidatedAgainstTheTaxonomy()
    {
        LlmReplyStats stats;
        const QString reply = QStringLiteral(
            "```json\n[{\"id\": 2, \"labels\": [{\"category\": \"grammar/ambiguity\", \"confidence\": 1.7},"
            " {\"category\": \"made/up\", \"confidence\": 0.9}, {\"category\": \"currency\"},"
            " {\"category\": \"terminology/technical\"}]},"
            " {\"id\": 9, \"labels\": []}]\n```");
        const QVector<SegmentLabels> labels = parseClassificationReply(reply, taxonomy(), 2, &stats);
        QCOMPARE(labels.size(), 2);
        QVERIFY(labels[0].isEmpty());  // id 1 missing
        QCOMPARE(labels[1].size(), 2);
        QCOMPARE(labels[1][0].category, QStringLiteral("grammar/ambiguity"));
        QCOMPARE(labels[1][0].confidence, 1.0);  // clamped
        QCOMPARE(labels[1][1].category, QStringLiteral("terminology/technical"));
        QCOMPARE(labels[1][1].confidence, 0.5);  // default for a secondary
        QCOMPARE(stats.invalidPaths, 2);         // made/up and the deterministic "currency"
        QCOMPARE(stats.missingIds, 1);
        QVERIFY_THROWS_EXCEPTION(SamplingError, parseClassificationReply(QStringLiteral("no idea"), taxonomy(), 1));
        QVERIFY_THROWS_EXCEPTION(SamplingError, parseClassificationReply(QStringLiteral("[{\"labels\": []}]"), taxonomy(), 1));
    }

    void classify_batchesRequestsToTheEndpoint()
    {
        FakeChatServer server;
        server.script = {
            ScriptedReply(200, chatBody(QStringLiteral("[{\"id\": 1, \"labels\": [{\"category\": \"natural-expression/idioms-and-slang\", \"confidence\": 0.8}]},"
                                                       " {\"id\": 2, \"labels\": []}]"))),
            ScriptedReply(200, chatBody(QStringLiteral("[{\"id\": 1, \"labels\": [{\"category\": \"grammar/ambiguity\", \"confidence\": 0.6}]}]"))),
        };
        LlmCategoryClassifier classifier(taxonomy(), endpoint(server), LlmCategoryClassifier::Options{2, 1});
        const QVector<SegmentLabels> labels = classifier.classify({{QStringLiteral("Break a leg!"), {}, {}},
                                                                   {QStringLiteral("Save the file."), {}, {}},
                                                                   {QStringLiteral("I saw the man with the telescope."), {}, {}}});
        QCOMPARE(server.received.size(), 2);
        QCOMPARE(labels.size(), 3);
        QCOMPARE(labels[0].first().category, QStringLiteral("natural-expression/idioms-and-slang"));
        QCOMPARE(labels[0].first().confidence, 0.8);
        QVERIFY(labels[1].isEmpty());
        QCOMPARE(labels[2].first().category, QStringLiteral("grammar/ambiguity"));
        const QJsonObject body = QJsonDocument::fromJson(server.received[0].body).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("fake-model"));
        QVERIFY(QString::fromUtf8(server.received[1].body).contains(QStringLiteral("I saw the man with the telescope.")));
        QCOMPARE(classifier.name(), QStringLiteral("llm:fake-model"));
    }

    void classify_serverErrorOrGarbage_throwsNamingTheBatch()
    {
        FakeChatServer server;
        server.script = {ScriptedReply(500, QByteArray("boom"))};
        LlmCategoryClassifier failing(taxonomy(), endpoint(server));
        try {
            failing.classify({{QStringLiteral("x"), {}, {}}});
            QFAIL("no error");
        } catch (const SamplingError &e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("segments 1-1")), e.what());
        }
        FakeChatServer garbage;
        garbage.script = {ScriptedReply(200, chatBody(QStringLiteral("I think it is idiomatic.")))};
        LlmCategoryClassifier confused(taxonomy(), endpoint(garbage));
        QVERIFY_THROWS_EXCEPTION(SamplingError, confused.classify({{QStringLiteral("x"), {}, {}}}));
    }

    // Issue 33 (3): labels with unknown paths are counted, segments a reply leaves out are asked
    // again (only those), what stays unanswered is counted, and every reply is kept verbatim.
    void missingSegments_askedAgain_dropsCountedRepliesKept()
    {
        FakeChatServer server;
        const QString first = QStringLiteral("[{\"id\": 1, \"labels\": [{\"category\": \"no/such/path\"}, {\"category\": \"register/formality-and-tone\"}]}]");
        const QString second = QStringLiteral("[{\"id\": 2, \"labels\": []}]");  // of the two asked again, the second (segment 3)
        const QString third = QStringLiteral("[]");
        server.script = {ScriptedReply(200, chatBody(first)), ScriptedReply(200, chatBody(second)), ScriptedReply(200, chatBody(third))};
        LlmCategoryClassifier classifier(taxonomy(), endpoint(server));
        const QVector<SegmentLabels> labels =
            classifier.classify({{QStringLiteral("a"), {}, {}}, {QStringLiteral("b"), {}, {}}, {QStringLiteral("c"), {}, {}}});
        QCOMPARE(labels.size(), 3);
        QCOMPARE(labels[0].size(), 1);
        QCOMPARE(labels[0][0].category, QStringLiteral("register/formality-and-tone"));
        QCOMPARE(server.received.size(), 3);
        QVERIFY(server.received[1].body.contains("b") && !server.received[1].body.contains("1. a"));
        QCOMPARE(classifier.stats().invalidPaths, 1);
        QCOMPARE(classifier.stats().askedAgain, 3);  // b and c, then b
        QCOMPARE(classifier.stats().missingIds, 1);  // b: never answered
        QCOMPARE(classifier.stats().replies, (QStringList{first, second, third}));
        QJsonObject settings;
        insertLlmAudit(settings, classifier.stats());
        QCOMPARE(settings.value(QStringLiteral("llm_unanswered")).toInt(), 1);
        QCOMPARE(settings.value(QStringLiteral("llm_replies")).toArray().size(), 3);
        QVERIFY(llmAuditSummary(classifier.stats()).contains(QStringLiteral("1 stayed unanswered")));
    }

    void classifyCorpus_combinesMatchersAndLlm()
    {
        FakeChatServer server;
        server.fallback = ScriptedReply(200, chatBody(QStringLiteral("[{\"id\": 1, \"labels\": [{\"category\": \"register/formality-and-tone\", \"confidence\": 0.7}]}]")));
        LlmCategoryClassifier classifier(taxonomy(), endpoint(server));
        const Corpus corpus = testing::classifierCorpus({QStringLiteral("Hey, grab {0} now!")}, QStringLiteral("Hol dir {0}!"));
        const QVector<SegmentLabels> labels = classifyCorpus(corpus, taxonomy(), &classifier, [] {
            ClassifyOptions o;
            o.maxSemantic = 5;
            return o;
        }());
        QCOMPARE(labels[0].first().origin, LabelOrigin::Matcher);
        QCOMPARE(labels[0].last().category, QStringLiteral("register/formality-and-tone"));
        QCOMPARE(labels[0].last().confidence, 0.7);
    }

    void classifyCorpus_reportsProgressPerChunkAndCancels()
    {
        FakeChatServer server;
        // Every segment answered, with no category (a reply that names none is asked again).
        server.fallback = ScriptedReply(200, chatBody(QStringLiteral("[{\"id\": 1, \"labels\": []}, {\"id\": 2, \"labels\": []}]")));
        LlmCategoryClassifier classifier(taxonomy(), endpoint(server));
        QStringList sources;
        for (int i = 0; i < 5; ++i)
            sources << QStringLiteral("segment %1").arg(i);
        const Corpus corpus = testing::classifierCorpus(sources, QStringLiteral("x"));
        ClassifyOptions options;
        options.chunkSize = 2;
        QVector<int> seen;
        options.progress = [&](int done, int total) {
            seen.append(done);
            return total == 5;
        };
        QCOMPARE(classifyCorpus(corpus, taxonomy(), &classifier, options).size(), 5);
        QCOMPARE(seen, (QVector<int>{2, 4, 5}));
        QCOMPARE(server.received.size(), 3);
        options.progress = [](int done, int) { return done < 4; };
        QVERIFY_THROWS_EXCEPTION(ClassificationCancelled, classifyCorpus(corpus, taxonomy(), &classifier, options));
        QCOMPARE(server.received.size(), 5);  // stopped after the second chunk
    }
};

GAUNTLET_TEST_MAIN(TestLlmClassifier)
#include "tst_llm_classifier.moc"
