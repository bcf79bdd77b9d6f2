#pragma once

#include <QString>

namespace gauntlet::core {

/// The Gauntlet version, e.g. "0.1.0" (from the top-level CMake project version).
QString versionString();

}  // namespace gauntlet::core
