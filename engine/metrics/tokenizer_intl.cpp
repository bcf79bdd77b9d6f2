#include "engine/metrics/tokenizer_intl.h"

#include "engine/metrics/mteval_rules.h"
#include "engine/metrics/regex_unicode_tables.h"

#include <algorithm>

namespace gauntlet::metrics {

namespace {

bool inRanges(char32_t c, const detail::CodePointRange *ranges, std::size_t size)
{
    const detail::CodePointRange *end = ranges + size;
    const auto *it = std::upper_bound(ranges, end, c,
                                      [](char32_t value, const detail::CodePointRange &r) { return value < r.first; });
    return it != ranges && c <= (it - 1)->last;
}

// One left-to-right re.sub pass of a two-character pattern (first, second) -> replacement built
// by `emit`; non-overlapping, resuming after each match, as Python's sub does.
template<typename First, typename Second, typename Emit>
std::u32string substitutePairs(std::u32string_view text, First first, Second second, Emit emit)
{
    std::u32string out;
    out.reserve(text.size() + text.size() / 2);
    std::size_t i = 0;
    while (i < text.size()) {
        if (i + 1 < text.size() && first(text[i]) && second(text[i + 1])) {
            emit(out, text[i], text[i + 1]);
            i += 2;
        } else {
            out.push_back(text[i]);
            ++i;
        }
    }
    return out;
}

}  // namespace

bool isRegexNumber(char32_t c) { return inRanges(c, detail::kRegexNumberRanges, detail::kRegexNumberRangesSize); }

bool isRegexPunctuation(char32_t c)
{
    return inRanges(c, detail::kRegexPunctuationRanges, detail::kRegexPunctuationRangesSize);
}

bool isRegexSymbol(char32_t c) { return inRanges(c, detail::kRegexSymbolRanges, detail::kRegexSymbolRangesSize); }

std::u32string tokenizeIntl(std::u32string_view line)
{
    const auto notNumber = [](char32_t c) { return !isRegexNumber(c); };
    // (\P{N})(\p{P}) -> \1 \2 ' '
    std::u32string text = substitutePairs(line, notNumber, isRegexPunctuation, [](std::u32string &out, char32_t a, char32_t b) {
        out.push_back(a);
        out.push_back(U' ');
        out.push_back(b);
        out.push_back(U' ');
    });
    // (\p{P})(\P{N}) -> ' ' \1 ' ' \2
    text = substitutePairs(text, isRegexPunctuation, notNumber, [](std::u32string &out, char32_t a, char32_t b) {
        out.push_back(U' ');
        out.push_back(a);
        out.push_back(U' ');
        out.push_back(b);
    });
    // (\p{S}) -> ' ' \1 ' '
    std::u32string spaced;
    spaced.reserve(text.size() + 8);
    for (char32_t c : text) {
        if (isRegexSymbol(c)) {
            spaced.push_back(U' ');
            spaced.push_back(c);
            spaced.push_back(U' ');
        } else {
            spaced.push_back(c);
        }
    }
    return detail::joinPythonWords(spaced);
}

}  // namespace gauntlet::metrics
