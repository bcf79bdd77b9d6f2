#pragma once

#include <QString>

#include <stdexcept>

namespace gauntlet::translate {

/// A bad MT system or verifier configuration (empty name, malformed URL, timeout out of range,
/// unknown kind in stored JSON, ...). what() is one line that names the offending field.
class TranslateError : public std::runtime_error {
public:
    explicit TranslateError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace gauntlet::translate
