#include "engine/metrics/special_functions.h"

#include <cmath>
#include <limits>

namespace gauntlet::metrics::detail {

namespace {

// Continued fraction for I_x(a, b), evaluated by the modified Lentz method.
double betaContinuedFraction(double a, double b, double x)
{
    constexpr int kMaxIterations = 10000;
    constexpr double kEpsilon = 1e-16;
    constexpr double kTiny = 1e-300;
    const double qab = a + b;
    const double qap = a + 1.0;
    const double qam = a - 1.0;
    double c = 1.0;
    double d = 1.0 - qab * x / qap;
    if (std::fabs(d) < kTiny)
        d = kTiny;
    d = 1.0 / d;
    double h = d;
    // One term of the fraction: updates c, d and h, returns the factor applied to h.
    auto step = [&](double aa) {
        d = 1.0 + aa * d;
        if (std::fabs(d) < kTiny)
            d = kTiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < kTiny)
            c = kTiny;
        d = 1.0 / d;
        h *= d * c;
        return d * c;
    };
    for (int m = 1; m <= kMaxIterations; ++m) {
        const double m2 = 2.0 * m;
        step(m * (b - m) * x / ((qam + m2) * (a + m2)));  // even term
        const double del = step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)));  // odd term
        if (std::fabs(del - 1.0) < kEpsilon)
            break;
    }
    return h;
}

}  // namespace

double regularizedIncompleteBeta(double a, double b, double x)
{
    if (std::isnan(x) || std::isnan(a) || std::isnan(b) || a <= 0.0 || b <= 0.0)
        return std::numeric_limits<double>::quiet_NaN();
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    const double logFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(logFront);
    // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry
    // I_x(a, b) = 1 - I_{1-x}(b, a) on the other side.
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1.0 - front * betaContinuedFraction(b, a, 1.0 - x) / b;
}

double studentTSurvival(double t, double dof)
{
    if (std::isnan(t) || !(dof > 0.0))
        return std::numeric_limits<double>::quiet_NaN();
    if (std::isinf(t))
        return t > 0 ? 0.0 : 1.0;
    const double tail = 0.5 * regularizedIncompleteBeta(dof / 2.0, 0.5, dof / (dof + t * t));
    return t > 0 ? tail : 1.0 - tail;
}

}  // namespace gauntlet::metrics::detail
