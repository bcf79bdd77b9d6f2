#include "engine/metrics/krippendorff.h"

#include "engine/core/enum_names.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace gauntlet::metrics {

namespace {

using Units = std::vector<std::vector<double>>;  // the values of each unit, missing ones left out

// The units of matrix-layout data (data[coder][unit]); NaN is missing, infinity an error.
Units unitsOfMatrix(const std::vector<std::vector<double>> &data)
{
    std::size_t nUnits = 0;
    for (const auto &row : data)
        nUnits = std::max(nUnits, row.size());
    Units units(nUnits);
    for (std::size_t c = 0; c < data.size(); ++c) {
        for (std::size_t u = 0; u < data[c].size(); ++u) {
            const double v = data[c][u];
            if (std::isnan(v))
                continue;
            if (std::isinf(v))
                throw MetricsError("Krippendorff's alpha: infinite value for coder " + std::to_string(c + 1)
                                   + ", unit " + std::to_string(u + 1));
            units[u].push_back(v);
        }
    }
    return units;
}

// The units of long-form ratings, in order of first appearance.
Units unitsOfRatings(const std::vector<Rating> &ratings)
{
    std::unordered_map<std::string, std::size_t> unitIndex;
    std::set<std::pair<std::string, std::string>> seen;
    Units units;
    for (const Rating &r : ratings) {
        if (!std::isfinite(r.value))
            throw MetricsError("Krippendorff's alpha: non-finite value for unit \"" + r.unit + "\", coder \""
                               + r.coder + "\"");
        if (!seen.emplace(r.unit, r.coder).second)
            throw MetricsError("Krippendorff's alpha: coder \"" + r.coder + "\" rated unit \"" + r.unit + "\" twice");
        const auto [it, inserted] = unitIndex.emplace(r.unit, units.size());
        if (inserted)
            units.emplace_back();
        units[it->second].push_back(r.value);
    }
    return units;
}

// Keeps the pairable units (two or more values) and checks that alpha is defined.
Units pairableUnits(Units units, std::size_t &n)
{
    units.erase(std::remove_if(units.begin(), units.end(), [](const auto &u) { return u.size() < 2; }), units.end());
    n = 0;
    double lo = INFINITY, hi = -INFINITY;
    for (const auto &u : units) {
        n += u.size();
        for (double v : u)
            lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (n < 2)
        throw MetricsError("Krippendorff's alpha: no pairable values (every unit has fewer than two values)");
    if (lo == hi)
        throw MetricsError("Krippendorff's alpha is undefined: every pairable value is the same (no variation)");
    return units;
}

double sumSquaredDeviations(const std::vector<double> &values)
{
    double mean = 0.0;
    for (double v : values)
        mean += v;
    mean /= static_cast<double>(values.size());
    double ss = 0.0;
    for (double v : values)
        ss += (v - mean) * (v - mean);
    return ss;
}

// The difference function delta^2 over indices into the sorted value domain.
class Difference {
public:
    Difference(MeasurementLevel level, const std::vector<double> &values, const std::vector<double> &marginals)
        : m_level(level)
        , m_values(values)
        , m_marginals(marginals)
        , m_prefix(marginals.size() + 1, 0.0)
    {
        for (std::size_t g = 0; g < marginals.size(); ++g)
            m_prefix[g + 1] = m_prefix[g] + marginals[g];
    }

    double operator()(std::size_t c, std::size_t k) const
    {
        if (c == k)
            return 0.0;
        const double vc = m_values[c];
        const double vk = m_values[k];
        switch (m_level) {
        case MeasurementLevel::Nominal:
            return 1.0;
        case MeasurementLevel::Ordinal: {
            const std::size_t lo = std::min(c, k), hi = std::max(c, k);
            const double d = (m_prefix[hi + 1] - m_prefix[lo]) - (m_marginals[lo] + m_marginals[hi]) / 2.0;
            return d * d;
        }
        case MeasurementLevel::Interval:
            return (vc - vk) * (vc - vk);
        case MeasurementLevel::Ratio: {
            const double s = vc + vk;
            if (s == 0.0)
                return 0.0;
            const double d = (vc - vk) / s;
            return d * d;
        }
        }
        return 0.0;
    }

private:
    MeasurementLevel m_level;
    const std::vector<double> &m_values;
    const std::vector<double> &m_marginals;
    std::vector<double> m_prefix;
};

// The value domain and, per unit, its (value index, count) pairs.
struct DomainCounts {
    std::vector<double> values;
    std::vector<double> marginals;
    std::vector<std::vector<std::pair<std::size_t, double>>> perUnit;
};

DomainCounts countValues(const Units &units)
{
    DomainCounts d;
    for (const auto &u : units)
        d.values.insert(d.values.end(), u.begin(), u.end());
    std::sort(d.values.begin(), d.values.end());
    d.values.erase(std::unique(d.values.begin(), d.values.end()), d.values.end());
    d.marginals.assign(d.values.size(), 0.0);
    for (const auto &u : units) {
        std::map<std::size_t, double> counts;
        for (double v : u) {
            const auto idx = static_cast<std::size_t>(std::lower_bound(d.values.begin(), d.values.end(), v) - d.values.begin());
            counts[idx] += 1.0;
            d.marginals[idx] += 1.0;
        }
        d.perUnit.emplace_back(counts.begin(), counts.end());
    }
    return d;
}

AlphaResult alphaOfUnits(Units units, MeasurementLevel level)
{
    std::size_t n = 0;
    units = pairableUnits(std::move(units), n);
    const double nd = static_cast<double>(n);
    // Sums over ordered pairs of values: observed within units (each unit weighted 1 / (m_u - 1)),
    // expected over all pairable values.
    double observedSum = 0.0;
    double expectedSum = 0.0;
    if (level == MeasurementLevel::Interval) {
        // sum_{i,j} (v_i - v_j)^2 = 2 m sum_i (v_i - mean)^2: linear time for continuous scores.
        std::vector<double> all;
        all.reserve(n);
        for (const auto &u : units) {
            const double m = static_cast<double>(u.size());
            observedSum += 2.0 * m * sumSquaredDeviations(u) / (m - 1.0);
            all.insert(all.end(), u.begin(), u.end());
        }
        expectedSum = 2.0 * nd * sumSquaredDeviations(all);
    } else {
        const DomainCounts d = countValues(units);
        const Difference delta(level, d.values, d.marginals);
        for (std::size_t u = 0; u < units.size(); ++u) {
            const auto &counts = d.perUnit[u];
            double s = 0.0;
            for (const auto &[c, nc] : counts)
                for (const auto &[k, nk] : counts)
                    s += nc * nk * delta(c, k);
            observedSum += s / (static_cast<double>(units[u].size()) - 1.0);
        }
        for (std::size_t c = 0; c < d.values.size(); ++c)
            for (std::size_t k = 0; k < d.values.size(); ++k)
                expectedSum += d.marginals[c] * d.marginals[k] * delta(c, k);
    }
    AlphaResult r;
    r.pairableValues = n;
    r.pairableUnits = units.size();
    r.observedDisagreement = observedSum / nd;
    r.expectedDisagreement = expectedSum / (nd * (nd - 1.0));
    if (!(r.expectedDisagreement > 0.0))
        throw MetricsError("Krippendorff's alpha is undefined: no expected disagreement (no variation)");
    r.alpha = 1.0 - r.observedDisagreement / r.expectedDisagreement;
    return r;
}

// z-normalises one coder's scores in place; false when the deviation is zero or undefined.
bool zNormalise(std::vector<double *> &scores, StdDev stdDev)
{
    const double m = static_cast<double>(scores.size());
    if (scores.empty() || (stdDev == StdDev::Sample && scores.size() < 2))
        return false;
    double mean = 0.0;
    for (double *v : scores)
        mean += *v;
    mean /= m;
    double ss = 0.0;
    for (double *v : scores)
        ss += (*v - mean) * (*v - mean);
    const double sd = std::sqrt(ss / (stdDev == StdDev::Sample ? m - 1.0 : m));
    if (!(sd > 0.0))
        return false;
    for (double *v : scores)
        *v = (*v - mean) / sd;
    return true;
}

}  // namespace

AlphaResult krippendorffAlpha(const std::vector<std::vector<double>> &data, MeasurementLevel level)
{
    return alphaOfUnits(unitsOfMatrix(data), level);
}

AlphaResult krippendorffAlpha(const std::vector<Rating> &ratings, MeasurementLevel level)
{
    return alphaOfUnits(unitsOfRatings(ratings), level);
}

CoincidenceMatrix coincidenceMatrix(const std::vector<std::vector<double>> &data)
{
    Units units = unitsOfMatrix(data);
    units.erase(std::remove_if(units.begin(), units.end(), [](const auto &u) { return u.size() < 2; }), units.end());
    if (units.empty())
        throw MetricsError("coincidence matrix: no pairable values (every unit has fewer than two values)");
    const DomainCounts d = countValues(units);
    CoincidenceMatrix m;
    m.values = d.values;
    m.marginals = d.marginals;
    m.counts.assign(d.values.size(), std::vector<double>(d.values.size(), 0.0));
    for (std::size_t u = 0; u < units.size(); ++u) {
        const double weight = 1.0 / (static_cast<double>(units[u].size()) - 1.0);
        for (const auto &[c, nc] : d.perUnit[u])
            for (const auto &[k, nk] : d.perUnit[u])
                m.counts[c][k] += (c == k ? nc * (nc - 1.0) : nc * nk) * weight;
    }
    for (double nc : m.marginals)
        m.total += nc;
    return m;
}

AlphaResult relativeAlpha(const std::vector<Rating> &ratings, RelativeAlphaOptions options)
{
    std::vector<Rating> z = ratings;
    std::map<std::string, std::vector<double *>> byCoder;
    for (Rating &r : z) {
        if (!std::isfinite(r.value))
            throw MetricsError("relative alpha: non-finite value for unit \"" + r.unit + "\", coder \"" + r.coder + "\"");
        byCoder[r.coder].push_back(&r.value);
    }
    std::set<std::string> dropped;
    for (auto &[coder, scores] : byCoder) {
        if (zNormalise(scores, options.stdDev))
            continue;
        if (!options.dropConstantCoders)
            throw MetricsError("relative alpha: coder \"" + coder
                               + "\" has no score variation, so the scores cannot be z-normalised");
        dropped.insert(coder);
    }
    if (!dropped.empty())
        z.erase(std::remove_if(z.begin(), z.end(), [&](const Rating &r) { return dropped.count(r.coder) > 0; }), z.end());
    return krippendorffAlpha(z, MeasurementLevel::Interval);
}

AlphaResult relativeAlpha(const std::vector<std::vector<double>> &data, RelativeAlphaOptions options)
{
    std::vector<Rating> ratings;
    for (std::size_t c = 0; c < data.size(); ++c) {
        for (std::size_t u = 0; u < data[c].size(); ++u) {
            if (!std::isnan(data[c][u]))
                ratings.push_back({std::to_string(u), std::to_string(c + 1), data[c][u]});
        }
    }
    return relativeAlpha(ratings, options);
}

const core::EnumName<MeasurementLevel> LevelNames[] = {{MeasurementLevel::Nominal, "nominal"}, {MeasurementLevel::Ordinal, "ordinal"},
                                                       {MeasurementLevel::Interval, "interval"}, {MeasurementLevel::Ratio, "ratio"}};

MeasurementLevel measurementLevelFromString(const std::string &name)
{
    return core::enumFromNameOrThrow(LevelNames, name, [&] {
        return MetricsError("unknown level of measurement \"" + name + "\" (nominal, ordinal, interval or ratio)");
    });
}

const char *measurementLevelName(MeasurementLevel level)
{
    return core::enumNameOrLast(LevelNames, level);
}

}  // namespace gauntlet::metrics
