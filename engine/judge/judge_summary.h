// Per-method summaries of the judges (issue 16's acceptance benchmark, `gauntlet
// evaluate-augmented`): the numbers of one text's JudgeReport, and means with 95% bootstrap
// intervals over the outputs of a method.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace gauntlet::judge {

/// The numbers of one text; NaN where the judge did not run.
struct JudgeNumbers {
    double completeParse;      ///< 1 if link-grammar found a complete parse, else 0
    double nullLinks;          ///< link-grammar's minimal null count (NaN on a timeout)
    double disjunctCost;       ///< link-grammar's disjunct cost of the best linkage
    double misspelledWords;    ///< words Hunspell rejects
    double unknownWords;       ///< words Apertium marks unknown in the forward translation (`pair`)
    double roundTripChrf;      ///< chrF2 of the round trip through `pair`, 0-100
};

/// From a JudgeReport's JSON (judges.h toJson). `pair`: the Apertium forward mode to read; empty =
/// the first in the report.
JudgeNumbers judgeNumbers(const nlohmann::json &report, const std::string &pair = {});

/// A mean with its 95% percentile bootstrap interval.
struct MeanInterval {
    double mean;   ///< NaN when no value is known
    double lower;  ///< sacrebleu's order statistics of 1000 resampled means (metrics/significance.h)
    double upper;
    int n;         ///< values that were not NaN
};

/// The mean of the values that are not NaN, and its bootstrap interval (1000 resamples of those
/// values with replacement, seed 12345; metrics::bootstrapConfidenceInterval over per-text scores).
/// One value: the interval is that value.
MeanInterval meanInterval(const std::vector<double> &values);

/// "mean [lower, upper]" with `decimals` decimals; "nan" when unknown.
std::string formatInterval(const MeanInterval &m, int decimals = 3);

nlohmann::json toJson(const MeanInterval &m);

}  // namespace gauntlet::judge
