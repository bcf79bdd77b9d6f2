// Python `str` semantics that sacrebleu's results depend on, for UTF-32 text: what counts as
// whitespace for str.split()/str.rstrip(), and str.lower() (one-to-many mappings such as
// U+0130 -> "i" + U+0307, and the Greek final-sigma rule). Everything works on code points, as
// Python does, never on UTF-16 units or bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gauntlet::metrics {

/// Decodes UTF-8 into code points. Invalid or truncated sequences, overlong forms and encoded
/// surrogates each decode to U+FFFD, so every byte string gives some text (callers that must
/// reject bad input check it first with firstInvalidUtf8()).
std::u32string decodeUtf8(std::string_view utf8);

/// Encodes code points as UTF-8 (code points above U+10FFFF or surrogates become U+FFFD).
std::string encodeUtf8(std::u32string_view text);

/// Byte offset of the first invalid UTF-8 sequence in `utf8`, or std::string_view::npos when the
/// whole string is valid (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t firstInvalidUtf8(std::string_view utf8);

/// Python's str.isspace() for one code point: U+0009-000D, U+001C-001F, U+0020, U+0085, U+00A0,
/// U+1680, U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000. This is also what `\s` and
/// str.split() without arguments use.
bool isPythonSpace(char32_t c);

/// Python's str.split() without arguments: the runs of non-whitespace, as views into `text`.
std::vector<std::u32string_view> splitPythonWhitespace(std::u32string_view text);

/// Python's str.rstrip() without arguments.
std::u32string_view rstripPython(std::u32string_view text);

/// Python's str.lower(): full Unicode lowercase mapping (SpecialCasing's unconditional
/// one-to-many mappings included) and the Final_Sigma context of U+03A3, with the tables of the
/// Python that generated python_unicode_tables.cpp (see pythonUnicodeVersion()).
std::u32string lowerPython(std::u32string_view text);

/// The Unicode version of the tables behind lowerPython(), e.g. "14.0.0".
const char *pythonUnicodeVersion();

}  // namespace gauntlet::metrics
