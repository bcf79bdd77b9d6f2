#include "engine/metrics/gini.h"

#include <algorithm>
#include <cmath>

namespace gauntlet::metrics {

double gini(const std::vector<double> &values)
{
    if (values.empty())
        throw MetricsError("Gini coefficient: no values");
    std::vector<double> sorted = values;
    for (double v : sorted) {
        if (!std::isfinite(v) || v < 0.0)
            throw MetricsError("Gini coefficient: values must be finite and non-negative");
    }
    std::sort(sorted.begin(), sorted.end());
    double sum = 0.0;
    double weighted = 0.0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        sum += sorted[i];
        weighted += static_cast<double>(i + 1) * sorted[i];
    }
    if (sum == 0.0)
        throw MetricsError("Gini coefficient: every value is zero, so the coefficient is undefined");
    const double n = static_cast<double>(sorted.size());
    return 2.0 * weighted / (n * sum) - (n + 1.0) / n;
}

double giniCorrected(const std::vector<double> &values)
{
    if (values.size() < 2)
        throw MetricsError("corrected Gini coefficient: needs at least two values");
    const double n = static_cast<double>(values.size());
    return gini(values) * n / (n - 1.0);
}

}  // namespace gauntlet::metrics
