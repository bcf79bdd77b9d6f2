// XLM-R encoder, Sentinel / COMET regression and CoLA classification heads against the independent
// Python reference (../shared/tools/reference, float64), plus the invariants the search relies on.
#include "tests/support/test_main.h"
#include "nn_test_support.h"
#include "tests/support/safetensors_header.h"

#include "engine/nn/encoder_scorers.h"
#include "engine/nn/model_folder.h"

#include <QTemporaryDir>

#include <c10/core/InferenceMode.h>

using namespace gauntlet::nn;
using nn_test::closeAll;
using nn_test::flat;

class TestXlmRoberta : public QObject {
    Q_OBJECT

private:
    static LoadedModel load(const QString &name, torch::Dtype dtype = torch::kFloat32, const QString &encoderFolder = {},
                            int64_t maxBatchTokens = 8192)
    {
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings(dtype, maxBatchTokens);
        options.encoderFolder = encoderFolder;
        return loadModelFolder(nn_test::fixture(name), options);
    }
    static QString extraFixtures() { return nn_test::cometFixturesDir(); }

private Q_SLOTS:
    void initTestCase() { nn_test::fixturesDir(); }

    void dtypes_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::newRow("float32") << static_cast<int>(torch::kFloat32);
        QTest::newRow("float64") << static_cast<int>(torch::kFloat64);
    }

    void hiddenStates_matchReference_data() { dtypes_data(); }
    void hiddenStates_matchReference()
    {
        QFETCH(int, dtype);
        const LoadedModel m = load(QStringLiteral("xlmr-classifier"), static_cast<torch::Dtype>(dtype));
        const auto &g = nn_test::golden();
        const auto &enc = dynamic_cast<const EncoderScorer &>(*m.scorer);
        c10::InferenceMode guard;
        const torch::Tensor ids = torch::tensor(flat(g["encoder_ids"]), torch::kInt64).view({2, -1});
        const auto hidden = enc.hiddenStates(ids);
        QCOMPARE(hidden.size(), size_t{3});  // embeddings + 2 layers
        QVERIFY(closeAll(flat(g["xlmr-classifier"]["last_hidden_cls"]), flat(hidden.back().select(1, 0)), 1e-5, "cls"));
        QVERIFY(closeAll(flat(g["xlmr-classifier"]["last_hidden_token3"]), flat(hidden.back().select(1, 3)), 1e-5, "token3"));
    }

    void classifierLogProbs_matchReference_data() { dtypes_data(); }
    void classifierLogProbs_matchReference()
    {
        QFETCH(int, dtype);
        const LoadedModel m = load(QStringLiteral("xlmr-classifier"), static_cast<torch::Dtype>(dtype));
        QCOMPARE(m.scorer->kind(), ScoreKind::Acceptability);
        const auto &g = nn_test::golden();
        const auto &cls = dynamic_cast<const AcceptabilityScorer &>(*m.scorer);
        QCOMPARE(cls.acceptableLabel(), int64_t{1});  // id2label {1: "acceptable"}
        const auto ids = nn_test::idLists(g["encoder_ids"]);
        QVERIFY(closeAll(flat(g["xlmr-classifier"]["log_probs"]), flat(cls.logProbsBatch(ids)), 1e-5, "log_probs"));
        std::vector<double> acceptable;
        for (const auto &row : g["xlmr-classifier"]["log_probs"])
            acceptable.push_back(row[1].get<double>());
        QVERIFY(closeAll(acceptable, m.scorer->scoreBatch(ids), 1e-5, "log P(acceptable)"));
    }

    void sentinelScores_matchReference_data() { dtypes_data(); }
    void sentinelScores_matchReference()
    {
        QFETCH(int, dtype);
        const LoadedModel m = load(QStringLiteral("sentinel"), static_cast<torch::Dtype>(dtype));
        QCOMPARE(m.scorer->kind(), ScoreKind::Difficulty);
        const auto &g = nn_test::golden();
        const auto ids = nn_test::idLists(g["encoder_ids"]);
        QVERIFY(closeAll(flat(g["sentinel"]["scores"]), m.scorer->scoreBatch(ids), 1e-5, "scores"));
        const auto &enc = dynamic_cast<const EncoderScorer &>(*m.scorer);
        QVERIFY(closeAll(flat(g["sentinel"]["cls"]), flat(enc.clsBatch(ids)), 1e-5, "cls"));
        // the fused pass ATO uses for D and L_cos gives the same reference values
        const auto &dif = dynamic_cast<const DifficultyScorer &>(*m.scorer);
        const torch::Tensor both = dif.scoreAndClsBatch(ids);
        QVERIFY(closeAll(flat(g["sentinel"]["scores"]), flat(both.select(1, 0)), 1e-5, "fused scores"));
        QVERIFY(closeAll(flat(g["sentinel"]["cls"]), flat(both.slice(1, 1)), 1e-5, "fused cls"));
        const torch::Tensor oneHot = torch::one_hot(torch::tensor(ids[0]), dif.vocabSize()).to(dif.settings().dtype);
        const auto [d0, h0] = dif.scoreAndClsOneHot(oneHot);
        QVERIFY(std::abs(d0.item<double>() - flat(g["sentinel"]["scores"])[0]) < 1e-5);
        const std::vector<double> cls = flat(g["sentinel"]["cls"]);
        QVERIFY(closeAll(std::vector<double>(cls.begin(), cls.begin() + h0.numel()), flat(h0), 1e-5, "fused one-hot cls"));
    }

    void sentinelCheckpoint_matchesReference()
    {
        // The Lightning checkpoint (torch.save zip, hparams.yaml naming xlm-roberta-large): the
        // encoder config comes from the given XLM-R folder, as for the real Sentinel release.
        const LoadedModel m = load(QStringLiteral("sentinel-ckpt"), torch::kFloat32, nn_test::fixture(QStringLiteral("sentinel")));
        const auto &g = nn_test::golden();
        QVERIFY(closeAll(flat(g["sentinel"]["scores"]), m.scorer->scoreBatch(nn_test::idLists(g["encoder_ids"])), 1e-5, "ckpt scores"));
    }

    void modelsCheck_sentinelCheckpointWithItsEncoder()
    {
        // `gauntlet models check` (issue 38) on the Lightning checkpoint with an XLM-R folder: the
        // fixture "sentinel"'s config.json and the default pack's SentencePiece model. Read only
        // (--no-load), the architecture is that config's and the parameters those of the same
        // weights' safetensors twin (fixture "sentinel"), counted from its header.
        const QString ckpt = nn_test::fixture(QStringLiteral("sentinel-ckpt"));
        const QString twin = nn_test::fixture(QStringLiteral("sentinel"));
        const nlohmann::json config = nn_test::readJson(twin + QStringLiteral("/config.json"));
        const long long parameters = gauntlet::testing::safetensorsHeaderParameters(twin + QStringLiteral("/model.safetensors"));
        QVERIFY(parameters > 0);
        const QString packDifficulty = QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default/difficulty");
        QTemporaryDir encoder;
        QVERIFY(encoder.isValid());
        QVERIFY(QFile::copy(twin + QStringLiteral("/config.json"), encoder.filePath(QStringLiteral("config.json"))));
        QVERIFY(QFile::copy(packDifficulty + QStringLiteral("/sentencepiece.bpe.model"), encoder.filePath(QStringLiteral("sentencepiece.bpe.model"))));
        const QStringList check = {QStringLiteral("models"), QStringLiteral("check"), ckpt, QStringLiteral("--encoder"), encoder.path()};

        const nn_test::GauntletRun r = nn_test::runGauntlet(check + QStringList{QStringLiteral("--no-load")});
        QVERIFY2(r.code == 0, qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("layout: Sentinel / COMET")) && r.out.contains(QStringLiteral("role: difficulty\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("num_hidden_layers %1, hidden_size %2, vocab_size %3")
                                    .arg(config["num_hidden_layers"].get<int>())
                                    .arg(config["hidden_size"].get<int>())
                                    .arg(config["vocab_size"].get<int>())),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("parameters: %1 ").arg(parameters)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("tokenizer: ") + encoder.filePath(QStringLiteral("sentencepiece.bpe.model"))), qPrintable(r.out));

        // Loaded as a run would, that tokenizer does not belong to the weights and is refused,
        // naming both sizes: the pack's ids (as many as the pack's difficulty model's embeddings,
        // per its config.json) against the fixture's embedding.
        const int packVocab = nn_test::readJson(packDifficulty + QStringLiteral("/config.json"))["vocab_size"].get<int>();
        QVERIFY(packVocab != config["vocab_size"].get<int>());
        const nn_test::GauntletRun refused = nn_test::runGauntlet(check);
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.out.contains(QStringLiteral("will not load: ")) && refused.out.contains(QStringLiteral("has %1 ids").arg(packVocab))
                     && refused.out.contains(QStringLiteral("has %1").arg(config["vocab_size"].get<int>())),
                 qPrintable(refused.out));
    }

    void sentinelCheckpointWithoutEncoderConfig_reportsEveryMismatch()
    {
        // Without the XLM-R folder the preset (xlm-roberta-large) does not fit the tiny weights:
        // the load fails naming mis-shaped and missing tensors, it never half-loads.
        try {
            load(QStringLiteral("sentinel-ckpt"));
            QFAIL("expected ModelError");
        } catch (const ModelError &e) {
            const std::string what = e.what();
            QVERIFY2(what.find("encoder.model.embeddings.word_embeddings.weight has shape [120, 32], expected [250002, 1024]")
                         != std::string::npos, e.what());
            QVERIFY2(what.find("missing tensor encoder.model.encoder.layer.23.attention.self.query.weight") != std::string::npos, e.what());
        }
    }

    void cometVariants_matchReference_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("softmax, average pooling") << QStringLiteral("comet-softmax-avg");
        QTest::newRow("sparsemax, CLS") << QStringLiteral("comet-sparsemax-cls");
    }
    void cometVariants_matchReference()
    {
        QFETCH(QString, name);
        const QString dir = extraFixtures();
        const nlohmann::json golden = nn_test::readJson(dir + "/golden.json");
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings();
        options.encoderFolder = nn_test::fixture(QStringLiteral("sentinel"));
        const LoadedModel m = loadModelFolder(dir + '/' + name, options);
        QVERIFY(closeAll(flat(golden[name.toStdString()]["scores"]), m.scorer->scoreBatch(nn_test::idLists(golden["encoder_ids"])),
                         1e-5, "comet scores"));
    }

    void oneHotGradient_matchesReference_data() { dtypes_data(); }
    void oneHotGradient_matchesReference()
    {
        QFETCH(int, dtype);
        const LoadedModel m = load(QStringLiteral("sentinel"), static_cast<torch::Dtype>(dtype));
        const auto &g = nn_test::golden();
        const std::vector<int64_t> seq0 = nn_test::idLists(g["encoder_ids"])[0];
        const ScoreGradient sg = m.scorer->scoreWithGradient(seq0);
        QCOMPARE(sg.gradient.sizes().vec(), (std::vector<int64_t>{static_cast<int64_t>(seq0.size()), 120}));
        QVERIFY(std::abs(sg.score - flat(g["sentinel"]["scores"])[0]) < 1e-5);
        QVERIFY(closeAll(flat(g["sentinel"]["onehot_grad_seq0_rows_1_2"]), flat(sg.gradient.slice(0, 1, 3)), 1e-5, "gradient"));
    }

    void oneHotGradient_matchesFiniteDifferences_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("sentinel") << QStringLiteral("sentinel");
        QTest::newRow("classifier") << QStringLiteral("xlmr-classifier");
    }
    void oneHotGradient_matchesFiniteDifferences()
    {
        // Central differences through the embedding path: a relaxed one-hot matrix moves one
        // position's embedding along E[v], exactly what d score / d oneHot[t, v] measures.
        QFETCH(QString, name);
        const LoadedModel m = load(name, torch::kFloat64);
        const std::vector<int64_t> ids{0, 5, 17, 42, 99, 7, 2};
        const ScoreGradient sg = m.scorer->scoreWithGradient(ids);
        const torch::Tensor base = torch::one_hot(torch::tensor(ids, torch::kInt64), 120).to(torch::kFloat64);
        const double eps = 1e-6;
        int checked = 0;
        for (int64_t t : {1, 3, 5})
            for (int64_t v : {4, 17, 64, 119}) {
                const double fd = nn_test::oneHotFiniteDifference(*m.scorer, base, t, v, eps);
                const double analytic = sg.gradient[t][v].item<double>();
                QVERIFY2(std::abs(fd - analytic) <= 1e-5 * std::max(1.0, std::abs(fd)),
                         qPrintable(QStringLiteral("t=%1 v=%2 fd=%3 grad=%4").arg(t).arg(v).arg(fd, 0, 'g', 10).arg(analytic, 0, 'g', 10)));
                ++checked;
            }
        QCOMPARE(checked, 12);
    }

    void batch_equalsOneByOne()
    {
        // Different lengths and a tiny token budget force padding and several chunks.
        const LoadedModel chunked = load(QStringLiteral("sentinel"), torch::kFloat32, {}, 20);
        std::vector<std::vector<int64_t>> seqs;
        torch::manual_seed(3);
        for (int i = 0; i < 9; ++i) {
            std::vector<int64_t> s{0};
            const int n = 2 + (i * 5) % 17;
            for (int j = 0; j < n; ++j)
                s.push_back(3 + torch::randint(116, {1}).item<int64_t>());
            s.push_back(2);
            seqs.push_back(s);
        }
        const std::vector<double> batch = chunked.scorer->scoreBatch(seqs);
        std::vector<std::vector<int64_t>> unpadded(seqs.begin(), seqs.end());
        const nlohmann::json ref = nn_test::referenceForward(nn_test::fixture(QStringLiteral("sentinel")), QStringLiteral("sentinel"),
                                                             {seqs[4]});
        QVERIFY(closeAll(flat(ref["scores"]), {batch[4]}, 1e-5, "reference"));
        for (size_t i = 0; i < seqs.size(); ++i) {
            const double alone = chunked.scorer->scoreBatch({seqs[i]})[0];
            QVERIFY2(std::abs(alone - batch[i]) < 1e-5, qPrintable(QStringLiteral("sequence %1: %2 vs %3").arg(i).arg(alone).arg(batch[i])));
        }
    }

    void padding_doesNotChangeScores()
    {
        const LoadedModel m = load(QStringLiteral("sentinel"));
        const std::vector<int64_t> seq{0, 63, 8, 2};
        const std::vector<int64_t> padded{0, 63, 8, 2, 1, 1, 1, 1, 1};
        const auto scores = m.scorer->scoreBatch({seq, padded, {0, 5, 17, 42, 99, 7, 2, 9, 9, 9, 9, 2}});
        QVERIFY(std::abs(scores[0] - scores[1]) < 1e-6);
        QVERIFY(closeAll({flat(nn_test::golden()["sentinel"]["scores"])[1]}, {scores[0]}, 1e-5, "reference"));
    }

    void positionIds_followHuggingFaceRule()
    {
        const LoadedModel m = load(QStringLiteral("sentinel"));
        const auto &enc = dynamic_cast<const EncoderScorer &>(*m.scorer).encoder();
        const torch::Tensor ids = torch::tensor({0, 5, 1, 7, 2, 1}, torch::kInt64).view({1, -1});
        // create_position_ids_from_input_ids: cumsum over non-pad tokens from pad + 1; pads get pad.
        QCOMPARE(flat(enc.positionIds(ids)), (std::vector<double>{2, 3, 1, 4, 5, 1}));
        QCOMPARE(enc.maxTokens(), int64_t{38});  // max_position_embeddings 40 - pad 1 - 1
    }

    void tooLongInput_isAnError()
    {
        const LoadedModel m = load(QStringLiteral("sentinel"));
        std::vector<int64_t> longSeq(39, 5);
        QVERIFY_THROWS_EXCEPTION(InputError, m.scorer->scoreBatch({{0, 2}, longSeq}));
        QVERIFY_THROWS_EXCEPTION(InputError, m.scorer->scoreBatch({{0, 120, 2}}));  // id outside the vocabulary
        QVERIFY_THROWS_EXCEPTION(InputError, m.scorer->scoreBatch({{}}));
        longSeq.resize(38);
        QCOMPARE(m.scorer->scoreBatch({longSeq}).size(), size_t{1});
    }
};

GAUNTLET_TEST_MAIN(TestXlmRoberta)
#include "tst_xlm_roberta.moc"
