// Byte-level BPE tokenizer (GPT-2 / Qwen2 family), read from a Hugging Face tokenizer.json (model
// "BPE" with vocab and merges, NFC normalizer where configured, Split-regex + ByteLevel
// pre-tokenizers, added/special tokens) or from GPT-2's encoder.json + vocab.bpe.
// The algorithm is GPT-2's encoder.py (bytes_to_unicode, pre-tokenizer regex, rank-greedy merges)
// as generalised by HF tokenizers (pre_tokenizers/split.rs, byte_level.rs, models/bpe/model.rs).
#pragma once

#include "engine/text/tokenizer.h"

#include <QRegularExpression>
#include <QByteArray>
#include <QString>

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gauntlet::text {

class ByteLevelBpeTokenizer final : public Tokenizer {
public:
    /// A token matched verbatim in the input before any normalisation or splitting.
    struct AddedToken {
        std::string content;
        int id = -1;
        bool special = true;
    };

    /// Everything that defines the tokenizer; the loaders fill it.
    struct Spec {
        std::unordered_map<std::string, int> vocab;             ///< byte-unicode token text -> id
        std::vector<std::pair<std::string, std::string>> merges;  ///< in rank order
        std::vector<QString> splitPatterns;  ///< pre-tokenizer regexes applied in turn (Isolated behaviour)
        bool nfc = false;                    ///< NFC normaliser
        bool addPrefixSpace = false;         ///< ByteLevel add_prefix_space
        bool ignoreMerges = false;           ///< BPE ignore_merges: a word found whole in vocab is one token
        std::vector<AddedToken> added;
    };

    /// GPT-2's pre-tokenizer regex (openai/gpt-2 src/encoder.py; HF ByteLevel with use_regex = true):
    /// 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
    static const QString &gpt2Pattern();

    /// Reads a tokenizer.json with a BPE model. Throws TokenizerError naming `where` for invalid JSON,
    /// missing vocab/merges, a merge whose parts or result are not in the vocabulary, a regex that does
    /// not compile, or a normaliser / pre-tokenizer this implementation does not support.
    static std::shared_ptr<const ByteLevelBpeTokenizer> fromTokenizerJson(std::string_view jsonText, const std::string &where);
    static std::shared_ptr<const ByteLevelBpeTokenizer> fromJsonDocument(const nlohmann::json &doc, const std::string &where);
    /// Reads GPT-2's encoder.json (token -> id) and vocab.bpe ("#version" line, then "a b" merges);
    /// equally the vocab.json + merges.txt pair of Hugging Face GPT-2 style repositories.
    /// <|endoftext|> becomes a special added token. Throws TokenizerError naming the file.
    static std::shared_ptr<const ByteLevelBpeTokenizer> fromGpt2Files(const QString &encoderJson, const QString &vocabBpe);
    /// The same from the two files' bytes, already read (`encoderPath` and `vocabPath` name them in errors).
    static std::shared_ptr<const ByteLevelBpeTokenizer> fromGpt2Bytes(const QByteArray &encoderJson, const QString &encoderPath,
                                                                      const QByteArray &vocabBpe, const QString &vocabPath);

    ByteLevelBpeTokenizer(Spec spec, const std::string &where);

    TokenizerKind kind() const override { return TokenizerKind::ByteLevelBpe; }
    int vocabSize() const override { return int(m_pieces.size()); }
    std::vector<int> encode(std::string_view utf8) const override;
    std::vector<std::string> encodeToPieces(std::string_view utf8) const override;
    std::string decode(const std::vector<int> &ids) const override;
    std::string pieceText(int id) const override;
    bool isWordStart(int id) const override;
    bool isPunctuation(int id) const override;
    bool isSpecial(int id) const override;
    bool isAddedToken(int id) const override;
    std::vector<int> withSequenceSpecials(const std::vector<int> &ids) const override { return ids; }

    /// The exact bytes a token stands for (byte-unicode characters mapped back to bytes).
    std::string tokenBytes(int id) const;

private:
    void encodeOrdinary(std::string_view utf8, std::vector<int> &out) const;
    void bpeWord(std::string_view bytes, std::vector<int> &out) const;

    std::vector<std::string> m_pieces;        ///< id -> token text ("" for an unused id)
    std::vector<std::string> m_bytes;         ///< id -> exact bytes
    std::vector<unsigned char> m_flags;       ///< id -> Special | WordStart | Punctuation | Added
    std::unordered_map<std::string, int> m_vocab;
    std::unordered_map<std::uint64_t, std::uint64_t> m_merges;  ///< (left << 32 | right) -> (rank << 32 | merged id)
    std::array<int, 256> m_byteIds{};  ///< byte -> id of its byte-unicode character, -1 if absent
    std::vector<QRegularExpression> m_splits;
    bool m_nfc = false;
    bool m_addPrefixSpace = false;
    bool m_ignoreMerges = false;
    std::vector<AddedToken> m_added;                  ///< longest first
    std::array<std::vector<int>, 256> m_addedByFirstByte;  ///< indices into m_added
};

}  // namespace gauntlet::text
