// The interface every corpus metric here shares, modelled on sacrebleu 2.6's `Metric`
// (sacrebleu/metrics/base.py): a segment is reduced to a fixed-length vector of sufficient
// statistics, corpus statistics are their element-wise sum in segment order, and the score is a
// function of the summed vector alone. Bootstrap and randomisation tests (significance.h) work on
// these vectors, so they never re-tokenize.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gauntlet::metrics {

/// Thrown for inputs a metric or statistic cannot be computed on (mismatched lengths, no data,
/// undefined statistics); what() says which input and why.
class MetricsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Sufficient statistics of one segment (or, summed, of a corpus).
using Statistics = std::vector<double>;

/// One text stream per reference: refStreams[k][i] is reference k of segment i (sacrebleu's
/// `refs` argument layout).
using ReferenceStreams = std::vector<std::vector<std::string>>;

/// A metric computed from sufficient statistics. Implementations are immutable after
/// construction, so one object can be used from several threads at once. Text is UTF-8; invalid
/// sequences read as U+FFFD (validate input files before, as `gauntlet score` does).
class Metric {
public:
    virtual ~Metric() = default;

    /// The score's name as sacrebleu prints it: "BLEU", "chrF2", "chrF2++", "TER".
    virtual std::string name() const = 0;
    /// sacrebleu's reproducibility signature for `nrefs` references, e.g.
    /// "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0" (version is the sacrebleu
    /// release whose results this implementation reproduces).
    virtual std::string signature(int nrefs) const = 0;
    /// Length of the statistics vectors this metric produces.
    virtual std::size_t statisticsSize() const = 0;
    /// Statistics of one hypothesis against one or more references (at least one).
    virtual Statistics segmentStatistics(std::string_view hypothesis,
                                         const std::vector<std::string_view> &references) const = 0;
    /// The 0-100 score of (summed) statistics.
    virtual double scoreFromStatistics(const Statistics &statistics) const = 0;
    /// The score sacrebleu's resampling tests get from float32 sums (sacrebleu/significance.py
    /// converts segment statistics to float32 before summing resamples): `float32Sums` holds
    /// float32 values; an operation between two of them rounds to float32, as numpy 1.x scalar
    /// arithmetic does, everything else is double. By default the same as scoreFromStatistics().
    virtual double scoreFromFloat32Statistics(const Statistics &float32Sums) const
    {
        return scoreFromStatistics(float32Sums);
    }
    /// True when a higher score is better (false for TER).
    virtual bool higherIsBetter() const { return true; }

    /// Statistics of every segment: hypotheses[i] against refStreams[k][i] for all k. Throws
    /// MetricsError when there is no reference stream or a stream's length differs.
    std::vector<Statistics> corpusStatistics(const std::vector<std::string> &hypotheses,
                                             const ReferenceStreams &refStreams) const;
    /// scoreFromStatistics(sumStatistics(corpusStatistics(...))).
    double corpusScore(const std::vector<std::string> &hypotheses, const ReferenceStreams &refStreams) const;
    /// The sentence-level score: the corpus score of a one-segment corpus.
    double sentenceScore(std::string_view hypothesis, const std::vector<std::string_view> &references) const;
};

/// Element-wise sum of statistics vectors, added in order (as sacrebleu's sum_of_lists, so float
/// statistics such as TER's average reference length sum to the same double). Throws MetricsError
/// for an empty list or vectors of different lengths.
Statistics sumStatistics(const std::vector<Statistics> &segments);

/// Python's "{:.Nf}" formatting of a double (correctly rounded; always a decimal point, whatever
/// the C locale), as sacrebleu uses for scores and the verbose BLEU part. 0 <= decimals <= 17.
std::string formatFixed(double value, int decimals);

}  // namespace gauntlet::metrics
