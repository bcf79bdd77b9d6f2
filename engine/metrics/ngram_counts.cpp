#include "engine/metrics/ngram_counts.h"

namespace gauntlet::metrics::detail {

WordSequence::WordSequence(const std::vector<std::u32string_view> &words)
{
    std::size_t length = 0;
    for (auto w : words)
        length += w.size() + 1;
    joined.reserve(length);
    begin.reserve(words.size());
    end.reserve(words.size());
    for (auto w : words) {
        if (!joined.empty())
            joined.push_back(U' ');
        begin.push_back(joined.size());
        joined.append(w);
        end.push_back(joined.size());
    }
}

NgramCounts countWordNgrams(const WordSequence &words, int order)
{
    NgramCounts counts;
    const auto len = static_cast<std::size_t>(order);
    for (std::size_t i = 0; i + len <= words.size(); ++i)
        ++counts[words.ngram(i, len)];
    return counts;
}

}  // namespace gauntlet::metrics::detail
