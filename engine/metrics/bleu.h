// BLEU (Papineni et al., 2002) exactly as sacrebleu 2.6 computes it (sacrebleu/metrics/bleu.py):
// the same tokenizers, n-gram clipping against the maximum count over references, closest
// reference length (shorter wins ties), smoothing methods of Chen and Cherry (2014), effective
// order and the same floating-point order of operations, so scores agree to the last bits.
#pragma once

#include "engine/metrics/metric.h"

#include <optional>

namespace gauntlet::metrics {

/// sacrebleu's `tokenize` argument (the ones that need no external model: not ja-mecab, ko-mecab,
/// spm, flores101, flores200 or spBLEU-1K).
enum class BleuTokenizer {
    None,  ///< "none": the line as it is, split on whitespace
    Char,  ///< "char": every non-whitespace code point is a token
    T13a,  ///< "13a": mteval-v13a (tokenizer_13a.h); sacrebleu's default
    Intl,  ///< "intl": mteval-v14 international (tokenizer_intl.h)
    Zh,    ///< "zh": Chinese characters apart, then 13a's rules (tokenizer_zh.h)
};

/// sacrebleu's `smooth_method` (Chen and Cherry 2014: floor = method 1, add-k = method 2,
/// exp = method 3, the NIST smoothing of mteval-v13a).
enum class BleuSmoothing { None, Floor, AddK, Exp };

/// The tokenizer sacrebleu's word `name` names ("13a", "intl", "zh", "char", "none"), or nothing.
std::optional<BleuTokenizer> bleuTokenizerNamed(std::string_view name);
/// The smoothing method sacrebleu's word `name` names ("exp", "floor", "add-k", "none"), or nothing.
std::optional<BleuSmoothing> bleuSmoothingNamed(std::string_view name);

/// sacrebleu.BLEU's constructor arguments, with its defaults.
struct BleuOptions {
    bool lowercase = false;                         ///< lowercase with Python's str.lower() first
    BleuTokenizer tokenizer = BleuTokenizer::T13a;  ///< `tokenize`
    BleuSmoothing smoothMethod = BleuSmoothing::Exp;
    std::optional<double> smoothValue;  ///< unset: floor 0.1, add-k 1 (sacrebleu SMOOTH_DEFAULTS)
    int maxNgramOrder = 4;              ///< `max_ngram_order`, >= 1
    bool effectiveOrder = false;        ///< stop at the highest order with any n-gram (sentence BLEU)
};

/// The result of compute_bleu: sacrebleu's BLEUScore fields.
struct BleuScore {
    double score = 0.0;               ///< 0-100
    std::vector<double> counts;       ///< matched n-grams per order (after add-k smoothing, as sacrebleu)
    std::vector<double> totals;       ///< hypothesis n-grams per order (after add-k smoothing)
    std::vector<double> precisions;   ///< percentages per order
    double bp = 1.0;                  ///< brevity penalty
    long long sysLen = 0;             ///< hypothesis tokens
    long long refLen = 0;             ///< closest-reference tokens

    /// sys_len / ref_len, 0 when ref_len is 0.
    double ratio() const;
    /// sacrebleu's verbose part: "62.3/36.1/23.4/15.5 (BP = 1.000 ratio = 1.001 hyp_len = 9 ref_len = 9)".
    std::string verbose() const;
};

/// sacrebleu.BLEU. Statistics layout (sacrebleu's): [sys_len, ref_len, correct_1..N, total_1..N]
/// with N = maxNgramOrder.
class Bleu final : public Metric {
public:
    /// Throws MetricsError when maxNgramOrder < 1.
    explicit Bleu(BleuOptions options = {});

    const BleuOptions &options() const { return m_options; }

    std::string name() const override { return "BLEU"; }
    std::string signature(int nrefs) const override;
    std::size_t statisticsSize() const override;
    Statistics segmentStatistics(std::string_view hypothesis,
                                 const std::vector<std::string_view> &references) const override;
    double scoreFromStatistics(const Statistics &statistics) const override;
    /// The same, with add-k smoothing stored back into float32 counts as numpy does.
    double scoreFromFloat32Statistics(const Statistics &float32Sums) const override;

    /// The full BLEUScore of (summed) statistics.
    BleuScore compute(const Statistics &statistics) const;

    /// The tokens BLEU counts for one line: optional lowercasing, rstrip, then the tokenizer.
    std::u32string preprocess(std::string_view line) const;

    /// sacrebleu's BLEU.compute_bleu(): `correct` and `total` hold one entry per order
    /// (maxNgramOrder of them); `smoothValue` unset means the method's default. `float32Counts`:
    /// the counts are numpy float32 (significance.py), so add-k's sums round to float32.
    static BleuScore computeBleu(std::vector<double> correct, std::vector<double> total, long long sysLen,
                                 long long refLen, BleuSmoothing method, std::optional<double> smoothValue,
                                 bool effectiveOrder, int maxNgramOrder, bool float32Counts = false);

private:
    BleuOptions m_options;
};

}  // namespace gauntlet::metrics
