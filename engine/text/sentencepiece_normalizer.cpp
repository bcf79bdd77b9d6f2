#include "engine/text/sentencepiece_normalizer.h"

#include "engine/text/tokenizer.h"

#include <algorithm>
#include <cstring>

namespace gauntlet::text {

namespace {
// kSpaceSymbol in normalizer.cc: U+2581 LOWER ONE EIGHTH BLOCK.
constexpr std::string_view kSpaceSymbol = "\xe2\x96\x81";
constexpr std::string_view kReplacementChar = "\xef\xbf\xbd";

bool isTrailByte(unsigned char c) { return (c & 0xC0) == 0x80; }
bool isValidCodepoint(char32_t c) { return c < 0xD800 || (c >= 0xE000 && c <= 0x10FFFF); }
}  // namespace

namespace utf8 {

int oneCharLen(unsigned char c)
{
    static constexpr char kLen[] = "\1\1\1\1\1\1\1\1\1\1\1\1\2\2\3\4";
    return kLen[c >> 4];
}

// string_util::DecodeUTF8 (sentencepiece/src/util.cc).
char32_t decode(std::string_view s, std::size_t *length)
{
    const auto *b = reinterpret_cast<const unsigned char *>(s.data());
    const std::size_t len = s.size();
    if (b[0] < 0x80) {
        *length = 1;
        return b[0];
    } else if (len >= 2 && (b[0] & 0xE0) == 0xC0) {
        const char32_t cp = ((b[0] & 0x1F) << 6) | (b[1] & 0x3F);
        if (isTrailByte(b[1]) && cp >= 0x0080 && isValidCodepoint(cp)) {
            *length = 2;
            return cp;
        }
    } else if (len >= 3 && (b[0] & 0xF0) == 0xE0) {
        const char32_t cp = ((b[0] & 0x0F) << 12) | ((b[1] & 0x3F) << 6) | (b[2] & 0x3F);
        if (isTrailByte(b[1]) && isTrailByte(b[2]) && cp >= 0x0800 && isValidCodepoint(cp)) {
            *length = 3;
            return cp;
        }
    } else if (len >= 4 && (b[0] & 0xF8) == 0xF0) {
        const char32_t cp = ((b[0] & 0x07) << 18) | ((b[1] & 0x3F) << 12) | ((b[2] & 0x3F) << 6) | (b[3] & 0x3F);
        if (isTrailByte(b[1]) && isTrailByte(b[2]) && isTrailByte(b[3]) && cp >= 0x10000 && isValidCodepoint(cp)) {
            *length = 4;
            return cp;
        }
    }
    *length = 1;
    return 0xFFFD;
}

// string_util::IsValidDecodeUTF8: `c != kUnicodeError || *mblen == 3`.
bool isValidDecode(std::string_view s, std::size_t *length)
{
    const char32_t c = decode(s, length);
    return c != 0xFFFD || *length == 3;
}

void append(std::string &out, char32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

}  // namespace utf8

SentencePieceNormalizer::SentencePieceNormalizer(NormalizerSpec spec, std::vector<std::string> userDefinedSymbols,
                                                 const std::string &where)
    : m_spec(std::move(spec)), m_userSymbols(std::move(userDefinedSymbols))
{
    // Normalizer::DecodePrecompiledCharsMap: [uint32 little-endian trie size][trie units][normalized strings].
    const std::string &blob = m_spec.precompiledCharsmap;
    if (!blob.empty()) {
        if (blob.size() <= 4)
            throw TokenizerError(where + ": Blob for normalization rule is broken (precompiled_charsmap of "
                                 + std::to_string(blob.size()) + " bytes)");
        const auto *b = reinterpret_cast<const unsigned char *>(blob.data());
        const std::uint32_t trieSize = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16
            | std::uint32_t(b[3]) << 24;
        if (trieSize >= blob.size())
            throw TokenizerError(where + ": Trie data size exceeds the input blob size (precompiled_charsmap)");
        if (trieSize > blob.size() - 4 || trieSize % 4 != 0 || trieSize == 0)
            throw TokenizerError(where + ": precompiled_charsmap trie size " + std::to_string(trieSize)
                                 + " is not a whole number of 32-bit units inside the blob");
        m_trie.resize(trieSize / 4);
        for (std::size_t i = 0; i < m_trie.size(); ++i) {
            const unsigned char *u = b + 4 + 4 * i;
            m_trie[i] = std::uint32_t(u[0]) | std::uint32_t(u[1]) << 8 | std::uint32_t(u[2]) << 16
                | std::uint32_t(u[3]) << 24;
        }
        m_normalized = blob.substr(4 + trieSize);
    }
    m_userSymbols.erase(std::remove_if(m_userSymbols.begin(), m_userSymbols.end(),
                                       [](const std::string &s) { return s.empty(); }),
                        m_userSymbols.end());
    std::sort(m_userSymbols.begin(), m_userSymbols.end());
    for (const auto &s : m_userSymbols)
        m_maxUserSymbolLength = std::max(m_maxUserSymbolLength, s.size());
}

// Darts-clone (darts.h) DoubleArrayImpl::commonPrefixSearch over 32-bit units:
//   has_leaf = (unit >> 8) & 1; value = unit & 0x7FFFFFFF; label = unit & ((1 << 31) | 0xFF);
//   offset = (unit >> 10) << ((unit & (1 << 9)) >> 6)
//   id = offset(array[0]); for each byte c: id ^= c; if label(array[id]) != c stop;
//   id ^= offset(array[id]); if has_leaf(array[id] before the xor) record (value(array[id]), i + 1).
// normalizer.cc keeps the longest of (at most 32) results. Indices are bounds-checked here, since the
// blob comes from an untrusted file; a valid trie never leaves the array.
std::size_t SentencePieceNormalizer::longestCharsmapMatch(std::string_view input, std::uint32_t *value) const
{
    if (m_trie.empty())
        return 0;
    const std::size_t n = m_trie.size();
    auto offset = [](std::uint32_t unit) { return (unit >> 10) << ((unit & (1U << 9)) >> 6); };
    std::size_t longest = 0;
    int results = 0;
    std::size_t id = offset(m_trie[0]);
    for (std::size_t i = 0; i < input.size(); ++i) {
        const auto c = static_cast<unsigned char>(input[i]);
        id ^= c;
        if (id >= n)
            break;
        const std::uint32_t unit = m_trie[id];
        if ((unit & ((1U << 31) | 0xFF)) != c)
            break;
        id ^= offset(unit);
        if (id >= n)
            break;
        if ((unit >> 8) & 1) {
            // commonPrefixSearch fills at most kMaxTrieResultsSize = 32 results.
            if (results < 32) {
                *value = m_trie[id] & ((1U << 31) - 1);
                longest = i + 1;
            }
            ++results;
        }
    }
    return longest;
}

// PrefixMatcher::PrefixMatch (normalizer.cc): the longest user-defined symbol that prefixes input.
std::size_t SentencePieceNormalizer::longestUserSymbol(std::string_view input) const
{
    if (m_userSymbols.empty())
        return 0;
    const std::size_t maxLen = std::min(m_maxUserSymbolLength, input.size());
    for (std::size_t len = maxLen; len > 0; --len) {
        if (std::binary_search(m_userSymbols.begin(), m_userSymbols.end(), input.substr(0, len),
                               [](const auto &a, const auto &b) { return std::string_view(a) < std::string_view(b); }))
            return len;
    }
    return 0;
}

std::string_view SentencePieceNormalizer::normalizePrefix(std::string_view input, std::size_t *consumed) const
{
    // if (matcher_ != nullptr) { found = PrefixMatch(input); if (found) return (input[0, mblen), mblen) }
    if (const std::size_t len = longestUserSymbol(input)) {
        *consumed = len;
        return input.substr(0, len);
    }
    std::uint32_t value = 0;
    const std::size_t longest = longestCharsmapMatch(input, &value);
    if (longest == 0) {
        std::size_t length = 0;
        if (!utf8::isValidDecode(input, &length)) {
            // "Found a malformed utf8. The rune is set to be 0xFFFD, ... here we only consume one byte."
            *consumed = 1;
            return kReplacementChar;
        }
        *consumed = length;
        return input.substr(0, length);
    }
    *consumed = longest;
    // &normalized_[longest_value], a NUL-terminated string (bounded here by the blob's end).
    if (value >= m_normalized.size())
        return {};
    const char *start = m_normalized.data() + value;
    const void *nul = std::memchr(start, '\0', m_normalized.size() - value);
    const std::size_t len = nul ? static_cast<const char *>(nul) - start : m_normalized.size() - value;
    return std::string_view(start, len);
}

// Normalizer::Normalize (normalizer.cc), without the norm_to_orig alignment.
std::string SentencePieceNormalizer::normalize(std::string_view input) const
{
    std::string normalized;
    if (input.empty())
        return normalized;
    const std::string_view space = m_spec.escapeWhitespaces ? kSpaceSymbol : std::string_view(" ");
    std::size_t consumed = 0;

    // "Ignores heading space."
    if (m_spec.removeExtraWhitespaces) {
        while (!input.empty()) {
            const std::string_view p = normalizePrefix(input, &consumed);
            if (p != " ")
                break;
            input.remove_prefix(consumed);
        }
    }
    if (input.empty())
        return normalized;

    normalized.reserve(input.size() * 3);
    // "adds a space symbol as a prefix (default is true)"
    if (!m_spec.treatWhitespaceAsSuffix && m_spec.addDummyPrefix)
        normalized.append(space);

    bool isPrevSpace = m_spec.removeExtraWhitespaces;
    while (!input.empty()) {
        std::string_view sp = normalizePrefix(input, &consumed);
        // "Removes heading space in sp"
        if (isPrevSpace && m_spec.removeExtraWhitespaces) {
            while (!sp.empty() && sp.front() == ' ')
                sp.remove_prefix(1);
        }
        if (!sp.empty()) {
            for (const char c : sp) {
                if (m_spec.escapeWhitespaces && c == ' ')
                    normalized.append(kSpaceSymbol);
                else
                    normalized += c;
            }
            // "Checks whether the last character of sp is whitespace."
            isPrevSpace = sp.back() == ' ';
        }
        input.remove_prefix(consumed);
        if (!m_spec.removeExtraWhitespaces)
            isPrevSpace = false;
    }

    // "Ignores trailing space."
    if (m_spec.removeExtraWhitespaces) {
        while (normalized.size() >= space.size()
               && std::string_view(normalized).substr(normalized.size() - space.size()) == space)
            normalized.resize(normalized.size() - space.size());
    }
    // "Adds a space symbol as a suffix (default is false)"
    if (m_spec.treatWhitespaceAsSuffix && m_spec.addDummyPrefix)
        normalized.append(space);
    return normalized;
}

}  // namespace gauntlet::text
