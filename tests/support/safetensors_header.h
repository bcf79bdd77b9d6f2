// The parameter count a safetensors file's own header declares, read independently of the engine's
// reader (engine/io/safetensors.h): the reference for tests of `gauntlet models check`.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <nlohmann/json.hpp>

namespace gauntlet::testing {

/// Sum of the element counts of every tensor in the safetensors header of `path` (the 8-byte
/// little-endian header length, then the JSON header); -1 when the file cannot be read.
inline long long safetensorsHeaderParameters(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray lengthBytes = f.read(8);
    if (lengthBytes.size() != 8)
        return -1;
    quint64 length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | quint8(lengthBytes[i]);
    const nlohmann::json header = nlohmann::json::parse(f.read(qint64(length)).toStdString());
    long long total = 0;
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == "__metadata__")
            continue;
        long long n = 1;
        for (const auto &dim : it.value()["shape"])
            n *= dim.get<long long>();
        total += n;
    }
    return total;
}

}  // namespace gauntlet::testing
