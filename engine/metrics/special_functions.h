// Distribution tails needed by the p-values in correlation.h and significance.h. Internal to
// engine/metrics.
#pragma once

namespace gauntlet::metrics::detail {

/// The regularised incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1, by Lentz's
/// continued fraction (Press et al., Numerical Recipes, 3rd ed., section 6.4); relative error
/// about 1e-15.
double regularizedIncompleteBeta(double a, double b, double x);

/// Upper tail P(T > t) of Student's t with `dof` degrees of freedom (dof > 0).
double studentTSurvival(double t, double dof);

}  // namespace gauntlet::metrics::detail
