// A real Llama-architecture LM through Gauntlet: Karpathy's stories260K (../shared/data/models/
// stories260K, llama2.c checkpoint + tok512.bin) converted by io::convertLlama2c to a Hugging Face
// Llama folder and loaded by loadModelFolder. Checked against two things that are not this code:
//  - llama2.c's documented sample (doc/stories260K.md): greedy decoding from <s> gives "Once upon a
//    time, there was a little girl named Lily. She loved to play outside in the park.";
//  - llama2c_reference.py, a float64 numpy port of run.c's forward() on the original file (llama2.c
//    layout, interleaved RoPE, no q/k permutation): per-token log-probabilities.
// Plus malformed llama2.c files giving an IoError naming the file.
#include "tests/support/test_main.h"
#include "nn_test_support.h"
#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"

#include "engine/io/llama2c.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/perplexity_scorer.h"

#include <c10/core/InferenceMode.h>

using namespace gauntlet;
using namespace gauntlet::nn;

namespace {

// Karpathy's stories260K checkpoint and tokenizer: committed copies (tests/data/shared-copy) of ../shared's.
using gauntlet::testing::sharedCopy;
const std::string kSample = "Once upon a time, there was a little girl named Lily. She loved to play outside in the park.";

}  // namespace

class TestLlama2c : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    LoadedModel m_loaded;

    const Qwen2Model &model() const { return std::dynamic_pointer_cast<PerplexityScorer>(m_loaded.scorer)->model(); }

    void writeFile(const QString &name, const QByteArray &bytes)
    {
        QFile f(m_dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(bytes), bytes.size());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const io::ConvertReport report =
            io::convertLlama2c(sharedCopy("models/stories260K/stories260K.bin"), sharedCopy("models/stories260K/tok512.bin"),
                               m_dir.filePath("stories260K"));
        QCOMPARE(report.tensors, int64_t(2 + 9 * 5));  // embed, norm, 9 per layer; the classifier is shared
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings(torch::kFloat32);
        options.requireTokenizer = true;
        m_loaded = loadModelFolder(m_dir.filePath("stories260K"), options);
    }

    void convertedFolder_isALlamaModelWithItsTokenizer()
    {
        QCOMPARE(m_loaded.scorer->kind(), ScoreKind::Perplexity);
        QCOMPARE(m_loaded.description, std::string("Llama causal LM (5 layers, hidden 64)"));
        QVERIFY(m_loaded.tokenizer);
        QCOMPARE(m_loaded.tokenizer->kind(), text::TokenizerKind::SentencePieceBpe);
        QCOMPARE(m_loaded.tokenizer->vocabSize(), 512);
        const auto &c = model().config();
        QCOMPARE(c.numKeyValueHeads, int64_t(4));
        QCOMPARE(c.numAttentionHeads, int64_t(8));
        QVERIFY(c.tieWordEmbeddings);
        QVERIFY(!c.attentionBias);
        QCOMPARE(c.rmsNormEps, 1e-5);
    }

    void greedyDecoding_reproducesLlama2cSample()
    {
        c10::InferenceMode guard;
        const std::vector<int> sampleIds = m_loaded.tokenizer->encode(kSample);
        std::vector<int64_t> ids = {1};  // <s>
        for (size_t step = 0; step < sampleIds.size(); ++step) {
            const auto n = int64_t(ids.size());
            const torch::Tensor input = torch::tensor(ids, torch::kInt64).view({1, n});
            const torch::Tensor positions = torch::arange(n, torch::kInt64).view({1, n});
            const torch::Tensor hidden = model().forward(torch::embedding(model().embedTokens(), input), positions, nullptr, nullptr);
            ids.push_back(model().logits(hidden[0][n - 1]).argmax().item<int64_t>());
        }
        const std::vector<int> generated(ids.begin() + 1, ids.end());
        QCOMPARE(m_loaded.tokenizer->decode(generated), kSample);
        // The model writes the sample in the tokenization llama2.c's encode() gives it.
        QCOMPARE(generated, sampleIds);
        qInfo("greedy: %zu tokens reproduce the sample", generated.size());
    }

    void tokenizer_matchesRunCEncode()
    {
        // Expected ids from a Python port of llama2.c's encode() (run.c: dummy prefix " ", code
        // point lookup, else byte fallback id = byte + 3, then repeatedly merge the adjacent pair
        // whose concatenation has the highest score) on tok512.bin read with struct.unpack; the
        // apple and the "ë" are not in the vocabulary and fall back to their UTF-8 bytes.
        const std::string text = "Tom saw a big \xf0\x9f\x8d\x8e and said: \"Wow!\"  Zo\xc3\xab";
        const std::vector<int> expected = {274, 287, 394, 261, 370, 410, 243, 162, 144, 145, 269, 336,
                                           467, 313, 448, 327, 443, 436, 410, 410, 469, 414, 198, 174};
        QCOMPARE(m_loaded.tokenizer->encode(text), expected);
        QCOMPARE(m_loaded.tokenizer->decode(expected), text);
        QCOMPARE(m_loaded.tokenizer->withSequenceSpecials({5}), std::vector<int>({1, 5}));
        QVERIFY(m_loaded.tokenizer->isSpecial(1) && m_loaded.tokenizer->isSpecial(2) && !m_loaded.tokenizer->isSpecial(243));
        QVERIFY(m_loaded.tokenizer->isWordStart(274));  // "▁T"
    }

    void tokenLogProbs_matchRunCReference()
    {
        const std::vector<std::string> texts = {kSample, "The cat sat on the mat. It was happy.", "Tom had a big red ball!"};
        std::vector<std::vector<int64_t>> seqs;
        nlohmann::json idsJson = nlohmann::json::array();
        for (const auto &t : texts) {
            const std::vector<int> ids = m_loaded.tokenizer->withSequenceSpecials(m_loaded.tokenizer->encode(t));
            QCOMPARE(ids.front(), 1);
            seqs.emplace_back(ids.begin(), ids.end());
            idsJson.push_back(seqs.back());
        }
        QByteArray out;
        QVERIFY(nn_test::runProcess(nn_test::python(),
                                    {QFINDTESTDATA("llama2c_reference.py"), sharedCopy("models/stories260K/stories260K.bin"),
                                     QString::fromStdString(idsJson.dump())},
                                    &out, 600000));
        const nlohmann::json ref = nlohmann::json::parse(out.toStdString());
        c10::InferenceMode guard;
        double maxDiff = 0;
        for (size_t s = 0; s < seqs.size(); ++s) {
            const torch::Tensor lp = model().tokenLogProbs(torch::tensor(seqs[s], torch::kInt64).view({1, -1}))[0];
            const std::vector<double> expected = ref["log_probs"][s].get<std::vector<double>>();
            QCOMPARE(size_t(lp.size(0)), expected.size());
            for (size_t t = 0; t < expected.size(); ++t)
                maxDiff = std::max(maxDiff, std::abs(lp[int64_t(t)].item<double>() - expected[t]));
        }
        qInfo("max |log-prob difference| vs the run.c reference (float32 vs float64): %.3g", maxDiff);
        QVERIFY2(maxDiff < 1e-4, qPrintable(QString::number(maxDiff)));
    }

    void malformedFiles_giveAnErrorNamingTheFile()
    {
        const QByteArray bin = gauntlet::testing::fileBytes(sharedCopy("models/stories260K/stories260K.bin"));
        QCOMPARE(bin.size(), 1056540);
        writeFile("truncated.bin", bin.left(bin.size() - 4));
        writeFile("short.bin", bin.left(20));
        QByteArray badHeader = bin;
        badHeader[12] = char(7);  // n_heads 7 does not divide dim 64
        badHeader[13] = badHeader[14] = badHeader[15] = 0;
        writeFile("heads.bin", badHeader);
        const QByteArray tok = gauntlet::testing::fileBytes(sharedCopy("models/stories260K/tok512.bin"));
        writeFile("tok-truncated.bin", tok.left(tok.size() - 3));
        const struct {
            QString file;
            const char *message;
        } cases[] = {{"truncated.bin", "1056536 bytes, but its header"},
                     {"short.bin", "shorter than the 28-byte header"},
                     {"heads.bin", "n_heads 7"},
                     {"tok-truncated.bin", "piece 511 has length"},
                     {"missing.bin", "cannot open"}};
        for (const auto &c : cases) {
            const bool tokenizer = c.file.startsWith("tok");
            const QString path = m_dir.filePath(c.file);
            try {
                if (tokenizer)
                    io::convertLlama2c(sharedCopy("models/stories260K/stories260K.bin"), path, m_dir.filePath("out"));
                else
                    io::convertLlama2c(path, sharedCopy("models/stories260K/tok512.bin"), m_dir.filePath("out"));
                QFAIL(qPrintable(c.file + " was accepted"));
            } catch (const io::IoError &e) {
                const QString msg = QString::fromUtf8(e.what());
                QVERIFY2(msg.contains(path) && msg.contains(c.message), qPrintable(msg));
            }
        }
        // A tokenizer of another vocabulary size leaves bytes over.
        QVERIFY_THROWS_EXCEPTION(io::IoError, io::readLlama2cTokenizer(sharedCopy("models/stories260K/tok512.bin"), 500));
    }
};

GAUNTLET_TEST_MAIN(TestLlama2c)
#include "tst_llama2c.moc"
