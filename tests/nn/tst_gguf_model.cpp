// A GGUF causal LM through Gauntlet (engine/io/gguf_model.h, engine/text/gguf_vocabulary.h, loaded
// by loadModelFolder): Karpathy's stories260K written as GGUF by write_llama2c_gguf.py the way
// llama.cpp's llama2.c converter writes it (llama2.c's interleaved q/k rows, tokenizer.ggml.*
// vocabulary). Checked against things that are not this code:
//  - llama2c_reference.py, a float64 numpy port of run.c's forward() on the original llama2.c file:
//    per-token log-probabilities of the GGUF model (F32); for Q8_0 weights, on the llama2.c file the
//    writer makes of the dequantised values (float16(d) * q, computed in numpy), so the quantised
//    model is checked exactly too;
//  - llama2.c's documented greedy sample (doc/stories260K.md);
//  - the ids of a Python port of run.c's encode() (as in tst_llama2c), from the GGUF's own vocabulary;
//  - llama.cpp itself: the GGUF its llama2.c converter wrote and llama.cpp's per-token log-probs and
//    ids on it (tests/data/llama_cpp, see SOURCE.md there);
//  - for the qwen2 architecture, the Qwen2 reference fixtures written as GGUF (write_qwen2_gguf.py,
//    convert_hf_to_gguf.py's names) against the float64 Python reference's log-probs (golden.json).
// Plus: an architecture, a quantisation type or a file Gauntlet cannot read gives an error naming
// the file (the byte-level fuzzing of GGUF models is in tests/io/tst_io_fuzz).
#include "tests/support/test_main.h"
#include "nn_test_support.h"
#include "tests/support/shared_copy.h"

#include "engine/io/gguf_model.h"
#include "engine/io/io_error.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/perplexity_scorer.h"

#include <c10/core/InferenceMode.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace gauntlet;
using namespace gauntlet::nn;

namespace {

// Karpathy's stories260K checkpoint and tokenizer: committed copies (tests/data/shared-copy) of ../shared's.
using gauntlet::testing::sharedCopy;
const std::string kSample = "Once upon a time, there was a little girl named Lily. She loved to play outside in the park.";
const std::vector<std::string> kTexts = {kSample, "The cat sat on the mat. It was happy.", "Tom had a big red ball!"};

}  // namespace

class TestGgufModel : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    nlohmann::json m_reference;    // llama2c_reference.py's log-probs of kTexts, original weights
    nlohmann::json m_referenceQ8;  // the same on the Q8_0 file's dequantised weights

    QString path(const QString &name) const { return m_dir.filePath(name); }

    bool writeGguf(const QString &out, const QStringList &extra = {})
    {
        return nn_test::runProcess(nn_test::python(),
                                   QStringList{QFINDTESTDATA("write_llama2c_gguf.py"), sharedCopy("models/stories260K/stories260K.bin"),
                                               sharedCopy("models/stories260K/tok512.bin"), out}
                                       + extra);
    }
    static LoadedModel load(const QString &modelPath)
    {
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings(torch::kFloat32);
        options.requireTokenizer = true;
        return loadModelFolder(modelPath, options);
    }
    static const Qwen2Model &model(const LoadedModel &m) { return std::dynamic_pointer_cast<PerplexityScorer>(m.scorer)->model(); }

    /// max |log P_gauntlet - log P_run.c| over kTexts.
    double maxDifference(const LoadedModel &m, const nlohmann::json &reference)
    {
        c10::InferenceMode guard;
        double maxDiff = 0;
        for (size_t s = 0; s < kTexts.size(); ++s) {
            const std::vector<int> ids = m.tokenizer->withSequenceSpecials(m.tokenizer->encode(kTexts[s]));
            const std::vector<int64_t> ids64(ids.begin(), ids.end());
            const torch::Tensor lp = model(m).tokenLogProbs(torch::tensor(ids64, torch::kInt64).view({1, -1}))[0];
            const auto expected = reference["log_probs"][s].get<std::vector<double>>();
            if (size_t(lp.size(0)) != expected.size())
                return 1e9;
            for (size_t t = 0; t < expected.size(); ++t)
                maxDiff = std::max(maxDiff, std::abs(lp[int64_t(t)].item<double>() - expected[t]));
        }
        return maxDiff;
    }

    void expectError(const QString &modelPath, const QString &fragment)
    {
        try {
            load(modelPath);
            QFAIL(qPrintable(modelPath + " was accepted"));
        } catch (const std::exception &e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.contains(modelPath) && msg.contains(fragment), qPrintable(msg));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(writeGguf(path("stories260K.gguf")));
        QVERIFY(QDir().mkpath(path("folder")));
        QVERIFY(writeGguf(path("folder/model.gguf"), {"--untied"}));
        QVERIFY(writeGguf(path("stories260K-q8_0.gguf"), {"--type", "q8_0", "--dequantised", path("stories260K-q8_0.bin")}));
        // The reference computes log-probs of Gauntlet's ids (the ids themselves are checked
        // against run.c's encode() in tokenizer_matchesRunCEncode).
        nlohmann::json ids = nlohmann::json::array();
        const LoadedModel m = load(path("stories260K.gguf"));
        for (const auto &t : kTexts)
            ids.push_back(m.tokenizer->withSequenceSpecials(m.tokenizer->encode(t)));
        QByteArray out, outQ8;
        QVERIFY(nn_test::runProcess(nn_test::python(),
                                    {QFINDTESTDATA("llama2c_reference.py"), sharedCopy("models/stories260K/stories260K.bin"),
                                     QString::fromStdString(ids.dump())},
                                    &out, 600000));
        m_reference = nlohmann::json::parse(out.toStdString());
        QVERIFY(nn_test::runProcess(nn_test::python(), {QFINDTESTDATA("llama2c_reference.py"), path("stories260K-q8_0.bin"),
                                                        QString::fromStdString(ids.dump())},
                                    &outQ8, 600000));
        m_referenceQ8 = nlohmann::json::parse(outQ8.toStdString());
    }

    void modelsCheck_describesTheGgufAndLoadsIt()
    {
        // `gauntlet models check` (issue 38) on a GGUF with weights and vocabulary. Its parameter
        // count is checked against the llama2c checkpoint the GGUF was written from: run.c's Config
        // header (dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size, seq_len; a negative
        // vocab_size means an unshared classifier) and the weights memory_map_weights reads.
        QFile bin(sharedCopy("models/stories260K/stories260K.bin"));
        QVERIFY(bin.open(QIODevice::ReadOnly));
        const QByteArray head = bin.read(7 * 4);
        QCOMPARE(head.size(), 28);
        std::int32_t c[7];
        std::memcpy(c, head.constData(), sizeof c);
        const long long dim = c[0], hidden = c[1], layers = c[2], heads = c[3], kvHeads = c[4], vocab = std::abs(c[5]);
        const long long kvDim = dim * kvHeads / heads;
        const long long perLayer = dim /*attention norm*/ + 2 * dim * dim /*wq, wo*/ + 2 * dim * kvDim /*wk, wv*/
                                   + dim /*ffn norm*/ + 3 * dim * hidden /*w1, w2, w3*/;
        const long long parameters = vocab * dim + layers * perLayer + dim /*final norm*/ + (c[5] < 0 ? vocab * dim : 0);

        const nn_test::GauntletRun r = nn_test::runGauntlet({QStringLiteral("models"), QStringLiteral("check"), path("stories260K.gguf")});
        QVERIFY2(r.code == 0, qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("layout: GGUF file\n")) && r.out.contains(QStringLiteral("role: perplexity\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("parameters: %1 ").arg(parameters)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("tokenizer: ")) && !r.out.contains(QStringLiteral("tokenizer: none")), qPrintable(r.out));
        QVERIFY2(r.out.endsWith(QStringLiteral("will load: yes\n")), qPrintable(r.out));
    }

    void ggufFile_isALlamaModelWithItsVocabulary()
    {
        const LoadedModel m = load(path("stories260K.gguf"));
        QCOMPARE(m.scorer->kind(), ScoreKind::Perplexity);
        QCOMPARE(detectModelKind(path("stories260K.gguf")), ScoreKind::Perplexity);
        QCOMPARE(m.description, std::string("Llama causal LM from GGUF (5 layers, hidden 64)"));
        QCOMPARE(m.tokenizer->kind(), text::TokenizerKind::SentencePieceBpe);
        QCOMPARE(m.tokenizer->vocabSize(), 512);
        const auto &c = model(m).config();
        QCOMPARE(c.numAttentionHeads, int64_t(8));
        QCOMPARE(c.numKeyValueHeads, int64_t(4));
        QCOMPARE(c.intermediateSize, int64_t(172));
        QCOMPARE(c.maxPositionEmbeddings, int64_t(512));
        QVERIFY(c.tieWordEmbeddings);
        QVERIFY(!c.attentionBias);
        QCOMPARE(float(c.rmsNormEps), 1e-5f);
        QCOMPARE(c.ropeTheta, 10000.0);
        // A folder holding one .gguf (here with llama.cpp's untied `output` copy) is a model folder too.
        const LoadedModel f = load(path("folder"));
        QVERIFY(!model(f).config().tieWordEmbeddings);
    }

    void tokenizer_matchesRunCEncode()
    {
        // As tst_llama2c::tokenizer_matchesRunCEncode: a Python port of run.c's encode() on
        // tok512.bin (dummy prefix, code-point lookup, byte fallback id = byte + 3, highest-score merges).
        const LoadedModel m = load(path("stories260K.gguf"));
        const std::string text = "Tom saw a big \xf0\x9f\x8d\x8e and said: \"Wow!\"  Zo\xc3\xab";
        const std::vector<int> expected = {274, 287, 394, 261, 370, 410, 243, 162, 144, 145, 269, 336,
                                           467, 313, 448, 327, 443, 436, 410, 410, 469, 414, 198, 174};
        QCOMPARE(m.tokenizer->encode(text), expected);
        QCOMPARE(m.tokenizer->decode(expected), text);
        QCOMPARE(m.tokenizer->withSequenceSpecials({5}), std::vector<int>({1, 5}));
        QVERIFY(m.tokenizer->isSpecial(0) && m.tokenizer->isSpecial(1) && m.tokenizer->isSpecial(2) && !m.tokenizer->isSpecial(243));
    }

    void greedyDecoding_reproducesLlama2cSample()
    {
        const LoadedModel m = load(path("stories260K.gguf"));
        c10::InferenceMode guard;
        const std::vector<int> sampleIds = m.tokenizer->encode(kSample);
        std::vector<int64_t> ids = {1};
        for (size_t step = 0; step < sampleIds.size(); ++step) {
            const auto n = int64_t(ids.size());
            const torch::Tensor input = torch::tensor(ids, torch::kInt64).view({1, n});
            const torch::Tensor positions = torch::arange(n, torch::kInt64).view({1, n});
            const torch::Tensor hidden = model(m).forward(torch::embedding(model(m).embedTokens(), input), positions, nullptr, nullptr);
            ids.push_back(model(m).logits(hidden[0][n - 1]).argmax().item<int64_t>());
        }
        QCOMPARE(m.tokenizer->decode(std::vector<int>(ids.begin() + 1, ids.end())), kSample);
    }

    void tokenLogProbs_matchRunCReference()
    {
        const double f32 = maxDifference(load(path("stories260K.gguf")), m_reference);
        const double untied = maxDifference(load(path("folder")), m_reference);
        const LoadedModel q8 = load(path("stories260K-q8_0.gguf"));
        const double q8Exact = maxDifference(q8, m_referenceQ8), q8Original = maxDifference(q8, m_reference);
        qInfo("max |log-prob difference| vs the run.c reference: F32 %.3g, F32 untied %.3g, Q8_0 %.3g (vs the original "
              "float32 weights: %.3g, the quantisation error)",
              f32, untied, q8Exact, q8Original);
        // float32 against float64: the same tolerance as tst_llama2c.
        QVERIFY2(f32 < 1e-4, qPrintable(QString::number(f32)));
        QVERIFY2(untied < 1e-4, qPrintable(QString::number(untied)));
        QVERIFY2(q8Exact < 1e-4, qPrintable(QString::number(q8Exact)));
        QVERIFY2(q8Original > 1e-3, "the Q8_0 file should not hold the original weights");
    }

    void llamaCppConvertedGguf_matchesLlamaCpp()
    {
        // llama.cpp's own conversion of stories260K (llama-convert-llama2c-to-ggml: untied `output`
        // copy, llama2.c's row order) and llama.cpp's per-token log-probs on it, committed under
        // tests/data/llama_cpp (SOURCE.md there). Tolerances fixed before comparing: 1e-4 absolute
        // per log-prob and relative per perplexity (float32 on both sides, different kernels; a
        // wrong weight or RoPE layout moves log-probs by 0.1 or more).
        const QString data = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/llama_cpp/");
        const LoadedModel m = load(data + "stories260K.gguf");
        QCOMPARE(m.description, std::string("Llama causal LM from GGUF (5 layers, hidden 64)"));
        QFile file(data + "stories260K_logprobs.jsonl");
        QVERIFY(file.open(QIODevice::ReadOnly));
        c10::InferenceMode guard;
        double maxDiff = 0, maxPplRel = 0;
        int texts = 0, tokens = 0;
        QStringList ppl;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (line.isEmpty())
                continue;
            const nlohmann::json j = nlohmann::json::parse(line.toStdString());
            const auto ids = j.at("ids").get<std::vector<int64_t>>();
            const auto expected = j.at("logprobs").get<std::vector<double>>();
            // Gauntlet's tokenizer from the GGUF's vocabulary gives llama.cpp's ids (with <s>).
            const std::vector<int> own = m.tokenizer->withSequenceSpecials(m.tokenizer->encode(j.at("text").get<std::string>()));
            QCOMPARE(std::vector<int64_t>(own.begin(), own.end()), ids);
            const torch::Tensor lp = model(m).tokenLogProbs(torch::tensor(ids, torch::kInt64).view({1, -1}))[0].to(torch::kFloat64);
            QCOMPARE(size_t(lp.size(0)), expected.size());
            for (size_t t = 0; t < expected.size(); ++t)
                maxDiff = std::max(maxDiff, std::abs(lp[int64_t(t)].item<double>() - expected[t]));
            const double own_ppl = std::exp(-lp.mean().item<double>()), their = j.at("perplexity").get<double>();
            maxPplRel = std::max(maxPplRel, std::abs(own_ppl - their) / their);
            ppl << QString("%1/%2").arg(own_ppl, 0, 'f', 4).arg(their, 0, 'f', 4);
            ++texts;
            tokens += int(expected.size());
        }
        qInfo("llama.cpp's stories260K.gguf: %d texts, %d tokens, max |log-prob difference| %.3g, max relative perplexity "
              "difference %.3g; perplexity Gauntlet/llama.cpp: %s",
              texts, tokens, maxDiff, maxPplRel, qPrintable(ppl.join(", ")));
        QVERIFY(texts > 0);
        QVERIFY2(maxDiff < 1e-4, qPrintable(QString::number(maxDiff)));
        QVERIFY2(maxPplRel < 1e-4, qPrintable(QString::number(maxPplRel)));
    }

    void qwen2Gguf_matchesPythonReference_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::newRow("untied") << "qwen2-untied";
        QTest::newRow("tied") << "qwen2-tied";
    }
    void qwen2Gguf_matchesPythonReference()
    {
        // The Qwen2 fixtures of ../shared/tools/reference (q/k/v biases, grouped-query attention)
        // written as GGUF the way convert_hf_to_gguf.py names them (write_qwen2_gguf.py), against
        // the float64 Python reference's per-token log-probs and perplexities (golden.json).
        QFETCH(QString, fixture);
        const QString file = path(fixture + ".gguf");
        QVERIFY(nn_test::runProcess(nn_test::python(), {QFINDTESTDATA("write_qwen2_gguf.py"), nn_test::fixture(fixture), file}));
        const LoadedModel m = load(file);
        QCOMPARE(m.description, std::string("Qwen2 causal LM from GGUF (2 layers, hidden 32)"));
        QCOMPARE(m.tokenizer->kind(), text::TokenizerKind::ByteLevelBpe);
        QVERIFY(model(m).config().attentionBias);
        QCOMPARE(model(m).config().tieWordEmbeddings, fixture == "qwen2-tied");
        const auto ids = nn_test::idLists(nn_test::golden()["lm_ids"]);
        const auto &expected = nn_test::golden()[fixture.toStdString()];
        c10::InferenceMode guard;
        double maxDiff = 0, maxPplRel = 0;
        const std::vector<double> ppl = std::dynamic_pointer_cast<PerplexityScorer>(m.scorer)->scoreBatch(ids);
        for (size_t s = 0; s < ids.size(); ++s) {
            const torch::Tensor lp = model(m).tokenLogProbs(torch::tensor(ids[s], torch::kInt64).view({1, -1}))[0];
            const auto ref = expected["token_log_probs"][s].get<std::vector<double>>();
            QCOMPARE(size_t(lp.size(0)), ref.size());
            for (size_t t = 0; t < ref.size(); ++t)
                maxDiff = std::max(maxDiff, std::abs(lp[int64_t(t)].item<double>() - ref[t]));
            const double refPpl = expected["perplexity"][s].get<double>();
            maxPplRel = std::max(maxPplRel, std::abs(ppl[s] - refPpl) / refPpl);
        }
        qInfo("%s as GGUF: max |log-prob difference| %.3g, max relative perplexity difference %.3g vs the float64 reference",
              qPrintable(fixture), maxDiff, maxPplRel);
        QVERIFY2(maxDiff < 1e-4, qPrintable(QString::number(maxDiff)));
        QVERIFY2(maxPplRel < 1e-5, qPrintable(QString::number(maxPplRel)));
    }

    void unsupportedFiles_giveAnErrorNamingTheFile()
    {
        QByteArray good;
        {
            QFile f(path("stories260K.gguf"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            good = f.readAll();
        }
        const auto write = [&](const QString &name, const QByteArray &bytes) {
            QFile f(path(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(bytes), bytes.size());
        };
        // Another architecture: general.architecture "llama" -> "gemma" (same length).
        QByteArray arch = good;
        const qsizetype at = arch.indexOf(QByteArray("general.architecture")) + 20 + 4 + 8;
        QCOMPARE(arch.mid(at, 5), QByteArray("llama"));
        arch.replace(at, 5, "gemma");
        write("gemma.gguf", arch);
        expectError(path("gemma.gguf"), "architecture \"gemma\" is not supported");
        // A quantisation Gauntlet does not dequantise: token_embd's type F32 (0) -> Q4_0 (2).
        QByteArray quant = good;
        const qsizetype info = quant.indexOf(QByteArray("token_embd.weight")) + 17 + 4 + 2 * 8;
        QCOMPARE(quant.mid(info, 4), QByteArray("\0\0\0\0", 4));
        quant.replace(info, 4, QByteArray("\x02\0\0\0", 4));
        write("q4_0.gguf", quant);
        expectError(path("q4_0.gguf"), "\"token_embd.weight\" has type Q4_0");
        // A vocabulary-only file (as llama.cpp's models/ggml-vocab-*.gguf): tensor count 0.
        QByteArray vocabularyOnly = good;
        vocabularyOnly.replace(8, 8, QByteArray(8, '\0'));
        write("vocabulary-only.gguf", vocabularyOnly);
        expectError(path("vocabulary-only.gguf"), "holds no tensors");
        write("truncated.gguf", good.left(good.size() / 2));
        expectError(path("truncated.gguf"), "truncated");
        // Several .gguf files in one folder: which one is meant is unclear.
        QVERIFY(QDir().mkpath(path("two")));
        write("two/a.gguf", good);
        write("two/b.gguf", good);
        expectError(path("two"), "holds 2 *.gguf files");
    }
};

GAUNTLET_TEST_MAIN(TestGgufModel)
#include "tst_gguf_model.moc"
