#include "engine/metrics/python_means.h"

#include "engine/metrics/metric.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace gauntlet::metrics {

namespace {

// A non-negative arbitrary-precision integer, 32-bit limbs, least significant first: just what an
// exact sum of doubles and one division by a count need.
class BigUnsigned {
public:
    // Adds value << shift.
    void addShifted(std::uint64_t value, std::size_t shift)
    {
        const std::size_t limb = shift / 32;
        const unsigned bit = shift % 32;
        // value << bit spans at most three limbs.
        const unsigned __int128 wide = static_cast<unsigned __int128>(value) << bit;
        std::uint64_t carry = 0;
        for (std::size_t i = 0; i < 3 || carry != 0; ++i) {
            if (m_limbs.size() <= limb + i)
                m_limbs.resize(limb + i + 1, 0);
            const std::uint64_t part = i < 3 ? static_cast<std::uint32_t>(wide >> (32 * i)) : 0;
            const std::uint64_t sum = static_cast<std::uint64_t>(m_limbs[limb + i]) + part + carry;
            m_limbs[limb + i] = static_cast<std::uint32_t>(sum);
            carry = sum >> 32;
        }
        trim();
    }

    void shiftLeft(std::size_t bits)
    {
        BigUnsigned shifted;
        for (std::size_t i = 0; i < m_limbs.size(); ++i)
            shifted.addShifted(m_limbs[i], 32 * i + bits);
        *this = shifted;
    }

    // Divides in place by d >= 1 and returns the remainder.
    std::uint32_t divide(std::uint32_t d)
    {
        std::uint64_t rem = 0;
        for (std::size_t i = m_limbs.size(); i-- > 0;) {
            const std::uint64_t cur = (rem << 32) | m_limbs[i];
            m_limbs[i] = static_cast<std::uint32_t>(cur / d);
            rem = cur % d;
        }
        trim();
        return static_cast<std::uint32_t>(rem);
    }

    std::size_t bitLength() const
    {
        if (m_limbs.empty())
            return 0;
        std::size_t bits = 32 * (m_limbs.size() - 1);
        for (std::uint32_t top = m_limbs.back(); top != 0; top >>= 1)
            ++bits;
        return bits;
    }

    bool bit(std::size_t i) const
    {
        const std::size_t limb = i / 32;
        return limb < m_limbs.size() && ((m_limbs[limb] >> (i % 32)) & 1U) != 0;
    }

    // True when any bit below `i` is set.
    bool anyBelow(std::size_t i) const
    {
        for (std::size_t b = 0; b < i; ++b)
            if (bit(b))
                return true;
        return false;
    }

private:
    std::vector<std::uint32_t> m_limbs;

    void trim()
    {
        while (!m_limbs.empty() && m_limbs.back() == 0)
            m_limbs.pop_back();
    }
};

}  // namespace

double pythonStatisticsMean(const std::vector<double> &values)
{
    if (values.empty())
        throw MetricsError("statistics.mean: no values");
    if (values.size() > std::numeric_limits<std::uint32_t>::max())
        throw MetricsError("statistics.mean: too many values");
    // Each value as mantissa * 2^exponent with a 53-bit integer mantissa.
    int minExponent = std::numeric_limits<int>::max();
    std::vector<std::pair<std::uint64_t, int>> parts;
    for (double v : values) {
        if (!std::isfinite(v) || v < 0.0)
            throw MetricsError("statistics.mean: expects finite non-negative values");
        if (v == 0.0)
            continue;
        int e = 0;
        const double fraction = std::frexp(v, &e);  // v = fraction * 2^e, 0.5 <= fraction < 1
        const auto mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
        parts.emplace_back(mantissa, e - 53);
        minExponent = std::min(minExponent, e - 53);
    }
    if (parts.empty())
        return 0.0;
    BigUnsigned sum;
    for (const auto &[mantissa, exponent] : parts)
        sum.addShifted(mantissa, static_cast<std::size_t>(exponent - minExponent));

    // quotient = floor(sum * 2^k / n) with at least 55 bits, so the rounding bit and the sticky
    // bit (the remainder and the bits below the rounding bit) decide the correctly rounded result.
    const auto n = static_cast<std::uint32_t>(values.size());
    std::size_t nBits = 0;
    for (std::uint32_t t = n; t != 0; t >>= 1)
        ++nBits;
    const std::size_t k = 56 + nBits;
    sum.shiftLeft(k);
    const bool remainder = sum.divide(n) != 0;
    const std::size_t length = sum.bitLength();
    const std::size_t drop = length - 53;
    std::uint64_t mantissa = 0;
    for (std::size_t b = 0; b < 53; ++b)
        mantissa |= static_cast<std::uint64_t>(sum.bit(drop + b)) << b;
    const bool roundBit = sum.bit(drop - 1);
    const bool sticky = remainder || sum.anyBelow(drop - 1);
    if (roundBit && (sticky || (mantissa & 1U) != 0))
        ++mantissa;  // a carry to 2^53 is still exact in a double
    return std::ldexp(static_cast<double>(mantissa),
                      static_cast<int>(drop) + minExponent - static_cast<int>(k));
}

double numpyPairwiseSum(const double *a, std::size_t n)
{
    if (n < 8) {
        double res = 0.0;
        for (std::size_t i = 0; i < n; ++i)
            res += a[i];
        return res;
    }
    if (n <= 128) {  // PW_BLOCKSIZE
        double r[8];
        for (std::size_t j = 0; j < 8; ++j)
            r[j] = a[j];
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8)
            for (std::size_t j = 0; j < 8; ++j)
                r[j] += a[i + j];
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i)
            res += a[i];
        return res;
    }
    std::size_t n2 = n / 2;
    n2 -= n2 % 8;
    return numpyPairwiseSum(a, n2) + numpyPairwiseSum(a + n2, n - n2);
}

double numpyMean(const std::vector<double> &values)
{
    if (values.empty())
        throw MetricsError("numpy mean: no values");
    return (0.0 + numpyPairwiseSum(values.data(), values.size())) / static_cast<double>(values.size());
}

}  // namespace gauntlet::metrics
