// safetensors: a memory-mapped, validating reader, sharded checkpoints and a writer.
//
// Format (https://github.com/huggingface/safetensors, README "Format"): 8-byte little-endian
// header length N, N bytes of UTF-8 JSON {name: {"dtype", "shape", "data_offsets": [begin, end]},
// "__metadata__": {string: string}}, then the raw little-endian row-major tensor bytes; offsets
// are relative to the first byte after the header.
#pragma once

#include "engine/io/io_error.h"

#include <QByteArray>
#include <QString>

#include <torch/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gauntlet::io {

/// One tensor as the header describes it.
struct SafetensorsEntry {
    std::string name;
    std::string dtype;            ///< "F64", "F32", "F16", "BF16", "I64", "I32", "I16", "I8", "U8", "BOOL"
    std::vector<int64_t> shape;   ///< may be empty (a scalar)
    uint64_t begin = 0;           ///< byte offset of the first byte, relative to the data area
    uint64_t end = 0;             ///< one past the last byte; end - begin = numel * element size
};

/// The torch dtype of a safetensors dtype name; throws IoError for names libtorch cannot hold
/// (e.g. "U16", "F8_E4M3").
torch::Dtype safetensorsDtypeToTorch(const std::string &dtype);
/// The safetensors dtype name of a torch dtype; throws IoError for dtypes safetensors lacks here.
std::string torchDtypeToSafetensors(torch::Dtype dtype);

/// One safetensors file, memory-mapped read-only-private (copy-on-write) and validated on open.
///
/// The file is untrusted: the constructor checks that the header length lies within the file, the
/// header is valid JSON of the right shape, every dtype is known, shapes are non-negative and
/// numel * element size neither overflows nor differs from end - begin, offsets lie inside the data
/// area and no two tensors overlap. Any violation throws IoError naming the file and the tensor.
///
/// Lifetime: tensor() returns a zero-copy view into the mapping when the data is suitably aligned
/// for its dtype (always, for files written with an 8-byte padded header and aligned tensors) and
/// a copy otherwise. A view keeps the mapping alive on its own (its deleter holds a reference), so
/// tensors may outlive this object. The mapping is private: writing into a view changes only this
/// process's pages, never the file. Copying a SafetensorsFile is cheap (the mapping is shared).
class SafetensorsFile {
public:
    /// Opens and maps `path`. Throws IoError if it cannot be read or is malformed.
    explicit SafetensorsFile(const QString &path);
    /// Reads from bytes already in memory (tests, fuzzing); `name` appears in error messages.
    static SafetensorsFile fromBytes(const QByteArray &bytes, const QString &name);

    const QString &path() const { return m_path; }
    /// Tensor names in header order of their data offsets.
    std::vector<std::string> names() const;
    bool contains(const std::string &name) const { return m_index.count(name) != 0; }
    /// Throws IoError naming the file if `name` is absent.
    const SafetensorsEntry &entry(const std::string &name) const;
    /// The "__metadata__" object (string -> string), empty if absent.
    const std::map<std::string, std::string> &metadata() const { return m_metadata; }
    /// The tensor `name` with the header's shape and dtype (see the class comment for lifetime).
    /// Throws IoError if absent, or for a BOOL tensor holding bytes other than 0 and 1.
    torch::Tensor tensor(const std::string &name) const;
    /// Every tensor, by name.
    std::map<std::string, torch::Tensor> tensors() const;

private:
    struct Mapping;
    SafetensorsFile() = default;
    void parse();

    QString m_path;
    std::shared_ptr<Mapping> m_map;
    std::vector<SafetensorsEntry> m_entries;  // sorted by begin offset
    std::map<std::string, size_t> m_index;
    std::map<std::string, std::string> m_metadata;
    uint64_t m_dataStart = 0;
};

/// A checkpoint that may be split into shards: a single .safetensors file, a
/// `model.safetensors.index.json` ({"metadata": {...}, "weight_map": {tensor: shard file}}), or a
/// folder holding one of those (the index wins). Shard names must be plain file names in the
/// index's folder. Throws IoError naming the index or shard for a missing shard, a tensor the index
/// lists but its shard lacks, or a malformed index.
class SafetensorsCheckpoint {
public:
    static SafetensorsCheckpoint open(const QString &path);

    std::vector<std::string> names() const;  ///< sorted
    bool contains(const std::string &name) const { return m_where.count(name) != 0; }
    const SafetensorsEntry &entry(const std::string &name) const;
    torch::Tensor tensor(const std::string &name) const;  ///< as SafetensorsFile::tensor
    std::map<std::string, torch::Tensor> tensors() const;
    /// The metadata of the first shard (single file) or of the index's "metadata" (strings only).
    const std::map<std::string, std::string> &metadata() const { return m_metadata; }
    const std::vector<SafetensorsFile> &shards() const { return m_shards; }

private:
    std::vector<SafetensorsFile> m_shards;
    std::map<std::string, size_t> m_where;  // tensor name -> shard
    std::map<std::string, std::string> m_metadata;
    QString m_source;
};

/// Serialises tensors as safetensors bytes: names sorted, header padded with spaces to a multiple
/// of 8 bytes, each tensor stored contiguous, little-endian, BOOL as one byte 0/1. Tensors may be
/// non-contiguous or share storage (each is written out on its own). Throws IoError for an empty
/// or duplicate name, the name "__metadata__", a non-CPU tensor or an unsupported dtype.
QByteArray serializeSafetensors(const std::vector<std::pair<std::string, torch::Tensor>> &tensors,
                                const std::map<std::string, std::string> &metadata = {});
/// Writes serializeSafetensors() output to `path` atomically (QSaveFile). Streams tensor data, so
/// the whole file is never held in memory. Throws IoError if the file cannot be written.
void saveSafetensors(const QString &path,
                     const std::vector<std::pair<std::string, torch::Tensor>> &tensors,
                     const std::map<std::string, std::string> &metadata = {});

}  // namespace gauntlet::io
