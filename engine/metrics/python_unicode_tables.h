// Tables generated from CPython's unicodedata by scripts/gen_python_unicode_tables.py; used by
// python_text.cpp only.
#pragma once

#include <cstddef>

namespace gauntlet::metrics::detail {

/// One entry of str.lower(): a code point and its lowercase form (1-3 code points, 0-padded).
struct LowerMapping {
    char32_t from;
    char32_t to[3];
};

/// An inclusive code-point range [first, last].
struct CodePointRange {
    char32_t first;
    char32_t last;
};

extern const char kPythonUnicodeVersion[];
extern const LowerMapping kPythonLowerTable[];  ///< sorted by `from`; U+03A3 is handled apart
extern const std::size_t kPythonLowerTableSize;
extern const CodePointRange kCasedRanges[];  ///< Unicode "Cased", sorted
extern const std::size_t kCasedRangesSize;
extern const CodePointRange kCaseIgnorableRanges[];  ///< Unicode "Case_Ignorable", sorted
extern const std::size_t kCaseIgnorableRangesSize;

}  // namespace gauntlet::metrics::detail
