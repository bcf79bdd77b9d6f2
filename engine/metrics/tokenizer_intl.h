// The "intl" BLEU tokenizer of sacrebleu 2.6 (sacrebleu/tokenizers/tokenizer_intl.py,
// TokenizerV14International), after mteval-v14.pl's international tokenization: punctuation is
// split off unless it sits between digits, symbols always. The Unicode classes are those of the
// Python `regex` module (regex_unicode_tables.h).
#pragma once

#include <string>
#include <string_view>

namespace gauntlet::metrics {

/// TokenizerV14International.__call__ on code points:
///  1. regex.sub(r'(\P{N})(\p{P})', r'\1 \2 ', line): punctuation after a non-number;
///  2. regex.sub(r'(\p{P})(\P{N})', r' \1 \2', line): punctuation before a non-number;
///  3. regex.sub(r'(\p{S})', r' \1 ', line): symbols;
///  4. ' '.join(line.split()).
/// A number followed by a final period keeps it ("2019." stays one token), as in mteval-v14.pl.
std::u32string tokenizeIntl(std::u32string_view line);

/// regex's \p{N}, \p{P} and \p{S} for one code point.
bool isRegexNumber(char32_t c);
bool isRegexPunctuation(char32_t c);
bool isRegexSymbol(char32_t c);

}  // namespace gauntlet::metrics
