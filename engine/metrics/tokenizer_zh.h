// The "zh" BLEU tokenizer of sacrebleu 2.6 (sacrebleu/tokenizers/tokenizer_zh.py, by Shujian
// Huang): every Chinese character becomes its own token, then the rest is tokenized by the
// regular-expression half of 13a (tokenizer_re.py).
#pragma once

#include <string>
#include <string_view>

namespace gauntlet::metrics {

/// TokenizerZh.__call__: strip(), a space on each side of every character that
/// isChineseCharacter() accepts, then TokenizerRegexp (13a's punctuation rules and whitespace
/// join, without 13a's unescaping and without its added outer spaces).
std::u32string tokenizeZh(std::u32string_view line);

/// TokenizerZh._is_chinese_char, quirks included: sacrebleu writes two of its ranges as
/// u'\u20000'..u'\u2a6d6' and u'\u2f800'..u'\u2fa1d', which Python reads as two-character
/// strings, so for one character they cover U+2001-U+2A6D and U+2F81-U+2FA1 (general punctuation
/// such as U+2014 and U+201C among them), not CJK Extension B and the Compatibility Supplement.
bool isChineseCharacter(char32_t c);

}  // namespace gauntlet::metrics
