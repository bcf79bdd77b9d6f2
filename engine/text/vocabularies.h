// The vocabularies the search draws candidate tokens from (ATO, see papers.md): the whole-word
// vocabulary, the subword vocabulary and the ASCII vocabulary of an LM tokenizer. Built once per
// tokenizer and word list, then cached as JSON in a cache folder the caller passes in.
#pragma once

#include "engine/text/tokenizer.h"

#include <QString>

#include <string>
#include <vector>

namespace gauntlet::text {

/// Sorted, unique token ids.
struct SearchVocabularies {
    std::vector<int> wholeWords;  ///< words of the list that encode to one word-start token
    std::vector<int> subwords;    ///< every token used in the encoding of any listed word
    std::vector<int> ascii;       ///< tokens whose text is only ASCII letters, digits, spaces, common punctuation
};

/// Reads a word list: a plain UTF-8 text file with one word per line (CRLF allowed), or a .zip
/// archive holding one such .txt file (read with libzip; e.g. ../shared/data/wordlist/words_alpha.zip).
/// Empty lines are skipped. Throws TokenizerError naming the file if it cannot be read, the zip
/// is damaged or holds no .txt file.
std::vector<std::string> readWordList(const QString &path);

/// How a listed word is encoded: "word" for SentencePiece (its dummy prefix makes it a word start),
/// " word" for byte-level BPE (a word inside a sentence follows a space).
std::vector<int> encodeListedWord(const Tokenizer &tokenizer, const std::string &word);

/// Ids of the words that encode to exactly one token that starts a word (Tokenizer::isWordStart).
std::vector<int> wholeWordVocabulary(const Tokenizer &tokenizer, const std::vector<std::string> &words);
/// Every id appearing in the encoding of any word (specials excluded).
std::vector<int> subwordVocabulary(const Tokenizer &tokenizer, const std::vector<std::string> &words);
/// Ids whose decoded text is non-empty valid text made only of ASCII letters, digits, space and
/// the common punctuation  ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~
/// (specials and added tokens excluded; a SentencePiece U+2581 counts as a space).
std::vector<int> asciiVocabulary(const Tokenizer &tokenizer);

/// A content fingerprint (SHA-256 hex) of the tokenizer at `path`: TokenizerFiles::digest() of the
/// files loadTokenizer would read. Throws TokenizerError if nothing can be read.
std::string tokenizerFingerprint(const QString &path);

/// All three vocabularies, read from `cacheDir` when a cache file for this tokenizer (by content
/// fingerprint, `xlmrIds` included) and word list exists, otherwise built and written there
/// (the folder is created). `cacheDir` may be empty: then nothing is cached. Throws TokenizerError.
SearchVocabularies loadOrBuildVocabularies(const QString &tokenizerPath, const LoadOptions &options,
                                           const QString &wordListPath, const QString &cacheDir,
                                           bool *fromCache = nullptr);
/// The same for a tokenizer already loaded (by a job that loaded it with its model), keyed by the
/// digest of the files it came from (TokenizerFiles::digest()), so no tokenizer file is read again.
/// `options.xlmrIds` must be the layout `tokenizer` was loaded with.
SearchVocabularies loadOrBuildVocabularies(const Tokenizer &tokenizer, const std::string &tokenizerDigest, const LoadOptions &options,
                                           const QString &wordListPath, const QString &cacheDir, bool *fromCache = nullptr);

}  // namespace gauntlet::text
