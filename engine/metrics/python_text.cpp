#include "engine/metrics/python_text.h"

#include "engine/metrics/python_unicode_tables.h"

#include <algorithm>

namespace gauntlet::metrics {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// Decodes one UTF-8 sequence at `pos`; returns its length, or 0 when it is invalid.
std::size_t decodeOne(std::string_view s, std::size_t pos, char32_t &out)
{
    const auto b0 = static_cast<unsigned char>(s[pos]);
    if (b0 < 0x80) {
        out = b0;
        return 1;
    }
    std::size_t len;
    char32_t cp;
    char32_t min;
    if ((b0 & 0xE0) == 0xC0) {
        len = 2, cp = b0 & 0x1F, min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        len = 3, cp = b0 & 0x0F, min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        len = 4, cp = b0 & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (pos + len > s.size())
        return 0;
    for (std::size_t i = 1; i < len; ++i) {
        const auto b = static_cast<unsigned char>(s[pos + i]);
        if ((b & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    out = cp;
    return len;
}

bool isCased(char32_t c) { return detail::inRanges(detail::kCasedRanges, detail::kCasedRangesSize, c); }

bool isCaseIgnorable(char32_t c)
{
    return detail::inRanges(detail::kCaseIgnorableRanges, detail::kCaseIgnorableRangesSize, c);
}

// CPython's handle_capital_sigma() (Objects/unicodeobject.c): U+03A3 at `i` lowercases to final
// sigma U+03C2 when it is in the Final_Sigma context
//   \p{cased} \p{case-ignorable}* U+03A3 !( \p{case-ignorable}* \p{cased} )
// and to U+03C3 otherwise.
char32_t lowerCapitalSigma(std::u32string_view text, std::size_t i)
{
    std::size_t j = i;
    char32_t c = 0;
    while (j > 0) {
        c = text[--j];
        if (!isCaseIgnorable(c))
            break;
        c = 0;
    }
    bool finalSigma = c != 0 && isCased(c);
    if (finalSigma) {
        for (j = i + 1; j < text.size(); ++j) {
            if (!isCaseIgnorable(text[j]))
                break;
        }
        finalSigma = j == text.size() || !isCased(text[j]);
    }
    return finalSigma ? 0x3C2 : 0x3C3;
}

}  // namespace

std::u32string decodeUtf8(std::string_view utf8)
{
    std::u32string out;
    out.reserve(utf8.size());
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        char32_t cp;
        const std::size_t len = decodeOne(utf8, pos, cp);
        if (len == 0) {
            out.push_back(kReplacement);
            ++pos;
        } else {
            out.push_back(cp);
            pos += len;
        }
    }
    return out;
}

std::string encodeUtf8(std::u32string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            c = kReplacement;
        if (c < 0x80) {
            out.push_back(static_cast<char>(c));
        } else if (c < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (c >> 6)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (c >> 12)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (c >> 18)));
            out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

std::size_t firstInvalidUtf8(std::string_view utf8)
{
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        char32_t cp;
        const std::size_t len = decodeOne(utf8, pos, cp);
        if (len == 0)
            return pos;
        pos += len;
    }
    return std::string_view::npos;
}

bool isPythonSpace(char32_t c)
{
    if (c <= 0x20)
        return c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
    if (c < 0x85)
        return false;
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028
        || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

std::vector<std::u32string_view> splitPythonWhitespace(std::u32string_view text)
{
    std::vector<std::u32string_view> words;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        while (i < n && isPythonSpace(text[i]))
            ++i;
        const std::size_t start = i;
        while (i < n && !isPythonSpace(text[i]))
            ++i;
        if (i > start)
            words.push_back(text.substr(start, i - start));
    }
    return words;
}

std::u32string_view rstripPython(std::u32string_view text)
{
    std::size_t end = text.size();
    while (end > 0 && isPythonSpace(text[end - 1]))
        --end;
    return text.substr(0, end);
}

std::u32string lowerPython(std::u32string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    const auto *table = detail::kPythonLowerTable;
    const auto *tableEnd = table + detail::kPythonLowerTableSize;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (c < 0x80) {
            out.push_back(c >= 'A' && c <= 'Z' ? c + 32 : c);
            continue;
        }
        if (c == 0x3A3) {
            out.push_back(lowerCapitalSigma(text, i));
            continue;
        }
        const auto *it = std::lower_bound(table, tableEnd, c,
                                          [](const detail::LowerMapping &m, char32_t v) { return m.from < v; });
        if (it == tableEnd || it->from != c) {
            out.push_back(c);
            continue;
        }
        for (char32_t t : it->to) {
            if (t == 0)
                break;
            out.push_back(t);
        }
    }
    return out;
}

const char *pythonUnicodeVersion() { return detail::kPythonUnicodeVersion; }

}  // namespace gauntlet::metrics
