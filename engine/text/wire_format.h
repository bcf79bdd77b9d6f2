// A minimal reader of the protobuf wire format (varint, 64-bit, length-delimited, 32-bit fields),
// enough to read SentencePiece's ModelProto without libprotobuf. Every read is bounds-checked and a
// malformed buffer throws TokenizerError naming `where`.
// Wire format: https://protobuf.dev/programming-guides/encoding/
#pragma once

#include "engine/text/tokenizer.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace gauntlet::text {

class WireReader {
public:
    enum WireType { Varint = 0, Fixed64 = 1, LengthDelimited = 2, Fixed32 = 5 };

    WireReader(std::string_view data, std::string where) : m_data(data), m_where(std::move(where)) {}

    bool atEnd() const { return m_pos >= m_data.size(); }

    /// Reads a field key; sets the field number and wire type. Throws on a bad key or a group type.
    void readKey(std::uint32_t *field, int *type)
    {
        const std::uint64_t key = readVarint();
        *field = std::uint32_t(key >> 3);
        *type = int(key & 7);
        if (*field == 0 || key >> 3 > 0x1FFFFFFF)
            fail("invalid field number");
        if (*type != Varint && *type != Fixed64 && *type != LengthDelimited && *type != Fixed32)
            fail("unsupported wire type " + std::to_string(*type));
    }

    std::uint64_t readVarint()
    {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (m_pos >= m_data.size())
                fail("truncated varint");
            const auto byte = static_cast<unsigned char>(m_data[m_pos++]);
            if (shift == 63 && byte > 1)
                fail("varint overflows 64 bits");
            value |= std::uint64_t(byte & 0x7F) << shift;
            if (!(byte & 0x80))
                return value;
        }
        fail("varint longer than 10 bytes");
    }

    std::uint32_t readFixed32()
    {
        if (m_data.size() - m_pos < 4)
            fail("truncated 32-bit field");
        const auto *b = reinterpret_cast<const unsigned char *>(m_data.data() + m_pos);
        m_pos += 4;
        return std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
    }

    float readFloat()
    {
        const std::uint32_t bits = readFixed32();
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }

    std::string_view readBytes()
    {
        const std::uint64_t len = readVarint();
        if (len > m_data.size() - m_pos)
            fail("length-delimited field of " + std::to_string(len) + " bytes runs past the end");
        const std::string_view out = m_data.substr(m_pos, std::size_t(len));
        m_pos += std::size_t(len);
        return out;
    }

    void skip(int type)
    {
        switch (type) {
        case Varint: readVarint(); break;
        case Fixed64:
            if (m_data.size() - m_pos < 8)
                fail("truncated 64-bit field");
            m_pos += 8;
            break;
        case LengthDelimited: readBytes(); break;
        case Fixed32: readFixed32(); break;
        default: fail("unsupported wire type " + std::to_string(type));
        }
    }

    /// A bool field's value (a varint, nonzero: true). Throws unless `type` is Varint.
    bool readBool(int type, std::uint32_t field)
    {
        expect(type, Varint, field);
        return readVarint() != 0;
    }

    /// A string or bytes field's value, copied. Throws unless `type` is LengthDelimited.
    std::string readString(int type, std::uint32_t field)
    {
        expect(type, LengthDelimited, field);
        return std::string(readBytes());
    }

    /// Throws unless the field has the expected wire type.
    void expect(int type, int expected, std::uint32_t field)
    {
        if (type != expected)
            fail("field " + std::to_string(field) + " has wire type " + std::to_string(type) + ", expected "
                 + std::to_string(expected));
    }

    [[noreturn]] void fail(const std::string &what) const
    {
        throw TokenizerError(m_where + ": malformed protobuf at byte " + std::to_string(m_pos) + ": " + what);
    }

private:
    std::string_view m_data;
    std::size_t m_pos = 0;
    std::string m_where;
};

/// Reads every field of the message `bytes`, in order: `onField(reader, field, wireType)` is called
/// with the reader at the field's value and must read or skip it. Throws TokenizerError naming
/// `where` for a malformed buffer (and whatever `onField` throws).
template<typename OnField>
void readFields(std::string_view bytes, const std::string &where, OnField onField)
{
    WireReader r(bytes, where);
    while (!r.atEnd()) {
        std::uint32_t field;
        int type;
        r.readKey(&field, &type);
        onField(r, field, type);
    }
}

}  // namespace gauntlet::text
