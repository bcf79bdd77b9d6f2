#include "engine/io/torch_checkpoint.h"

#include "engine/io/pickle.h"
#include "engine/io/safetensors.h"
#include "engine/io/zip_archive.h"

#include <QFile>

#include <zlib.h>

#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <set>

namespace gauntlet::io {

namespace {

using Kind = PyValue::Kind;

std::string q(const QString &s) { return s.toStdString(); }

struct StorageType {
    const char *name;
    torch::Dtype dtype;
};

// torch.<Type>Storage -> element type (torch/storage.py, _dtype_to_storage_type_map).
const StorageType kStorageTypes[] = {
    {"FloatStorage", torch::kFloat32}, {"DoubleStorage", torch::kFloat64}, {"HalfStorage", torch::kFloat16},
    {"BFloat16Storage", torch::kBFloat16}, {"LongStorage", torch::kInt64}, {"IntStorage", torch::kInt32},
    {"ShortStorage", torch::kInt16}, {"CharStorage", torch::kInt8}, {"ByteStorage", torch::kUInt8},
    {"BoolStorage", torch::kBool},
};

/// A storage: one flat tensor of its element type that every view of it shares.
struct Storage {
    torch::Tensor flat;
    std::string key;
};

/// Reads storage bytes for a key into `dest` (nbytes), or records the request (legacy format).
using StorageReader = std::function<void(const std::string &key, void *dest, uint64_t nbytes)>;
/// A storage as a view into the memory-mapped file, or an undefined tensor where it cannot be one.
using StorageMapper = std::function<torch::Tensor(const std::string &key, torch::Dtype dtype, int64_t numel)>;

/// A checkpoint file mapped copy-on-write; tensors that view it keep it alive.
struct FileMapping {
    QFile file;
    uchar *data = nullptr;
    ~FileMapping()
    {
        if (data)
            file.unmap(data);
    }
};

class TorchLoader {
public:
    TorchLoader(std::string source, StorageReader reader, bool legacy, StorageMapper mapper = {})
        : m_source(std::move(source)), m_reader(std::move(reader)), m_mapper(std::move(mapper)), m_legacy(legacy)
    {
        m_hooks.persistentLoad = [this](PickleDocument &doc, const PyValue &pid) { return loadStorage(doc, pid); };
        m_hooks.call = [this](PickleDocument &doc, const PyValue &fn, const PyValue &args) {
            return call(doc, fn, args);
        };
    }

    const UnpicklerHooks &hooks() const { return m_hooks; }
    /// Storages in the order the pickle referenced them (legacy: filled in afterwards).
    std::map<std::string, std::shared_ptr<Storage>> &storages() { return m_storages; }

    [[noreturn]] void fail(const std::string &what) const { throw IoError(m_source + ": " + what); }

private:
    static const PyValue *item(const PyValue &t, size_t i) { return i < t.items.size() ? t.items[i] : nullptr; }

    int64_t integer(const PyValue *v, const char *what) const
    {
        if (!v || v->kind != Kind::Int)
            fail(std::string(what) + " is not an integer");
        return v->integer;
    }

    PyValue *loadStorage(PickleDocument &doc, const PyValue &pid)
    {
        if (pid.kind != Kind::Tuple || pid.items.size() < 5 || pid.items[0]->kind != Kind::String ||
            pid.items[0]->text != "storage")
            fail("persistent id is not ('storage', type, key, location, numel)");
        const PyValue *type = pid.items[1];
        if (type->kind != Kind::Global || type->module != "torch")
            fail("storage type is not a torch.*Storage global");
        const StorageType *st = nullptr;
        for (const auto &s : kStorageTypes)
            if (type->name == s.name)
                st = &s;
        if (!st)
            fail("unsupported storage type torch." + type->name);
        const PyValue *keyV = pid.items[2];
        if (keyV->kind != Kind::String)
            fail("storage key is not a string");
        const std::string &key = keyV->text;
        const int64_t numel = integer(pid.items[4], "storage numel");
        const uint64_t elem = c10::elementSize(st->dtype);
        if (numel < 0 || static_cast<uint64_t>(numel) > std::numeric_limits<uint64_t>::max() / 16)
            fail("storage '" + key + "' has an impossible size " + std::to_string(numel));

        std::shared_ptr<Storage> storage;
        const auto found = m_storages.find(key);
        if (found != m_storages.end()) {
            storage = found->second;
            if (storage->flat.scalar_type() != st->dtype || storage->flat.numel() != numel)
                fail("storage '" + key + "' is referenced with two different types or sizes");
        } else {
            const uint64_t nbytes = static_cast<uint64_t>(numel) * elem;
            // The reader checks the size against the archive before anything is allocated.
            m_reader(key, nullptr, nbytes);
            storage = std::make_shared<Storage>();
            storage->key = key;
            if (!m_legacy && nbytes && m_mapper)
                storage->flat = m_mapper(key, st->dtype, numel);
            if (!storage->flat.defined()) {
                storage->flat = torch::empty({numel}, torch::TensorOptions().dtype(st->dtype));
                if (!m_legacy && nbytes)
                    m_reader(key, storage->flat.data_ptr(), nbytes);
            }
            m_storages.emplace(key, storage);
        }

        PyValue *v = doc.make(Kind::Native);
        v->nativeType = "storage";
        // Legacy view_metadata (view_key, offset, view_size): a storage slice of the root storage.
        if (m_legacy && pid.items.size() >= 6 && pid.items[5]->kind == Kind::Tuple) {
            const PyValue &view = *pid.items[5];
            const int64_t offset = integer(item(view, 1), "storage view offset");
            const int64_t size = integer(item(view, 2), "storage view size");
            if (offset < 0 || size < 0 || offset > numel || size > numel - offset)
                fail("storage view of '" + key + "' lies outside the storage");
            auto slice = std::make_shared<Storage>(*storage);
            slice->flat = storage->flat.narrow(0, offset, size);
            v->native = slice;
        } else {
            v->native = storage;
        }
        return v;
    }

    /// _rebuild_tensor(_v2)(storage, storage_offset, size, stride, ...).
    PyValue *rebuildTensor(PickleDocument &doc, const PyValue &args)
    {
        const PyValue *s = item(args, 0);
        if (!s || s->kind != Kind::Native || s->nativeType != "storage")
            fail("_rebuild_tensor_v2 without a storage");
        const auto &storage = *std::static_pointer_cast<Storage>(s->native);
        const int64_t offset = integer(item(args, 1), "storage_offset");
        const PyValue *sizeV = item(args, 2);
        const PyValue *strideV = item(args, 3);
        if (!sizeV || !strideV || sizeV->kind != Kind::Tuple || strideV->kind != Kind::Tuple ||
            sizeV->items.size() != strideV->items.size() || sizeV->items.size() > 64)
            fail("tensor of storage '" + storage.key + "': size and stride are not tuples of one length");
        std::vector<int64_t> size, stride;
        bool empty = false;
        for (size_t i = 0; i < sizeV->items.size(); ++i) {
            size.push_back(integer(sizeV->items[i], "tensor size"));
            stride.push_back(integer(strideV->items[i], "tensor stride"));
            if (size.back() < 0 || stride.back() < 0)
                fail("tensor of storage '" + storage.key + "': negative size or stride");
            empty = empty || size.back() == 0;
        }
        if (offset < 0)
            fail("tensor of storage '" + storage.key + "': negative storage offset");
        const int64_t storageNumel = storage.flat.numel();
        if (!empty) {
            // Highest element index reached: offset + sum (size_i - 1) * stride_i, without overflow.
            uint64_t last = static_cast<uint64_t>(offset);
            const uint64_t cap = static_cast<uint64_t>(storageNumel);
            for (size_t i = 0; i < size.size(); ++i) {
                const uint64_t span = static_cast<uint64_t>(size[i] - 1);
                const uint64_t st = static_cast<uint64_t>(stride[i]);
                if (st != 0 && span > (cap + 1) / st)
                    fail("tensor of storage '" + storage.key + "': size/stride reach outside the storage");
                last += span * st;
                if (last >= cap)
                    break;
            }
            if (last >= cap)
                fail("tensor of storage '" + storage.key + "': size/stride/offset reach element " +
                     std::to_string(last) + " of a storage of " + std::to_string(storageNumel));
        }
        PyValue *v = doc.make(Kind::Native);
        v->nativeType = "tensor";
        try {
            torch::Tensor t = empty ? torch::empty(size, storage.flat.options())
                                    : storage.flat.as_strided(size, stride, offset);
            v->native = std::make_shared<torch::Tensor>(std::move(t));
        } catch (const c10::Error &e) {
            fail("tensor of storage '" + storage.key + "': " + e.what_without_backtrace());
        }
        return v;
    }

    PyValue *call(PickleDocument &doc, const PyValue &fn, const PyValue &args)
    {
        if (fn.module == "torch._utils" && (fn.name == "_rebuild_tensor_v2" || fn.name == "_rebuild_tensor"))
            return rebuildTensor(doc, args);
        if (fn.module == "torch._utils" &&
            (fn.name == "_rebuild_parameter" || fn.name == "_rebuild_parameter_with_state")) {
            const PyValue *t = item(args, 0);
            if (!t || t->kind != Kind::Native || t->nativeType != "tensor")
                fail(fn.name + " of something that is not a tensor");
            return const_cast<PyValue *>(t);
        }
        if (fn.module == "torch._tensor" && fn.name == "_rebuild_from_type_v2") {
            // (func, new_type, args, state): a tensor subclass; rebuild the plain tensor.
            const PyValue *inner = item(args, 0);
            const PyValue *innerArgs = item(args, 2);
            if (inner && innerArgs && inner->kind == Kind::Global && innerArgs->kind == Kind::Tuple)
                return call(doc, *inner, *innerArgs);
        }
        return nullptr;
    }

    std::string m_source;
    StorageReader m_reader;
    StorageMapper m_mapper;
    bool m_legacy;
    UnpicklerHooks m_hooks;
    std::map<std::string, std::shared_ptr<Storage>> m_storages;
};

nlohmann::json nativeJson(const PyValue &v)
{
    if (v.nativeType == "tensor") {
        const auto &t = *std::static_pointer_cast<torch::Tensor>(v.native);
        std::string dtype;
        try {
            dtype = torchDtypeToSafetensors(t.scalar_type());
        } catch (const IoError &) {
            dtype = c10::toString(t.scalar_type());
        }
        return {{"__tensor__", {{"dtype", dtype}, {"shape", t.sizes().vec()}}}};
    }
    return {{"__native__", v.nativeType}};
}

TorchCheckpoint collect(const PyValue *root, const std::string &source)
{
    if (!root || root->kind != Kind::Dict)
        throw IoError(source + ": the saved object is not a dict");
    TorchCheckpoint ck;
    const PyValue *sd = root->get("state_dict");
    const bool lightning = sd && sd->kind == Kind::Dict;
    if (lightning)
        ck.stateDictKey = "state_dict";
    const PyValue *tensors = lightning ? sd : root;
    nlohmann::json nonTensors = nlohmann::json::object();
    for (const auto &kv : tensors->entries) {
        const PyValue *k = kv.first;
        const PyValue *v = kv.second;
        const std::string key = k->kind == Kind::String ? k->text : pyToJson(*k).dump();
        if (k->kind == Kind::String && v->kind == Kind::Native && v->nativeType == "tensor") {
            ck.stateDict[key] = *std::static_pointer_cast<torch::Tensor>(v->native);
            continue;
        }
        if (lightning) {
            ck.nonTensorEntries.push_back(key);
            nonTensors[key] = pyToJson(*v, nativeJson);
        } else {
            ck.other[key] = pyToJson(*v, nativeJson);
        }
    }
    if (lightning) {
        for (const auto &kv : root->entries) {
            if (kv.second == sd)
                continue;
            const std::string key = kv.first->kind == Kind::String ? kv.first->text : pyToJson(*kv.first).dump();
            ck.other[key] = pyToJson(*kv.second, nativeJson);
        }
        if (!ck.nonTensorEntries.empty())
            ck.other["__state_dict_non_tensors__"] = nonTensors;
    }
    return ck;
}

TorchCheckpoint loadZip(ZipArchive &zip, const std::string &source)
{
    // The record prefix is the archive's folder name ("archive" for torch >= 1.6, else the stem).
    std::string prefix;
    bool found = false;
    for (const auto &e : zip.entries()) {
        if (e == "data.pkl" || (e.size() > 9 && e.compare(e.size() - 9, 9, "/data.pkl") == 0 &&
                                e.find('/') == e.size() - 9)) {
            prefix = e.substr(0, e.size() - 8);
            found = true;
            break;
        }
    }
    if (!found)
        throw IoError(source + ": zip archive without a data.pkl, not a torch.save file");
    if (zip.contains(prefix + "byteorder")) {
        const QByteArray order = zip.read(prefix + "byteorder", 64).trimmed();
        if (order != "little")
            throw IoError(source + ": byteorder '" + order.toStdString() + "' is not supported");
    }
    const QByteArray pkl = zip.read(prefix + "data.pkl", uint64_t(1) << 30);
    std::shared_ptr<FileMapping> mapping;
    TorchLoader loader(source, [&](const std::string &key, void *dest, uint64_t nbytes) {
        const std::string entry = prefix + "data/" + key;
        if (key.empty() || key.find('/') != std::string::npos || !zip.contains(entry))
            throw IoError(source + ": storage '" + key + "' has no entry " + entry);
        if (!dest) {
            const uint64_t size = zip.size(entry);
            if (size != nbytes)
                throw IoError(source + ": storage entry " + entry + " holds " + std::to_string(size) +
                              " bytes, the pickle says " + std::to_string(nbytes));
            return;
        }
        zip.read(entry, dest, nbytes);
    }, false, [&](const std::string &key, torch::Dtype dtype, int64_t numel) -> torch::Tensor {
        // Stored entries are viewed in place in the mapped file (issue 37: reading a 2.2 GB
        // Sentinel checkpoint spent half its load zeroing pages and copying); the CRC the archive
        // declares is still checked, as a read does.
        const std::string entry = prefix + "data/" + key;
        const auto range = zip.storedRange(entry);
        if (!range)
            return {};
        if (!mapping) {
            mapping = std::make_shared<FileMapping>();
            mapping->file.setFileName(zip.name());
            if (mapping->file.open(QIODevice::ReadOnly))
                mapping->data = mapping->file.map(0, mapping->file.size(), QFileDevice::MapPrivateOption);
        }
        if (!mapping->data)
            return {};
        uchar *data = mapping->data + range->offset;
        if (reinterpret_cast<std::uintptr_t>(data) % c10::elementSize(dtype) != 0)
            return {};
        if (uint32_t(crc32_z(0, data, size_t(range->size))) != range->crc)
            throw IoError(source + ", entry '" + entry + "': CRC error");
        return torch::from_blob(data, {numel}, [keep = mapping](void *) {}, torch::TensorOptions().dtype(dtype));
    });
    const auto doc = unpickle(pkl.constData(), static_cast<size_t>(pkl.size()), source + " data.pkl",
                              loader.hooks());
    return collect(doc->root, source);
}

// The legacy format's magic number 0x1950a86a20f9469cfc6c as pickled little-endian LONG1 bytes.
const unsigned char kLegacyMagic[] = {0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19};

TorchCheckpoint loadLegacy(const QByteArray &bytes, const std::string &source)
{
    const char *data = bytes.constData();
    const size_t size = static_cast<size_t>(bytes.size());
    size_t pos = 0;
    auto next = [&](const char *what, const UnpicklerHooks &hooks) {
        size_t used = 0;
        auto doc = unpickle(data + pos, size - pos, source + " (" + what + " at byte " + std::to_string(pos) + ")",
                            hooks, &used);
        pos += used;
        return doc;
    };
    const auto magic = next("magic number", {});
    if (magic->root->kind != Kind::BigInt || magic->root->text.size() != sizeof kLegacyMagic ||
        std::memcmp(magic->root->text.data(), kLegacyMagic, sizeof kLegacyMagic) != 0)
        throw IoError(source + ": not a torch.save file (wrong magic number)");
    const auto version = next("protocol version", {});
    if (version->root->kind != Kind::Int || version->root->integer != 1001)
        throw IoError(source + ": unsupported legacy protocol version");
    const auto sysInfo = next("sys info", {});
    const PyValue *little = sysInfo->root->get("little_endian");
    if (!little || little->kind != Kind::Bool || !little->boolean)
        throw IoError(source + ": big-endian legacy files are not supported");

    // Storage bytes follow the pickles, so the first pass only checks sizes are possible.
    TorchLoader loader(source, [&](const std::string &key, void *, uint64_t nbytes) {
        if (nbytes > size)
            throw IoError(source + ": storage '" + key + "' of " + std::to_string(nbytes) +
                          " bytes cannot fit in the file");
    }, true);
    const auto main = next("object", loader.hooks());
    const auto keys = next("storage keys", {});
    if (keys->root->kind != Kind::List)
        throw IoError(source + ": storage key list is not a list");
    std::set<std::string> filled;
    for (const PyValue *k : keys->root->items) {
        if (k->kind != Kind::String)
            throw IoError(source + ": storage key is not a string");
        if (!filled.insert(k->text).second)
            throw IoError(source + ": storage '" + k->text + "' is listed twice");
        const auto it = loader.storages().find(k->text);
        if (it == loader.storages().end())
            throw IoError(source + ": storage '" + k->text + "' is listed but never used");
        const torch::Tensor &flat = it->second->flat;
        if (size - pos < 8)
            throw IoError(source + ": truncated before storage '" + k->text + "'");
        int64_t numel = 0;
        std::memcpy(&numel, data + pos, 8);
        pos += 8;
        if (numel != flat.numel())
            throw IoError(source + ": storage '" + k->text + "' holds " + std::to_string(numel) +
                          " elements, the pickle says " + std::to_string(flat.numel()));
        const uint64_t nbytes = static_cast<uint64_t>(flat.numel()) * flat.element_size();
        if (nbytes > size - pos)
            throw IoError(source + ": storage '" + k->text + "' is truncated");
        if (nbytes)
            std::memcpy(flat.data_ptr(), data + pos, nbytes);
        if (flat.scalar_type() == torch::kBool)
            for (uint64_t i = 0; i < nbytes; ++i)
                if (static_cast<unsigned char>(data[pos + i]) > 1)
                    throw IoError(source + ": bool storage '" + k->text + "' holds a byte other than 0/1");
        pos += nbytes;
    }
    // Every storage must have been filled: unfilled ones would hold uninitialised memory.
    if (filled.size() != loader.storages().size())
        throw IoError(source + ": the storage key list misses storages the object uses");
    return collect(main->root, source);
}

void checkBools(const TorchCheckpoint &ck, const std::string &source)
{
    // torch.bool bytes other than 0/1 are undefined behaviour in libtorch kernels.
    for (const auto &kv : ck.stateDict) {
        if (kv.second.scalar_type() != torch::kBool || kv.second.numel() == 0)
            continue;
        const torch::Tensor raw = kv.second.contiguous().view(torch::kUInt8);
        if (raw.max().item<uint8_t>() > 1)
            throw IoError(source + ", tensor '" + kv.first + "': bool bytes other than 0/1");
    }
}

TorchCheckpoint loadFromBytesOrZip(const QByteArray &head, const QString &name,
                                   const std::function<std::unique_ptr<ZipArchive>()> &openZip,
                                   const std::function<QByteArray()> &allBytes)
{
    const std::string source = "checkpoint " + q(name);
    try {
        TorchCheckpoint ck;
        if (looksLikeZip(head)) {
            const auto zip = openZip();
            ck = loadZip(*zip, source);
        } else if (head.startsWith("\x80\x02")) {
            ck = loadLegacy(allBytes(), source);
        } else {
            throw IoError(source + ": neither a zip archive nor a pickle, not a torch.save file");
        }
        checkBools(ck, source);
        return ck;
    } catch (const IoError &e) {
        const std::string what = e.what();
        if (what.find(q(name)) != std::string::npos)
            throw;
        throw IoError(source + ": " + what);
    } catch (const c10::Error &e) {
        throw IoError(source + ": " + e.what_without_backtrace());
    } catch (const std::bad_alloc &) {
        throw IoError(source + ": out of memory");
    }
}

}  // namespace

TorchCheckpoint loadTorchCheckpoint(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError("checkpoint " + q(path) + ": cannot open: " + q(f.errorString()));
    const QByteArray head = f.peek(16);
    return loadFromBytesOrZip(
        head, path, [&] { return std::make_unique<ZipArchive>(path); }, [&] { return f.readAll(); });
}

TorchCheckpoint loadTorchCheckpoint(const QByteArray &bytes, const QString &name)
{
    return loadFromBytesOrZip(
        bytes.left(16), name, [&] { return std::make_unique<ZipArchive>(bytes, name); }, [&] { return bytes; });
}

bool looksLikeTorchCheckpoint(const QByteArray &head)
{
    return looksLikeZip(head) || head.startsWith("\x80\x02");
}

}  // namespace gauntlet::io
