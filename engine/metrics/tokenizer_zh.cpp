#include "engine/metrics/tokenizer_zh.h"

#include "engine/metrics/mteval_rules.h"
#include "engine/metrics/python_text.h"

namespace gauntlet::metrics {

namespace {

struct Range {
    char32_t first;
    char32_t last;
};

// _UCODE_RANGES in sacrebleu's order, with the two string-comparison quirks resolved (see the
// header): ('\u2000' '0', '\u2a6d' '6') and ('\u2f80' '0', '\u2fa1' 'd').
constexpr Range kRanges[] = {
    {0x3400, 0x4DB5}, {0x4E00, 0x9FA5}, {0x9FA6, 0x9FBB}, {0xF900, 0xFA2D}, {0xFA30, 0xFA6A}, {0xFA70, 0xFAD9},
    {0x2001, 0x2A6D}, {0x2F81, 0x2FA1}, {0xFF00, 0xFFEF}, {0x2E80, 0x2EFF}, {0x3000, 0x303F}, {0x31C0, 0x31EF},
    {0x2F00, 0x2FDF}, {0x2FF0, 0x2FFF}, {0x3100, 0x312F}, {0x31A0, 0x31BF}, {0xFE10, 0xFE1F}, {0xFE30, 0xFE4F},
    {0x2600, 0x26FF}, {0x2700, 0x27BF}, {0x3200, 0x32FF}, {0x3300, 0x33FF},
};

}  // namespace

bool isChineseCharacter(char32_t c)
{
    for (const Range &r : kRanges)
        if (r.first <= c && c <= r.last)
            return true;
    return false;
}

std::u32string tokenizeZh(std::u32string_view input)
{
    // line.strip()
    std::u32string_view line = rstripPython(input);
    while (!line.empty() && isPythonSpace(line.front()))
        line.remove_prefix(1);
    const std::u32string spaced = detail::padCharacters(line, isChineseCharacter);
    // TokenizerRegexp.__call__
    std::u32string text = detail::padAsciiPunctuation(spaced);
    text = detail::splitPeriodCommaAfterNonDigit(text);
    text = detail::splitPeriodCommaBeforeNonDigit(text);
    text = detail::splitDashAfterDigit(text);
    return detail::joinPythonWords(text);
}

}  // namespace gauntlet::metrics
