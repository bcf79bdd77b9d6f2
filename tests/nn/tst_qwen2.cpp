// Qwen2 causal LM and perplexity scoring against the independent Python reference
// (../shared/tools/reference, float64), plus KV-cache, prefix-reuse and causality invariants.
#include "tests/support/test_main.h"
#include "nn_test_support.h"
#include "tests/support/proc_status.h"

#include "engine/nn/model_folder.h"
#include "engine/nn/perplexity_scorer.h"

#include <c10/core/InferenceMode.h>

#include <QCoreApplication>
#include <QProcess>

#include <sys/resource.h>

using namespace gauntlet::nn;
using nn_test::closeAll;
using nn_test::flat;

class TestQwen2 : public QObject {
    Q_OBJECT

private:
    static std::shared_ptr<PerplexityScorer> load(const QString &name, torch::Dtype dtype = torch::kFloat32, int64_t maxBatchTokens = 8192)
    {
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings(dtype, maxBatchTokens);
        options.kind = ScoreKind::Perplexity;
        return std::dynamic_pointer_cast<PerplexityScorer>(loadModelFolder(nn_test::fixture(name), options).scorer);
    }
    static std::vector<int64_t> randomIds(int64_t n, int64_t seed)
    {
        torch::manual_seed(static_cast<uint64_t>(seed));
        const torch::Tensor t = torch::randint(150, {n}, torch::kInt64);
        return std::vector<int64_t>(t.data_ptr<int64_t>(), t.data_ptr<int64_t>() + n);
    }

private Q_SLOTS:
    void initTestCase() { nn_test::fixturesDir(); }

    void models_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("dtype");
        for (const char *name : {"qwen2-tied", "qwen2-untied"}) {
            QTest::addRow("%s float32", name) << QString::fromLatin1(name) << static_cast<int>(torch::kFloat32);
            QTest::addRow("%s float64", name) << QString::fromLatin1(name) << static_cast<int>(torch::kFloat64);
        }
    }

    void logits_matchReference_data() { models_data(); }
    void logits_matchReference()
    {
        QFETCH(QString, name);
        QFETCH(int, dtype);
        const auto scorer = load(name, static_cast<torch::Dtype>(dtype));
        const auto &g = nn_test::golden();
        c10::InferenceMode guard;
        const torch::Tensor ids = torch::tensor(flat(g["lm_ids"]), torch::kInt64).view({2, -1});
        const torch::Tensor positions = torch::arange(ids.size(1), torch::kInt64).unsqueeze(0).expand({2, -1});
        const auto &model = scorer->model();
        const torch::Tensor logits = model.logits(model.forward(torch::embedding(model.embedTokens(), ids), positions, nullptr, nullptr));
        QVERIFY(closeAll(flat(g[name.toStdString()]["logits_seq0_pos2_first8"]), flat(logits[0][2].slice(0, 0, 8)), 1e-5, "logits"));
    }

    void tokenLogProbsAndPerplexity_matchReference_data() { models_data(); }
    void tokenLogProbsAndPerplexity_matchReference()
    {
        QFETCH(QString, name);
        QFETCH(int, dtype);
        const auto scorer = load(name, static_cast<torch::Dtype>(dtype));
        const auto &g = nn_test::golden()[name.toStdString()];
        const auto ids = nn_test::idLists(nn_test::golden()["lm_ids"]);
        for (size_t i = 0; i < ids.size(); ++i)
            QVERIFY(closeAll(flat(g["token_log_probs"][i]), flat(scorer->tokenLogProbs(ids[i])), 1e-5, "token log-probs"));
        // Perplexity exp(mean NLL) is >= 1 and grows with the NLL: compare relatively.
        const std::vector<double> expected = flat(g["perplexity"]);
        const std::vector<double> actual = scorer->scoreBatch(ids);
        for (size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(std::abs(expected[i] - actual[i]) <= 1e-5 * expected[i],
                     qPrintable(QStringLiteral("perplexity %1: expected %2 actual %3").arg(i).arg(expected[i], 0, 'g', 10).arg(actual[i], 0, 'g', 10)));
    }

    void batch_equalsOneByOne()
    {
        const auto scorer = load(QStringLiteral("qwen2-untied"), torch::kFloat32, 30);
        std::vector<std::vector<int64_t>> seqs;
        for (int i = 0; i < 7; ++i)
            seqs.push_back(randomIds(2 + (i * 7) % 19, 100 + i));
        const auto batch = scorer->scoreBatch(seqs);
        const nlohmann::json ref = nn_test::referenceForward(nn_test::fixture(QStringLiteral("qwen2-untied")), QStringLiteral("qwen2"), {seqs[3]});
        QVERIFY(std::abs(ref["perplexity"][0].get<double>() - batch[3]) <= 1e-5 * batch[3]);
        for (size_t i = 0; i < seqs.size(); ++i) {
            const double alone = scorer->scoreBatch({seqs[i]})[0];
            QVERIFY2(std::abs(alone - batch[i]) <= 1e-5 * alone, qPrintable(QStringLiteral("%1: %2 vs %3").arg(i).arg(alone).arg(batch[i])));
        }
    }

    void kvCache_equalsFullRecomputation()
    {
        const auto scorer = load(QStringLiteral("qwen2-tied"));
        const auto &model = scorer->model();
        c10::InferenceMode guard;
        const auto ids = randomIds(20, 7);
        const torch::Tensor t = torch::tensor(ids, torch::kInt64).unsqueeze(0);
        const torch::Tensor positions = torch::arange(20, torch::kInt64).unsqueeze(0);
        const torch::Tensor full = model.forward(torch::embedding(model.embedTokens(), t), positions, nullptr, nullptr);
        // Prefix of 9, then 6 tokens, then one at a time with a growing cache.
        KvCache cache, next;
        model.forward(torch::embedding(model.embedTokens(), t.slice(1, 0, 9)), positions.slice(1, 0, 9), nullptr, &cache);
        torch::Tensor part = model.forward(torch::embedding(model.embedTokens(), t.slice(1, 9, 15)), positions.slice(1, 9, 15), &cache, &next);
        QVERIFY(closeAll(flat(full.slice(1, 9, 15)), flat(part), 1e-5, "cached block"));
        QCOMPARE(next.length(), int64_t{15});
        for (int64_t i = 15; i < 20; ++i) {
            KvCache grown;
            part = model.forward(torch::embedding(model.embedTokens(), t.slice(1, i, i + 1)), positions.slice(1, i, i + 1), &next, &grown);
            QVERIFY(closeAll(flat(full.slice(1, i, i + 1)), flat(part), 1e-5, "cached step"));
            next = grown;
        }
    }

    void prefixReuse_equalsFullRecomputation()
    {
        const auto scorer = load(QStringLiteral("qwen2-untied"), torch::kFloat32, 200);
        const auto parent = randomIds(32, 11);
        std::vector<std::vector<int64_t>> candidates;
        torch::manual_seed(12);
        for (int i = 0; i < 40; ++i) {  // single substitutions, every position including 0 and the last
            auto c = parent;
            const auto pos = static_cast<size_t>(i < 32 ? i : torch::randint(32, {1}).item<int64_t>());
            c[pos] = (c[pos] + 1 + torch::randint(149, {1}).item<int64_t>()) % 150;
            candidates.push_back(c);
        }
        candidates.push_back(parent);                                                  // unchanged
        candidates.push_back(std::vector<int64_t>(parent.begin(), parent.begin() + 10));  // a prefix
        auto longer = parent;
        longer.push_back(3);
        candidates.push_back(longer);                                                  // an extension
        PrefixReuseStats stats;
        const auto reused = scorer->scoreCandidates(parent, candidates, &stats);
        const auto full = scorer->scoreBatch(candidates);
        for (size_t i = 0; i < candidates.size(); ++i)
            QVERIFY2(std::abs(reused[i] - full[i]) <= 1e-5 * full[i],
                     qPrintable(QStringLiteral("candidate %1: %2 vs %3").arg(i).arg(reused[i], 0, 'g', 10).arg(full[i], 0, 'g', 10)));
        QVERIFY(stats.positionsComputed < stats.positionsFull * 3 / 4);
        const nlohmann::json ref = nn_test::referenceForward(nn_test::fixture(QStringLiteral("qwen2-untied")), QStringLiteral("qwen2"),
                                                             {candidates[17]});
        QVERIFY(std::abs(ref["perplexity"][0].get<double>() - reused[17]) <= 1e-5 * reused[17]);
    }

    void outOfMemory_halvesTheChunkAndStillMatchesReference()
    {
        // A device that cannot hold more than 64 padded tokens at once: the scorer halves its
        // chunk budget and retries, and the scores are still the reference's.
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings(torch::kFloat32, 8192);
        options.settings.simulateOutOfMemoryAbove = 64;
        options.kind = ScoreKind::Perplexity;
        const auto scorer = std::dynamic_pointer_cast<PerplexityScorer>(loadModelFolder(nn_test::fixture(QStringLiteral("qwen2-untied")), options).scorer);
        const auto ids = nn_test::idLists(nn_test::golden()["lm_ids"]);
        std::vector<std::vector<int64_t>> many;
        for (int k = 0; k < 8; ++k)
            many.insert(many.end(), ids.begin(), ids.end());
        const std::vector<double> expected = flat(nn_test::golden()["qwen2-untied"]["perplexity"]);
        std::vector<double> actual;
        try {
            actual = scorer->scoreBatch(many);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        for (size_t i = 0; i < actual.size(); ++i)
            QVERIFY(std::abs(expected[i % expected.size()] - actual[i]) <= 1e-5 * expected[i % expected.size()]);
        QVERIFY(scorer->outOfMemoryRetries() > 0);
        QVERIFY(scorer->batchTokenBudget() <= 64);
        // prefix reuse takes the same path
        const auto parent = randomIds(20, 5);
        std::vector<std::vector<int64_t>> candidates;
        for (int i = 1; i < 20; ++i) {
            auto c = parent;
            c[size_t(i)] = (c[size_t(i)] + 7) % 150;
            candidates.push_back(c);
        }
        std::vector<double> reused;
        try {
            reused = scorer->scoreCandidates(parent, candidates);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        const auto full = load(QStringLiteral("qwen2-untied"))->scoreBatch(candidates);
        for (size_t i = 0; i < candidates.size(); ++i)
            QVERIFY(std::abs(reused[i] - full[i]) <= 1e-5 * full[i]);
        // one sequence over the limit cannot be split: a clear error, not a crash
        options.settings.simulateOutOfMemoryAbove = 16;
        const auto tiny = std::dynamic_pointer_cast<PerplexityScorer>(loadModelFolder(nn_test::fixture(QStringLiteral("qwen2-untied")), options).scorer);
        try {
            tiny->scoreBatch({randomIds(40, 6)});
            QFAIL("expected ModelError");
        } catch (const ModelError &e) {
            QVERIFY2(std::string(e.what()).find("out of memory scoring one sequence of 40 tokens") != std::string::npos, e.what());
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
    }

    void outOfMemory_underARealMemoryCap_halvesTheChunk()
    {
        // Issue 37: a real allocation failure, not a simulated one. The test runs itself again as
        // a child process whose address space is capped 256 MiB above what it uses once the model
        // is loaded; one chunk of 4,000 x 60 tokens needs about 450 MiB (attention 230, logits 140).
        // libtorch 1.13's CPU allocator reports this as a plain c10::Error, which the back-off
        // let through: the scores must come back equal to unlimited scoring, with retries.
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer reserves terabytes of address space: an address-space cap cannot be tested under it");
#endif
        if (!qEnvironmentVariableIsSet("GAUNTLET_TEST_MEMORY_CAP_CHILD")) {
            QProcess child;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("GAUNTLET_TEST_MEMORY_CAP_CHILD"), QStringLiteral("1"));
            child.setProcessEnvironment(env);
            child.setProcessChannelMode(QProcess::MergedChannels);
            child.start(QCoreApplication::applicationFilePath(),
                        {QStringLiteral("TestQwen2"), QStringLiteral("outOfMemory_underARealMemoryCap_halvesTheChunk")});
            QVERIFY(child.waitForFinished(300000));
            const QByteArray out = child.readAll();
            QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, out.constData());
            QVERIFY2(out.contains("PASS   : TestQwen2::outOfMemory_underARealMemoryCap_halvesTheChunk()"), out.constData());
            return;
        }
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings(torch::kFloat32, int64_t{1} << 22);
        options.kind = ScoreKind::Perplexity;
        const auto big = std::dynamic_pointer_cast<PerplexityScorer>(loadModelFolder(nn_test::fixture(QStringLiteral("qwen2-untied")), options).scorer);
        options.settings.maxBatchTokens = 4096;
        const auto small = std::dynamic_pointer_cast<PerplexityScorer>(loadModelFolder(nn_test::fixture(QStringLiteral("qwen2-untied")), options).scorer);
        std::vector<std::vector<int64_t>> many;
        for (int i = 0; i < 4000; ++i)
            many.push_back(randomIds(60, 1000 + i));
        const std::vector<double> expected = small->scoreBatch(many);  // before the cap (also starts the BLAS threads)
        const qint64 sizeKb = gauntlet::testing::procStatusKb("VmSize");
        QVERIFY(sizeKb > 0);
        rlimit cap{};
        QCOMPARE(getrlimit(RLIMIT_AS, &cap), 0);
        cap.rlim_cur = rlim_t(sizeKb + 256 * 1024) * 1024;
        QCOMPARE(setrlimit(RLIMIT_AS, &cap), 0);
        std::vector<double> actual;
        try {
            actual = big->scoreBatch(many);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        QVERIFY(big->outOfMemoryRetries() > 0);
        QCOMPARE(actual.size(), expected.size());
        for (size_t i = 0; i < actual.size(); ++i)
            QVERIFY(std::abs(actual[i] - expected[i]) <= 1e-5 * expected[i]);
    }

    void futureTokens_neverChangeEarlierLogProbs()
    {
        const auto scorer = load(QStringLiteral("qwen2-tied"));
        auto a = randomIds(16, 21);
        auto b = a;
        for (size_t i = 10; i < b.size(); ++i)
            b[i] = (b[i] + 7) % 150;
        const torch::Tensor la = scorer->tokenLogProbs(a), lb = scorer->tokenLogProbs(b);
        // log P(token t) for t = 1..9 depends on tokens 0..9 only.
        QVERIFY(closeAll(flat(la.slice(0, 0, 9)), flat(lb.slice(0, 0, 9)), 1e-6, "prefix log-probs"));
        QVERIFY(std::abs(la[12].item<double>() - lb[12].item<double>()) > 1e-4);  // and later ones do change
    }

    void oneHotGradient_matchesFiniteDifferences()
    {
        const auto scorer = load(QStringLiteral("qwen2-untied"), torch::kFloat64);
        const auto ids = nn_test::idLists(nn_test::golden()["lm_ids"])[0];
        const ScoreGradient sg = scorer->scoreWithGradient(ids);
        QVERIFY(std::abs(sg.score - flat(nn_test::golden()["qwen2-untied"]["perplexity"])[0]) <= 1e-5 * sg.score);
        const torch::Tensor base = torch::one_hot(torch::tensor(ids, torch::kInt64), 150).to(torch::kFloat64);
        const double eps = 1e-6;
        for (int64_t t : {0, 3, 7})
            for (int64_t v : {0, 12, 77, 149}) {
                const double fd = nn_test::oneHotFiniteDifference(*scorer, base, t, v, eps);
                const double analytic = sg.gradient[t][v].item<double>();
                QVERIFY2(std::abs(fd - analytic) <= 1e-5 * std::max(1.0, std::abs(fd)),
                         qPrintable(QStringLiteral("t=%1 v=%2 fd=%3 grad=%4").arg(t).arg(v).arg(fd, 0, 'g', 10).arg(analytic, 0, 'g', 10)));
            }
    }

    void shortOrLongInput_isAnError()
    {
        const auto scorer = load(QStringLiteral("qwen2-tied"));
        QVERIFY_THROWS_EXCEPTION(InputError, scorer->scoreBatch({{5}}));            // nothing to predict
        QVERIFY_THROWS_EXCEPTION(InputError, scorer->scoreBatch({randomIds(65, 1)}));  // max_position_embeddings 64
        QVERIFY_THROWS_EXCEPTION(InputError, scorer->scoreCandidates({1, 2, 3}, {{1, 2, 150}}));
    }
};

GAUNTLET_TEST_MAIN(TestQwen2)
#include "tst_qwen2.moc"
