// Issue 21, items 1, 3 and 5 on the command line without models: a run stored through RunStore
// (steps whose best texts repeat), `runs translate` against a local fake OpenAI-compatible server
// (the request budget is never exceeded, identical texts are translated once, stored translations
// are reused) and Apertium (unknown-word marks counted, the text compared with the `apertium`
// command itself), then `examples add --from-run` with the outputs attached and the provenance
// shown by `examples show`.
#include "tests/support/cli_runner.h"
#include "tests/support/apertium_reference.h"
#include "tests/support/fake_chat_server.h"

#include "engine/ato/run_store.h"
#include "engine/metrics/chrf.h"
#include "engine/store/database.h"
#include "engine/evaluate/campaign_store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::chatBody;
using gauntlet::testing::FakeChatServer;
using gauntlet::testing::ScriptedReply;
using Result = gauntlet::testing::CliResult;

namespace {

/// The best texts of steps 0..3 and the output: "B" twice and "C" twice, so three distinct texts.
const QStringList kStepTexts = {QStringLiteral("The house is big."), QStringLiteral("The zorblax house is big."),
                                QStringLiteral("The zorblax house is big."), QStringLiteral("The zorblax house is huge.")};
const QString kOutput = QStringLiteral("The zorblax house is huge.");

}  // namespace

class TestRunTranslations : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_project;

    Result cli(const QStringList &args) { return gauntlet::testing::runCliOn(m_project, args); }

    /// Stores a finished direct run of seed kStepTexts[0] (D 0.9 -> 0.4) and returns its id.
    qint64 storeRun()
    {
        auto db = storage::Database::open(m_project, storage::Database::Mode::ReadWrite);
        ato::RunStore store(*db, std::nullopt);
        ato::RunStartedEvent started;
        started.seedText = kStepTexts[0].toStdString();
        store.runStarted(started);
        for (int step = 0; step < kStepTexts.size(); ++step) {
            ato::StepFinishedEvent e;
            e.step = step;
            ato::BeamMemberRecord best;
            best.text = kStepTexts[step].toStdString();
            best.values.loss = 1.0 - 0.1 * step;
            best.values.difficulty = 0.9 - 0.1 * step;  // the seed's D is step 0's
            e.beam.push_back(best);
            e.bestLoss = e.meanLoss = best.values.loss;
            store.stepFinished(e);
        }
        endRun(store, 3);
        return store.runId();
    }

    /// Ends the run in `store` with kOutput, chosen by lowest perplexity at `step` (D 0.9 -> 0.4).
    static void endRun(ato::RunStore &store, int step)
    {
        ato::RunEndedEvent ended;
        ato::RunResult result;
        result.seedText = kStepTexts[0].toStdString();
        result.outputText = kOutput.toStdString();
        result.selectedBy = "lowest-perplexity";
        result.step = step;
        result.seedValues.difficulty = 0.9;
        result.values.difficulty = 0.4;
        ended.result = result;
        store.runEnded(ended);
    }

private Q_SLOTS:
    void exampleFromCandidate_showsTheCandidatesD()
    {
        // Issue 34: an example made from an archive candidate showed the run output's D (0.4 here)
        // instead of the candidate's own (0.0815).
        qint64 runId = 0;
        {
            auto db = storage::Database::open(m_project, storage::Database::Mode::ReadWrite);
            ato::RunStore store(*db, std::nullopt);
            ato::RunStartedEvent started;
            started.seedText = kStepTexts[0].toStdString();
            store.runStarted(started);
            ato::StepFinishedEvent seed;  // step 0: the seed itself, D 0.9
            ato::BeamMemberRecord seedMember;
            seedMember.text = kStepTexts[0].toStdString();
            seedMember.values.difficulty = 0.9;
            seed.beam.push_back(seedMember);
            store.stepFinished(seed);
            ato::StepFinishedEvent e;
            e.step = 1;
            ato::BeamMemberRecord best;
            best.text = kOutput.toStdString();
            best.values.difficulty = 0.4;
            e.beam.push_back(best);
            ato::ArchiveRecord candidate;
            candidate.text = "A candidate the search did not choose.";
            candidate.values.difficulty = 0.0815;
            e.candidates.push_back(candidate);
            store.stepFinished(e);
            endRun(store, ato::RunResult{}.step);
            runId = store.runId();
        }
        const QString candidateId = storage::Database::open(m_project, storage::Database::Mode::ReadOnly)
                                        ->scalar(QStringLiteral("SELECT id FROM archive_candidates WHERE text LIKE 'A candidate%'"))
                                        .toString();
        QVERIFY(!candidateId.isEmpty());
        Result r = cli({QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--from-run"), QString::number(runId), QStringLiteral("--candidate"),
                        candidateId, QStringLiteral("--target-lang"), QStringLiteral("Spanish")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli({QStringLiteral("examples"), QStringLiteral("show"), r.out.trimmed()});
        QVERIFY2(r.out.contains(QStringLiteral("provenance: D 0.9000 (seed) -> 0.0815 (this text, chosen from the run's archive)")), qPrintable(r.out));
    }

    void initTestCase() { gauntlet::testing::useTestEnvironment("tester"); }

    void init()
    {
        static int n = 0;
        m_project = m_dir.filePath(QStringLiteral("runs-%1.gauntlet").arg(++n));
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("list")}).code, 0);  // creates the project
    }

    void chat_budgetIsRespectedAndIdenticalTextsAreTranslatedOnce()
    {
        FakeChatServer server;
        server.responder = [](const gauntlet::testing::ReceivedRequest &request) {
            const QString prompt = gauntlet::testing::promptOf(request);
            return ScriptedReply{200, chatBody(prompt.contains(QStringLiteral("huge")) ? QStringLiteral("Das Haus ist riesig.")
                                                                                        : QStringLiteral("Das Haus ist gross.")),
                                 0, false, false};
        };
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("llm"), QStringLiteral("--chat"), QStringLiteral("--base-url"),
                      server.baseUrl(), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--retries"), QStringLiteral("0")}).code, 0);
        const qint64 run = storeRun();
        const QString runId = QString::number(run);
        // the forward budget alone (the round trips have a test of their own)
        const QStringList base = {QStringLiteral("runs"), QStringLiteral("translate"), runId, QStringLiteral("--systems"), QStringLiteral("llm"),
                                  QStringLiteral("--target-lang"), QStringLiteral("German"), QStringLiteral("--no-round-trip")};

        // a budget of 2 requests: 2 of the 3 distinct texts, the third refused
        Result r = cli(base + QStringList{QStringLiteral("--budget"), QStringLiteral("2")});
        QCOMPARE(r.code, 1);
        QCOMPARE(server.received.size(), 2);
        QVERIFY2(r.err.contains(QStringLiteral("2 translated, 0 reused, 0 failed, 1 refused by the budget")), qPrintable(r.err));
        // the stored budget holds on the next call: nothing new is asked, the two are reused
        r = cli(base);
        QCOMPARE(server.received.size(), 2);
        QVERIFY2(r.err.contains(QStringLiteral("0 translated, 2 reused, 0 failed, 1 refused")), qPrintable(r.err));
        // a larger budget: only the missing text is asked for
        r = cli(base + QStringList{QStringLiteral("--budget"), QStringLiteral("10")});
        QCOMPARE(r.code, 0);
        QCOMPARE(server.received.size(), 3);
        r = cli(base);
        QCOMPARE(r.code, 0);
        QCOMPARE(server.received.size(), 3);  // 3 distinct texts among 5 (4 steps and the output): each asked once
        QVERIFY2(r.err.contains(QStringLiteral("0 translated, 3 reused")), qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("step 3, output\tllm\tGerman\t-\tThe zorblax house is huge.\tDas Haus ist riesig.")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("step 1, step 2\tllm\tGerman\t-\tThe zorblax house is big.\tDas Haus ist gross.")), qPrintable(r.out));

        auto db = storage::Database::open(m_project, storage::Database::Mode::ReadOnly);
        QCOMPARE(db->scalar(QStringLiteral("SELECT COUNT(*) FROM run_translations")).toInt(), 3);
        QCOMPARE(db->scalar(QStringLiteral("SELECT translation_requests FROM runs")).toInt(), 3);
        QCOMPARE(db->scalar(QStringLiteral("SELECT translation_budget FROM runs")).toInt(), 10);
    }

    void chat_failedRequestsCountAgainstTheBudget()
    {
        FakeChatServer server;
        server.fallback = ScriptedReply{500, QByteArray("{}"), 0, false, false};
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("llm"), QStringLiteral("--chat"), QStringLiteral("--base-url"),
                      server.baseUrl(), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--retries"), QStringLiteral("3")}).code, 0);
        const qint64 run = storeRun();
        // 3 texts x (1 + 3 retries) would be 12 requests; the budget of 5 stops them at 5
        const Result r = cli({QStringLiteral("runs"), QStringLiteral("translate"), QString::number(run), QStringLiteral("--target-lang"),
                              QStringLiteral("German"), QStringLiteral("--budget"), QStringLiteral("5"), QStringLiteral("--no-round-trip")});
        QCOMPARE(r.code, 1);
        QCOMPARE(server.received.size(), 5);
        auto db = storage::Database::open(m_project, storage::Database::Mode::ReadOnly);
        QCOMPARE(db->scalar(QStringLiteral("SELECT COUNT(*) FROM run_translations")).toInt(), 0);
        QCOMPARE(db->scalar(QStringLiteral("SELECT translation_requests FROM runs")).toInt(), 5);
    }

    void chat_roundTripThroughTheSameSystemCountsAgainstTheBudget()
    {
        // German -> English prompts name the German text; the way there names the English one.
        FakeChatServer server;
        server.responder = [](const gauntlet::testing::ReceivedRequest &request) {
            const QString prompt = gauntlet::testing::promptOf(request);
            QString reply = QStringLiteral("Das Haus ist gross.");
            if (prompt.contains(QStringLiteral("Das Haus ist riesig.")))
                reply = QStringLiteral("The house is huge.");
            else if (prompt.contains(QStringLiteral("Das Haus ist gross.")))
                reply = QStringLiteral("The house is big.");
            else if (prompt.contains(QStringLiteral("huge")))
                reply = QStringLiteral("Das Haus ist riesig.");
            return ScriptedReply{200, chatBody(reply), 0, false, false};
        };
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("llm"), QStringLiteral("--chat"), QStringLiteral("--base-url"),
                      server.baseUrl(), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--retries"), QStringLiteral("0")}).code, 0);
        const qint64 run = storeRun();
        const QString runId = QString::number(run);
        const QStringList base = {QStringLiteral("runs"), QStringLiteral("translate"), runId, QStringLiteral("--target-lang"), QStringLiteral("German")};
        // 3 distinct texts x (there + back) = 6 requests; a budget of 5 leaves the last round trip out
        Result r = cli(base + QStringList{QStringLiteral("--budget"), QStringLiteral("5")});
        QCOMPARE(r.code, 1);
        QCOMPARE(server.received.size(), 5);
        QVERIFY2(r.err.contains(QStringLiteral("3 translated, 0 reused, 0 failed, 1 refused by the budget; 2 round trips; 5 endpoint requests")),
                 qPrintable(r.err));
        // one more request: the missing round trip is added to the stored translation, nothing is translated again
        r = cli(base + QStringList{QStringLiteral("--budget"), QStringLiteral("6")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(server.received.size(), 6);
        QVERIFY2(r.err.contains(QStringLiteral("0 translated, 3 reused, 0 failed, 0 refused by the budget; 1 round trips; 1 endpoint requests")),
                 qPrintable(r.err));
        // chrF2 of the way back against the text (engine/metrics' chrF, checked against sacrebleu in tests/metrics)
        const metrics::Chrf chrf;
        const double huge = chrf.sentenceScore("The house is huge.", {kOutput.toStdString()});
        QVERIFY(huge > 0 && huge < 100);
        QVERIFY2(r.out.contains(QStringLiteral("step 3, output\tllm\tGerman\t-\t%1\tDas Haus ist riesig.\t%2\tllm\tThe house is huge.")
                                    .arg(kOutput, QString::number(huge, 'f', 1))),
                 qPrintable(r.out));
        auto db = storage::Database::open(m_project, storage::Database::Mode::ReadOnly);
        QCOMPARE(db->scalar(QStringLiteral("SELECT COUNT(*) FROM run_translations WHERE round_trip_chrf IS NOT NULL")).toInt(), 3);
        QCOMPARE(db->scalar(QStringLiteral("SELECT translation_requests FROM runs")).toInt(), 6);
        QCOMPARE(db->scalar(QStringLiteral("SELECT round_trip_chrf FROM run_translations WHERE text = 'The house is big.'")).toDouble(), 100.0);
        // runs show lists them with their signals
        r = cli({QStringLiteral("runs"), QStringLiteral("show"), runId});
        QVERIFY2(r.out.contains(QStringLiteral("llm\tGerman\t-\t%1\tllm\t%2\tDas Haus ist riesig.").arg(QString::number(huge, 'f', 1), kOutput)),
                 qPrintable(r.out));
    }

    void apertium_roundTripThroughTheReverseMode()
    {
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("ap"), QStringLiteral("--apertium"), QStringLiteral("eng-spa")}).code, 0);
        const qint64 run = storeRun();
        const Result r = cli({QStringLiteral("runs"), QStringLiteral("translate"), QString::number(run)});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // the way back is `apertium -u spa-eng` of the forward translation without its marks
        const QString spanish = testing::apertiumCommandOutput(QStringLiteral("eng-spa"), kOutput);
        const QString back = testing::apertiumCommandOutput(QStringLiteral("spa-eng"), spanish);
        QVERIFY(!back.isEmpty());
        const double expected = metrics::Chrf().sentenceScore(back.toStdString(), {kOutput.toStdString()});
        QVERIFY2(r.out.contains(QStringLiteral("step 3, output\tap\tspa\t1\t%1\t%2\t%3\tspa-eng\t%4")
                                    .arg(kOutput, spanish, QString::number(expected, 'f', 1), back)),
                 qPrintable(r.out));
        auto db = storage::Database::open(m_project, storage::Database::Mode::ReadOnly);
        QCOMPARE(db->scalar(QStringLiteral("SELECT COUNT(*) FROM run_translations WHERE round_trip_via = 'spa-eng'")).toInt(), 3);
        QCOMPARE(db->scalar(QStringLiteral("SELECT translation_requests FROM runs")).toInt(), 0);
        db.reset();

        // evaluate-augmented --translations: per method the stored signals of its texts (one text: the interval is the value)
        const QString results = m_dir.filePath(QStringLiteral("results.jsonl"));
        QFile f(results);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("seed_text"), kStepTexts[0]}, {QStringLiteral("output_text"), kOutput},
                                          {QStringLiteral("method"), QStringLiteral("direct")}})
                    .toJson(QJsonDocument::Compact)
                + '\n');
        f.close();
        const Result e = cli({QStringLiteral("evaluate-augmented"), results, QStringLiteral("--no-judges"), QStringLiteral("--translations"),
                              QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        const QJsonArray methods = QJsonDocument::fromJson(e.out.toUtf8()).object().value(QStringLiteral("methods")).toArray();
        QCOMPARE(methods.size(), 2);  // base (the seed) and direct
        for (const QJsonValue &m : methods) {
            const QJsonObject mt = m.toObject().value(QStringLiteral("mt")).toObject();
            const bool base = m.toObject().value(QStringLiteral("method")).toString() == QLatin1String("base");
            QCOMPARE(mt.value(QStringLiteral("unknown_words[ap]")).toObject().value(QStringLiteral("mean")).toDouble(), base ? 0.0 : 1.0);
            if (!base)
                QVERIFY(std::abs(mt.value(QStringLiteral("round_trip_chrf[ap]")).toObject().value(QStringLiteral("mean")).toDouble() - expected) < 1e-9);
        }
    }

    void apertium_unknownWordsThenExampleFromRun()
    {
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("ap"), QStringLiteral("--apertium"), QStringLiteral("eng-spa")}).code, 0);
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("ap-cat"), QStringLiteral("--apertium"), QStringLiteral("eng-cat")}).code, 0);
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("by-hand"), QStringLiteral("--manual")}).code, 0);
        const qint64 run = storeRun();
        const QString runId = QString::number(run);
        // a manual system is refused by name
        Result r = cli({QStringLiteral("runs"), QStringLiteral("translate"), runId, QStringLiteral("--systems"), QStringLiteral("by-hand")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("'by-hand' is manual")), qPrintable(r.err));
        // every non-manual system by default: Apertium, target "spa" from the pair
        r = cli({QStringLiteral("runs"), QStringLiteral("translate"), runId});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString spanishOutput = testing::apertiumCommandOutput(QStringLiteral("eng-spa"), kOutput);
        QVERIFY(!spanishOutput.isEmpty());
        // "zorblax" is not in Apertium's dictionary: one unknown word in the texts that have it, none in the seed
        QVERIFY2(r.out.contains(QStringLiteral("step 3, output\tap\tspa\t1\t%1\t%2").arg(kOutput, spanishOutput)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("step 0\tap\tspa\t0\t%1\t%2").arg(kStepTexts[0], testing::apertiumCommandOutput(QStringLiteral("eng-spa"), kStepTexts[0]))),
                 qPrintable(r.out));
        {
            auto db = storage::Database::open(m_project, storage::Database::Mode::ReadOnly);
            QCOMPARE(db->scalar(QStringLiteral("SELECT COUNT(*) FROM run_translations")).toInt(), 6);  // 3 texts x 2 systems
            QCOMPARE(db->scalar(QStringLiteral("SELECT translation_requests FROM runs")).toInt(), 0);  // Apertium costs nothing
        }

        // Issue 34 (3): translated into Spanish and Catalan, the output makes one draft per
        // language, named (it kept one, "English -> cat", and dropped the other silently).
        r = cli({QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--from-run"), runId});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList made = r.out.trimmed().split(u'\n');
        QCOMPARE(made.size(), 2);
        QVERIFY2(r.err.contains(QStringLiteral("(Spanish)")) && r.err.contains(QStringLiteral("(Catalan)")), qPrintable(r.err));
        Result other = cli({QStringLiteral("examples"), QStringLiteral("show"), made[1]});
        QVERIFY2(other.out.contains(QStringLiteral("languages: English [en] -> Catalan [cat]\n")), qPrintable(other.out));
        QVERIFY2(other.out.contains(QStringLiteral("output ap-cat: ")) && !other.out.contains(QStringLiteral("output ap: ")), qPrintable(other.out));
        const QString exampleId = made[0];
        r = cli({QStringLiteral("examples"), QStringLiteral("show"), exampleId});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("(draft, by tester)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("languages: English [en] -> Spanish [spa]\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("source: %1\n").arg(kOutput)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("tags: ato, direct, run:%1").arg(run)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("output ap: %1").arg(spanishOutput)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("provenance: run %1, method direct, seed: %2").arg(runId, kStepTexts[0])), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("provenance: D 0.9000 (seed) -> 0.4000 (output, selected by lowest-perplexity)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("Created from augmentation run %1").arg(runId)), qPrintable(r.out));

        // a candidate that is not in the run is a clear error, and no example is added
        r = cli({QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--from-run"), runId, QStringLiteral("--candidate"), QStringLiteral("999")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no archive candidate 999")), qPrintable(r.err));
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("list")}).out.count(kOutput), 2);
    }

    void pairedSeeds_campaignPairsTheSeedWithTheAugmentedExample()
    {
        QCOMPARE(cli({QStringLiteral("systems"), QStringLiteral("add"), QStringLiteral("ap"), QStringLiteral("--apertium"), QStringLiteral("eng-spa")}).code, 0);
        const QString runId = QString::number(storeRun());
        QCOMPARE(cli({QStringLiteral("runs"), QStringLiteral("translate"), runId}).code, 0);  // step 0 is the seed
        Result r = cli({QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--from-run"), runId});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString exampleId = r.out.trimmed();
        r = cli({QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("paired"), QStringLiteral("--protocol"), QStringLiteral("esa"),
                 QStringLiteral("--paired-seeds")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("1 seed items paired with augmented examples, 0 not paired")), qPrintable(r.err));
        {
            auto db = storage::Database::open(m_project, storage::Database::Mode::ReadOnly);
            const evaluate::Campaign c = evaluate::CampaignStore(*db).campaign(evaluate::CampaignStore(*db).campaigns().constFirst().id);
            QCOMPARE(c.items.size(), 2);
            const QString augmentedKey = QStringLiteral("example:%1:ap").arg(exampleId);
            const evaluate::CampaignItem &augmented = c.items[c.indexOfItem(augmentedKey)];
            const evaluate::CampaignItem &seed = c.items[c.indexOfItem(QStringLiteral("seed:") + augmentedKey)];
            QCOMPARE(augmented.source, kOutput);
            QCOMPARE(augmented.pair, QStringLiteral("augmented"));
            QCOMPARE(augmented.pairedKey, seed.key);
            QCOMPARE(seed.source, kStepTexts[0]);  // the run's seed, unaugmented
            QCOMPARE(seed.pair, QStringLiteral("seed"));
            QCOMPARE(seed.pairedKey, augmentedKey);
            QCOMPARE(seed.translations.size(), 1);
            QCOMPARE(seed.translations[0].system, QStringLiteral("ap"));
            QCOMPARE(seed.translations[0].text, testing::apertiumCommandOutput(QStringLiteral("eng-spa"), kStepTexts[0]));
        }
        // without a stored translation of the seed the example stays unpaired, and says why
        {
            auto db = storage::Database::open(m_project, storage::Database::Mode::ReadWrite);
            storage::SqlQuery(*db, QStringLiteral("DELETE FROM run_translations WHERE text = ?")).bind(0, kStepTexts[0]).exec();
        }
        r = cli({QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("unpaired"), QStringLiteral("--protocol"), QStringLiteral("esa"),
                 QStringLiteral("--paired-seeds")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("0 seed items paired with augmented examples, 1 not paired")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("seed has no stored translation into Spanish by ap (gauntlet runs translate %1)").arg(runId)), qPrintable(r.err));
    }
};

GAUNTLET_TEST_MAIN(TestRunTranslations)
#include "tst_run_translations.moc"
