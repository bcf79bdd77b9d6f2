// Files the tests write before they run what reads them (inputs, malformed files, prompts).
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace gauntlet::testing {

/// Writes `bytes` to `path`, replacing what was there; false when the file cannot be opened for
/// writing (QVERIFY it).
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(bytes);
    return true;
}

}  // namespace gauntlet::testing
