#include "engine/io/safetensors.h"
#include "engine/core/json_input.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <set>

namespace gauntlet::io {

namespace {

// The safetensors reference implementation refuses headers above 100 MB; so do we.
constexpr uint64_t kMaxHeaderBytes = 100u * 1000u * 1000u;

struct DtypeInfo {
    const char *name;
    torch::Dtype dtype;
    uint64_t size;
};

const DtypeInfo kDtypes[] = {
    {"F64", torch::kFloat64, 8}, {"F32", torch::kFloat32, 4}, {"F16", torch::kFloat16, 2},
    {"BF16", torch::kBFloat16, 2}, {"I64", torch::kInt64, 8}, {"I32", torch::kInt32, 4},
    {"I16", torch::kInt16, 2}, {"I8", torch::kInt8, 1}, {"U8", torch::kUInt8, 1},
    {"BOOL", torch::kBool, 1},
};

const DtypeInfo *findDtype(const std::string &name)
{
    for (const auto &d : kDtypes)
        if (name == d.name)
            return &d;
    return nullptr;
}

std::string q(const QString &s) { return s.toStdString(); }

[[noreturn]] void fail(const QString &file, const std::string &what)
{
    throw IoError("safetensors " + q(file) + ": " + what);
}

[[noreturn]] void failTensor(const QString &file, const std::string &tensor, const std::string &what)
{
    throw IoError("safetensors " + q(file) + ", tensor '" + tensor + "': " + what);
}

bool isLittleEndianHost()
{
    const uint16_t one = 1;
    unsigned char b;
    std::memcpy(&b, &one, 1);
    return b == 1;
}

}  // namespace

torch::Dtype safetensorsDtypeToTorch(const std::string &dtype)
{
    if (const DtypeInfo *d = findDtype(dtype))
        return d->dtype;
    throw IoError("safetensors dtype '" + dtype + "' is not supported");
}

std::string torchDtypeToSafetensors(torch::Dtype dtype)
{
    for (const auto &d : kDtypes)
        if (d.dtype == dtype)
            return d.name;
    throw IoError(std::string("torch dtype ") + c10::toString(dtype) + " has no safetensors name here");
}

// ---------------------------------------------------------------------------------------------
// Reader

struct SafetensorsFile::Mapping {
    QFile file;          // when mapped
    QByteArray bytes;    // when read from memory
    const uchar *data = nullptr;
    uint64_t size = 0;
    ~Mapping()
    {
        if (file.isOpen() && data)
            file.unmap(const_cast<uchar *>(data));
    }
};

SafetensorsFile::SafetensorsFile(const QString &path)
    : m_path(path), m_map(std::make_shared<Mapping>())
{
    if (!isLittleEndianHost())
        fail(path, "big-endian hosts are not supported");
    m_map->file.setFileName(path);
    if (!m_map->file.open(QIODevice::ReadOnly))
        fail(path, "cannot open: " + q(m_map->file.errorString()));
    const qint64 size = m_map->file.size();
    if (size > 0) {
        // Private mapping: pages are copy-on-write, so writes into tensor views never reach the file.
        m_map->data = m_map->file.map(0, size, QFileDevice::MapPrivateOption);
        if (!m_map->data)
            fail(path, "cannot map: " + q(m_map->file.errorString()));
    }
    m_map->size = static_cast<uint64_t>(size);
    parse();
}

SafetensorsFile SafetensorsFile::fromBytes(const QByteArray &bytes, const QString &name)
{
    SafetensorsFile f;
    f.m_path = name;
    f.m_map = std::make_shared<Mapping>();
    f.m_map->bytes = bytes;
    f.m_map->bytes.detach();  // tensor views may be written to; keep the caller's bytes apart
    f.m_map->data = reinterpret_cast<const uchar *>(f.m_map->bytes.constData());
    f.m_map->size = static_cast<uint64_t>(f.m_map->bytes.size());
    f.parse();
    return f;
}

void SafetensorsFile::parse()
{
    const uint64_t fileSize = m_map->size;
    if (fileSize < 8)
        fail(m_path, "file is " + std::to_string(fileSize) + " bytes, shorter than the 8-byte header length");
    uint64_t headerLen = 0;
    for (int i = 7; i >= 0; --i)
        headerLen = (headerLen << 8) | m_map->data[i];
    if (headerLen > fileSize - 8)
        fail(m_path, "header length " + std::to_string(headerLen) + " exceeds the file (" +
                         std::to_string(fileSize) + " bytes)");
    if (headerLen > kMaxHeaderBytes)
        fail(m_path, "header length " + std::to_string(headerLen) + " exceeds the 100 MB limit");
    m_dataStart = 8 + headerLen;
    const uint64_t dataSize = fileSize - m_dataStart;

    nlohmann::json header;
    try {
        header = core::parseJson(reinterpret_cast<const char *>(m_map->data) + 8, reinterpret_cast<const char *>(m_map->data) + 8 + headerLen);
    } catch (const nlohmann::json::exception &e) {
        fail(m_path, std::string("header is not valid JSON: ") + e.what());
    }
    if (!header.is_object())
        fail(m_path, "header is not a JSON object");

    for (auto it = header.begin(); it != header.end(); ++it) {
        const std::string &name = it.key();
        const nlohmann::json &v = it.value();
        if (name == "__metadata__") {
            if (!v.is_object())
                fail(m_path, "__metadata__ is not an object");
            for (auto m = v.begin(); m != v.end(); ++m) {
                if (!m.value().is_string())
                    fail(m_path, "__metadata__ value of '" + m.key() + "' is not a string");
                m_metadata[m.key()] = m.value().get<std::string>();
            }
            continue;
        }
        if (!v.is_object())
            failTensor(m_path, name, "entry is not an object");
        SafetensorsEntry e;
        e.name = name;
        const auto dt = v.find("dtype");
        if (dt == v.end() || !dt->is_string())
            failTensor(m_path, name, "missing or non-string \"dtype\"");
        e.dtype = dt->get<std::string>();
        const DtypeInfo *info = findDtype(e.dtype);
        if (!info)
            failTensor(m_path, name, "unsupported dtype '" + e.dtype + "'");
        const auto sh = v.find("shape");
        if (sh == v.end() || !sh->is_array())
            failTensor(m_path, name, "missing or non-array \"shape\"");
        uint64_t numel = 1;
        bool overflow = false;
        for (const auto &d : *sh) {
            if (!d.is_number_unsigned())
                failTensor(m_path, name, "shape holds " + core::jsonExcerpt(d) + ", not a non-negative integer");
            const uint64_t n = d.get<uint64_t>();
            if (n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
                failTensor(m_path, name, "dimension " + std::to_string(n) + " is too large");
            if (n != 0 && numel > std::numeric_limits<uint64_t>::max() / n)
                overflow = true;
            else
                numel *= n;
            e.shape.push_back(static_cast<int64_t>(n));
        }
        // A zero dimension makes numel 0 even if the other product overflowed.
        if (std::find(e.shape.begin(), e.shape.end(), 0) != e.shape.end()) {
            numel = 0;
            overflow = false;
        }
        if (overflow || numel > std::numeric_limits<uint64_t>::max() / info->size)
            failTensor(m_path, name, "number of bytes of shape " + sh->dump() + " overflows");
        const uint64_t nbytes = numel * info->size;
        const auto off = v.find("data_offsets");
        if (off == v.end() || !off->is_array() || off->size() != 2 || !(*off)[0].is_number_unsigned() ||
            !(*off)[1].is_number_unsigned())
            failTensor(m_path, name, "\"data_offsets\" is not a pair of non-negative integers");
        e.begin = (*off)[0].get<uint64_t>();
        e.end = (*off)[1].get<uint64_t>();
        if (e.begin > e.end)
            failTensor(m_path, name, "data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                                         "] are reversed");
        if (e.end > dataSize)
            failTensor(m_path, name, "data_offsets end " + std::to_string(e.end) +
                                         " lies beyond the data area (" + std::to_string(dataSize) + " bytes)");
        if (e.end - e.begin != nbytes)
            failTensor(m_path, name, "data_offsets span " + std::to_string(e.end - e.begin) + " bytes but " +
                                         e.dtype + " x " + sh->dump() + " needs " + std::to_string(nbytes));
        m_entries.push_back(std::move(e));
    }

    std::sort(m_entries.begin(), m_entries.end(), [](const SafetensorsEntry &a, const SafetensorsEntry &b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    // The tensors tile the data area exactly, as the reference reader requires (safetensors
    // `Metadata::validate`: InvalidOffset, MetadataIncompleteBuffer): in offset order each begins
    // where the one before ends, from 0 to the end of the file. Bytes inserted into the data area
    // shift every later tensor; without this check such a file loaded with wrong weights (issue 39).
    const SafetensorsEntry *prev = nullptr;
    uint64_t next = 0;
    for (const auto &e : m_entries) {
        if (e.begin < next && prev)
            failTensor(m_path, e.name, "bytes [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                                           ") overlap tensor '" + prev->name + "'");
        if (e.begin != next)
            failTensor(m_path, e.name, "begins at byte " + std::to_string(e.begin) + " of the data area, but " +
                                           (prev ? "tensor '" + prev->name + "' ends" : std::string("the data area starts")) +
                                           " at " + std::to_string(next) + ": the offsets leave a gap");
        next = e.end;
        if (e.begin != e.end)
            prev = &e;
    }
    if (next != dataSize)
        fail(m_path, "the tensors end at byte " + std::to_string(next) + " of the data area but the file holds " +
                         std::to_string(dataSize) + " bytes after the header: bytes were added or the header is not this file's");
    for (size_t i = 0; i < m_entries.size(); ++i)
        m_index[m_entries[i].name] = i;
}

std::vector<std::string> SafetensorsFile::names() const
{
    std::vector<std::string> out;
    out.reserve(m_entries.size());
    for (const auto &e : m_entries)
        out.push_back(e.name);
    return out;
}

const SafetensorsEntry &SafetensorsFile::entry(const std::string &name) const
{
    const auto it = m_index.find(name);
    if (it == m_index.end())
        failTensor(m_path, name, "no such tensor");
    return m_entries[it->second];
}

torch::Tensor SafetensorsFile::tensor(const std::string &name) const
{
    const SafetensorsEntry &e = entry(name);
    const DtypeInfo *info = findDtype(e.dtype);
    const auto options = torch::TensorOptions().dtype(info->dtype);
    if (e.begin == e.end)
        return torch::empty(e.shape, options);
    const uchar *ptr = m_map->data + m_dataStart + e.begin;
    const uint64_t nbytes = e.end - e.begin;
    if (info->dtype == torch::kBool) {
        for (uint64_t i = 0; i < nbytes; ++i)
            if (ptr[i] > 1)
                failTensor(m_path, name, "BOOL byte at data offset " + std::to_string(e.begin + i) + " is " +
                                             std::to_string(ptr[i]) + ", not 0 or 1");
    }
    if (reinterpret_cast<uintptr_t>(ptr) % info->size == 0) {
        std::shared_ptr<Mapping> keep = m_map;
        return torch::from_blob(const_cast<uchar *>(ptr), e.shape, [keep](void *) mutable { keep.reset(); },
                                options);
    }
    torch::Tensor out = torch::empty(e.shape, options);
    std::memcpy(out.data_ptr(), ptr, nbytes);
    return out;
}

std::map<std::string, torch::Tensor> SafetensorsFile::tensors() const
{
    std::map<std::string, torch::Tensor> out;
    for (const auto &e : m_entries)
        out.emplace(e.name, tensor(e.name));
    return out;
}

// ---------------------------------------------------------------------------------------------
// Sharded checkpoints

SafetensorsCheckpoint SafetensorsCheckpoint::open(const QString &path)
{
    SafetensorsCheckpoint ck;
    ck.m_source = path;
    QFileInfo fi(path);
    QString indexPath;
    QString single;
    if (fi.isDir()) {
        const QDir dir(path);
        if (dir.exists("model.safetensors.index.json"))
            indexPath = dir.filePath("model.safetensors.index.json");
        else if (dir.exists("model.safetensors"))
            single = dir.filePath("model.safetensors");
        else
            throw IoError("safetensors checkpoint " + q(path) +
                          ": folder holds neither model.safetensors nor model.safetensors.index.json");
    } else if (path.endsWith(".json")) {
        indexPath = path;
    } else {
        single = path;
    }

    if (!single.isEmpty()) {
        ck.m_shards.emplace_back(single);
        for (const auto &n : ck.m_shards[0].names())
            ck.m_where[n] = 0;
        ck.m_metadata = ck.m_shards[0].metadata();
        return ck;
    }

    QFile f(indexPath);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError("safetensors index " + q(indexPath) + ": cannot open: " + q(f.errorString()));
    const QByteArray raw = f.readAll();
    nlohmann::json index;
    try {
        index = core::parseJson(raw.constData(), raw.constData() + raw.size());
    } catch (const nlohmann::json::exception &e) {
        throw IoError("safetensors index " + q(indexPath) + ": not valid JSON: " + e.what());
    }
    if (!index.is_object() || !index.contains("weight_map") || !index["weight_map"].is_object())
        throw IoError("safetensors index " + q(indexPath) + ": no \"weight_map\" object");
    if (index.contains("metadata") && index["metadata"].is_object())
        for (auto it = index["metadata"].begin(); it != index["metadata"].end(); ++it)
            ck.m_metadata[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();

    const QDir dir = QFileInfo(indexPath).absoluteDir();
    std::map<std::string, size_t> shardOf;
    for (auto it = index["weight_map"].begin(); it != index["weight_map"].end(); ++it) {
        if (!it.value().is_string())
            throw IoError("safetensors index " + q(indexPath) + ": shard of tensor '" + it.key() +
                          "' is not a string");
        const std::string shard = it.value().get<std::string>();
        const QString shardName = QString::fromStdString(shard);
        if (shard.empty() || shardName.contains('/') || shardName.contains('\\') || shardName == "." ||
            shardName == "..")
            throw IoError("safetensors index " + q(indexPath) + ": shard name '" + shard + "' of tensor '" +
                          it.key() + "' is not a plain file name");
        auto s = shardOf.find(shard);
        if (s == shardOf.end()) {
            const QString shardPath = dir.filePath(shardName);
            if (!QFileInfo::exists(shardPath))
                throw IoError("safetensors index " + q(indexPath) + ": shard " + q(shardPath) + " of tensor '" +
                              it.key() + "' does not exist");
            ck.m_shards.emplace_back(shardPath);
            s = shardOf.emplace(shard, ck.m_shards.size() - 1).first;
        }
        if (!ck.m_shards[s->second].contains(it.key()))
            throw IoError("safetensors index " + q(indexPath) + ": tensor '" + it.key() + "' is not in shard " +
                          q(ck.m_shards[s->second].path()));
        ck.m_where[it.key()] = s->second;
    }
    return ck;
}

std::vector<std::string> SafetensorsCheckpoint::names() const
{
    std::vector<std::string> out;
    for (const auto &kv : m_where)
        out.push_back(kv.first);
    return out;
}

const SafetensorsEntry &SafetensorsCheckpoint::entry(const std::string &name) const
{
    const auto it = m_where.find(name);
    if (it == m_where.end())
        throw IoError("safetensors checkpoint " + q(m_source) + ": no tensor '" + name + "'");
    return m_shards[it->second].entry(name);
}

torch::Tensor SafetensorsCheckpoint::tensor(const std::string &name) const
{
    const auto it = m_where.find(name);
    if (it == m_where.end())
        throw IoError("safetensors checkpoint " + q(m_source) + ": no tensor '" + name + "'");
    return m_shards[it->second].tensor(name);
}

std::map<std::string, torch::Tensor> SafetensorsCheckpoint::tensors() const
{
    std::map<std::string, torch::Tensor> out;
    for (const auto &kv : m_where)
        out.emplace(kv.first, m_shards[kv.second].tensor(kv.first));
    return out;
}

// ---------------------------------------------------------------------------------------------
// Writer

namespace {

struct Planned {
    std::string name;
    torch::Tensor tensor;  // contiguous, CPU; bool stays bool (1 byte 0/1 in torch)
    uint64_t nbytes;
};

std::vector<Planned> plan(const std::vector<std::pair<std::string, torch::Tensor>> &tensors, QByteArray &header,
                          const std::map<std::string, std::string> &metadata, const QString &target)
{
    if (!isLittleEndianHost())
        throw IoError("safetensors " + q(target) + ": big-endian hosts are not supported");
    std::vector<Planned> out;
    std::set<std::string> seen;
    for (const auto &kv : tensors) {
        if (kv.first.empty() || kv.first == "__metadata__")
            throw IoError("safetensors " + q(target) + ": invalid tensor name '" + kv.first + "'");
        if (!seen.insert(kv.first).second)
            throw IoError("safetensors " + q(target) + ": duplicate tensor name '" + kv.first + "'");
        if (!kv.second.defined())
            throw IoError("safetensors " + q(target) + ", tensor '" + kv.first + "': undefined tensor");
        if (!kv.second.device().is_cpu())
            throw IoError("safetensors " + q(target) + ", tensor '" + kv.first + "': not a CPU tensor");
        try {
            torchDtypeToSafetensors(kv.second.scalar_type());
        } catch (const IoError &e) {
            throw IoError("safetensors " + q(target) + ", tensor '" + kv.first + "': " + e.what());
        }
        torch::Tensor t = kv.second.contiguous();
        out.push_back({kv.first, t, static_cast<uint64_t>(t.numel()) * t.element_size()});
    }
    std::sort(out.begin(), out.end(), [](const Planned &a, const Planned &b) { return a.name < b.name; });

    nlohmann::json h = nlohmann::json::object();
    uint64_t offset = 0;
    for (const auto &p : out) {
        h[p.name] = {{"dtype", torchDtypeToSafetensors(p.tensor.scalar_type())},
                     {"shape", p.tensor.sizes().vec()},
                     {"data_offsets", {offset, offset + p.nbytes}}};
        offset += p.nbytes;
    }
    if (!metadata.empty())
        h["__metadata__"] = metadata;
    std::string text = h.dump();
    text.append((8 - text.size() % 8) % 8, ' ');
    header = QByteArray::fromStdString(text);
    return out;
}

void writeAll(QIODevice &dev, const char *data, qint64 n, const QString &target)
{
    while (n > 0) {
        const qint64 w = dev.write(data, n);
        if (w <= 0)
            throw IoError("safetensors " + q(target) + ": write failed: " + q(dev.errorString()));
        data += w;
        n -= w;
    }
}

void writeTo(QIODevice &dev, const std::vector<Planned> &planned, const QByteArray &header, const QString &target)
{
    unsigned char len[8];
    uint64_t n = static_cast<uint64_t>(header.size());
    for (int i = 0; i < 8; ++i, n >>= 8)
        len[i] = static_cast<unsigned char>(n & 0xff);
    writeAll(dev, reinterpret_cast<const char *>(len), 8, target);
    writeAll(dev, header.constData(), header.size(), target);
    for (const auto &p : planned)
        if (p.nbytes)
            writeAll(dev, static_cast<const char *>(p.tensor.data_ptr()), static_cast<qint64>(p.nbytes), target);
}

}  // namespace

QByteArray serializeSafetensors(const std::vector<std::pair<std::string, torch::Tensor>> &tensors,
                                const std::map<std::string, std::string> &metadata)
{
    QByteArray header;
    const auto planned = plan(tensors, header, metadata, QStringLiteral("<memory>"));
    QByteArray out;
    QBuffer buf(&out);
    buf.open(QIODevice::WriteOnly);
    writeTo(buf, planned, header, QStringLiteral("<memory>"));
    return out;
}

void saveSafetensors(const QString &path, const std::vector<std::pair<std::string, torch::Tensor>> &tensors,
                     const std::map<std::string, std::string> &metadata)
{
    QByteArray header;
    const auto planned = plan(tensors, header, metadata, path);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        throw IoError("safetensors " + q(path) + ": cannot write: " + q(f.errorString()));
    writeTo(f, planned, header, path);
    if (!f.commit())
        throw IoError("safetensors " + q(path) + ": cannot write: " + q(f.errorString()));
}

}  // namespace gauntlet::io
