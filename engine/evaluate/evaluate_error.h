#pragma once

#include <QString>

#include <stdexcept>

namespace gauntlet::evaluate {

/// A campaign, answer, span, package or result file that cannot be used. what() is one line
/// naming the input and the reason.
class EvaluateError : public std::runtime_error {
public:
    explicit EvaluateError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace gauntlet::evaluate
