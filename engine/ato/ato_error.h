// Errors of the ATO engine.
#pragma once

#include "engine/core/module_error.h"

namespace gauntlet::ato {

struct AtoErrorTag;

/// A bad configuration, an unusable model combination (e.g. difficulty and acceptability models
/// whose tokenizers differ) or a seed that cannot be searched. The message names the input.
using AtoError = core::ModuleError<AtoErrorTag>;

}  // namespace gauntlet::ato
