// Errors raised by the model-file readers and writers of engine/io.
#pragma once

#include "engine/core/module_error.h"

namespace gauntlet::io {

struct IoErrorTag;

/// A model file (safetensors, config.json, PyTorch checkpoint, zip archive) is missing, unreadable,
/// malformed or inconsistent. The message names the file and, where it applies, the tensor, field
/// or byte offset.
using IoError = core::ModuleError<IoErrorTag>;

}  // namespace gauntlet::io
