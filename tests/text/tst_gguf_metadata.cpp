// Tokenizers from GGUF tokenizer.ggml.* metadata (engine/text/gguf_vocabulary.h) on small
// hand-written vocabularies, with expected ids worked out by hand from llama.cpp's
// src/llama-vocab.cpp; the real vocabularies are checked in tests/io/tst_gguf_vocabulary.
#include "tests/support/test_main.h"
#include "engine/text/gguf_vocabulary.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace gauntlet::text;
using nlohmann::json;

namespace {

/// A "llama" (SentencePiece BPE) vocabulary: <unk> <s> </s>, then `pieces` with `scores`, all normal.
json spm(const std::vector<std::string> &pieces, const std::vector<float> &scores)
{
    json tokens = {"<unk>", "<s>", "</s>"}, s = {0.0, 0.0, 0.0}, types = {2, 3, 3};
    for (size_t i = 0; i < pieces.size(); ++i) {
        tokens.push_back(pieces[i]);
        s.push_back(scores[i]);
        types.push_back(1);
    }
    return {{"tokenizer.ggml.model", "llama"}, {"tokenizer.ggml.tokens", tokens}, {"tokenizer.ggml.scores", s},
            {"tokenizer.ggml.token_type", types}, {"tokenizer.ggml.add_space_prefix", false}};
}

}  // namespace

class TestGgufMetadata : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void spm_equalScoresMergeLeftmostFirst()
    {
        // ids: a=3 b=4 c=5 bc=6 ab=7, "ab" and "bc" both score -1. llama.cpp's llm_bigram_spm
        // comparator pops the higher score, then the smaller left index: (a,b) before (b,c), so
        // "abc" -> ab c = [7, 5] (a lower merged id first would give a bc = [3, 6]).
        const auto t = tokenizerFromGgufMetadata(spm({"a", "b", "c", "bc", "ab"}, {-5, -5, -5, -1, -1}), "test");
        QCOMPARE(t->kind(), TokenizerKind::SentencePieceBpe);
        QCOMPARE(t->encode("abc"), std::vector<int>({7, 5}));
        // A higher score wins over position: "bc" at -0.5 -> a bc.
        const auto u = tokenizerFromGgufMetadata(spm({"a", "b", "c", "bc", "ab"}, {-5, -5, -5, -0.5f, -1}), "test");
        QCOMPARE(u->encode("abc"), std::vector<int>({3, 6}));
        // <s> is added in front unless tokenizer.ggml.add_bos_token is false.
        QCOMPARE(t->withSequenceSpecials({5}), std::vector<int>({1, 5}));
    }

    void unsupported_namedInTheError()
    {
        const struct {
            json metadata;
            const char *message;
        } cases[] = {{{{"tokenizer.ggml.model", "bert"}}, "tokenizer model \"bert\""},
                     {json::object(), "tokenizer.ggml.model is missing"},
                     {{{"tokenizer.ggml.model", "gpt2"}, {"tokenizer.ggml.pre", "falcon"}}, "pre-tokenizer \"falcon\""},
                     {{{"tokenizer.ggml.model", "llama"}, {"tokenizer.ggml.tokens", {"<unk>", "a"}}, {"tokenizer.ggml.scores", {0.0}},
                       {"tokenizer.ggml.token_type", {2, 1}}},
                      "tokenizer.ggml.scores has 1 values for 2 tokens"}};
        for (const auto &c : cases) {
            try {
                tokenizerFromGgufMetadata(c.metadata, "model.gguf");
                QFAIL(c.message);
            } catch (const TokenizerError &e) {
                const QString msg = QString::fromUtf8(e.what());
                QVERIFY2(msg.contains("model.gguf") && msg.contains(c.message), qPrintable(msg));
            }
        }
    }
};

GAUNTLET_TEST_MAIN(TestGgufMetadata)
#include "tst_gguf_metadata.moc"
