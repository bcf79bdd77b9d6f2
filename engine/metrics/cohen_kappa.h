// Cohen's kappa for two raters and a binary verdict (Cohen 1960, "A coefficient of agreement for
// nominal scales", Educational and Psychological Measurement 20(1)): kappa = (p_o - p_e) / (1 - p_e)
// with p_o the observed share of agreements and p_e the agreement expected from each rater's
// marginal shares. Plain C++17.
#pragma once

#include <optional>

namespace gauntlet::metrics {

/// The 2x2 table of two raters over the same items: rows the first rater, columns the second.
struct AgreementTable2x2 {
    int bothPositive = 0;    ///< first positive, second positive (e.g. both "pass")
    int firstOnly = 0;       ///< first positive, second negative
    int secondOnly = 0;      ///< first negative, second positive
    int bothNegative = 0;    ///< both negative
    int n() const { return bothPositive + firstOnly + secondOnly + bothNegative; }
    int agreements() const { return bothPositive + bothNegative; }
    /// p_o, 0 to 1; 0 when n() is 0.
    double observedAgreement() const;
    /// p_e = (p1 * p2) + (1 - p1)(1 - p2) with p1, p2 each rater's share of positives; 0 when n() is 0.
    double expectedAgreement() const;
};

/// Cohen's kappa, -1 to 1 (1: perfect agreement, 0: chance level). nullopt when it is undefined:
/// no items, or p_e = 1 (both raters gave one and the same category to every item; 0/0).
std::optional<double> cohensKappa(const AgreementTable2x2 &table);

}  // namespace gauntlet::metrics
