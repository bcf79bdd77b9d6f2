// A field of /proc/self/status in kB (VmRSS, VmSize, RssAnon, ...), for the tests that check what
// loading a file costs in memory.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QList>

namespace gauntlet::testing {

/// The value of `field` ("VmRSS", "RssAnon", ...) in kB, or -1 where /proc/self/status or the
/// field is missing.
inline qint64 procStatusKb(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').first().toLongLong();
    return -1;
}

}  // namespace gauntlet::testing
