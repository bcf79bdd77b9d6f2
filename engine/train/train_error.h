// The error type of engine/train.
#pragma once

#include "engine/core/module_error.h"

namespace gauntlet::train {

struct TrainErrorTag;

/// Training cannot go on: an unreadable or malformed data file (named, with its line), a missing
/// tool (spm_train), a bad option value (named). Never thrown for a model that merely trains badly.
using TrainError = core::ModuleError<TrainErrorTag>;

}  // namespace gauntlet::train
