// TER, translation edit rate (Snover et al., 2006), exactly as sacrebleu 2.6 computes it
// (sacrebleu/metrics/ter.py, lib_ter.py, tokenizers/tokenizer_ter.py): Tercom's normaliser,
// greedy shifts of up to 10 words over at most 50 positions ranked as Tercom ranks them, at most
// 1000 shift candidates per segment, and a beam-restricted (width 25) word edit distance around
// the length-ratio diagonal.
#pragma once

#include "engine/metrics/metric.h"

#include <cstdint>

namespace gauntlet::metrics {

/// sacrebleu.TER's constructor arguments (and TercomTokenizer's), with their defaults.
struct TerOptions {
    bool normalized = false;     ///< Tercom normalisation: unescape, split punctuation (and CJK with asianSupport)
    bool noPunct = false;        ///< remove . , ? : ; ! " ( ) (and CJK punctuation with asianSupport)
    bool asianSupport = false;   ///< CJK handling in the two options above
    bool caseSensitive = false;  ///< false: lowercase with Python's str.lower()
};

/// sacrebleu's TercomTokenizer: returns the words TER aligns, joined by single spaces. An empty
/// (or all-whitespace after the caller's rstrip) sentence gives "".
std::u32string tokenizeTercom(std::u32string_view sentence, const TerOptions &options);

/// UTF-8 convenience overload (applies no rstrip; invalid UTF-8 reads as U+FFFD).
std::string tokenizeTercom(std::string_view utf8Sentence, const TerOptions &options);

/// Result of translationEditRate().
struct TerEdits {
    long long edits = 0;      ///< shifts + insertions + deletions + substitutions
    long long refLength = 0;  ///< number of reference words
};

/// sacrebleu's lib_ter.translation_edit_rate on word ids (equal ids = equal words): the number of
/// edits turning the hypothesis into the reference. An empty reference gives edits = hypothesis
/// length. Time O(candidates x |hyp| x beam), memory O(|hyp| x |ref|) (one edit-distance matrix).
TerEdits translationEditRate(const std::vector<std::int32_t> &hypothesisWords,
                             const std::vector<std::int32_t> &referenceWords);

/// sacrebleu.TER. Statistics layout (sacrebleu's): [fewest edits over the references, average
/// reference length]. The score is 100 * edits / length (100 when the reference is empty and the
/// hypothesis is not, 0 when both are).
class Ter final : public Metric {
public:
    explicit Ter(TerOptions options = {});

    const TerOptions &options() const { return m_options; }

    std::string name() const override { return "TER"; }
    std::string signature(int nrefs) const override;
    std::size_t statisticsSize() const override { return 2; }
    Statistics segmentStatistics(std::string_view hypothesis,
                                 const std::vector<std::string_view> &references) const override;
    double scoreFromStatistics(const Statistics &statistics) const override;
    /// The same with edits / length divided in float32.
    double scoreFromFloat32Statistics(const Statistics &float32Sums) const override;
    bool higherIsBetter() const override { return false; }

private:
    TerOptions m_options;
};

}  // namespace gauntlet::metrics
