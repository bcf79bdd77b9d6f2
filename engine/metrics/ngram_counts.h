// N-gram counting over code-point text, shared by BLEU and chrF. Internal to engine/metrics.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gauntlet::metrics::detail {

/// n-gram -> count. Keys are views into the text they were counted from (WordSequence::joined,
/// or the character string), so that text must outlive the map.
using NgramCounts = std::unordered_map<std::u32string_view, long long>;

/// Words re-joined with single spaces, so that the n-gram of words i..i+n-1 is one substring of
/// `joined`. Words never contain whitespace, so equal substrings are equal word n-grams (the
/// same identity as Python's tuple or ' '.join keys).
struct WordSequence {
    std::u32string joined;
    std::vector<std::size_t> begin;  ///< offset of each word in `joined`
    std::vector<std::size_t> end;    ///< one past its last code point

    WordSequence() = default;
    explicit WordSequence(const std::vector<std::u32string_view> &words);
    std::size_t size() const { return begin.size(); }
    /// The n-gram of words [i, i + n).
    std::u32string_view ngram(std::size_t i, std::size_t n) const
    {
        return std::u32string_view(joined).substr(begin[i], end[i + n - 1] - begin[i]);
    }
};

/// The word n-grams of one order and their counts.
NgramCounts countWordNgrams(const WordSequence &words, int order);

}  // namespace gauntlet::metrics::detail
