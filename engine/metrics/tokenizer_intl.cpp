#include "engine/metrics/tokenizer_intl.h"

#include "engine/metrics/mteval_rules.h"
#include "engine/metrics/regex_unicode_tables.h"

#include <algorithm>

namespace gauntlet::metrics {

bool isRegexNumber(char32_t c) { return detail::inRanges(detail::kRegexNumberRanges, detail::kRegexNumberRangesSize, c); }

bool isRegexPunctuation(char32_t c)
{
    return detail::inRanges(detail::kRegexPunctuationRanges, detail::kRegexPunctuationRangesSize, c);
}

bool isRegexSymbol(char32_t c) { return detail::inRanges(detail::kRegexSymbolRanges, detail::kRegexSymbolRangesSize, c); }

std::u32string tokenizeIntl(std::u32string_view line)
{
    const auto notNumber = [](char32_t c) { return !isRegexNumber(c); };
    // (\P{N})(\p{P}) -> \1 \2 ' '
    std::u32string text = detail::substitutePairs(line, notNumber, isRegexPunctuation, [](std::u32string &out, char32_t a, char32_t b) {
        out.push_back(a);
        out.push_back(U' ');
        out.push_back(b);
        out.push_back(U' ');
    });
    // (\p{P})(\P{N}) -> ' ' \1 ' ' \2
    text = detail::substitutePairs(text, isRegexPunctuation, notNumber, [](std::u32string &out, char32_t a, char32_t b) {
        out.push_back(U' ');
        out.push_back(a);
        out.push_back(U' ');
        out.push_back(b);
    });
    // (\p{S}) -> ' ' \1 ' '
    return detail::joinPythonWords(detail::padCharacters(text, isRegexSymbol));
}

}  // namespace gauntlet::metrics
