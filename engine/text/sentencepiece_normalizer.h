// SentencePiece's text normaliser: the precompiled character map (a Darts-clone double-array trie
// over UTF-8 byte strings plus a blob of NUL-terminated replacement strings), user-defined symbols
// kept verbatim, and the whitespace rules (remove extra whitespace, dummy prefix, escape to U+2581).
// Adapted from sentencepiece/src/normalizer.cc (v0.1.97, the version Debian 12's spm_encode runs).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gauntlet::text {

/// The fields of SentencePiece's NormalizerSpec that encoding uses.
struct NormalizerSpec {
    std::string name;                 ///< "nmt_nfkc", "identity", ... (informational)
    std::string precompiledCharsmap;  ///< raw blob; empty = no character mapping (identity)
    bool addDummyPrefix = true;
    bool removeExtraWhitespaces = true;
    bool escapeWhitespaces = true;
    bool treatWhitespaceAsSuffix = false;  ///< from TrainerSpec
};

/// UTF-8 helpers with SentencePiece's exact semantics (sentencepiece/src/util.h, util.cc).
namespace utf8 {
/// Length of the character starting with lead byte `c` judged by its high nibble only, as
/// string_util::OneCharLen: "\1\1\1\1\1\1\1\1\1\1\1\1\2\2\3\4"[c >> 4].
int oneCharLen(unsigned char c);
/// Decodes one character of `s` (non-empty). Returns the code point, or 0xFFFD with *length = 1 for
/// malformed input (overlong, surrogate, truncated, > U+10FFFF), as string_util::DecodeUTF8.
char32_t decode(std::string_view s, std::size_t *length);
/// string_util::IsValidDecodeUTF8: decode() did not fail (a literal U+FFFD counts as valid).
bool isValidDecode(std::string_view s, std::size_t *length);
/// Appends the UTF-8 encoding of `cp`.
void append(std::string &out, char32_t cp);
}  // namespace utf8

/// Immutable, thread-safe. Construct once per model.
class SentencePieceNormalizer {
public:
    /// Throws TokenizerError (message prefixed with `where`) if the charsmap blob is malformed:
    /// "Blob for normalization rule is broken." / "Trie data size exceeds the input blob size." as
    /// in normalizer.cc DecodePrecompiledCharsMap, plus a check that the trie is whole 32-bit units.
    SentencePieceNormalizer(NormalizerSpec spec, std::vector<std::string> userDefinedSymbols,
                            const std::string &where);

    /// Normalizer::Normalize: the normalised string with whitespace escaped to U+2581 (when
    /// escape_whitespaces) and the dummy prefix added. Any bytes are accepted.
    std::string normalize(std::string_view input) const;

    const NormalizerSpec &spec() const { return m_spec; }

private:
    /// Normalizer::NormalizePrefix: the replacement of the longest rule matching a prefix of `input`
    /// (user-defined symbols first, verbatim), else one UTF-8 character (U+FFFD for a bad byte).
    /// Returns the replacement and sets *consumed to the number of input bytes it covers.
    std::string_view normalizePrefix(std::string_view input, std::size_t *consumed) const;
    /// Darts-clone DoubleArray::commonPrefixSearch, keeping only the longest match.
    /// Returns the matched length (0 = none) and sets *value.
    std::size_t longestCharsmapMatch(std::string_view input, std::uint32_t *value) const;
    std::size_t longestUserSymbol(std::string_view input) const;

    NormalizerSpec m_spec;
    std::vector<std::uint32_t> m_trie;  ///< Darts units
    std::string m_normalized;           ///< NUL-separated replacement strings
    std::vector<std::string> m_userSymbols;  ///< sorted, for the prefix matcher
    std::size_t m_maxUserSymbolLength = 0;
};

}  // namespace gauntlet::text
