#include "engine/text/gguf_vocabulary.h"

#include "engine/text/byte_level_bpe.h"
#include "engine/text/sentencepiece_bpe.h"
#include "engine/text/unigram_tokenizer.h"

#include <nlohmann/json.hpp>

namespace gauntlet::text {

namespace {

/// Typed access to the tokenizer.ggml.* keys; every error names the source and the key.
class Metadata {
public:
    Metadata(const nlohmann::json &m, const std::string &where) : m_m(m), m_where(where) {}

    [[noreturn]] void fail(const std::string &what) const { throw TokenizerError(m_where + ": " + what); }
    bool has(const std::string &key) const { return m_m.is_object() && m_m.contains(key); }
    std::string string(const std::string &key) const
    {
        if (!has(key) || !m_m[key].is_string())
            fail("GGUF key " + key + " is missing or not a string");
        return m_m[key].get<std::string>();
    }
    bool flag(const std::string &key, bool fallback) const
    {
        if (!has(key))
            return fallback;
        if (!m_m[key].is_boolean())
            fail("GGUF key " + key + " is not a bool");
        return m_m[key].get<bool>();
    }
    /// An id key; -1 when absent.
    int id(const std::string &key) const
    {
        if (!has(key))
            return -1;
        if (!m_m[key].is_number_integer() || m_m[key].get<int64_t>() < -1 || m_m[key].get<int64_t>() > INT32_MAX)
            fail("GGUF key " + key + " is not a token id");
        return int(m_m[key].get<int64_t>());
    }
    const nlohmann::json &array(const std::string &key) const
    {
        if (!has(key) || !m_m[key].is_array())
            fail("GGUF key " + key + " is missing or not an array");
        return m_m[key];
    }
    std::vector<std::string> strings(const std::string &key) const
    {
        std::vector<std::string> out;
        for (const auto &v : array(key)) {
            if (!v.is_string())
                fail("GGUF key " + key + " holds a value that is not a string");
            out.push_back(v.get<std::string>());
        }
        return out;
    }
    template <typename T> std::vector<T> numbers(const std::string &key, size_t size) const
    {
        std::vector<T> out;
        const auto &a = array(key);
        if (a.size() != size)
            fail("GGUF key " + key + " has " + std::to_string(a.size()) + " values for " + std::to_string(size) + " tokens");
        out.reserve(size);
        for (const auto &v : a) {
            if (!v.is_number())
                fail("GGUF key " + key + " holds a value that is not a number");
            out.push_back(v.get<T>());
        }
        return out;
    }

private:
    const nlohmann::json &m_m;
    std::string m_where;
};

// llama.cpp src/llama-vocab.cpp llm_tokenizer_bpe: the regexes of LLAMA_VOCAB_PRE_TYPE_QWEN2 and
// _LLAMA3, in the spelling of the models' tokenizer.json (case-insensitive contractions), which
// llama.cpp expands by hand because its regex engine lacks (?i:).
const char *kQwen2Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
const char *kLlama3Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

std::shared_ptr<const Tokenizer> spm(const Metadata &m, const std::string &where)
{
    SentencePieceBpeTokenizer::ScoredVocabulary v;
    v.pieces = m.strings("tokenizer.ggml.tokens");
    v.scores = m.numbers<float>("tokenizer.ggml.scores", v.pieces.size());
    v.types = m.numbers<int>("tokenizer.ggml.token_type", v.pieces.size());
    v.unkId = m.has("tokenizer.ggml.unknown_token_id") ? m.id("tokenizer.ggml.unknown_token_id") : 0;  // llama.cpp's SPM default
    v.bosId = m.has("tokenizer.ggml.bos_token_id") ? m.id("tokenizer.ggml.bos_token_id") : 1;
    v.eosId = m.has("tokenizer.ggml.eos_token_id") ? m.id("tokenizer.ggml.eos_token_id") : 2;
    v.addSpacePrefix = m.flag("tokenizer.ggml.add_space_prefix", true);
    v.addBos = m.flag("tokenizer.ggml.add_bos_token", true);
    v.addEos = m.flag("tokenizer.ggml.add_eos_token", false);
    return SentencePieceBpeTokenizer::fromScores(v, where);
}

std::shared_ptr<const Tokenizer> bpe(const Metadata &m, const std::string &where)
{
    const std::string pre = m.has("tokenizer.ggml.pre") ? m.string("tokenizer.ggml.pre") : "default";
    ByteLevelBpeTokenizer::Spec spec;
    if (pre == "qwen2" || pre == "deepseek-r1-qwen") {
        spec.splitPatterns.push_back(QString::fromUtf8(kQwen2Pattern));
    } else if (pre == "llama3" || pre == "llama-v3" || pre == "llama-bpe") {
        spec.splitPatterns.push_back(QString::fromUtf8(kLlama3Pattern));
        spec.ignoreMerges = true;
    } else if (pre == "gpt-2") {
        spec.splitPatterns.push_back(ByteLevelBpeTokenizer::gpt2Pattern());
    } else {
        m.fail("GGUF byte-level BPE pre-tokenizer \"" + pre + "\" (tokenizer.ggml.pre) is not supported (qwen2, llama-bpe, gpt-2)");
    }
    const std::vector<std::string> tokens = m.strings("tokenizer.ggml.tokens");
    const std::vector<int> types = m.numbers<int>("tokenizer.ggml.token_type", tokens.size());
    for (size_t id = 0; id < tokens.size(); ++id) {
        if (types[id] == 3 || types[id] == 4)  // control / user-defined: matched verbatim, as llama.cpp's tokenizer_st_partition
            spec.added.push_back({tokens[id], int(id), types[id] == 3});
        else if (!spec.vocab.emplace(tokens[id], int(id)).second)
            m.fail("GGUF token " + std::to_string(id) + " \"" + tokens[id] + "\" appears twice");
    }
    for (const auto &merge : m.strings("tokenizer.ggml.merges")) {
        // llama.cpp splits at the first space after the first byte (a merge part may be " ").
        const size_t space = merge.find(' ', 1);
        if (space == std::string::npos)
            m.fail("GGUF merge \"" + merge + "\" is not two tokens separated by a space");
        spec.merges.emplace_back(merge.substr(0, space), merge.substr(space + 1));
    }
    return std::make_shared<ByteLevelBpeTokenizer>(std::move(spec), where);
}

std::shared_ptr<const Tokenizer> ugm(const Metadata &m, const std::string &where)
{
    const std::vector<std::string> tokens = m.strings("tokenizer.ggml.tokens");
    const std::vector<float> scores = m.numbers<float>("tokenizer.ggml.scores", tokens.size());
    const std::vector<int> types = m.numbers<int>("tokenizer.ggml.token_type", tokens.size());
    std::vector<SentencePieceEntry> pieces;
    pieces.reserve(tokens.size());
    bool byteFallback = false;
    for (size_t id = 0; id < tokens.size(); ++id) {
        if (types[id] < 1 || types[id] > 6)
            m.fail("GGUF token " + std::to_string(id) + " has token type " + std::to_string(types[id]) + " (1..6 expected)");
        pieces.push_back({tokens[id], scores[id], PieceType(types[id])});
        byteFallback = byteFallback || types[id] == 6;
    }
    NormalizerSpec spec;
    spec.name = "gguf";
    if (m.has("tokenizer.ggml.precompiled_charsmap")) {
        const auto &a = m.array("tokenizer.ggml.precompiled_charsmap");
        spec.precompiledCharsmap.reserve(a.size());
        for (const auto &b : a) {
            if (!b.is_number_integer() || b.get<int64_t>() < -128 || b.get<int64_t>() > 255)
                m.fail("GGUF key tokenizer.ggml.precompiled_charsmap holds a value that is not a byte");
            spec.precompiledCharsmap.push_back(char(b.get<int64_t>()));
        }
    }
    // llama.cpp's defaults for UGM: no dummy prefix, no whitespace removal unless the keys say so.
    spec.addDummyPrefix = m.flag("tokenizer.ggml.add_space_prefix", false);
    spec.removeExtraWhitespaces = m.flag("tokenizer.ggml.remove_extra_whitespaces", false);
    return std::make_shared<UnigramTokenizer>(std::move(pieces), std::move(spec), byteFallback, std::string(" \xe2\x81\x87 "),
                                              IdLayout::Native, where, UnigramScoring::LlamaCpp);
}

}  // namespace

std::shared_ptr<const Tokenizer> tokenizerFromGgufMetadata(const nlohmann::json &metadata, const std::string &where)
{
    const Metadata m(metadata, where);
    const std::string model = m.string("tokenizer.ggml.model");
    try {
        if (model == "llama")
            return spm(m, where);
        if (model == "gpt2")
            return bpe(m, where);
        if (model == "t5")
            return ugm(m, where);
    } catch (const nlohmann::json::exception &e) {  // a number out of its type's range
        m.fail(std::string("malformed tokenizer metadata: ") + e.what());
    }
    m.fail("GGUF tokenizer model \"" + model + "\" (tokenizer.ggml.model) is not supported (llama, gpt2, t5)");
}

}  // namespace gauntlet::text
