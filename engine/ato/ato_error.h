// Errors of the ATO engine.
#pragma once

#include <stdexcept>

namespace gauntlet::ato {

/// A bad configuration, an unusable model combination (e.g. difficulty and acceptability models
/// whose tokenizers differ) or a seed that cannot be searched. The message names the input.
class AtoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace gauntlet::ato
