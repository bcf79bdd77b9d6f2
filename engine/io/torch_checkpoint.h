// PyTorch checkpoints (torch.save): `pytorch_model.bin`, Lightning `model.ckpt`, `*.pt`, read
// natively without executing anything from the file.
//
// Two containers are understood (torch/serialization.py):
// - the zip format (torch >= 1.6): `<name>/data.pkl` (the pickled object), `<name>/data/<key>` (one
//   entry per storage, raw little-endian bytes), `<name>/version`, maybe `<name>/byteorder`;
// - the legacy format: consecutive pickles (magic number, protocol version 1001, sys info, the
//   object, the storage keys) followed by each storage as an int64 element count and raw bytes.
// In both, tensors are `torch._utils._rebuild_tensor_v2(storage, storage_offset, size, stride, ...)`
// calls on persistent ids ('storage', torch.<Type>Storage, key, location, numel); parameters are
// `torch._utils._rebuild_parameter(tensor, ...)`. Views (transposes, slices, storage offsets) keep
// sharing their storage exactly as in Python.
#pragma once

#include "engine/io/io_error.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <map>
#include <string>
#include <vector>

namespace gauntlet::io {

struct TorchCheckpoint {
    /// The state dict: the "state_dict" entry of a Lightning checkpoint, else the tensors at the top
    /// level of the saved dict. Tensors are CPU tensors with the saved dtype, shape and strides
    /// (possibly non-contiguous views sharing one storage); they own their memory.
    std::map<std::string, torch::Tensor> stateDict;
    /// "state_dict" if the tensors came from that entry, "" if from the top level.
    std::string stateDictKey;
    /// Every other top-level entry (hyper_parameters, epoch, pytorch-lightning_version, ...) as JSON
    /// (see pyToJson); tensors outside the state dict appear as {"__tensor__": {"dtype", "shape"}}.
    nlohmann::json other = nlohmann::json::object();
    /// State-dict keys whose values are not tensors (kept out of stateDict; also in `other`
    /// under "__state_dict_non_tensors__").
    std::vector<std::string> nonTensorEntries;
};

/// Loads a checkpoint file written by torch.save (zip or legacy format). Throws IoError naming the
/// file (and the entry, storage or pickle offset) for: an unreadable or corrupt archive, a pickle
/// that is malformed or whose top level is not a dict, a storage whose type is unknown or whose
/// bytes are missing or of the wrong length, a tensor whose size/stride/offset reach outside its
/// storage, a big-endian file.
TorchCheckpoint loadTorchCheckpoint(const QString &path);
/// The same from bytes in memory (tests, fuzzing); `name` appears in errors.
TorchCheckpoint loadTorchCheckpoint(const QByteArray &bytes, const QString &name);

/// True if `head` (the first bytes of a file) looks like a torch.save file: a zip archive or a
/// protocol-2 pickle.
bool looksLikeTorchCheckpoint(const QByteArray &head);

}  // namespace gauntlet::io
