// CI smoke test of the default-pack trainers: the tokenizer trainer against spm_encode, gradients
// reaching the leaf tensors through engine/nn's modules, and each trainer for a few steps on a
// small slice with a tiny model: the training loss falls, and the written folder loads back
// through engine/nn's normal loader and gives the in-memory model's outputs.
#include "engine/io/convert.h"
#include "engine/nn/encoder_heads.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/weights.h"
#include "engine/nn/xlm_roberta.h"
#include "engine/text/tokenizer.h"
#include "engine/train/model_init.h"
#include "engine/train/tokenizer_trainer.h"
#include "engine/train/trainers.h"

#include <QDir>
#include <QFile>
#include "tests/support/process_runner.h"
#include <QStandardPaths>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QtTest>
#include <torch/torch.h>

#include <nlohmann/json.hpp>

using namespace gauntlet;
using namespace gauntlet::train;

class TestTrainSmoke : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_tokenizer;

    static QString dataDir() { return QStringLiteral(GAUNTLET_SHARED_DIR "/data"); }

    /// The smoke test's tokenizer training (800 pieces from 300 lines per English source, seed 5,
    /// one thread) into `folder` of the temporary directory.
    TokenizerTrainingOptions tokenizerOptions(const QString &folder) const
    {
        TokenizerTrainingOptions o;
        o.englishDir = dataDir() + QStringLiteral("/english");
        o.outputDir = m_tmp.filePath(folder);
        o.vocabSize = 800;
        o.maxLinesPerSource = 300;
        o.seed = 5;
        o.threads = 1;
        return o;
    }

    TrainerOptions tinyOptions(const QString &name) const
    {
        TrainerOptions o;
        o.dataDir = dataDir();
        o.tokenizerDir = m_tokenizer;
        o.outputDir = m_tmp.filePath(name);
        o.encoder = {32, 2, 2, 64, 64};
        o.qwen2 = {32, 2, 4, 2, 64, 64};
        o.loop.maxSteps = 45;
        o.loop.learningRate = 2e-3;
        o.loop.warmupSteps = 4;
        o.loop.evalEvery = 15;
        o.loop.patience = 0;
        o.loop.threads = 2;
        o.loop.useGpu = false;
        o.loop.progress = false;
        o.batchSize = 16;
        o.maxTrainExamples = 32;  // a small slice the tiny model can fit: its loss must fall
        o.maxEvalExamples = 24;
        o.headHidden1 = 16;
        o.headHidden2 = 8;
        o.lmMerges = 300;
        o.englishLinesPerSource = 200;
        o.command = "tst_train_smoke " + name.toStdString();
        return o;
    }

    static void checkFolder(const TrainerResult &r, const char *weightName)
    {
        // Mean training loss of the first evaluation interval against the last one.
        QVERIFY(r.loop.history.size() >= 3);
        const double first = r.loop.history[1].trainLoss, last = r.loop.history.back().trainLoss;
        QVERIFY2(last < first, qPrintable(QStringLiteral("loss did not fall: %1 -> %2").arg(first).arg(last)));
        QVERIFY(r.metrics.count("reload_max_abs_diff"));
        QVERIFY2(r.metrics.at("reload_max_abs_diff") < 1e-5, qPrintable(QString::number(r.metrics.at("reload_max_abs_diff"))));
        const QDir dir(r.folder);
        for (const char *f : {"config.json", "model.safetensors", "README.md", "training_report.json", "training_report.md"})
            QVERIFY2(dir.exists(QLatin1String(f)), f);
        const auto tensors = io::loadStateDict(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY2(tensors.count(weightName), weightName);
        QFile readme(dir.filePath(QStringLiteral("README.md")));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        QVERIFY(readme.readAll().contains("tst_train_smoke"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFileInfo::exists(dataDir() + QStringLiteral("/english/summary.json")))
            QSKIP("../shared/data is not available");
        if (QStandardPaths::findExecutable(QStringLiteral("spm_train")).isEmpty())
            QSKIP("spm_train (Debian package sentencepiece) is not installed");
        QVERIFY(m_tmp.isValid());
        const TokenizerTrainingOptions o = tokenizerOptions(QStringLiteral("tokenizer"));
        const TokenizerTrainingResult r = trainTokenizer(o);
        m_tokenizer = o.outputDir;
        QCOMPARE(r.tokenizerVocabSize, 800 + 2);  // + <pad> and <mask> in XLM-R's layout
    }

    void tokenizer_loadsWithXlmrIdsMatchingSpmEncode()
    {
        text::LoadOptions opts;
        opts.xlmrIds = true;
        const auto tok = text::loadTokenizer(m_tokenizer, opts);
        QCOMPARE(tok->pieceText(0), std::string("<s>"));
        QCOMPARE(tok->pieceText(1), std::string("<pad>"));
        QCOMPARE(tok->pieceText(2), std::string("</s>"));
        QCOMPARE(tok->pieceText(3), std::string("<unk>"));
        QCOMPARE(tok->pieceText(tok->vocabSize() - 1), std::string("<mask>"));
        // The external reference: spm_encode's ids on the same model, shifted by fairseq's +1.
        const std::string sentence = "The committee approved the new budget on Tuesday, despite strong objections.";
        const gauntlet::testing::ProcessResult spm = gauntlet::testing::runProcess(
            QStringLiteral("spm_encode"), {QStringLiteral("--model=") + m_tokenizer + QStringLiteral("/sentencepiece.bpe.model"), QStringLiteral("--output_format=id")},
            30000, gauntlet::testing::withInput(QByteArray::fromStdString(sentence + "\n")));
        QVERIFY(spm.finished);
        std::vector<int> expected;
        for (const QByteArray &id : spm.out.trimmed().split(' '))
            expected.push_back(id.toInt() + 1);
        QVERIFY(expected.size() > 5);
        QCOMPARE(tok->encode(sentence), expected);
        // Same seed and input: the same model file.
        const TokenizerTrainingOptions again = tokenizerOptions(QStringLiteral("tokenizer-again"));
        trainTokenizer(again);
        // (The .model files differ in the trainer spec, which records the temporary input path.)
        const auto tok2 = text::loadTokenizer(again.outputDir, opts);
        QCOMPARE(tok2->vocabSize(), tok->vocabSize());
        for (int id = 0; id < tok->vocabSize(); ++id)
            QCOMPARE(tok2->pieceText(id), tok->pieceText(id));
    }

    void leaves_receiveGradientsThroughNnModules()
    {
        // The state dict handed to nn's WeightLoader is used as is: one backward pass gives every
        // leaf (encoder and estimator) a gradient.
        torch::manual_seed(3);
        const io::EncoderConfig cfg = makeEncoderConfig(50, {16, 2, 2, 32, 16});
        StateDict state;
        addEncoderTensors(state, cfg, "encoder.model.", torch::kCPU);
        addRegressionHeadTensors(state, 16, 8, 4, torch::kCPU);
        nn::WeightLoader loader(state, QStringLiteral("test"), nn::TensorPlacement{});
        nn::XlmRobertaEncoder encoder(cfg, loader, "encoder.model.");
        nn::RegressionHead head(loader, 16, 3, nn::RegressionHeadOptions{});
        loader.finish();
        const torch::Tensor ids = torch::tensor({0, 7, 9, 11, 2, 0, 12, 2, 1, 1}, torch::kInt64).view({2, 5});
        head.score(head.pool(encoder.forward(ids), ids, 1)).square().sum().backward();
        for (const auto &[name, t] : state) {
            QVERIFY2(t.grad().defined(), name.c_str());
            if (name.find("token_type") == std::string::npos && name.find("position_embeddings") == std::string::npos
                && name.find("word_embeddings") == std::string::npos)
                QVERIFY2(t.grad().abs().sum().item<double>() > 0, name.c_str());
        }
    }

    void difficulty_fewSteps_lossFallsAndFolderReloads()
    {
        const TrainerResult r = trainDifficulty(tinyOptions(QStringLiteral("difficulty")), nullptr);
        checkFolder(r, "estimator.ff.6.weight");
        QVERIFY(r.metrics.count("test_pearson_pooled") && r.metrics.count("baseline_length_pearson_pooled"));
        QCOMPARE(nn::detectModelKind(r.folder), nn::ScoreKind::Difficulty);
    }

    void acceptability_fewSteps_lossFallsAndFolderReloads()
    {
        const TrainerResult r = trainAcceptability(tinyOptions(QStringLiteral("acceptability")), nullptr);
        checkFolder(r, "classifier.out_proj.weight");
        QCOMPARE(r.metrics.at("baseline_majority_mcc_in_domain_dev"), 0.0);
        QCOMPARE(nn::detectModelKind(r.folder), nn::ScoreKind::Acceptability);
    }

    void encoder_fewSteps_lossFallsAndHeadsStartFromIt()
    {
        const TrainerResult r = trainEncoder(tinyOptions(QStringLiteral("encoder")), nullptr);
        checkFolder(r, "roberta.encoder.layer.1.output.dense.weight");
        QVERIFY(r.metrics.at("held_out_masked_ce") > 0);
        // The difficulty head starts from the pretrained encoder: same encoder tensors at step 0.
        TrainerOptions o = tinyOptions(QStringLiteral("difficulty-from-encoder"));
        o.initEncoder = r.folder;
        o.loop.maxSteps = 1;
        o.loop.learningRate = 1e-12;
        o.loop.warmupSteps = 0;
        const TrainerResult d = trainDifficulty(o, nullptr);
        const auto enc = io::loadStateDict(r.folder + QStringLiteral("/model.safetensors"));
        const auto dif = io::loadStateDict(d.folder + QStringLiteral("/model.safetensors"));
        const std::string name = "encoder.layer.0.attention.self.query.weight";
        QVERIFY(torch::allclose(enc.at("roberta." + name), dif.at("encoder.model." + name), 1e-6, 1e-6));
    }

    void lm_fewSteps_lossFallsAndFolderReloads()
    {
        TrainerOptions o = tinyOptions(QStringLiteral("lm"));
        o.tokenizerDir.clear();  // GPT-2's vocabulary cut to lmMerges merges
        const TrainerResult r = trainLm(o, nullptr);
        checkFolder(r, "model.embed_tokens.weight");
        QCOMPARE(nn::detectModelKind(r.folder), nn::ScoreKind::Perplexity);
        const auto tok = text::loadTokenizer(r.folder);
        QCOMPARE(tok->vocabSize(), 256 + 300 + 1);
        QVERIFY(r.metrics.count("cola_in_domain_dev_auc") && r.metrics.count("baseline_unigram_perplexity"));
        // The folder's config is the public Qwen2 format.
        QFile f(r.folder + QStringLiteral("/config.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto cfg = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(cfg.at("model_type").get<std::string>(), std::string("qwen2"));
        QCOMPARE(cfg.at("vocab_size").get<int>(), 557);
    }
};

GAUNTLET_TEST_MAIN(TestTrainSmoke)
#include "tst_train_smoke.moc"
