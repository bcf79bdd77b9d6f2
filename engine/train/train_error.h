// The error type of engine/train.
#pragma once
#include <stdexcept>

namespace gauntlet::train {

/// Training cannot go on: an unreadable or malformed data file (named, with its line), a missing
/// tool (spm_train), a bad option value (named). Never thrown for a model that merely trains badly.
class TrainError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace gauntlet::train
