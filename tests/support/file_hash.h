// The SHA-256 of a file, for tests that check a file was left untouched or matches a recorded
// checksum (tests/support/committed_fixtures.h, the project and merge tests).
#pragma once

#include <QCryptographicHash>
#include <QFile>
#include <QString>

namespace gauntlet::testing {

/// Lower-case hex SHA-256 of a file's contents; empty when it cannot be read.
inline QString sha256OfFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&f);
    return QString::fromLatin1(hash.result().toHex());
}

}  // namespace gauntlet::testing
