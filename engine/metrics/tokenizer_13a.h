// The "13a" tokenizer of sacrebleu 2.6 (sacrebleu/tokenizers/tokenizer_13a.py and
// tokenizer_re.py), which reproduces mteval-v13a.pl as used by WMT. BLEU's default tokenizer.
#pragma once

#include <string>
#include <string_view>

namespace gauntlet::metrics {

/// Tokenizes one line as sacrebleu's Tokenizer13a:
///  1. removes "<skipped>" and "-\n", turns "\n" into a space, and, when the line has an '&',
///     unescapes &quot; &amp; &lt; &gt; (in that order, one pass each);
///  2. pads the ASCII punctuation {|}~[\]^_` !"#$%&()*+:;<=>?@/ with spaces;
///  3. splits '.' and ',' from a preceding non-digit, then from a following non-digit, and '-'
///     from a preceding digit (each one regex pass, exactly as Python's re.sub);
///  4. collapses Python whitespace (NBSP, U+202F, U+3000, ... included) to single spaces and
///     trims the ends.
/// Works on code points; the result's tokens are separated by exactly one U+0020.
std::u32string tokenize13a(std::u32string_view line);

/// UTF-8 convenience overload of tokenize13a() (invalid UTF-8 reads as U+FFFD).
std::string tokenize13a(std::string_view utf8Line);

}  // namespace gauntlet::metrics
