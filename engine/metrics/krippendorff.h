// Krippendorff's alpha reliability coefficient for any number of coders, missing values and the
// nominal, ordinal, interval and ratio metrics, computed through the coincidence matrix as in
// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", and "relative" alpha: interval
// alpha on per-coder z-normalised scores (used for ESA/DA ratings, where coders differ in scale
// use).
//
// Degenerate data (documented behaviour, each a MetricsError with a message saying which):
//  - units with fewer than two values are not pairable and are dropped (Krippendorff 2011);
//  - fewer than two pairable values in total: error ("no pairable values");
//  - every pairable value equal (expected disagreement 0, alpha = 0/0): error ("no variation");
//  - a coder rating one unit twice (long form): error naming unit and coder;
//  - relative alpha: a coder whose scores have zero (or, with the sample deviation, undefined)
//    standard deviation cannot be z-normalised: error naming the coder, unless
//    `dropConstantCoders` is set, which then leaves that coder's values out.
// Non-finite values (NaN) in the matrix form mean "missing"; infinities are an error.
#pragma once

#include "engine/metrics/metric.h"

#include <string>
#include <vector>

namespace gauntlet::metrics {

/// Level of measurement: chooses the difference function delta^2 (Krippendorff 2011, section E).
enum class MeasurementLevel {
    Nominal,   ///< 0 for equal values, 1 otherwise
    Ordinal,   ///< (sum_{g=c..k} n_g - (n_c + n_k)/2)^2 over the ranks of the values present
    Interval,  ///< (c - k)^2
    Ratio,     ///< ((c - k) / (c + k))^2, 0 when c + k = 0
};

/// One rating in long form: coder `coder` gave `value` to unit `unit`.
struct Rating {
    std::string unit;
    std::string coder;
    double value = 0.0;
};

/// The coincidence matrix o_ck over the sorted distinct values (Krippendorff 2011, section B):
/// o_ck = sum over pairable units u of (number of c-k pairs in u) / (m_u - 1).
struct CoincidenceMatrix {
    std::vector<double> values;               ///< the value domain, ascending
    std::vector<std::vector<double>> counts;  ///< counts[c][k] = o_ck, symmetric
    std::vector<double> marginals;            ///< n_c = sum_k o_ck
    double total = 0.0;                       ///< n, the number of pairable values
};

/// Alpha and its parts: alpha = 1 - D_o / D_e.
struct AlphaResult {
    double alpha = 0.0;
    double observedDisagreement = 0.0;  ///< D_o
    double expectedDisagreement = 0.0;  ///< D_e
    std::size_t pairableValues = 0;     ///< n
    std::size_t pairableUnits = 0;      ///< units with two or more values
};

/// Alpha of reliability data in Krippendorff's matrix layout: data[coder][unit], NaN = missing;
/// rows may differ in length (absent cells are missing). Throws MetricsError as described above.
/// Cost: O(number of values) for interval; O(V^2) in the number V of distinct values otherwise.
AlphaResult krippendorffAlpha(const std::vector<std::vector<double>> &data, MeasurementLevel level);

/// Alpha of long-form ratings (unit and coder names are free text).
AlphaResult krippendorffAlpha(const std::vector<Rating> &ratings, MeasurementLevel level);

/// The coincidence matrix of matrix-layout data (same conventions as krippendorffAlpha). Throws
/// MetricsError when no unit is pairable.
CoincidenceMatrix coincidenceMatrix(const std::vector<std::vector<double>> &data);

/// How relativeAlpha() estimates each coder's standard deviation.
enum class StdDev {
    Population,  ///< divide by n (numpy's default, ddof = 0)
    Sample,      ///< divide by n - 1 (ddof = 1)
};

/// Options of relativeAlpha().
struct RelativeAlphaOptions {
    StdDev stdDev = StdDev::Population;
    bool dropConstantCoders = false;  ///< leave out coders whose scores cannot be z-normalised
};

/// "Relative" alpha: every coder's scores are z-normalised over all the units that coder rated
/// (z = (x - mean) / sd), then interval alpha is computed on the z-scores.
AlphaResult relativeAlpha(const std::vector<Rating> &ratings, RelativeAlphaOptions options = {});

/// The same for matrix-layout data (each row is one coder).
AlphaResult relativeAlpha(const std::vector<std::vector<double>> &data, RelativeAlphaOptions options = {});

/// Parses "nominal", "ordinal", "interval", "ratio"; throws MetricsError otherwise.
MeasurementLevel measurementLevelFromString(const std::string &name);
/// The name measurementLevelFromString reads: "nominal", "ordinal", "interval", "ratio".
const char *measurementLevelName(MeasurementLevel level);

}  // namespace gauntlet::metrics
