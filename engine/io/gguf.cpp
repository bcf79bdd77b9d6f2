#include "engine/io/gguf.h"
#include "engine/core/json_input.h"

#include <QFile>

#include <cstring>
#include <limits>

namespace gauntlet::io {

namespace {

constexpr uint64_t kMaxTensors = uint64_t(1) << 20;
constexpr uint64_t kMaxKeyValues = uint64_t(1) << 24;
constexpr int kMaxArrayDepth = 4;

struct TypeTraits {
    const char *name;
    uint64_t blockSize;  ///< elements per block (0: size unknown here)
    uint64_t typeSize;   ///< bytes per block
};

/// ggml.c's type_traits (block size, bytes per block) by type id; names as gguf-py's constants.py.
TypeTraits traits(uint32_t type)
{
    switch (type) {
    case 0: return {"F32", 1, 4};
    case 1: return {"F16", 1, 2};
    case 2: return {"Q4_0", 32, 18};
    case 3: return {"Q4_1", 32, 20};
    case 6: return {"Q5_0", 32, 22};
    case 7: return {"Q5_1", 32, 24};
    case 8: return {"Q8_0", 32, 34};
    case 9: return {"Q8_1", 32, 36};
    case 10: return {"Q2_K", 256, 84};
    case 11: return {"Q3_K", 256, 110};
    case 12: return {"Q4_K", 256, 144};
    case 13: return {"Q5_K", 256, 176};
    case 14: return {"Q6_K", 256, 210};
    case 15: return {"Q8_K", 256, 292};
    case 16: return {"IQ2_XXS", 0, 0};
    case 17: return {"IQ2_XS", 0, 0};
    case 18: return {"IQ3_XXS", 0, 0};
    case 19: return {"IQ1_S", 0, 0};
    case 20: return {"IQ4_NL", 0, 0};
    case 21: return {"IQ3_S", 0, 0};
    case 22: return {"IQ2_S", 0, 0};
    case 23: return {"IQ4_XS", 0, 0};
    case 24: return {"I8", 1, 1};
    case 25: return {"I16", 1, 2};
    case 26: return {"I32", 1, 4};
    case 27: return {"I64", 1, 8};
    case 28: return {"F64", 1, 8};
    case 29: return {"IQ1_M", 0, 0};
    case 30: return {"BF16", 1, 2};
    case 34: return {"TQ1_0", 0, 0};
    case 35: return {"TQ2_0", 0, 0};
    case 39: return {"MXFP4", 0, 0};
    default: return {nullptr, 0, 0};
    }
}

/// A bounds-checked little-endian cursor over the file's bytes.
class Reader {
public:
    Reader(const QByteArray &bytes, const std::string &where) : m_data(bytes.constData()), m_size(uint64_t(bytes.size())), m_where(where) {}

    uint64_t offset() const { return m_at; }
    uint64_t remaining() const { return m_size - m_at; }
    [[noreturn]] void fail(const std::string &what) const
    {
        throw IoError(m_where + ": " + what + " (byte " + std::to_string(m_at) + ")");
    }
    void need(uint64_t n, const char *what) const
    {
        if (n > remaining())
            fail(std::string("truncated: ") + what + " needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left");
    }
    template <typename T> T get(const char *what)
    {
        need(sizeof(T), what);
        T v;
        std::memcpy(&v, m_data + m_at, sizeof(T));
        m_at += sizeof(T);
        return v;
    }
    std::string string(const char *what)
    {
        const auto n = get<uint64_t>(what);
        need(n, what);
        std::string s(m_data + m_at, size_t(n));
        m_at += n;
        return s;
    }
    nlohmann::json value(uint32_t type, int depth)
    {
        switch (type) {
        case 0: return get<uint8_t>("uint8 value");
        case 1: return get<int8_t>("int8 value");
        case 2: return get<uint16_t>("uint16 value");
        case 3: return get<int16_t>("int16 value");
        case 4: return get<uint32_t>("uint32 value");
        case 5: return get<int32_t>("int32 value");
        case 6: return get<float>("float32 value");
        case 7: {
            const auto b = get<uint8_t>("bool value");
            if (b > 1)
                fail("bool value " + std::to_string(b) + " is neither 0 nor 1");
            return b == 1;
        }
        case 8: return string("string value");
        case 9: {
            if (depth >= kMaxArrayDepth)
                fail("arrays nested deeper than " + std::to_string(kMaxArrayDepth));
            const auto elementType = get<uint32_t>("array type");
            const auto count = get<uint64_t>("array length");
            // Every element takes at least one byte (a string at least 8), so a count beyond the
            // remaining bytes is malformed; this bounds memory before anything is allocated.
            if (elementType > 12)
                fail("array element type " + std::to_string(elementType) + " is unknown");
            if (count > remaining())
                fail("array of " + std::to_string(count) + " elements cannot fit in the " + std::to_string(remaining()) + " bytes left");
            nlohmann::json a = nlohmann::json::array();
            a.get_ref<nlohmann::json::array_t &>().reserve(size_t(count));
            for (uint64_t i = 0; i < count; ++i)
                a.push_back(value(elementType, depth + 1));
            return a;
        }
        case 10: return get<uint64_t>("uint64 value");
        case 11: return get<int64_t>("int64 value");
        case 12: return get<double>("float64 value");
        default: fail("value type " + std::to_string(type) + " is unknown");
        }
    }

private:
    const char *m_data;
    uint64_t m_size;
    uint64_t m_at = 0;
    std::string m_where;
};

float halfToFloat(uint16_t h)
{
    return torch::from_blob(&h, {1}, torch::kFloat16).to(torch::kFloat32).item<float>();
}

}  // namespace

std::string ggmlTypeName(uint32_t type)
{
    const TypeTraits t = traits(type);
    return t.name ? t.name : "type " + std::to_string(type);
}

GgufFile::GgufFile(const QString &path) : m_path(path)
{
    m_file = std::make_shared<QFile>(path);
    if (!m_file->open(QIODevice::ReadOnly))
        throw IoError("GGUF file \"" + path.toStdString() + "\": cannot open: " + m_file->errorString().toStdString());
    const qint64 size = m_file->size();
    if (size > std::numeric_limits<qsizetype>::max() / 2)
        throw IoError("GGUF file \"" + path.toStdString() + "\": " + std::to_string(size) + " bytes is too large");
    if (size > 0) {
        uchar *mapped = m_file->map(0, size);
        if (!mapped)
            throw IoError("GGUF file \"" + path.toStdString() + "\": cannot map it into memory: " + m_file->errorString().toStdString());
        m_bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(mapped), qsizetype(size));
    }
    parse();
}

GgufFile GgufFile::fromBytes(const QByteArray &bytes, const QString &name)
{
    GgufFile g;
    g.m_path = name;
    g.m_bytes = bytes;
    g.parse();
    return g;
}

void GgufFile::parse()
{
    const std::string where = "GGUF file \"" + m_path.toStdString() + "\"";
    Reader r(m_bytes, where);
    r.need(4, "magic");
    if (std::memcmp(m_bytes.constData(), "GGUF", 4) != 0)
        r.fail("does not start with \"GGUF\"");
    r.get<uint32_t>("magic");
    m_version = r.get<uint32_t>("version");
    if (m_version != 2 && m_version != 3)
        r.fail("version " + std::to_string(m_version) + " is not supported (2 or 3)");
    const auto tensorCount = r.get<uint64_t>("tensor count");
    const auto kvCount = r.get<uint64_t>("key/value count");
    if (tensorCount > kMaxTensors || kvCount > kMaxKeyValues)
        r.fail(std::to_string(tensorCount) + " tensors and " + std::to_string(kvCount) + " key/values exceed the limits (2^20, 2^24)");
    for (uint64_t i = 0; i < kvCount; ++i) {
        std::string key = r.string("metadata key");
        const auto type = r.get<uint32_t>("value type");
        nlohmann::json v = r.value(type, 0);
        if (m_metadata.contains(key))
            r.fail("metadata key \"" + key + "\" appears twice");
        m_metadata[key] = std::move(v);
    }
    uint64_t alignment = 32;
    if (m_metadata.contains("general.alignment")) {
        const auto &a = m_metadata["general.alignment"];
        if (!a.is_number_unsigned() || a.get<uint64_t>() == 0 || (a.get<uint64_t>() & (a.get<uint64_t>() - 1)) != 0
            || a.get<uint64_t>() > 65536)
            r.fail("general.alignment " + core::jsonExcerpt(a) + " is not a power of two up to 65536");
        alignment = a.get<uint64_t>();
    }
    for (uint64_t i = 0; i < tensorCount; ++i) {
        GgufTensorInfo t;
        t.name = r.string("tensor name");
        const auto dims = r.get<uint32_t>("tensor n_dims");
        if (dims > 4)
            r.fail("tensor \"" + t.name + "\" has " + std::to_string(dims) + " dimensions (at most 4)");
        uint64_t elements = 1;
        for (uint32_t d = 0; d < dims; ++d) {
            const auto ne = r.get<uint64_t>("tensor dimension");
            if (ne > (uint64_t(1) << 40) || (ne != 0 && elements > (uint64_t(1) << 48) / ne))
                r.fail("tensor \"" + t.name + "\" dimension " + std::to_string(ne) + " makes the element count overflow");
            elements *= ne;
            t.shape.insert(t.shape.begin(), int64_t(ne));
        }
        t.type = r.get<uint32_t>("tensor type");
        t.offset = r.get<uint64_t>("tensor offset");
        const TypeTraits tt = traits(t.type);
        if (!tt.name)
            r.fail("tensor \"" + t.name + "\" has unknown ggml type " + std::to_string(t.type));
        if (tt.blockSize != 0) {
            if ((!t.shape.empty() && uint64_t(t.shape.back()) % tt.blockSize != 0) || elements % tt.blockSize != 0)
                r.fail("tensor \"" + t.name + "\" row of " + std::to_string(t.shape.empty() ? 1 : t.shape.back())
                       + " elements is not a multiple of the " + tt.name + " block size " + std::to_string(tt.blockSize));
            t.bytes = elements / tt.blockSize * tt.typeSize;
        }
        if (t.offset % alignment != 0)
            r.fail("tensor \"" + t.name + "\" offset " + std::to_string(t.offset) + " is not aligned to " + std::to_string(alignment));
        if (m_index.count(t.name))
            r.fail("tensor \"" + t.name + "\" appears twice");
        m_index[t.name] = m_tensors.size();
        m_tensors.push_back(std::move(t));
    }
    m_dataStart = (r.offset() + alignment - 1) / alignment * alignment;
    const uint64_t size = uint64_t(m_bytes.size());
    for (const GgufTensorInfo &t : m_tensors) {
        const uint64_t dataSize = size > m_dataStart ? size - m_dataStart : 0;
        // ggml pads every tensor's data, the last one included, to the alignment and reads that
        // much (gguf.cpp gguf_init_from_file_impl), so a file cut inside the padding is truncated.
        const uint64_t padded = (t.bytes + alignment - 1) / alignment * alignment;
        if (t.offset > dataSize || padded > dataSize - t.offset)
            throw IoError(where + ": tensor \"" + t.name + "\" (" + std::to_string(t.bytes) + " bytes at data offset "
                          + std::to_string(t.offset) + ") lies beyond the end of the file (truncated?)");
    }
}

const nlohmann::json &GgufFile::value(const std::string &key) const
{
    const auto it = m_metadata.find(key);
    if (it == m_metadata.end())
        throw IoError("GGUF file \"" + m_path.toStdString() + "\": no metadata key \"" + key + "\"");
    return *it;
}

torch::Tensor GgufFile::tensor(const std::string &name) const
{
    const std::string where = "GGUF file \"" + m_path.toStdString() + "\"";
    const auto it = m_index.find(name);
    if (it == m_index.end())
        throw IoError(where + ": no tensor \"" + name + "\"");
    const GgufTensorInfo &t = m_tensors[it->second];
    const char *data = m_bytes.constData() + m_dataStart + t.offset;
    int64_t n = 1;
    for (const int64_t d : t.shape)
        n *= d;
    torch::Tensor out = torch::empty(t.shape, torch::kFloat32);
    float *o = out.data_ptr<float>();
    switch (t.type) {
    case uint32_t(GgmlType::F32):
        std::memcpy(o, data, size_t(n) * 4);
        break;
    case uint32_t(GgmlType::F16): {
        torch::Tensor h = torch::empty(t.shape, torch::kFloat16);
        std::memcpy(h.data_ptr(), data, size_t(n) * 2);
        out.copy_(h);
        break;
    }
    case uint32_t(GgmlType::BF16):
        // bfloat16 is the upper half of a float32 (ggml_bf16_to_fp32).
        for (int64_t i = 0; i < n; ++i) {
            uint16_t b;
            std::memcpy(&b, data + 2 * i, 2);
            const uint32_t bits = uint32_t(b) << 16;
            std::memcpy(o + i, &bits, 4);
        }
        break;
    case uint32_t(GgmlType::Q8_0):
        // block_q8_0: float16 scale d, then 32 int8 quants; x = d * q (ggml-quants.c dequantize_row_q8_0).
        for (int64_t b = 0; b < n / 32; ++b) {
            const char *block = data + 34 * b;
            uint16_t dBits;
            std::memcpy(&dBits, block, 2);
            const float d = halfToFloat(dBits);
            for (int k = 0; k < 32; ++k)
                o[32 * b + k] = d * float(static_cast<int8_t>(block[2 + k]));
        }
        break;
    default:
        throw IoError(where + ": tensor \"" + name + "\" has type " + ggmlTypeName(t.type)
                      + ", which Gauntlet does not read (F32, F16, BF16 and Q8_0 only; requantise with llama-quantize)");
    }
    return out;
}

std::map<std::string, torch::Tensor> GgufFile::tensors() const
{
    std::map<std::string, torch::Tensor> out;
    for (const GgufTensorInfo &t : m_tensors)
        out[t.name] = tensor(t.name);
    return out;
}

}  // namespace gauntlet::io
