// SentencePiece Unigram tokenizer (the XLM-R family), read from a SentencePiece `.model` file
// (ModelProto in protobuf wire format, parsed by engine/text/wire_format.h) or from the equivalent
// Hugging Face `tokenizer.json` (Unigram model, Precompiled normalizer, Metaspace pre-tokenizer).
// Encoding reproduces Debian 12's spm_encode (SentencePiece 0.1.97): normaliser (normalizer.cc),
// the optimised Viterbi of unigram_model.cc (Model::EncodeOptimized) and the post-processing of
// sentencepiece_processor.cc (unknown runs merged into one piece, byte fallback).
#pragma once

#include "engine/text/sentencepiece_normalizer.h"
#include "engine/text/tokenizer.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gauntlet::text {

/// ModelProto.SentencePiece.Type values.
enum class PieceType : int { Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6 };

struct SentencePieceEntry {
    std::string piece;
    float score = 0.0f;
    PieceType type = PieceType::Normal;
};

/// Which ids encode() returns.
enum class IdLayout {
    Native,  ///< the file's own ids (SentencePiece ids for a .model, HF ids for a tokenizer.json)
    XlmR,    ///< fairseq / XLM-R: <s>=0 <pad>=1 </s>=2 <unk>=3, SentencePiece id k>=3 -> k+1, <mask> last
};

/// How the Viterbi search scores paths.
enum class UnigramScoring {
    SentencePiece097,  ///< unigram_model.cc 0.1.97: float path scores, user-defined pieces length * max_score - 0.1, unused pieces skipped
    LlamaCpp,          ///< llama.cpp's llm_tokenizer_ugm (src/llama-vocab.cpp): double path scores, user-defined pieces 0, unused pieces matched
};

class UnigramTokenizer final : public Tokenizer {
public:
    /// Reads a SentencePiece `.model`. Throws TokenizerError naming `path` if the file cannot be read,
    /// is not a valid ModelProto, is not a Unigram model, has empty or duplicate pieces, has no
    /// unknown piece, or (for IdLayout::XlmR) does not start with <unk>, <s>, </s> as XLM-R's does.
    static std::shared_ptr<const UnigramTokenizer> fromModelFile(const QString &path, IdLayout layout = IdLayout::Native);
    /// Same from the bytes of a `.model` file; `where` names the source in error messages.
    static std::shared_ptr<const UnigramTokenizer> fromModelProto(std::string_view bytes, const std::string &where,
                                                                  IdLayout layout = IdLayout::Native);
    /// From the text of a Hugging Face tokenizer.json whose model is "Unigram". Its ids are kept
    /// (for XLM-R they already are the fairseq layout). The Precompiled normaliser's charsmap is used
    /// with SentencePiece's whitespace rules, the Metaspace pre-tokenizer's add_prefix_space /
    /// prepend_scheme gives the dummy prefix. Encoding then follows SentencePiece (the slow XLM-R
    /// tokenizer), not HF tokenizers' own Rust port, which can differ in rare cases (its Precompiled
    /// normaliser looks up whole grapheme clusters; its Metaspace splits on every space). Other
    /// normalisers in a Sequence (XLM-R's Replace of " {2,}") are covered by SentencePiece's
    /// remove_extra_whitespaces and ignored. Throws TokenizerError naming `where`.
    static std::shared_ptr<const UnigramTokenizer> fromTokenizerJson(std::string_view jsonText, const std::string &where);
    /// Same from an already parsed tokenizer.json document.
    static std::shared_ptr<const UnigramTokenizer> fromJsonDocument(const nlohmann::json &doc, const std::string &where);

    /// Builds from parts (used by the loaders and by tests that synthesise vocabularies).
    /// `scoring` matters only where paths tie within float rounding (about 1 sentence in 4,000 of
    /// English with XLM-R's vocabulary: equal pieces in another order).
    UnigramTokenizer(std::vector<SentencePieceEntry> pieces, NormalizerSpec normalizer, bool byteFallback,
                     std::string unkSurface, IdLayout layout, const std::string &where,
                     UnigramScoring scoring = UnigramScoring::SentencePiece097);

    TokenizerKind kind() const override { return TokenizerKind::SentencePieceUnigram; }
    int vocabSize() const override;
    std::vector<int> encode(std::string_view utf8) const override;
    std::vector<std::string> encodeToPieces(std::string_view utf8) const override;
    std::string decode(const std::vector<int> &ids) const override;
    std::string pieceText(int id) const override;
    bool isWordStart(int id) const override;
    bool isPunctuation(int id) const override;
    bool isSpecial(int id) const override;
    std::vector<int> withSequenceSpecials(const std::vector<int> &ids) const override;

    /// The normalised text (U+2581 for spaces, dummy prefix added), as spm_normalize prints it.
    std::string normalize(std::string_view utf8) const { return m_normalizer.normalize(utf8); }
    /// Pieces and ids (in this tokenizer's layout) in one pass.
    std::vector<std::pair<std::string, int>> encodeWithPieces(std::string_view utf8) const;

    IdLayout layout() const { return m_layout; }
    /// The underlying SentencePiece pieces (piece, score, type), in SentencePiece id order.
    const std::vector<SentencePieceEntry> &pieces() const { return m_pieces; }

private:
    struct TrieNode {
        std::uint32_t childBegin = 0;  ///< first edge in m_edgeLabels / m_edgeTargets
        std::uint32_t childCount = 0;
        std::int32_t value = -1;       ///< piece id ending here, or -1
    };
    void buildTrie();
    /// Model::EncodeOptimized + SentencePieceProcessor::Encode post-processing; SentencePiece ids.
    std::vector<std::pair<std::string, int>> encodeNative(std::string_view utf8) const;
    int toLayoutId(int spmId) const;
    /// Layout id -> SentencePiece id; -1 for an XLM-R special with no SentencePiece piece (<pad>, <mask>).
    int toNativeId(int id) const;

    std::vector<SentencePieceEntry> m_pieces;
    SentencePieceNormalizer m_normalizer;
    bool m_byteFallback = false;
    std::string m_unkSurface;
    IdLayout m_layout;
    UnigramScoring m_scoring = UnigramScoring::SentencePiece097;
    int m_unkId = -1;
    int m_bosId = -1;
    int m_eosId = -1;
    float m_minScore = 0.0f;
    float m_maxScore = 0.0f;
    std::vector<TrieNode> m_nodes;
    std::vector<unsigned char> m_edgeLabels;
    std::vector<std::uint32_t> m_edgeTargets;
    std::vector<int> m_byteIds;      ///< byte value -> id of "<0xXX>", or -1
};

}  // namespace gauntlet::text
