// Writing a whole file all or nothing: the one way Gauntlet saves an export, a cache or a table
// (issue 36 item 5: QSaveFile was driven by hand at each place).
#pragma once

#include <QByteArray>
#include <QString>

namespace gauntlet::core {

/// Writes `bytes` to `path` all or nothing: QSaveFile writes a temporary file beside `path` and
/// renames it over `path` only once every byte is written, so a full disk, an error or a kill
/// leaves the earlier file as it was. Returns an empty string on success, otherwise the reason
/// (QFileDevice::errorString, e.g. "Permission denied"); the caller names `path` in its message.
QString saveFile(const QString &path, const QByteArray &bytes);

}  // namespace gauntlet::core
