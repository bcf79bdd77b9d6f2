// Fixture caches in the build tree are keyed to the code that generates them: the folder name
// carries a hash of the generator scripts (and of anything else the fixtures are made from), so an
// edited generator writes new fixtures instead of the tests reading stale goldens.
#pragma once

#include <QCryptographicHash>
#include <QFile>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <cstdlib>

namespace gauntlet::testing {

/// The first 12 hex digits of SHA-256 over the contents of `files` (in order) and `extra` (e.g.
/// the generator's arguments). A missing file aborts with its name: the cache cannot be keyed.
inline QString generatorKey(const QStringList &files, const QString &extra = {})
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "fixture generator %s is missing: %s\n", qPrintable(path), qPrintable(file.errorString()));
            std::abort();
        }
        hash.addData(path.toUtf8());
        hash.addData(file.readAll());
    }
    hash.addData(extra.toUtf8());
    return QString::fromLatin1(hash.result().toHex().left(12));
}

}  // namespace gauntlet::testing
