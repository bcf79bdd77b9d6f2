// SentencePiece BPE tokenizer (Llama 1/2, llama2.c, Mistral family) as Hugging Face's
// tokenizer.json stores it: a "BPE" model with byte_fallback, merges in rank order, U+2581 for
// spaces (a Prepend + Replace normaliser, or a Metaspace pre-tokenizer without splitting), and a
// post-processor template that adds <s>. Encoding follows HF tokenizers' models/bpe/model.rs on
// the whole normalised text (no pre-tokenisation): characters -> ids (a character not in the
// vocabulary becomes its UTF-8 bytes' <0xXX> pieces, else <unk>), then the adjacent pair of lowest
// merge rank is merged, leftmost first, until no pair has a merge. With merges ranked by the
// merged piece's SentencePiece score this is SentencePiece's BPE (bpe_model.cc) and llama2.c's
// encode() in run.c.
#pragma once

#include "engine/text/tokenizer.h"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace gauntlet::text {

class SentencePieceBpeTokenizer final : public Tokenizer {
public:
    /// Reads a tokenizer.json whose model is BPE with byte_fallback true. Throws TokenizerError
    /// naming `where` for: ids that are not 0..n-1, a merge whose parts or result are not in the
    /// vocabulary, a missing unk_token, a normaliser / pre-tokenizer other than the SentencePiece
    /// ones named above, a post-processor special token that is not in the vocabulary, or any field
    /// of the wrong JSON type.
    static std::shared_ptr<const SentencePieceBpeTokenizer> fromJsonDocument(const nlohmann::json &doc, const std::string &where);

    /// A SentencePiece BPE vocabulary as llama.cpp's GGUF files store it (tokenizer.ggml.model
    /// "llama": tokens, scores, token types).
    struct ScoredVocabulary {
        std::vector<std::string> pieces;  ///< U+2581 for spaces; "<0xXX>" byte pieces
        std::vector<float> scores;        ///< same length; a higher score merges first
        std::vector<int> types;           ///< llama_token_type: 1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused, 6 byte
        int unkId = -1;                   ///< required
        int bosId = -1, eosId = -1;       ///< -1: none
        bool addSpacePrefix = true;       ///< tokenizer.ggml.add_space_prefix (llama.cpp's default for SPM: true)
        bool addBos = true, addEos = false;  ///< what withSequenceSpecials() adds
    };
    /// Merging by score as llama.cpp's llm_tokenizer_spm (src/llama-vocab.cpp) and SentencePiece's
    /// bpe_model.cc do: the adjacent pair whose concatenation is a piece of highest score merges
    /// first, leftmost on equal scores. Normal and user-defined pieces take part in merges; unknown,
    /// control, unused and byte pieces do not. Throws TokenizerError naming `where` for lengths that
    /// differ, an empty or duplicate piece, or an unknown / bos / eos id outside the vocabulary.
    static std::shared_ptr<const SentencePieceBpeTokenizer> fromScores(const ScoredVocabulary &vocabulary, const std::string &where);

    TokenizerKind kind() const override { return TokenizerKind::SentencePieceBpe; }
    int vocabSize() const override { return int(m_pieces.size()); }
    /// Invalid UTF-8 bytes are single "characters" that fall back to their <0xXX> pieces.
    std::vector<int> encode(std::string_view utf8) const override;
    std::vector<std::string> encodeToPieces(std::string_view utf8) const override;
    /// U+2581 -> space, <0xXX> -> the byte, specials -> nothing; one leading space removed when the
    /// normaliser prepends one (HF's Strip decoder).
    std::string decode(const std::vector<int> &ids) const override;
    std::string pieceText(int id) const override;
    bool isWordStart(int id) const override;
    bool isPunctuation(int id) const override;
    bool isSpecial(int id) const override;
    /// The post-processor's template for a single sequence (Llama: <s> + ids).
    std::vector<int> withSequenceSpecials(const std::vector<int> &ids) const override;

private:
    SentencePieceBpeTokenizer() = default;
    static std::shared_ptr<const SentencePieceBpeTokenizer> parse(const nlohmann::json &doc, const std::string &where);
    /// Sets WordStart and Punctuation on every piece that is neither special nor a byte.
    void markWordsAndPunctuation();

    std::vector<std::string> m_pieces;
    std::vector<unsigned char> m_flags;
    std::unordered_map<std::string, int> m_vocab;
    std::unordered_map<std::uint64_t, std::uint64_t> m_merges;  ///< (left << 32 | right) -> (rank << 32 | merged id)
    std::array<int, 256> m_byteIds{};                           ///< byte -> id of "<0xXX>", or -1
    int m_unkId = -1;
    bool m_prepend = true;
    std::vector<int> m_prefix, m_suffix;  ///< the post-processor's specials around a sequence
};

}  // namespace gauntlet::text
