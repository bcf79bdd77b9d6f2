#include "engine/io/pickle.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace gauntlet::io {

using Kind = PyValue::Kind;

const PyValue *PyValue::get(const std::string &key) const
{
    if (kind != Kind::Dict)
        return nullptr;
    for (const auto &kv : entries)
        if (kv.first->kind == Kind::String && kv.first->text == key)
            return kv.second;
    return nullptr;
}

PyValue *PickleDocument::make(Kind kind)
{
    m_values.emplace_back();
    m_values.back().kind = kind;
    return &m_values.back();
}

namespace {

// Opcode bytes, named as in CPython's Lib/pickletools.py.
enum Op : unsigned char {
    MARK = '(', STOP = '.', POP = '0', POP_MARK = '1', DUP = '2', FLOAT = 'F', INT = 'I', BININT = 'J',
    BININT1 = 'K', LONG = 'L', BININT2 = 'M', NONE = 'N', PERSID = 'P', BINPERSID = 'Q', REDUCE = 'R',
    STRING = 'S', BINSTRING = 'T', SHORT_BINSTRING = 'U', UNICODE = 'V', BINUNICODE = 'X', APPEND = 'a',
    BUILD = 'b', GLOBAL = 'c', DICT = 'd', EMPTY_DICT = '}', APPENDS = 'e', GET = 'g', BINGET = 'h',
    INST = 'i', LONG_BINGET = 'j', LIST = 'l', EMPTY_LIST = ']', OBJ = 'o', PUT = 'p', BINPUT = 'q',
    LONG_BINPUT = 'r', SETITEM = 's', TUPLE = 't', EMPTY_TUPLE = ')', SETITEMS = 'u', BINFLOAT = 'G',
    PROTO = 0x80, NEWOBJ = 0x81, EXT1 = 0x82, EXT2 = 0x83, EXT4 = 0x84, TUPLE1 = 0x85, TUPLE2 = 0x86,
    TUPLE3 = 0x87, NEWTRUE = 0x88, NEWFALSE = 0x89, LONG1 = 0x8a, LONG4 = 0x8b, BINBYTES = 'B',
    SHORT_BINBYTES = 'C', SHORT_BINUNICODE = 0x8c, BINUNICODE8 = 0x8d, BINBYTES8 = 0x8e, EMPTY_SET = 0x8f,
    ADDITEMS = 0x90, FROZENSET = 0x91, NEWOBJ_EX = 0x92, STACK_GLOBAL = 0x93, MEMOIZE = 0x94, FRAME = 0x95,
    BYTEARRAY8 = 0x96, NEXT_BUFFER = 0x97, READONLY_BUFFER = 0x98,
};

class Unpickler {
public:
    Unpickler(const char *data, size_t size, const std::string &source, const UnpicklerHooks &hooks)
        : m_p(reinterpret_cast<const unsigned char *>(data)), m_size(size), m_source(source), m_hooks(hooks),
          m_doc(std::make_unique<PickleDocument>())
    {
    }

    std::unique_ptr<PickleDocument> run(size_t *consumed)
    {
        for (;;) {
            m_opStart = m_pos;
            const unsigned char op = byte();
            if (op == STOP) {
                m_doc->root = pop();
                if (!m_stack.empty() || !m_marks.empty())
                    fail("STOP with values or marks left on the stack");
                if (consumed)
                    *consumed = m_pos;
                return std::move(m_doc);
            }
            step(op);
        }
    }

private:
    [[noreturn]] void fail(const std::string &what) const
    {
        throw IoError(m_source + ": pickle offset " + std::to_string(m_opStart) + ": " + what);
    }

    // ---- reading bytes ----
    void need(uint64_t n) const
    {
        if (n > m_size - m_pos)
            fail("truncated (needs " + std::to_string(n) + " more bytes, " + std::to_string(m_size - m_pos) +
                 " left)");
    }
    unsigned char byte()
    {
        need(1);
        return m_p[m_pos++];
    }
    uint64_t uintLE(int n)
    {
        need(n);
        uint64_t v = 0;
        for (int i = n - 1; i >= 0; --i)
            v = (v << 8) | m_p[m_pos + i];
        m_pos += n;
        return v;
    }
    std::string bytes(uint64_t n)
    {
        need(n);
        std::string s(reinterpret_cast<const char *>(m_p + m_pos), n);
        m_pos += n;
        return s;
    }
    std::string line()
    {
        const size_t start = m_pos;
        while (m_pos < m_size && m_p[m_pos] != '\n')
            ++m_pos;
        if (m_pos >= m_size)
            fail("truncated text line");
        std::string s(reinterpret_cast<const char *>(m_p + start), m_pos - start);
        ++m_pos;
        return s;
    }

    // ---- stack ----
    PyValue *pop()
    {
        const size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() <= floor)
            fail("stack underflow");
        PyValue *v = m_stack.back();
        m_stack.pop_back();
        return v;
    }
    PyValue *top()
    {
        const size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() <= floor)
            fail("stack underflow");
        return m_stack.back();
    }
    std::vector<PyValue *> popMark()
    {
        if (m_marks.empty())
            fail("no MARK on the stack");
        const size_t at = m_marks.back();
        m_marks.pop_back();
        std::vector<PyValue *> items(m_stack.begin() + static_cast<std::ptrdiff_t>(at), m_stack.end());
        m_stack.resize(at);
        return items;
    }
    void push(PyValue *v) { m_stack.push_back(v); }

    PyValue *make(Kind k) { return m_doc->make(k); }
    PyValue *makeInt(int64_t v)
    {
        PyValue *p = make(Kind::Int);
        p->integer = v;
        return p;
    }
    PyValue *makeText(Kind k, std::string s)
    {
        PyValue *p = make(k);
        p->text = std::move(s);
        return p;
    }
    PyValue *makeTuple(std::vector<PyValue *> items)
    {
        PyValue *p = make(Kind::Tuple);
        p->items = std::move(items);
        return p;
    }
    PyValue *makeGlobal(std::string module, std::string name)
    {
        PyValue *p = make(Kind::Global);
        p->module = std::move(module);
        p->name = std::move(name);
        return p;
    }

    /// Two's complement little-endian -> Int when it fits in 64 bits, else BigInt.
    PyValue *makeLong(const std::string &le)
    {
        if (le.size() <= 8) {
            uint64_t v = 0;
            for (size_t i = le.size(); i-- > 0;)
                v = (v << 8) | static_cast<unsigned char>(le[i]);
            if (!le.empty() && le.size() < 8 && (static_cast<unsigned char>(le.back()) & 0x80))
                v |= ~uint64_t(0) << (8 * le.size());  // sign-extend
            int64_t s;
            std::memcpy(&s, &v, 8);
            return makeInt(s);
        }
        return makeText(Kind::BigInt, le);
    }

    void memoPut(uint64_t key)
    {
        m_memo[key] = top();
    }
    PyValue *memoGet(uint64_t key)
    {
        const auto it = m_memo.find(key);
        if (it == m_memo.end())
            fail("memo key " + std::to_string(key) + " was never stored");
        return it->second;
    }

    void setItems(PyValue *target, const std::vector<PyValue *> &kv)
    {
        if (kv.size() % 2)
            fail("SETITEMS with an odd number of values");
        if (target->kind != Kind::Dict && target->kind != Kind::Object)
            fail("SETITEM(S) on a value that is not a dict");
        for (size_t i = 0; i < kv.size(); i += 2)
            target->entries.emplace_back(kv[i], kv[i + 1]);
    }
    void appendItems(PyValue *target, const std::vector<PyValue *> &items)
    {
        if (target->kind != Kind::List && target->kind != Kind::Object)
            fail("APPEND(S) on a value that is not a list");
        target->items.insert(target->items.end(), items.begin(), items.end());
    }

    /// A call of `callable` with the tuple `args` (REDUCE, NEWOBJ, OBJ, INST). Nothing is executed:
    /// known plain constructors build plain values; hooks handle what the caller knows; anything
    /// else becomes an opaque Object.
    PyValue *call(PyValue *callable, PyValue *args)
    {
        if (args->kind != Kind::Tuple)
            fail("call arguments are not a tuple");
        if (callable->kind == Kind::Global) {
            const std::string &m = callable->module;
            const std::string &n = callable->name;
            const bool builtins = m == "builtins" || m == "__builtin__";
            if ((m == "collections" && n == "OrderedDict") || (builtins && n == "dict")) {
                PyValue *d = make(Kind::Dict);
                if (!args->items.empty()) {  // dict(iterable of pairs)
                    const PyValue *src = args->items[0];
                    if (src->kind == Kind::Dict) {
                        d->entries = src->entries;
                    } else if (src->kind == Kind::List || src->kind == Kind::Tuple) {
                        for (const PyValue *pair : src->items) {
                            if ((pair->kind != Kind::Tuple && pair->kind != Kind::List) || pair->items.size() != 2)
                                fail(callable->qualifiedName() + " of an item that is not a pair");
                            d->entries.emplace_back(pair->items[0], pair->items[1]);
                        }
                    }
                }
                return d;
            }
            if (builtins && (n == "list" || n == "tuple" || n == "set" || n == "frozenset")) {
                PyValue *c = make(n == "list" ? Kind::List : n == "tuple" ? Kind::Tuple : Kind::Set);
                if (!args->items.empty() &&
                    (args->items[0]->kind == Kind::List || args->items[0]->kind == Kind::Tuple ||
                     args->items[0]->kind == Kind::Set))
                    c->items = args->items[0]->items;
                return c;
            }
            if (m == "_codecs" && n == "encode" && !args->items.empty() && args->items[0]->kind == Kind::String) {
                // Protocol 2 writes bytes as _codecs.encode(str, 'latin1'): code points 0..255 -> bytes.
                const std::string &u = args->items[0]->text;
                std::string out;
                for (size_t i = 0; i < u.size(); ++i) {
                    const unsigned char c = static_cast<unsigned char>(u[i]);
                    if (c < 0x80) {
                        out += char(c);
                    } else if ((c & 0xe0) == 0xc0 && i + 1 < u.size()) {
                        const unsigned cp = ((c & 0x1fu) << 6) | (static_cast<unsigned char>(u[i + 1]) & 0x3fu);
                        if (cp > 0xff)
                            fail("_codecs.encode of a character above U+00FF");
                        out += char(cp);
                        ++i;
                    } else {
                        fail("_codecs.encode of a character above U+00FF");
                    }
                }
                return makeText(Kind::Bytes, out);
            }
            if (m_hooks.call) {
                if (PyValue *v = m_hooks.call(*m_doc, *callable, *args))
                    return v;
            }
        }
        PyValue *o = make(Kind::Object);
        if (callable->kind == Kind::Global || callable->kind == Kind::Object) {
            o->module = callable->module;
            o->name = callable->name;
        } else {
            o->name = "<call of a non-global>";
        }
        o->args = args;
        return o;
    }

    PyValue *persistent(PyValue *pid)
    {
        if (!m_hooks.persistentLoad)
            fail("persistent id without a loader");
        PyValue *v = m_hooks.persistentLoad(*m_doc, *pid);
        if (!v)
            fail("persistent id was not understood");
        return v;
    }

    // Runs one opcode: each group below takes the opcodes it knows and says whether it took this one.
    void step(unsigned char op)
    {
        if (stepControl(op) || stepScalar(op) || stepText(op) || stepContainer(op) || stepMemo(op)
            || stepObject(op))
            return;
        failUnsupported(op);
    }

    // Protocol, framing and stack-shape opcodes: PROTO, FRAME, MARK, POP, POP_MARK, DUP.
    // Returns false for an opcode of another group.
    bool stepControl(unsigned char op)
    {
        switch (op) {
        case PROTO: {
            const unsigned char v = byte();
            if (v > 5)
                fail("unsupported pickle protocol " + std::to_string(v));
            break;
        }
        case FRAME:
            uintLE(8);  // frames are only a buffering hint
            break;
        case MARK:
            m_marks.push_back(m_stack.size());
            break;
        case POP:
            if (!m_marks.empty() && m_stack.size() == m_marks.back())
                m_marks.pop_back();  // CPython: POP of an empty mark pops the mark
            else
                pop();
            break;
        case POP_MARK:
            popMark();
            break;
        case DUP:
            push(top());
            break;
        default:
            return false;
        }
        return true;
    }

    // None, booleans, integers and floats, binary and text forms.
    // Returns false for an opcode of another group.
    bool stepScalar(unsigned char op)
    {
        switch (op) {
        case NONE:
            push(make(Kind::None));
            break;
        case NEWTRUE:
        case NEWFALSE: {
            PyValue *b = make(Kind::Bool);
            b->boolean = op == NEWTRUE;
            push(b);
            break;
        }
        case BININT: {
            const uint32_t u = static_cast<uint32_t>(uintLE(4));
            int32_t s;
            std::memcpy(&s, &u, 4);
            push(makeInt(s));
            break;
        }
        case BININT1:
            push(makeInt(static_cast<int64_t>(uintLE(1))));
            break;
        case BININT2:
            push(makeInt(static_cast<int64_t>(uintLE(2))));
            break;
        case LONG1:
            push(makeLong(bytes(uintLE(1))));
            break;
        case LONG4: {
            const uint32_t u = static_cast<uint32_t>(uintLE(4));
            if (u & 0x80000000u)
                fail("LONG4 with a negative length");
            push(makeLong(bytes(u)));
            break;
        }
        case INT: {
            const std::string s = line();
            if (s == "00" || s == "01") {
                PyValue *b = make(Kind::Bool);
                b->boolean = s == "01";
                push(b);
                break;
            }
            push(makeInt(parseInteger(s)));
            break;
        }
        case LONG: {
            std::string s = line();
            if (!s.empty() && s.back() == 'L')
                s.pop_back();
            push(makeInt(parseInteger(s)));
            break;
        }
        case BINFLOAT: {
            need(8);
            uint64_t u = 0;
            for (int i = 0; i < 8; ++i)
                u = (u << 8) | m_p[m_pos + i];  // big-endian
            m_pos += 8;
            PyValue *f = make(Kind::Float);
            std::memcpy(&f->real, &u, 8);
            push(f);
            break;
        }
        case FLOAT: {
            const std::string s = line();
            char *end = nullptr;
            const double d = std::strtod(s.c_str(), &end);
            if (s.empty() || end != s.c_str() + s.size())
                fail("FLOAT text '" + s + "' is not a number");
            PyValue *f = make(Kind::Float);
            f->real = d;
            push(f);
            break;
        }
        default:
            return false;
        }
        return true;
    }

    // str and bytes of every length prefix.
    // Returns false for an opcode of another group.
    bool stepText(unsigned char op)
    {
        switch (op) {
        case BINUNICODE:
            push(makeText(Kind::String, utf8(bytes(uintLE(4)))));
            break;
        case SHORT_BINUNICODE:
            push(makeText(Kind::String, utf8(bytes(uintLE(1)))));
            break;
        case BINUNICODE8:
            push(makeText(Kind::String, utf8(bytes(uintLE(8)))));
            break;
        case BINSTRING: {
            const uint32_t u = static_cast<uint32_t>(uintLE(4));
            if (u & 0x80000000u)
                fail("BINSTRING with a negative length");
            push(makeText(Kind::Bytes, bytes(u)));
            break;
        }
        case SHORT_BINSTRING:
        case SHORT_BINBYTES:
            push(makeText(Kind::Bytes, bytes(uintLE(1))));
            break;
        case BINBYTES:
            push(makeText(Kind::Bytes, bytes(uintLE(4))));
            break;
        case BINBYTES8:
        case BYTEARRAY8:
            push(makeText(Kind::Bytes, bytes(uintLE(8))));
            break;
        default:
            return false;
        }
        return true;
    }

    // Building tuples, lists, dicts and sets, and adding items to them.
    // Returns false for an opcode of another group.
    bool stepContainer(unsigned char op)
    {
        switch (op) {
        case EMPTY_LIST:
            push(make(Kind::List));
            break;
        case EMPTY_DICT:
            push(make(Kind::Dict));
            break;
        case EMPTY_SET:
            push(make(Kind::Set));
            break;
        case EMPTY_TUPLE:
            push(makeTuple({}));
            break;
        case TUPLE1:
        case TUPLE2:
        case TUPLE3: {
            const size_t n = op - TUPLE1 + 1;
            std::vector<PyValue *> items(n);
            for (size_t i = n; i-- > 0;)
                items[i] = pop();
            push(makeTuple(std::move(items)));
            break;
        }
        case TUPLE:
            push(makeTuple(popMark()));
            break;
        case LIST: {
            PyValue *l = make(Kind::List);
            l->items = popMark();
            push(l);
            break;
        }
        case DICT: {
            PyValue *d = make(Kind::Dict);
            setItems(d, popMark());
            push(d);
            break;
        }
        case FROZENSET: {
            PyValue *s = make(Kind::Set);
            s->items = popMark();
            push(s);
            break;
        }
        case APPEND: {
            PyValue *v = pop();
            appendItems(top(), {v});
            break;
        }
        case APPENDS: {
            const auto items = popMark();
            appendItems(top(), items);
            break;
        }
        case SETITEM: {
            PyValue *v = pop();
            PyValue *k = pop();
            setItems(top(), {k, v});
            break;
        }
        case SETITEMS: {
            const auto kv = popMark();
            setItems(top(), kv);
            break;
        }
        case ADDITEMS: {
            const auto items = popMark();
            PyValue *s = top();
            if (s->kind != Kind::Set)
                fail("ADDITEMS on a value that is not a set");
            s->items.insert(s->items.end(), items.begin(), items.end());
            break;
        }
        default:
            return false;
        }
        return true;
    }

    // The memo: PUT/MEMOIZE store the top of the stack, GET pushes a stored value.
    // Returns false for an opcode of another group.
    bool stepMemo(unsigned char op)
    {
        switch (op) {
        case BINPUT:
            memoPut(uintLE(1));
            break;
        case LONG_BINPUT:
            memoPut(uintLE(4));
            break;
        case PUT:
            memoPut(static_cast<uint64_t>(parseNonNegative(line())));
            break;
        case MEMOIZE:
            memoPut(m_memo.size());
            break;
        case BINGET:
            push(memoGet(uintLE(1)));
            break;
        case LONG_BINGET:
            push(memoGet(uintLE(4)));
            break;
        case GET:
            push(memoGet(static_cast<uint64_t>(parseNonNegative(line()))));
            break;
        default:
            return false;
        }
        return true;
    }

    // Globals, calls (REDUCE, NEWOBJ, OBJ, INST), BUILD and persistent ids.
    // Returns false for an opcode of another group.
    bool stepObject(unsigned char op)
    {
        switch (op) {
        case GLOBAL: {
            std::string module = utf8(line());
            std::string name = utf8(line());
            push(makeGlobal(std::move(module), std::move(name)));
            break;
        }
        case STACK_GLOBAL: {
            PyValue *name = pop();
            PyValue *module = pop();
            if (module->kind != Kind::String || name->kind != Kind::String)
                fail("STACK_GLOBAL of values that are not strings");
            push(makeGlobal(module->text, name->text));
            break;
        }
        case REDUCE: {
            PyValue *args = pop();
            PyValue *callable = pop();
            push(call(callable, args));
            break;
        }
        case NEWOBJ: {
            PyValue *args = pop();
            PyValue *cls = pop();
            push(call(cls, args));
            break;
        }
        case NEWOBJ_EX: {
            PyValue *kwargs = pop();
            PyValue *args = pop();
            PyValue *cls = pop();
            PyValue *o = call(cls, args);
            if (o->kind == Kind::Object && kwargs->kind == Kind::Dict && !kwargs->entries.empty())
                o->state = kwargs;
            push(o);
            break;
        }
        case OBJ: {
            auto items = popMark();
            if (items.empty())
                fail("OBJ without a class");
            PyValue *cls = items.front();
            items.erase(items.begin());
            push(call(cls, makeTuple(std::move(items))));
            break;
        }
        case INST: {
            std::string module = utf8(line());
            std::string name = utf8(line());
            PyValue *cls = makeGlobal(std::move(module), std::move(name));
            push(call(cls, makeTuple(popMark())));
            break;
        }
        case BUILD: {
            PyValue *state = pop();
            PyValue *target = top();
            if (target->kind == Kind::Object || target->kind == Kind::Dict || target->kind == Kind::Native)
                target->state = state;
            else
                fail("BUILD on a value that cannot take state");
            break;
        }
        case BINPERSID: {
            PyValue *pid = pop();
            push(persistent(pid));
            break;
        }
        case PERSID:
            push(persistent(makeText(Kind::String, utf8(line()))));
            break;
        default:
            return false;
        }
        return true;
    }

    // Opcodes this reader refuses, and bytes that are no opcode at all.
    [[noreturn]] void failUnsupported(unsigned char op) const
    {
        switch (op) {
        case STRING:
        case UNICODE:
            fail("text-mode string opcodes (protocol 0) are not supported");
        case EXT1:
        case EXT2:
        case EXT4:
            fail("extension-registry opcodes are not supported");
        case NEXT_BUFFER:
        case READONLY_BUFFER:
            fail("out-of-band buffers are not supported");
        default: {
            static const char hex[] = "0123456789abcdef";
            fail(std::string("unknown opcode 0x") + hex[op >> 4] + hex[op & 15]);
        }
        }
    }

    std::string utf8(std::string s) const
    {
        // Pickled str is UTF-8; reject anything that is not strict UTF-8 (no overlong forms, no
        // surrogates, nothing above U+10FFFF), so JSON rendering and Qt conversions downstream never
        // see invalid text.
        size_t i = 0;
        const size_t n = s.size();
        while (i < n) {
            const unsigned char c = static_cast<unsigned char>(s[i]);
            const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
            if (len == 0 || i + len > n)
                fail("string is not valid UTF-8");
            uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1fu) : len == 3 ? (c & 0x0fu) : (c & 0x07u);
            for (size_t k = 1; k < len; ++k) {
                const unsigned char d = static_cast<unsigned char>(s[i + k]);
                if ((d & 0xc0) != 0x80)
                    fail("string is not valid UTF-8");
                cp = (cp << 6) | (d & 0x3fu);
            }
            static const uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
            if (cp < minimum[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
                fail("string is not valid UTF-8");
            i += len;
        }
        return s;
    }

    int64_t parseInteger(const std::string &s) const
    {
        errno = 0;
        char *end = nullptr;
        const long long v = std::strtoll(s.c_str(), &end, 10);
        if (s.empty() || end != s.c_str() + s.size() || errno == ERANGE)
            fail("integer text '" + s + "' is not a 64-bit integer");
        return v;
    }
    int64_t parseNonNegative(const std::string &s) const
    {
        const int64_t v = parseInteger(s);
        if (v < 0)
            fail("negative memo key");
        return v;
    }

    const unsigned char *m_p;
    size_t m_size;
    size_t m_pos = 0;
    size_t m_opStart = 0;
    std::string m_source;
    const UnpicklerHooks &m_hooks;
    std::unique_ptr<PickleDocument> m_doc;
    std::vector<PyValue *> m_stack;
    std::vector<size_t> m_marks;
    std::unordered_map<uint64_t, PyValue *> m_memo;
};

}  // namespace

std::unique_ptr<PickleDocument> unpickle(const char *data, size_t size, const std::string &source,
                                         const UnpicklerHooks &hooks, size_t *consumed)
{
    Unpickler u(data, size, source, hooks);
    return u.run(consumed);
}

namespace {

// Shared references can make a small pickle expand exponentially; cap the rendered nodes.
constexpr int64_t kMaxJsonNodes = 1000000;

nlohmann::json toJson(const PyValue &v, const std::function<nlohmann::json(const PyValue &)> &native, int depth,
                      int64_t &budget)
{
    using nlohmann::json;
    if (depth > 100)
        return json{{"__deep__", true}};
    if (--budget < 0)
        return json{{"__truncated__", true}};
    switch (v.kind) {
    case Kind::None:
        return nullptr;
    case Kind::Bool:
        return v.boolean;
    case Kind::Int:
        return v.integer;
    case Kind::Float:
        return v.real;
    case Kind::String:
        return v.text;
    case Kind::Bytes:
        return json{{"__bytes__", v.text.size()}};
    case Kind::BigInt: {
        static const char hex[] = "0123456789abcdef";
        std::string h;
        for (size_t i = v.text.size(); i-- > 0;) {
            const unsigned char c = static_cast<unsigned char>(v.text[i]);
            h += hex[c >> 4];
            h += hex[c & 15];
        }
        return json{{"__int__", h}};
    }
    case Kind::List:
    case Kind::Tuple:
    case Kind::Set: {
        json a = json::array();
        for (const PyValue *c : v.items)
            a.push_back(toJson(*c, native, depth + 1, budget));
        return a;
    }
    case Kind::Dict: {
        json o = json::object();
        for (const auto &kv : v.entries) {
            const std::string key = kv.first->kind == Kind::String ? kv.first->text
                                                                   : toJson(*kv.first, native, depth + 1, budget).dump();
            o[key] = toJson(*kv.second, native, depth + 1, budget);
        }
        return o;
    }
    case Kind::Global:
        return json{{"__global__", v.qualifiedName()}};
    case Kind::Object: {
        json o{{"__object__", v.qualifiedName()}};
        if (v.args)
            o["args"] = toJson(*v.args, native, depth + 1, budget);
        if (v.state)
            o["state"] = toJson(*v.state, native, depth + 1, budget);
        if (!v.items.empty() || !v.entries.empty()) {
            PyValue tmp;
            tmp.kind = Kind::List;
            tmp.items = v.items;
            o["items"] = toJson(tmp, native, depth + 1, budget);
            tmp.kind = Kind::Dict;
            tmp.entries = v.entries;
            o["entries"] = toJson(tmp, native, depth + 1, budget);
        }
        return o;
    }
    case Kind::Native:
        return native ? native(v) : json{{"__native__", v.nativeType}};
    }
    return nullptr;
}

}  // namespace

nlohmann::json pyToJson(const PyValue &value, const std::function<nlohmann::json(const PyValue &)> &native)
{
    int64_t budget = kMaxJsonNodes;
    return toJson(value, native, 0, budget);
}

}  // namespace gauntlet::io
