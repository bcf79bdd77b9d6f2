// The tokenizer interface the search needs, implemented by SentencePiece Unigram
// (engine/text/unigram_tokenizer.h) and byte-level BPE (engine/text/byte_level_bpe.h).
//
// A Tokenizer is an immutable vocabulary object: every method is const, keeps its per-call state on
// the stack, and may be called from many threads at once on one shared instance (STYLE.md point 4,
// after llama.cpp's llama-vocab.cpp).
#pragma once

#include <QByteArray>

#include <QString>

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gauntlet::text {

/// Every error of this module: a malformed tokenizer file (naming the file and what is wrong), an
/// id out of range, an unusable path.
class TokenizerError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The families Gauntlet reads.
enum class TokenizerKind {
    SentencePieceUnigram,  ///< XLM-R family (.model or HF tokenizer.json with a Unigram model)
    ByteLevelBpe,          ///< GPT-2 / Qwen2 family (tokenizer.json or encoder.json + vocab.bpe)
    SentencePieceBpe,      ///< Llama 1/2, llama2.c family (HF tokenizer.json: BPE with byte_fallback and U+2581)
};

/// "SentencePiece Unigram", "byte-level BPE" or "SentencePiece BPE".
std::string tokenizerKindName(TokenizerKind kind);

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    virtual TokenizerKind kind() const = 0;

    /// Number of ids: every id in [0, vocabSize()) has a piece.
    virtual int vocabSize() const = 0;

    /// Token ids of `utf8` (UTF-8 bytes; invalid sequences are handled as the reference does:
    /// SentencePiece maps each bad byte to U+FFFD, byte-level BPE replaces it with U+FFFD), without
    /// sequence specials (no <s> / </s>). Never throws for any input bytes.
    virtual std::vector<int> encode(std::string_view utf8) const = 0;

    /// The pieces (vocabulary strings, e.g. "▁the" or "Ġthe") of encode(utf8). For SentencePiece a run
    /// of unknown characters is one piece holding the unknown text, as spm_encode prints it.
    virtual std::vector<std::string> encodeToPieces(std::string_view utf8) const = 0;

    /// The text of `ids` as UTF-8 bytes (byte-level BPE may produce invalid UTF-8 for a partial
    /// character: the bytes are exact). Special/control ids decode to nothing. Throws TokenizerError for
    /// an id outside [0, vocabSize()).
    virtual std::string decode(const std::vector<int> &ids) const = 0;

    /// The vocabulary string of `id` exactly as the model stores it ("▁the", "Ġthe", "<s>").
    /// Throws TokenizerError for an id out of range.
    virtual std::string pieceText(int id) const = 0;

    /// Whether the piece begins a new word: a SentencePiece piece starting with U+2581, a byte-level
    /// piece whose first byte is a space (U+0120 'Ġ'). Specials are not word starts. False out of range.
    virtual bool isWordStart(int id) const = 0;

    /// Whether the piece's text (without its word-start marker) is non-empty and made only of Unicode
    /// punctuation characters (QChar::isPunct). False for specials and out of range.
    virtual bool isPunctuation(int id) const = 0;

    /// Whether the id is a special / control token (<s>, </s>, <pad>, <mask>, <|endoftext|>, ...).
    virtual bool isSpecial(int id) const = 0;

    /// Whether the id is an added token of a tokenizer.json (matched verbatim before normalisation,
    /// e.g. Qwen's <think> or <tool_call>, special or not). The search never proposes these.
    virtual bool isAddedToken(int id) const { return isSpecial(id); }

    /// `ids` wrapped the way the model expects a full sequence: XLM-R `<s> ... </s>`; unchanged for
    /// byte-level BPE (Qwen2 and GPT-2 add no specials).
    virtual std::vector<int> withSequenceSpecials(const std::vector<int> &ids) const = 0;

    /// Round-trip check the search uses to drop candidates whose text re-tokenizes differently:
    /// true iff encode(decode(ids)) == ids. False (not a throw) for ids out of range.
    bool roundTrips(const std::vector<int> &ids) const;
};

/// How loadTokenizer() reads a SentencePiece .model.
struct LoadOptions {
    /// Give a SentencePiece .model the fairseq / XLM-R id layout: <s>=0, <pad>=1, </s>=2, <unk>=3,
    /// piece id = SentencePiece id + 1, <mask> last. A tokenizer.json already stores XLM-R ids, so
    /// this has no effect there.
    bool xlmrIds = false;
};

/// The files a tokenizer comes from, found and read once (issue 36 item 1: a job reads each model
/// file once; CTranslate2's ModelReader and llama.cpp's llama_model_loader read a model once into
/// a description). readTokenizerFiles applies loadTokenizer's rules to a folder or file.
struct TokenizerFiles {
    enum class Format { TokenizerJson, SentencePieceModel, Gpt2 };
    Format format = Format::TokenizerJson;
    QString path;             ///< tokenizer.json, the .model file, or encoder.json / vocab.json
    QByteArray bytes;         ///< its content
    QString mergesPath;       ///< Gpt2 only: vocab.bpe / merges.txt
    QByteArray mergesBytes;   ///< Gpt2 only: its content
    /// SHA-256 (hex) of the file names and contents: the key of caches built from this tokenizer.
    std::string digest() const;
};

/// Finds and reads the tokenizer files at `path` (the rules of loadTokenizer). Throws
/// TokenizerError naming the path when there is none or a file cannot be read.
TokenizerFiles readTokenizerFiles(const QString &path);

/// Builds the tokenizer from files already read. Throws TokenizerError naming the file when it is malformed.
std::shared_ptr<const Tokenizer> loadTokenizer(const TokenizerFiles &files, const LoadOptions &options = {});

/// Loads a tokenizer from `path`: a SentencePiece `.model` file, a Hugging Face `tokenizer.json`
/// (Unigram or BPE model), a folder holding one of those (tokenizer.json first, then
/// sentencepiece.bpe.model / spiece.model / tokenizer.model / any single *.model), or a folder with
/// GPT-2's `encoder.json` + `vocab.bpe` (or `vocab.json` + `merges.txt`). Throws TokenizerError naming the path when nothing usable is
/// there or the file is malformed.
std::shared_ptr<const Tokenizer> loadTokenizer(const QString &path, const LoadOptions &options = {});

}  // namespace gauntlet::text
