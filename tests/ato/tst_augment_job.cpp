// engine/augment's AugmentJob, the one pipeline behind `gauntlet augment` and the Augment
// workspace, over tiny random model folders (make_ato_fixtures.py): every seed's run is stored and
// reported in order with its index, a seed that cannot be searched fails alone and the job goes on,
// the summary counts what happened, and each seed text gets its own random stream (issue 18).
#include "engine/ato/model_pack.h"
#include "engine/ato/run_history.h"
#include "engine/ato/ato_error.h"
#include "engine/augment/augment_job.h"
#include "engine/io/safetensors.h"
#include "engine/judge/round_trip_judge.h"
#include "engine/verify/example_store.h"
#include "engine/store/database.h"
#include "engine/store/project.h"
#include "tests/ato/ato_test_support.h"
#include "tests/support/open_counter.h"
#include "engine/text/tokenizer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>
#include <QTemporaryDir>
#include "tests/support/small_search.h"
#include "tests/support/mt_system_builder.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <functional>
#include <map>
#include <set>
#include <sstream>

using namespace gauntlet;

namespace {

ato::AtoConfig smallConfig(ato::Method method, int steps)
{
    ato::AtoConfig c = gauntlet::testing::smallSearch(steps);
    ato::applyModelPack(c, ato::modelPackAt(ato_test::modelsDir()));
    c.method = method;
    c.phase2Steps = 2;
    c.seed = 1;
    return c;
}

/// A job of `method` with `steps` steps (smallConfig) that stores its runs in `database` (none:
/// nothing stored), judges off.
augment::JobOptions smallJob(ato::Method method, int steps, storage::Database *database = nullptr)
{
    augment::JobOptions job;
    job.config = smallConfig(method, steps);
    job.database = database;
    job.judge = false;
    return job;
}

/// A job of two ATO-Direct steps on `seedText` in `project`, whose one MT system "ap" is Apertium
/// eng-spa and is the job's MT term system (judges off).
augment::JobOptions mtTermJob(storage::Project &project, const std::string &seedText)
{
    translate::MtSystemConfig ap = testing::apertiumSystem(QStringLiteral("ap"), QStringLiteral("eng-spa"));
    verify::ExampleStore(project.database()).saveMtSystem(ap);
    augment::JobOptions job = smallJob(ato::Method::Direct, 2, &project.database());
    job.config.mtTermSystem = "ap";
    job.seeds = {{seedText, std::nullopt}};
    return job;
}

/// Records the job's events as lines ("run 0", "step 0 1", "end 0 finished", ...).
class Recorder : public augment::JobObserver {
public:
    void jobStarted(int seeds, int steps) override { lines.push_back("job " + std::to_string(seeds) + ' ' + std::to_string(steps)); }
    void runStarted(int i, qint64 runId, const ato::RunStartedEvent &) override
    {
        lines.push_back("run " + std::to_string(i));
        runIds.push_back(runId);
    }
    void stepFinished(int i, const ato::StepFinishedEvent &e) override { lines.push_back("step " + std::to_string(i) + ' ' + std::to_string(e.step)); }
    void runEnded(int i, const ato::RunEndedEvent &e) override
    {
        const char *status = e.status == ato::RunStatus::Finished ? "finished"
                             : e.status == ato::RunStatus::Cancelled ? "cancelled" : "failed";
        lines.push_back("end " + std::to_string(i) + ' ' + status);
        if (e.result)
            results[i] = *e.result;
        if (!e.error.empty())
            errors[i] = e.error;
    }
    void jobFinished(const augment::JobSummary &s) override { summary = s; }

    std::vector<std::string> lines;
    std::vector<qint64> runIds;
    std::map<int, ato::RunResult> results;
    std::map<int, std::string> errors;
    augment::JobSummary summary;
};

/// The words of `output` that are not at the same place in `seed` (the baselines keep the length).
std::set<std::string> replacedWords(const std::string &seed, const std::string &output)
{
    std::istringstream a(seed), b(output);
    std::vector<std::string> x{std::istream_iterator<std::string>(a), {}}, y{std::istream_iterator<std::string>(b), {}};
    std::set<std::string> words;
    for (size_t i = 0; i < y.size(); ++i) {
        if (i >= x.size() || x[i] != y[i])
            words.insert(y[i]);
    }
    return words;
}

}  // namespace

class TestAugmentJob : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!ato_test::modelsDir().isEmpty()); }

    void seedStream_dependsOnSeedAndText()
    {
        QCOMPARE(ato::seedStream(1, "a b c"), ato::seedStream(1, "a b c"));
        QVERIFY(ato::seedStream(1, "a b c") != ato::seedStream(1, "a b d"));
        QVERIFY(ato::seedStream(1, "a b c") != ato::seedStream(2, "a b c"));
        QVERIFY(ato::seedStream(0, "") != ato::seedStream(1, ""));
    }

    void job_storesEveryRun_andAFailingSeedFailsAlone()
    {
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("j.gauntlet"));
        augment::JobOptions job = smallJob(ato::Method::Direct, 2, &project->database());
        // The middle seed is longer than the tiny difficulty model's positions: it fails alone.
        std::string tooLong;
        for (int i = 0; i < 200; ++i)
            tooLong += "word ";
        job.seeds = {{"The committee approved the new budget after a long debate.", std::nullopt},
                     {tooLong, std::nullopt},
                     {"Scientists say the discovery could change how we understand early life.", std::nullopt}};
        augment::JobCache cache;
        Recorder recorder;
        const augment::JobSummary summary = augment::AugmentJob(cache).run(job, recorder);
        QCOMPARE(summary.seeds, 3);
        QCOMPARE(summary.finished, 2);
        QCOMPARE(summary.failed, 1);
        QVERIFY(!summary.cancelled);
        QCOMPARE(recorder.summary.finished, 2);
        QCOMPARE(recorder.lines.front(), std::string("job 3 2"));
        const std::vector<std::string> expectedOrder{"run 0", "step 0 0", "step 0 1", "step 0 2", "end 0 finished", "run 1"};
        QVERIFY(recorder.lines.size() > expectedOrder.size());
        for (size_t i = 0; i < expectedOrder.size(); ++i)
            QCOMPARE(recorder.lines[i + 1], expectedOrder[i]);
        QVERIFY(std::find(recorder.lines.begin(), recorder.lines.end(), "end 1 failed") != recorder.lines.end());
        QVERIFY(std::find(recorder.lines.begin(), recorder.lines.end(), "end 2 finished") != recorder.lines.end());
        QVERIFY(recorder.errors.count(1));
        QCOMPARE(recorder.runIds.size(), size_t(3));
        // Every run is in the project: two finished, one failed with its error.
        const QVector<ato::RunSummary> runs = ato::RunHistory(project->database()).runs();
        QCOMPARE(runs.size(), 3);
        int finished = 0, failed = 0;
        for (const ato::RunSummary &r : runs) {
            finished += r.status == ato::RunStatus::Finished;
            failed += r.status == ato::RunStatus::Failed;
        }
        QCOMPARE(finished, 2);
        QCOMPARE(failed, 1);
        // Issue 18: the perplexities that chose ATO-Direct's output are stored with the archive, and
        // the output is the archive's lowest-perplexity text (no guards here).
        storage::Database &db = project->database();
        QCOMPARE(db.scalar(QStringLiteral("SELECT COUNT(*) FROM archive_candidates a JOIN runs r ON r.id = a.run_id "
                                          "WHERE r.status = 'finished' AND a.perplexity IS NULL")).toLongLong(),
                 qint64(0));
        QVERIFY(db.scalar(QStringLiteral("SELECT COUNT(*) FROM archive_candidates WHERE perplexity IS NOT NULL")).toLongLong() > 0);
        const qint64 lowestIsOutput = db.scalar(QStringLiteral(
            "SELECT COUNT(*) FROM run_results o WHERE o.perplexity = (SELECT MIN(a.perplexity) FROM archive_candidates a WHERE a.run_id = o.run_id) "
            "AND o.output_text = (SELECT a.text FROM archive_candidates a WHERE a.run_id = o.run_id ORDER BY a.perplexity LIMIT 1)")).toLongLong();
        QCOMPARE(lowestIsOutput, qint64(2));
        // The summary's "not harder" count agrees with the results.
        int notHarder = 0;
        for (const auto &[index, result] : recorder.results)
            notHarder += result.harder() ? 0 : 1;
        QCOMPARE(summary.notHarder, notHarder);
    }

    void job_seedLongerThanTheAcceptabilityModelsPositions_failsNamingThatModel()
    {
        // Issue 37: each model's own position limit bounds a seed. An acceptability classifier
        // with 34 positions (32 tokens) beside a difficulty model with 130: a seed of about 40
        // tokens fits the one and not the other, and its run fails naming the classifier and its
        // limit (it failed inside the classifier's position embeddings).
        QTemporaryDir dir;
        const QString cola = dir.filePath(QStringLiteral("cola"));
        QVERIFY(QDir().mkpath(cola));
        const ato::AtoConfig base = smallConfig(ato::Method::Direct, 1);
        const QDir source(QString::fromStdString(base.acceptabilityModel));
        for (const QString &name : source.entryList(QDir::Files))
            QVERIFY(QFile::copy(source.filePath(name), QDir(cola).filePath(name)));
        QFile config(QDir(cola).filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::ReadOnly));
        nlohmann::json cfg = nlohmann::json::parse(config.readAll().toStdString());
        config.close();
        cfg["max_position_embeddings"] = 34;
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write(QByteArray::fromStdString(cfg.dump()));
        config.close();
        std::vector<std::pair<std::string, torch::Tensor>> tensors;
        for (const auto &[name, t] : io::SafetensorsFile(source.filePath(QStringLiteral("model.safetensors"))).tensors())
            tensors.emplace_back(name, name.find("position_embeddings") != std::string::npos ? t.slice(0, 0, 34).clone() : t);
        QFile::remove(QDir(cola).filePath(QStringLiteral("model.safetensors")));
        io::saveSafetensors(QDir(cola).filePath(QStringLiteral("model.safetensors")), tensors);

        auto project = storage::Project::open(dir.filePath(QStringLiteral("j.gauntlet")));
        augment::JobOptions job;
        job.config = base;
        job.config.acceptabilityModel = cola.toStdString();
        job.database = &project->database();
        job.judge = false;
        const std::string seed = "The committee approved the new budget after a long debate, and the minister said the plan would "
                                 "help thousands of families in the north of the country next year.";
        job.seeds = {{seed, std::nullopt}};
        augment::JobCache cache;
        Recorder recorder;
        const augment::JobSummary summary = augment::AugmentJob(cache).run(job, recorder);
        QCOMPARE(summary.failed, 1);
        QVERIFY(recorder.errors.count(0));
        const std::string &error = recorder.errors.at(0);
        QVERIFY2(error.find("for the acceptability model, more than its limit of 32") != std::string::npos, error.c_str());
    }

    void job_readsEachModelFileOnce()
    {
        // Issue 36 item 1: a job resolves each model folder once (nn::describeModelFolder) and
        // reads each file of the pack once: config.json, weights, tokenizer files, word list. Opens
        // are counted by interposing the C library's open calls (tests/support/open_counter.h).
        const QString pack = QDir::cleanPath(ato_test::modelsDir());
        // The counter sees a file read twice: two tokenizer loads open its model file twice.
        const QString difficulty = QString::fromStdString(smallConfig(ato::Method::Direct, 1).difficultyModel);
        testing::startCountingOpens();
        text::loadTokenizer(difficulty);
        text::loadTokenizer(difficulty);
        const QStringList twice = testing::stopCountingOpens();
        QVERIFY2(std::any_of(twice.begin(), twice.end(), [&](const QString &p) { return twice.count(p) == 2 && p.startsWith(pack); }),
                 qPrintable(twice.join(u' ')));

        auto [dir, project] = testing::TemporaryProject(QStringLiteral("o.gauntlet"));
        augment::JobOptions job = smallJob(ato::Method::Direct, 1, &project->database());
        job.seeds = {{"The committee approved the new budget after a long debate.", std::nullopt}};
        // A word list, so the search vocabularies are built from the difficulty model's tokenizer.
        QFile words(dir.filePath(QStringLiteral("words.txt")));
        QVERIFY(words.open(QIODevice::WriteOnly));
        words.write("the\nof\nand\nto\nin\nis\nit\nthat\nwas\nfor\non\nare\nwith\nas\nat\nbe\nthis\nhave\nfrom\n"
                    "committee\napproved\nnew\nbudget\nafter\nlong\ndebate\na\nan\nby\nnot\nor\nbut\n");
        words.close();
        job.config.wordList = words.fileName().toStdString();
        augment::JobCache cache;
        Recorder recorder;
        testing::startCountingOpens();
        const augment::JobSummary summary = augment::AugmentJob(cache).run(job, recorder);
        const QStringList opened = testing::stopCountingOpens();
        QCOMPARE(summary.finished, 1);
        QStringList packFiles;
        for (const QString &p : opened) {
            if (p.startsWith(pack + u'/') && QFileInfo(p).isFile())
                packFiles << p;
        }
        // The counter saw the model files (so a clean count is not an empty one) ...
        QVERIFY(opened.contains(QDir::cleanPath(words.fileName())));
        for (const std::string &folder : {job.config.difficultyModel, job.config.languageModel}) {
            const QString config = QDir(QString::fromStdString(folder)).filePath(QStringLiteral("config.json"));
            QVERIFY2(packFiles.contains(config), qPrintable(config + QStringLiteral(" not opened: ") + packFiles.join(u' ')));
        }
        // ... and none twice.
        for (const QString &p : packFiles)
            QVERIFY2(packFiles.count(p) == 1, qPrintable(QStringLiteral("%1 opened %2 times").arg(p).arg(packFiles.count(p))));
    }

    void jobCache_keepsTheModelsWhileTheirPartsOfTheConfigStay()
    {
        // Issue 36 item 3: JobCache compares AtoConfig's model parts (ModelFiles, Placement and the
        // guards' loaded resources), not a key concatenated by hand. Counted by the observer's
        // modelsLoading, which is reported only when models are loaded.
        struct LoadCounter : augment::JobObserver {
            int loads = 0;
            void modelsLoading() override { ++loads; }
        };
        augment::JobCache cache;
        LoadCounter counter;
        augment::JobOptions job = smallJob(ato::Method::Direct, 1);
        job.seeds = {{"The committee approved the new budget after a long debate.", std::nullopt}};
        const auto run = [&](const std::function<void(ato::AtoConfig &)> &change) {
            change(job.config);
            QCOMPARE(augment::AugmentJob(cache).run(job, counter).finished, 1);
        };
        run([](ato::AtoConfig &) {});
        QCOMPARE(counter.loads, 1);
        // search settings, the method's baseline settings, guard thresholds, the seed: kept
        run([](ato::AtoConfig &c) {
            c.beamWidth += 1;
            c.lambdaFluency = 3;
            c.randomReplacements = 3;
            c.trigramMaxWindowDrop = 0.5;
            c.grammarCostSlack = 2;
            c.seed = 9;
        });
        QCOMPARE(counter.loads, 1);
        // each model part: loaded again
        run([](ato::AtoConfig &c) { c.maxBatchTokens /= 2; });  // Placement
        QCOMPARE(counter.loads, 2);
        run([](ato::AtoConfig &c) { c.guardMinZipf = 3.5; });  // a guard's loaded resource
        QCOMPARE(counter.loads, 3);
        run([&](ato::AtoConfig &c) { c.acceptabilityModel.clear(); });  // ModelFiles
        QCOMPARE(counter.loads, 4);
        run([](ato::AtoConfig &) {});
        QCOMPARE(counter.loads, 4);
    }

    void job_randomBaseline_drawsDifferentlyPerSeedText_andReproducibly()
    {
        // Issue 18: the generator was re-seeded with the run seed for every seed text, so seeds of
        // the same length got the same positions and the same replacement words.
        const std::string a = "The old man walked slowly to the busy market this morning.";
        const std::string b = "The young girl ran quickly to the quiet school this evening.";
        const auto runOnce = [&] {
            augment::JobOptions job = smallJob(ato::Method::RandomWords, 1);
            job.config.randomReplacements = 3;
            job.seeds = {{a, std::nullopt}, {b, std::nullopt}};
            augment::JobCache cache;
            Recorder recorder;
            augment::AugmentJob(cache).run(job, recorder);
            return recorder.results;
        };
        const std::map<int, ato::RunResult> first = runOnce();
        QCOMPARE(first.size(), size_t(2));
        const std::set<std::string> wordsA = replacedWords(a, first.at(0).outputText);
        const std::set<std::string> wordsB = replacedWords(b, first.at(1).outputText);
        QVERIFY2(!wordsA.empty() && !wordsB.empty(), (first.at(0).outputText + " | " + first.at(1).outputText).c_str());
        QVERIFY2(wordsA != wordsB, (first.at(0).outputText + " | " + first.at(1).outputText).c_str());
        const std::map<int, ato::RunResult> second = runOnce();
        QCOMPARE(second.at(0).outputText, first.at(0).outputText);
        QCOMPARE(second.at(1).outputText, first.at(1).outputText);
    }

    void twoPhase_phase2StepsKeepTheBestTextsDifficulty()
    {
        // Issue 18: phase-2 rows showed '-' for D: its objective is perplexity alone.
        augment::JobOptions job = smallJob(ato::Method::TwoPhase, 2);
        job.seeds = {{"The committee approved the new budget after a long debate.", std::nullopt}};
        struct Steps : Recorder {
            void stepFinished(int i, const ato::StepFinishedEvent &e) override
            {
                Recorder::stepFinished(i, e);
                events.push_back(e);
            }
            std::vector<ato::StepFinishedEvent> events;
        } recorder;
        augment::JobCache cache;
        augment::AugmentJob(cache).run(job, recorder);
        int phase2 = 0;
        for (const ato::StepFinishedEvent &e : recorder.events) {
            if (e.phase != 2)
                continue;
            ++phase2;
            QVERIFY(!e.beam.empty());
            QVERIFY2(std::isfinite(e.beam.front().values.difficulty), qPrintable(QString::number(e.step)));
            QVERIFY(std::isfinite(e.beam.front().values.perplexity));
            QVERIFY(e.shortlistUsed >= job.config.shortlistSize);
        }
        QCOMPARE(phase2, 2);
        QCOMPARE(recorder.results.size(), size_t(1));
    }

    void mtTerm_output_isTheWorstHandledOfTheLowestPerplexityCandidates()
    {
        // Issue 21: with the MT term on the output (Apertium eng-spa, P = 3), the output is, of the
        // 3 archive candidates of lowest perplexity (guards off), the one Apertium handles worst:
        // most unknown words, then lowest round-trip chrF (judge::roundTrip, checked against the
        // apertium command in tst_judges). The same run again gives the same output.
        const std::string seedText = "The committee approved the new budget after a long debate.";
        std::string outputs[2];
        for (int repeat = 0; repeat < 2; ++repeat) {
            auto [dir, project] = testing::TemporaryProject(QStringLiteral("mt.gauntlet"));
            augment::JobOptions job = mtTermJob(*project, seedText);
            job.config.mtTermPool = 3;
            augment::JobCache cache;
            Recorder recorder;
            QCOMPARE(augment::AugmentJob(cache).run(job, recorder).finished, 1);
            const ato::RunResult &result = recorder.results.at(0);
            std::vector<std::string> lowest;
            storage::SqlQuery q(project->database(), QStringLiteral("SELECT text FROM archive_candidates WHERE run_id = ? AND perplexity IS NOT NULL "
                                                           "ORDER BY perplexity, id LIMIT 3"));
            q.bind(0, recorder.runIds.at(0)).exec();
            while (q.next())
                lowest.push_back(q.value(0).toString().toStdString());
            QCOMPARE(lowest.size(), size_t(3));
            const auto verdicts = judge::roundTrip(lowest, judge::RoundTripPair::of("eng-spa"));
            size_t worst = 0;
            for (size_t i = 1; i < verdicts.size(); ++i) {
                const size_t u = verdicts[i].unknownWords.size(), w = verdicts[worst].unknownWords.size();
                if (u > w || (u == w && verdicts[i].roundTripChrf < verdicts[worst].roundTripChrf))
                    worst = i;
            }
            QCOMPARE(QString::fromStdString(result.outputText), QString::fromStdString(lowest[worst]));
            // without the term the output would have been the lowest-perplexity one: kept for a paired comparison
            QCOMPARE(QString::fromStdString(result.objectiveOutputText), QString::fromStdString(lowest[0]));
            QCOMPARE(result.mtTerm.texts, 3);
            QCOMPARE(result.mtTerm.requests, 0);
            QCOMPARE(result.mtTermUnknownWords, int(verdicts[worst].unknownWords.size()));
            QVERIFY(result.selectedBy.find("worst-handled of 3 by apertium eng-spa") != std::string::npos);
            outputs[repeat] = result.outputText;
        }
        QCOMPARE(QString::fromStdString(outputs[1]), QString::fromStdString(outputs[0]));
    }

    void mtTerm_beam_leadsWithTheWorstHandled_andStoresItsCostPerStep()
    {
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("mtb.gauntlet"));
        augment::JobOptions job = mtTermJob(*project, "Scientists say the discovery could change how we understand early life.");
        job.config.mtTermWhere = "beam";
        augment::JobCache cache;
        Recorder recorder;
        QCOMPARE(augment::AugmentJob(cache).run(job, recorder).finished, 1);
        const ato::RunTrace trace = ato::RunHistory(project->database()).trace(recorder.runIds.at(0), false);
        int measured = 0;
        for (const ato::StepFinishedEvent &s : trace.steps) {
            if (s.step == 0)
                continue;
            measured += s.mtTerm.texts;
            QVERIFY(s.mtTerm.ms > 0);
            QCOMPARE(s.mtTerm.requests, 0);
            // the beam's non-injected members (B - R = 3) lead in the MT term's order: non-increasing badness
            std::vector<std::string> lead;
            for (size_t r = 0; r < s.beam.size() && lead.size() < 3; ++r)
                lead.push_back(s.beam[r].text);
            const auto v = judge::roundTrip(lead, judge::RoundTripPair::of("eng-spa"));
            for (size_t i = 1; i < v.size(); ++i) {
                const size_t a = v[i - 1].unknownWords.size(), b = v[i].unknownWords.size();
                QVERIFY2(a > b || (a == b && v[i - 1].roundTripChrf <= v[i].roundTripChrf), s.beam[i].text.c_str());
            }
        }
        QVERIFY(measured > 0);
        // without a project system of that name the job refuses before any run
        job.config.mtTermSystem = "nope";
        Recorder none;
        try {
            augment::AugmentJob(cache).run(job, none);
            QFAIL("the job ran without its MT term's system");
        } catch (const augment::JobSetupError &e) {
            QCOMPARE(e.stage(), augment::JobSetupError::Stage::MtTerm);
            QVERIFY2(std::string(e.what()).find("'nope'") != std::string::npos, e.what());
        }
        // an invalid configuration is a settings error, a model folder that is not one a models error
        job.config.mtTermSystem.clear();
        job.config.beamWidth = 0;
        try {
            augment::AugmentJob(cache).run(job, none);
            QFAIL("the job ran with B = 0");
        } catch (const augment::JobSetupError &e) {
            QCOMPARE(e.stage(), augment::JobSetupError::Stage::Settings);
        }
        job.config.beamWidth = 4;
        QTemporaryDir empty;
        job.config.difficultyModel = empty.path().toStdString();
        try {
            augment::AugmentJob(cache).run(job, none);
            QFAIL("the job ran without a difficulty model");
        } catch (const augment::JobSetupError &e) {
            QCOMPARE(e.stage(), augment::JobSetupError::Stage::Models);
            QVERIFY2(QString::fromUtf8(e.what()).contains(empty.path()), e.what());
        }
    }

    void job_cancelledBeforeTheFirstSeed_runsNothing()
    {
        augment::JobOptions job = smallJob(ato::Method::Direct, 2);
        job.seeds = {{"The committee approved the new budget.", std::nullopt}};
        std::atomic<bool> cancel{true};
        augment::JobCache cache;
        Recorder recorder;
        const augment::JobSummary summary = augment::AugmentJob(cache).run(job, recorder, &cancel);
        QVERIFY(summary.cancelled);
        QCOMPARE(summary.finished, 0);
        QCOMPARE(recorder.runIds.size(), size_t(0));
    }
};

GAUNTLET_TEST_MAIN(TestAugmentJob)
#include "tst_augment_job.moc"
