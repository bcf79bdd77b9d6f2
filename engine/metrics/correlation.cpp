#include "engine/metrics/correlation.h"

#include "engine/metrics/python_means.h"
#include "engine/metrics/special_functions.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>
#include <numeric>

namespace gauntlet::metrics {

namespace {

void checkPairs(const std::vector<double> &x, const std::vector<double> &y, const char *what)
{
    if (x.size() != y.size())
        throw MetricsError(std::string(what) + ": x has " + std::to_string(x.size()) + " values but y has "
                           + std::to_string(y.size()));
    if (x.size() < 2)
        throw MetricsError(std::string(what) + ": needs at least two pairs");
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i]))
            throw MetricsError(std::string(what) + ": non-finite value in pair " + std::to_string(i + 1));
    }
    const auto constant = [](const std::vector<double> &v) {
        return std::all_of(v.begin(), v.end(), [&](double a) { return a == v.front(); });
    };
    if (constant(x) || constant(y))
        throw MetricsError(std::string(what) + ": " + (constant(x) ? "x" : "y")
                           + " is constant, so the correlation is undefined");
}

// Pearson's r of already checked vectors (scipy.stats.pearsonr: centre, normalise, dot).
double pearsonCoefficient(const std::vector<double> &x, const std::vector<double> &y)
{
    const double n = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxx = 0.0, syy = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    const double nx = std::sqrt(sxx);
    const double ny = std::sqrt(syy);
    double r = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i)
        r += ((x[i] - mx) / nx) * ((y[i] - my) / ny);
    return std::clamp(r, -1.0, 1.0);
}

// Counts pairs i < j with v[i] > v[j] by merge sort (sorts v).
long long countInversions(std::vector<double> &v, std::vector<double> &buffer, std::size_t lo, std::size_t hi)
{
    if (hi - lo < 2)
        return 0;
    const std::size_t mid = lo + (hi - lo) / 2;
    long long count = countInversions(v, buffer, lo, mid) + countInversions(v, buffer, mid, hi);
    std::size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (v[j] < v[i]) {
            count += static_cast<long long>(mid - i);  // v[j] is smaller than every v[i..mid)
            buffer[k++] = v[j++];
        } else {
            buffer[k++] = v[i++];
        }
    }
    while (i < mid)
        buffer[k++] = v[i++];
    while (j < hi)
        buffer[k++] = v[j++];
    std::copy(buffer.begin() + static_cast<std::ptrdiff_t>(lo), buffer.begin() + static_cast<std::ptrdiff_t>(hi),
              v.begin() + static_cast<std::ptrdiff_t>(lo));
    return count;
}

// Tie statistics of sorted values: sum t(t-1)/2, sum t(t-1)(t-2), sum t(t-1)(2t+5) over tie groups.
struct Ties {
    long long pairs = 0;
    double v0 = 0.0;
    double v1 = 0.0;
};

template<typename Equal>
Ties tieStatistics(std::size_t n, Equal equal)
{
    Ties t;
    std::size_t start = 0;
    for (std::size_t i = 1; i <= n; ++i) {
        if (i < n && equal(i - 1, i))
            continue;
        const auto c = static_cast<long long>(i - start);
        if (c > 1) {
            const double cd = static_cast<double>(c);
            t.pairs += c * (c - 1) / 2;
            t.v0 += cd * (cd - 1.0) * (cd - 2.0);
            t.v1 += cd * (cd - 1.0) * (2.0 * cd + 5.0);
        }
        start = i;
    }
    return t;
}

// math.factorial(n) converted to a double as Python converts an int (correctly rounded, ties to
// even): the exact product in 32-bit limbs, then its top bits.
double factorialAsDouble(int n)
{
    std::vector<std::uint32_t> limbs{1};
    for (int k = 2; k <= n; ++k) {
        std::uint64_t carry = 0;
        for (auto &limb : limbs) {
            const std::uint64_t product = static_cast<std::uint64_t>(limb) * static_cast<std::uint64_t>(k) + carry;
            limb = static_cast<std::uint32_t>(product);
            carry = product >> 32;
        }
        if (carry)
            limbs.push_back(static_cast<std::uint32_t>(carry));
    }
    std::size_t bits = 32 * (limbs.size() - 1);
    for (std::uint32_t top = limbs.back(); top != 0; top >>= 1)
        ++bits;
    auto bit = [&](std::size_t i) { return (limbs[i / 32] >> (i % 32)) & 1U; };
    if (bits <= 53) {
        double v = 0.0;
        for (std::size_t i = bits; i-- > 0;)
            v = 2.0 * v + bit(i);
        return v;
    }
    const std::size_t drop = bits - 53;
    std::uint64_t mantissa = 0;
    for (std::size_t b = 0; b < 53; ++b)
        mantissa |= static_cast<std::uint64_t>(bit(drop + b)) << b;
    bool sticky = false;
    for (std::size_t b = 0; b + 1 < drop; ++b)
        sticky = sticky || bit(b) != 0;
    if (bit(drop - 1) && (sticky || (mantissa & 1U) != 0))
        ++mantissa;
    return std::ldexp(static_cast<double>(mantissa), static_cast<int>(drop));
}

}  // namespace

double kendallExactPValue(std::size_t n, long long discordant)
{
    const auto total = static_cast<long long>(n * (n - 1) / 2);
    if (n == 0 || discordant < 0 || discordant > total)
        throw MetricsError("Kendall's exact p-value: needs n >= 1 and 0 <= discordant pairs <= n(n-1)/2");
    // scipy.stats._mstats_basic._kendall_p_exact(n, tot - dis), two-sided, operation for operation.
    const long long c = std::min(discordant, total - discordant);
    const auto size = static_cast<long long>(n);
    double prob;
    if (n <= 2) {
        prob = 1.0;
    } else if (c == 0) {
        prob = n < 171 ? 2.0 / factorialAsDouble(int(n)) : 0.0;
    } else if (c == 1) {
        prob = n < 172 ? 2.0 / factorialAsDouble(int(n) - 1) : 0.0;
    } else if (4 * c == size * (size - 1)) {
        prob = 1.0;
    } else if (n < 171) {
        // new[k]: the number of permutations of j elements with k inversions, k <= c (Kendall
        // 1970, "Rank Correlation Methods", 4th ed.), by cumulative sums.
        const auto width = static_cast<std::size_t>(c + 1);
        std::vector<double> counts(width, 0.0), previous(width);
        counts[0] = counts[1] = 1.0;
        for (long long j = 3; j <= size; ++j) {
            for (std::size_t k = 1; k < width; ++k)
                counts[k] += counts[k - 1];
            if (j <= c) {
                previous = counts;
                for (std::size_t k = static_cast<std::size_t>(j); k < width; ++k)
                    counts[k] -= previous[k - static_cast<std::size_t>(j)];
            }
        }
        prob = 2.0 * numpyPairwiseSum(counts.data(), counts.size()) / factorialAsDouble(int(n));  // np.sum, as scipy
    } else {
        // scipy's n >= 171 branch, reached only with c <= 1, handled above.
        prob = 0.0;
    }
    return std::clamp(prob, 0.0, 1.0);
}

std::vector<double> averageRanks(const std::vector<double> &values)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    std::size_t i = 0;
    while (i < order.size()) {
        std::size_t j = i + 1;
        while (j < order.size() && values[order[j]] == values[order[i]])
            ++j;
        const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;  // mean of ranks i+1..j
        for (std::size_t k = i; k < j; ++k)
            ranks[order[k]] = rank;
        i = j;
    }
    return ranks;
}

Correlation pearson(const std::vector<double> &x, const std::vector<double> &y)
{
    checkPairs(x, y, "Pearson correlation");
    Correlation c;
    c.n = x.size();
    c.coefficient = pearsonCoefficient(x, y);
    if (c.n == 2) {
        c.pValue = 1.0;
    } else {
        const double ab = static_cast<double>(c.n) / 2.0 - 1.0;
        c.pValue = std::min(1.0, 2.0 * detail::regularizedIncompleteBeta(ab, ab, (1.0 - std::fabs(c.coefficient)) / 2.0));
    }
    return c;
}

Correlation spearman(const std::vector<double> &x, const std::vector<double> &y)
{
    checkPairs(x, y, "Spearman correlation");
    Correlation c;
    c.n = x.size();
    const double rs = pearsonCoefficient(averageRanks(x), averageRanks(y));
    c.coefficient = rs;
    const double dof = static_cast<double>(c.n) - 2.0;
    if (dof <= 0.0) {
        c.pValue = std::numeric_limits<double>::quiet_NaN();
        return c;
    }
    const double t = rs * std::sqrt(std::max(0.0, dof / ((rs + 1.0) * (1.0 - rs))));
    c.pValue = std::min(1.0, 2.0 * detail::studentTSurvival(std::fabs(t), dof));
    return c;
}

Correlation kendallTauB(const std::vector<double> &x, const std::vector<double> &y)
{
    checkPairs(x, y, "Kendall's tau-b");
    const std::size_t n = x.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return x[a] < x[b] || (x[a] == x[b] && y[a] < y[b]);
    });
    const Ties xt = tieStatistics(n, [&](std::size_t a, std::size_t b) { return x[order[a]] == x[order[b]]; });
    const Ties joint = tieStatistics(n, [&](std::size_t a, std::size_t b) {
        return x[order[a]] == x[order[b]] && y[order[a]] == y[order[b]];
    });
    std::vector<double> ySequence(n);
    for (std::size_t i = 0; i < n; ++i)
        ySequence[i] = y[order[i]];
    // Sorted by x then y, a pair i < j is discordant exactly when y_i > y_j (ties in x are
    // ascending in y, so they never count).
    std::vector<double> buffer(n);
    const long long discordant = countInversions(ySequence, buffer, 0, n);
    // ySequence is now sorted: the ties in y.
    const Ties yt = tieStatistics(n, [&](std::size_t a, std::size_t b) { return ySequence[a] == ySequence[b]; });

    const auto total = static_cast<long long>(n * (n - 1) / 2);
    const long long conMinusDis = total - xt.pairs - yt.pairs + joint.pairs - 2 * discordant;
    Correlation c;
    c.n = n;
    c.coefficient = static_cast<double>(conMinusDis) / std::sqrt(static_cast<double>(total - xt.pairs))
        / std::sqrt(static_cast<double>(total - yt.pairs));
    c.coefficient = std::clamp(c.coefficient, -1.0, 1.0);

    const double size = static_cast<double>(n);
    const double m = size * (size - 1.0);
    const double var = (m * (2.0 * size + 5.0) - xt.v1 - yt.v1) / 18.0
        + (2.0 * static_cast<double>(xt.pairs) * static_cast<double>(yt.pairs)) / m
        + xt.v0 * yt.v0 / (9.0 * m * (size - 2.0));
    // scipy's method='auto': the exact null distribution without ties when n <= 33 or at most
    // one pair is discordant (or concordant); the normal approximation otherwise.
    const long long tiesX = xt.pairs;
    const long long tiesY = yt.pairs;
    if (tiesX == 0 && tiesY == 0 && (n <= 33 || std::min(discordant, total - discordant) <= 1)) {
        c.exactPValue = true;
        c.pValue = kendallExactPValue(n, discordant);
        return c;
    }
    const double z = static_cast<double>(conMinusDis) / std::sqrt(var);
    c.pValue = std::erfc(std::fabs(z) / std::sqrt(2.0));
    return c;
}

}  // namespace gauntlet::metrics
