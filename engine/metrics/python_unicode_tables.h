// Tables generated from CPython's unicodedata by scripts/gen_python_unicode_tables.py; used by
// python_text.cpp only.
#pragma once

#include <algorithm>
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

/// Whether `c` lies in one of the `n` sorted, disjoint `ranges` (binary search).
inline bool inRanges(const CodePointRange *ranges, std::size_t n, char32_t c)
{
    const CodePointRange *end = ranges + n;
    const CodePointRange *it = std::upper_bound(ranges, end, c, [](char32_t v, const CodePointRange &r) { return v < r.first; });
    return it != ranges && c <= (it - 1)->last;
}

extern const char kPythonUnicodeVersion[];
extern const LowerMapping kPythonLowerTable[];  ///< sorted by `from`; U+03A3 is handled apart
extern const std::size_t kPythonLowerTableSize;
extern const CodePointRange kCasedRanges[];  ///< Unicode "Cased", sorted
extern const std::size_t kCasedRangesSize;
extern const CodePointRange kCaseIgnorableRanges[];  ///< Unicode "Case_Ignorable", sorted
extern const std::size_t kCaseIgnorableRangesSize;

}  // namespace gauntlet::metrics::detail
