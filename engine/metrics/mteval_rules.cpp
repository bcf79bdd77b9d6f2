#include "engine/metrics/mteval_rules.h"

#include "engine/metrics/python_text.h"

namespace gauntlet::metrics::detail {

namespace {

bool isPeriodOrComma(char32_t c) { return c == '.' || c == ','; }

}  // namespace

std::u32string replaceAll(std::u32string_view text, std::u32string_view from, std::u32string_view to)
{
    std::u32string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (true) {
        const std::size_t hit = text.find(from, pos);
        if (hit == std::u32string_view::npos || from.empty()) {
            out.append(text.substr(pos));
            return out;
        }
        out.append(text.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
}

std::u32string padAsciiPunctuation(std::u32string_view text)
{
    // The class [\{-\~\[-\` -\&\(-\+\:-\@\/] as code-point ranges.
    auto inClass = [](char32_t c) {
        return (c >= 0x7B && c <= 0x7E) || (c >= 0x5B && c <= 0x60) || (c >= 0x20 && c <= 0x26)
            || (c >= 0x28 && c <= 0x2B) || (c >= 0x3A && c <= 0x40) || c == 0x2F;
    };
    std::u32string out;
    out.reserve(text.size() * 2);
    for (char32_t c : text) {
        if (inClass(c)) {
            out.push_back(' ');
            out.push_back(c);
            out.push_back(' ');
        } else {
            out.push_back(c);
        }
    }
    return out;
}

std::u32string splitPeriodCommaAfterNonDigit(std::u32string_view text)
{
    return substitutePairs(
        text, [](char32_t c) { return !isAsciiDigit(c); }, isPeriodOrComma,
        [](std::u32string &out, char32_t a, char32_t b) { out.append({a, ' ', b, ' '}); });
}

std::u32string splitPeriodCommaBeforeNonDigit(std::u32string_view text)
{
    return substitutePairs(
        text, isPeriodOrComma, [](char32_t c) { return !isAsciiDigit(c); },
        [](std::u32string &out, char32_t a, char32_t b) { out.append({' ', a, ' ', b}); });
}

std::u32string splitDashAfterDigit(std::u32string_view text)
{
    return substitutePairs(
        text, isAsciiDigit, [](char32_t c) { return c == '-'; },
        [](std::u32string &out, char32_t a, char32_t b) { out.append({a, ' ', b, ' '}); });
}

std::u32string joinPythonWords(std::u32string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    for (std::u32string_view word : splitPythonWhitespace(text)) {
        if (!out.empty())
            out.push_back(' ');
        out.append(word);
    }
    return out;
}

}  // namespace gauntlet::metrics::detail
