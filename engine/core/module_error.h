// The error class of an engine module (ato::AtoError, io::IoError, judge::JudgeError,
// train::TrainError, evaluate::EvaluateError, sampling::SamplingError), written once (issue 36)
// instead of once per module: each module's header names its class with an alias of ModuleError
// or QStringModuleError over a tag of its own, so every class is still a type of its own that a
// catch clause tells apart, and says there when the module throws it.
#pragma once

#include <QString>

#include <stdexcept>

namespace gauntlet::core {

/// The error of the module `Tag` names: a std::runtime_error built, as that one is, from a
/// std::string or a C string.
template <typename Tag>
class ModuleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The error of the module `Tag` names, for modules whose messages are QStrings: built from a
/// QString only (what() is its UTF-8).
template <typename Tag>
class QStringModuleError : public std::runtime_error {
public:
    explicit QStringModuleError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace gauntlet::core
