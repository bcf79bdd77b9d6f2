#pragma once

#include <QString>

#include <stdexcept>

namespace gauntlet::verify {

/// A verification rule or verifier that cannot be used (empty, over 500 characters, an invalid
/// regular expression, too many rules, a bad verifier prompt). what() is one line naming it.
class VerifyError : public std::runtime_error {
public:
    explicit VerifyError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace gauntlet::verify
