// A small, safe unpickler: it builds a tree of plain values from Python pickle bytes and never
// executes anything. Globals are recorded by name; REDUCE / NEWOBJ / BUILD on a global the caller
// does not handle become opaque Object values. Opcodes follow CPython's Lib/pickletools.py
// (protocols 0-5; the text-mode STRING/UNICODE, EXT* and out-of-band buffers are refused).
#pragma once

#include "engine/io/io_error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gauntlet::io {

/// One unpickled Python value. Children are raw pointers owned by the PickleDocument, so cyclic
/// structures (legal in pickles) cannot leak.
struct PyValue {
    enum class Kind {
        None, Bool, Int, BigInt, Float, String, Bytes, List, Tuple, Dict, Set, Global, Object, Native
    };
    Kind kind = Kind::None;
    bool boolean = false;
    int64_t integer = 0;
    double real = 0.0;
    std::string text;   ///< String (UTF-8), Bytes (raw), BigInt (little-endian two's complement)
    std::string module; ///< Global, Object: the callable's module, e.g. "collections"
    std::string name;   ///< Global, Object: the callable's name, e.g. "OrderedDict"
    std::vector<PyValue *> items;                          ///< List, Tuple, Set; Object's APPENDs
    std::vector<std::pair<PyValue *, PyValue *>> entries;  ///< Dict (in order); Object's SETITEMs
    PyValue *args = nullptr;   ///< Object: the argument tuple of REDUCE / NEWOBJ
    PyValue *state = nullptr;  ///< Object, Dict: the argument of BUILD (__setstate__)
    std::shared_ptr<void> native;  ///< Native: a payload made by a hook (e.g. a torch tensor)
    std::string nativeType;        ///< Native: what `native` holds, e.g. "tensor", "storage"

    bool isString() const { return kind == Kind::String; }
    /// The value of `key` in a Dict with string keys, or nullptr.
    const PyValue *get(const std::string &key) const;
    /// "module.name" of a Global or Object.
    std::string qualifiedName() const { return module + "." + name; }
};

/// Owns every value of one unpickled stream.
class PickleDocument {
public:
    PyValue *make(PyValue::Kind kind);
    PyValue *root = nullptr;

private:
    std::deque<PyValue> m_values;
};

/// Callbacks that give meaning to persistent ids and to calls of known globals.
struct UnpicklerHooks {
    /// BINPERSID / PERSID: the value of a persistent id. Unset: the pid is an error.
    std::function<PyValue *(PickleDocument &, const PyValue &pid)> persistentLoad;
    /// REDUCE / NEWOBJ of the global `callable` with argument tuple `args`: return the value, or
    /// nullptr to record an opaque Object. Built in before this: collections.OrderedDict and
    /// builtins dict/list/set/frozenset/tuple (plain containers) and _codecs.encode (bytes).
    std::function<PyValue *(PickleDocument &, const PyValue &callable, const PyValue &args)> call;
};

/// Unpickles one pickle from `data[0, size)`, stopping at its STOP opcode. `source` names the input
/// in errors. Returns the document; `*consumed` (if given) receives the number of bytes read.
/// Throws IoError "<source>: pickle offset N: <reason>" for truncated or malformed input, unknown
/// opcodes, stack underflow, a missing memo entry, or a hook's error. Work and memory are linear
/// in `size`.
std::unique_ptr<PickleDocument> unpickle(const char *data, size_t size, const std::string &source,
                                         const UnpicklerHooks &hooks = {}, size_t *consumed = nullptr);

/// A JSON rendering of plain values: None -> null, bool, int, float, str; list and tuple -> array;
/// dict -> object (non-string keys rendered as their JSON text); bytes -> {"__bytes__": length};
/// big ints -> {"__int__": hex}; Global -> {"__global__": "mod.name"}; Object ->
/// {"__object__": "mod.name", "args": ..., "state": ...}; Native -> `native(value)` if given, else
/// {"__native__": type}. Nesting deeper than 100 (or cyclic) becomes {"__deep__": true}; after 10^6
/// rendered nodes (shared references expand) the rest becomes {"__truncated__": true}.
nlohmann::json pyToJson(const PyValue &value,
                        const std::function<nlohmann::json(const PyValue &)> &native = {});

}  // namespace gauntlet::io
