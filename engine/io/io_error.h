// Errors raised by the model-file readers and writers of engine/io.
#pragma once

#include <stdexcept>
#include <string>

namespace gauntlet::io {

/// A model file (safetensors, config.json, PyTorch checkpoint, zip archive) is missing, unreadable,
/// malformed or inconsistent. The message names the file and, where it applies, the tensor, field
/// or byte offset.
class IoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace gauntlet::io
