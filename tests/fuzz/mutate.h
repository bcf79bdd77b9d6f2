// The byte-level mutations of tests/fuzz (issue 39 item 13), shared by the importer fuzzer and the
// project-file fuzzer: bit flips, truncation, deleted runs, inserted random bytes, a repeated span,
// deep nesting, NUL and invalid UTF-8, a number made a string, a string made a huge number, a value
// swapped for null, a list or an object.
#pragma once

#include <QByteArray>

#include <random>

namespace gauntlet::fuzz {

/// One mutation of `bytes`, chosen and placed by `rng`.
inline QByteArray mutate(QByteArray bytes, std::mt19937_64 &rng)
{
    const auto pick = [&rng](qsizetype n) { return n <= 0 ? qsizetype(0) : qsizetype(rng() % std::uint64_t(n)); };
    switch (rng() % 10) {
    case 0:  // flip bits
        for (int k = 0; k < 1 + int(rng() % 8) && !bytes.isEmpty(); ++k)
            bytes[pick(bytes.size())] = char(bytes[pick(bytes.size())] ^ char(1 << (rng() % 8)));
        break;
    case 1:  // truncate
        bytes.truncate(pick(bytes.size()));
        break;
    case 2:  // delete a run
        bytes.remove(pick(bytes.size()), 1 + pick(16));
        break;
    case 3:  // insert random bytes
        for (int k = 0; k < 1 + int(rng() % 16); ++k)
            bytes.insert(pick(bytes.size() + 1), char(rng() % 256));
        break;
    case 4:  // repeat a span
        if (!bytes.isEmpty()) {
            const qsizetype from = pick(bytes.size());
            bytes.insert(pick(bytes.size() + 1), bytes.mid(from, 1 + pick(64)));
        }
        break;
    case 5:  // deep nesting
        bytes.insert(pick(bytes.size() + 1), QByteArray(int(100 + rng() % 2000), '['));
        break;
    case 6:  // NUL and invalid UTF-8
        bytes.insert(pick(bytes.size() + 1), QByteArray("\0\xff\xfe\xc3", 4));
        break;
    case 7: {  // a number becomes a string
        const qsizetype at = bytes.indexOf(QByteArray::number(int(rng() % 10)), pick(bytes.size()));
        if (at >= 0)
            bytes.replace(at, 1, "\"x\"");
        break;
    }
    case 8: {  // a string becomes a huge number
        const qsizetype at = bytes.indexOf('"', pick(bytes.size()));
        const qsizetype end = at >= 0 ? bytes.indexOf('"', at + 1) : -1;
        if (end > at)
            bytes.replace(at, end - at + 1, "1e999999");
        break;
    }
    default:  // a value swapped for null, a list or an object
        {
            const qsizetype at = bytes.indexOf(':', pick(bytes.size()));
            if (at >= 0)
                bytes.insert(at + 1, (rng() % 3 == 0 ? "null," : rng() % 2 ? "[]," : "{},"));
        }
    }
    return bytes;
}

}  // namespace gauntlet::fuzz
