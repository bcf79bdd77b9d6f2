#pragma once

#include <QString>

#include <stdexcept>

namespace gauntlet::storage {

/// A project-store failure: the file cannot be opened, is not a Gauntlet project, is corrupt or
/// newer than this build, or a statement failed. what() is a complete one-line message that names
/// the file where there is one.
class StoreError : public std::runtime_error {
public:
    explicit StoreError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace gauntlet::storage
