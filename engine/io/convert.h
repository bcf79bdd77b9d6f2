// Any supported checkpoint -> a name -> tensor map, and conversion to safetensors
// (`gauntlet convert`).
#pragma once

#include "engine/io/convert_report.h"
#include "engine/io/io_error.h"

#include <QString>

#include <torch/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gauntlet::io {

/// The tensors of a checkpoint, by name. `path` may be a safetensors file, a sharded
/// `model.safetensors.index.json`, a folder holding either, or a torch.save file (`.bin`, `.ckpt`,
/// `.pt`; recognised by content, not extension: zip or legacy pickle). For a torch file the state
/// dict is used (TorchCheckpoint::stateDict). `nonTensors` (if given) receives state-dict entries
/// that are not tensors. Throws IoError.
std::map<std::string, torch::Tensor> loadStateDict(const QString &path, std::vector<std::string> *nonTensors = nullptr);

/// Writes the tensors of `source` (see loadStateDict) to the safetensors file `destination`,
/// bit-identical (same dtype, shape, bytes in row-major order), with metadata {"format": "pt"}.
/// With a non-empty `stripPrefix`, names that start with it lose it (e.g. "model." turns
/// "model.encoder.x" into "encoder.x"); other names are kept as they are. Throws IoError if
/// the source cannot be read, if stripping makes two names equal or a name empty, or if the
/// destination cannot be written.
ConvertReport convertToSafetensors(const QString &source, const QString &destination,
                                   const QString &stripPrefix = {});

}  // namespace gauntlet::io
