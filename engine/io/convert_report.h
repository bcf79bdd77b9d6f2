// What `gauntlet convert` wrote (engine/io/convert.h), with no libtorch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gauntlet::io {

/// The result of convertToSafetensors.
struct ConvertReport {
    int64_t tensors = 0;              ///< tensors written
    uint64_t bytes = 0;               ///< tensor bytes written (without the header)
    int64_t stripped = 0;             ///< names that lost the prefix
    std::vector<std::string> skipped; ///< non-tensor state-dict entries left out
};

}  // namespace gauntlet::io
