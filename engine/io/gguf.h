// GGUF files (llama.cpp / ggml, docs/gguf.md of ggml-org/ggml; versions 2 and 3): metadata
// key/values, tensor infos, and tensors dequantised to float32 on load.
//
// Layout (little-endian): "GGUF", uint32 version, uint64 tensor_count, uint64 kv_count; kv_count
// key/values (string key = uint64 length + bytes, uint32 value type, value; arrays = uint32 element
// type, uint64 count, elements); tensor_count tensor infos (name, uint32 n_dims <= 4, uint64
// ne[n_dims] with ne[0] the fastest-varying, uint32 ggml type, uint64 offset); padding to
// general.alignment (default 32); the tensor data, each offset relative to its start.
#pragma once

#include "engine/io/io_error.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gauntlet::io {

/// ggml's tensor types (ggml.h enum ggml_type) that matter here.
enum class GgmlType : uint32_t { F32 = 0, F16 = 1, Q8_0 = 8, BF16 = 30 };

/// ggml's name of a type id ("F32", "Q4_K", ...), or "type N" for an unknown id.
std::string ggmlTypeName(uint32_t type);

struct GgufTensorInfo {
    std::string name;
    std::vector<int64_t> shape;  ///< torch order: ne reversed (ne[0] last)
    uint32_t type = 0;           ///< ggml type id
    uint64_t offset = 0;         ///< from the start of the data area
    uint64_t bytes = 0;          ///< stored size
};

/// One GGUF file, memory-mapped and validated on open: only the pages the header and the tensors
/// read touch come into memory (issue 39: a 2.2 GB file was read whole, 2.4 GB resident). The file
/// is untrusted: every count,
/// length and offset is checked against the bytes that remain (a string or array cannot claim more
/// bytes than the file has; at most 2^20 tensors and 2^24 key/values; n_dims <= 4; element counts
/// must not overflow; tensor data, padded to the alignment as ggml writes and reads it, must lie
/// inside the file). Any violation throws IoError naming the
/// file and the byte offset or tensor.
class GgufFile {
public:
    /// Throws IoError if `path` cannot be read or is malformed.
    explicit GgufFile(const QString &path);
    /// From bytes in memory (tests, fuzzing); `name` appears in errors.
    static GgufFile fromBytes(const QByteArray &bytes, const QString &name);

    uint32_t version() const { return m_version; }
    /// key -> value: numbers and bools as JSON scalars, strings as JSON strings holding the file's
    /// bytes (not necessarily valid UTF-8: dump() with error_handler_t::replace), arrays as JSON
    /// arrays (nested arrays allowed).
    const nlohmann::json &metadata() const { return m_metadata; }
    /// The value of `key`; throws IoError naming the file if absent.
    const nlohmann::json &value(const std::string &key) const;
    const std::vector<GgufTensorInfo> &tensorInfos() const { return m_tensors; }
    /// The tensor `name` as float32 (F32 copied; F16, BF16 and Q8_0 dequantised as ggml does).
    /// Throws IoError naming the file, tensor and type for any other type (Q4_K, IQ2_XS, ...).
    torch::Tensor tensor(const std::string &name) const;
    /// Every tensor, by name (same errors).
    std::map<std::string, torch::Tensor> tensors() const;

private:
    GgufFile() = default;
    void parse();

    QString m_path;
    std::shared_ptr<QFile> m_file;  ///< keeps the mapping alive; shared by copies
    QByteArray m_bytes;             ///< the mapped file (QByteArray::fromRawData), or the bytes given
    uint32_t m_version = 0;
    uint64_t m_dataStart = 0;
    nlohmann::json m_metadata = nlohmann::json::object();
    std::vector<GgufTensorInfo> m_tensors;
    std::map<std::string, size_t> m_index;
};

}  // namespace gauntlet::io
