// chrF and chrF++ (Popović 2015, 2017) exactly as sacrebleu 2.6 computes them
// (sacrebleu/metrics/chrf.py, helpers.py): character n-grams over code points with whitespace
// removed (Python's str.split() whitespace, so NBSP and U+202F vanish too), optional word
// n-grams after sacrebleu's punctuation split, the best reference by sentence F-score, and
// either sacrebleu's effective-order averaging (default) or chrF++.py's epsilon smoothing.
#pragma once

#include "engine/metrics/metric.h"

namespace gauntlet::metrics {

/// sacrebleu.CHRF's constructor arguments, with its defaults (chrF2). wordOrder 2 is chrF++.
struct ChrfOptions {
    int charOrder = 6;          ///< character n-gram order
    int wordOrder = 0;          ///< word n-gram order (2 for chrF++)
    int beta = 2;               ///< recall weight
    bool lowercase = false;     ///< lowercase with Python's str.lower() first
    bool whitespace = false;    ///< keep whitespace inside character n-grams
    bool epsSmoothing = false;  ///< chrF++.py / NLTK / Moses epsilon smoothing instead of effective order
};

/// sacrebleu.CHRF. Statistics layout (sacrebleu's): for each order, character orders 1..charOrder
/// then word orders 1..wordOrder, the triple [hypothesis n-grams, reference n-grams, matches].
class Chrf final : public Metric {
public:
    /// Throws MetricsError when charOrder < 0, wordOrder < 0, both are 0, or beta < 0.
    explicit Chrf(ChrfOptions options = {});

    const ChrfOptions &options() const { return m_options; }

    /// "chrF" + beta + one '+' per word order: "chrF2", "chrF2++".
    std::string name() const override;
    std::string signature(int nrefs) const override;
    std::size_t statisticsSize() const override;
    Statistics segmentStatistics(std::string_view hypothesis,
                                 const std::vector<std::string_view> &references) const override;
    /// CHRF._compute_f_score of (summed) statistics.
    double scoreFromStatistics(const Statistics &statistics) const override;
    /// The same with n_match / n_hyp and n_match / n_ref divided in float32.
    double scoreFromFloat32Statistics(const Statistics &float32Sums) const override;

private:
    ChrfOptions m_options;

    template<typename Ratio>
    double fScore(const Statistics &statistics) const;
};

}  // namespace gauntlet::metrics
