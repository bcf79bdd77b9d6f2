#include "engine/metrics/cohen_kappa.h"

namespace gauntlet::metrics {

double AgreementTable2x2::observedAgreement() const
{
    return n() > 0 ? double(agreements()) / n() : 0.0;
}

double AgreementTable2x2::expectedAgreement() const
{
    if (n() == 0)
        return 0.0;
    const double first = double(bothPositive + firstOnly) / n();
    const double second = double(bothPositive + secondOnly) / n();
    return first * second + (1.0 - first) * (1.0 - second);
}

std::optional<double> cohensKappa(const AgreementTable2x2 &table)
{
    if (table.n() == 0)
        return std::nullopt;
    const double pe = table.expectedAgreement();
    // p_e = 1 only when both raters put every item in one and the same category.
    if (pe >= 1.0 - 1e-12)
        return std::nullopt;
    return (table.observedAgreement() - pe) / (1.0 - pe);
}

}  // namespace gauntlet::metrics
