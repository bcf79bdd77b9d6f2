#include "engine/metrics/tokenizer_13a.h"

#include "engine/metrics/mteval_rules.h"
#include "engine/metrics/python_text.h"

namespace gauntlet::metrics {

std::u32string tokenize13a(std::u32string_view input)
{
    using detail::replaceAll;
    // Tokenizer13a.__call__: the language-independent part.
    std::u32string line = replaceAll(input, U"<skipped>", U"");
    line = replaceAll(line, U"-\n", U"");
    line = replaceAll(line, U"\n", U" ");
    if (line.find(U'&') != std::u32string::npos) {
        line = replaceAll(line, U"&quot;", U"\"");
        line = replaceAll(line, U"&amp;", U"&");
        line = replaceAll(line, U"&lt;", U"<");
        line = replaceAll(line, U"&gt;", U">");
    }
    // TokenizerRegexp.__call__ on f' {line} '.
    line = detail::padAsciiPunctuation(U" " + line + U" ");
    line = detail::splitPeriodCommaAfterNonDigit(line);
    line = detail::splitPeriodCommaBeforeNonDigit(line);
    line = detail::splitDashAfterDigit(line);
    return detail::joinPythonWords(line);
}

std::string tokenize13a(std::string_view utf8Line)
{
    return encodeUtf8(tokenize13a(std::u32string_view(decodeUtf8(utf8Line))));
}

}  // namespace gauntlet::metrics
