// Files the tests write before they run what reads them (inputs, malformed files, prompts), and
// files they read back (outputs, reference vectors).
#pragma once

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <nlohmann/json.hpp>

namespace gauntlet::testing {

/// Writes `bytes` to `path`, replacing what was there; false when the file cannot be opened for
/// writing or not all was written (QVERIFY it).
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    return f.write(bytes) == bytes.size();
}

/// The bytes of the file at `path`; empty when it cannot be read.
inline QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The JSON object in the file at `path`; empty when the file cannot be read or holds no object.
inline QJsonObject jsonObjectFile(const QString &path)
{
    return QJsonDocument::fromJson(fileBytes(path)).object();
}

/// The JSON document in the file at `path`; null when the file cannot be read (a file that is not
/// JSON throws nlohmann::json::parse_error).
inline nlohmann::json jsonFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return nullptr;
    const QByteArray bytes = f.readAll();
    return nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size());
}

}  // namespace gauntlet::testing
