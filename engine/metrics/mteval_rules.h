// The rewrite rules shared by the 13a tokenizer (sacrebleu/tokenizers/tokenizer_13a.py,
// tokenizer_re.py) and the Tercom normaliser (sacrebleu/tokenizers/tokenizer_ter.py), both taken
// from mteval-v13a.pl. Each function does what one Python `re.sub` or `str.replace` does: a
// left-to-right scan, non-overlapping matches, resuming after each match. Internal to
// engine/metrics.
#pragma once

#include <string>
#include <string_view>

namespace gauntlet::metrics::detail {

/// str.replace(from, to): every non-overlapping occurrence, left to right.
std::u32string replaceAll(std::u32string_view text, std::u32string_view from, std::u32string_view to);

/// re.sub(r'([\{-\~\[-\` -\&\(-\+\:-\@\/])', r' \1 ', text): pads the ASCII punctuation
/// {|}~ [\]^_` space!"#$%& ()*+ :;<=>?@ / with a space on each side.
std::u32string padAsciiPunctuation(std::u32string_view text);

/// re.sub(r'([^0-9])([\.,])', r'\1 \2 ', text): period and comma not preceded by a digit.
std::u32string splitPeriodCommaAfterNonDigit(std::u32string_view text);

/// re.sub(r'([\.,])([^0-9])', r' \1 \2', text): period and comma not followed by a digit.
std::u32string splitPeriodCommaBeforeNonDigit(std::u32string_view text);

/// re.sub(r'([0-9])(-)', r'\1 \2 ', text): a dash preceded by a digit.
std::u32string splitDashAfterDigit(std::u32string_view text);

/// ' '.join(text.split()): Python whitespace runs collapsed to one space, ends trimmed.
std::u32string joinPythonWords(std::u32string_view text);

inline bool isAsciiDigit(char32_t c) { return c >= '0' && c <= '9'; }

/// re.sub(r'(C)', r' \1 ', text) for a one-character class C: every character for which
/// `inClass(c)` holds gets a space on each side; the others are copied unchanged. Throws nothing.
template<typename Class>
std::u32string padCharacters(std::u32string_view text, Class inClass)
{
    std::u32string out;
    out.reserve(text.size() * 2);
    for (char32_t c : text) {
        if (inClass(c)) {
            out.push_back(U' ');
            out.push_back(c);
            out.push_back(U' ');
        } else {
            out.push_back(c);
        }
    }
    return out;
}

/// One left-to-right pass of Python's re.sub for a pattern of two one-character classes `(A)(B)`
/// (the shape of every mteval and intl rule): at each position try `first` then `second`; on a
/// match `emit(out, a, b)` writes the rewrite and both characters are skipped, so matches do not
/// overlap, as re.sub's do.
template<typename First, typename Second, typename Emit>
std::u32string substitutePairs(std::u32string_view text, First first, Second second, Emit emit)
{
    std::u32string out;
    out.reserve(text.size() + text.size() / 4);
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

}  // namespace gauntlet::metrics::detail
