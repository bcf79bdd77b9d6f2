// Committed fixtures tied to their generator: a folder of test data written by a script (e.g.
// tests/data/nn/fixtures by tests/nn/refresh_nn_goldens.py) carries a GENERATOR.json manifest
//   {"refresh": "<the script that writes the folder>",
//    "inputs": {"<path>": "<sha256>", ...},   the generator's scripts and data, relative to the
//                                             repository root; "../shared/..." for the shared folder
//    "files":  {"<path>": "<sha256>", ...}}   every file in the folder, relative to it
// The folder is used only while every input still has its recorded checksum (an edited generator
// must be re-run, not silently ignored) and every file has its own (a corrupted or stray file is
// caught). Without the shared folder the "../shared/" inputs cannot be checked and the committed
// copy is used as it is.
#pragma once

#include "tests/support/file_hash.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

namespace gauntlet::testing {

/// Checks `folder` against its GENERATOR.json (above). `sourceDir` is the repository root and
/// `sharedDir` the shared data folder. Returns an empty string when the folder can be used, else
/// what is wrong, naming the refresh script.
inline QString checkCommittedFixtures(const QString &folder, const QString &sourceDir, const QString &sharedDir)
{
    const QString manifestPath = folder + QStringLiteral("/GENERATOR.json");
    QFile mf(manifestPath);
    if (!mf.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(manifestPath, mf.errorString());
    const QJsonObject manifest = QJsonDocument::fromJson(mf.readAll()).object();
    const QString refresh = manifest.value(QStringLiteral("refresh")).toString();
    const QJsonObject inputs = manifest.value(QStringLiteral("inputs")).toObject();
    const QJsonObject files = manifest.value(QStringLiteral("files")).toObject();
    if (refresh.isEmpty() || inputs.isEmpty() || files.isEmpty())
        return QStringLiteral("%1 lacks refresh, inputs or files").arg(manifestPath);
    // a generator that ran torch records its version ("torch"); the others need only the standard library
    const QString needs = manifest.contains(QStringLiteral("torch")) ? QStringLiteral(" (needs Debian's python3-torch)") : QString();
    const QString rerun = QStringLiteral("re-run %1%2 and commit %3").arg(refresh, needs, folder);

    const QString sharedPrefix = QStringLiteral("../shared/");
    const bool haveShared = QFileInfo(sharedDir).isDir();
    for (auto it = inputs.begin(); it != inputs.end(); ++it) {
        QString path;
        if (it.key().startsWith(sharedPrefix)) {
            if (!haveShared)
                continue;  // nothing to compare with: the committed copy is used as it is
            path = sharedDir + '/' + it.key().mid(sharedPrefix.size());
        } else {
            path = sourceDir + '/' + it.key();
        }
        const QString now = sha256OfFile(path);
        if (now.isEmpty())
            return QStringLiteral("%1: generator input %2 is missing (%3); %4").arg(folder, it.key(), path, rerun);
        if (now != it.value().toString())
            return QStringLiteral("%1 is stale: its generator input %2 has changed (sha256 %3 recorded, %4 now); %5")
                .arg(folder, it.key(), it.value().toString(), now, rerun);
    }

    for (auto it = files.begin(); it != files.end(); ++it) {
        const QString now = sha256OfFile(folder + '/' + it.key());
        if (now.isEmpty())
            return QStringLiteral("%1/%2 is missing; %3").arg(folder, it.key(), rerun);
        if (now != it.value().toString())
            return QStringLiteral("%1/%2 does not match its checksum in GENERATOR.json (sha256 %3 recorded, %4 now): "
                                  "restore it from git or %5")
                .arg(folder, it.key(), it.value().toString(), now, rerun);
    }
    QDirIterator walk(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (walk.hasNext()) {
        const QString rel = QDir(folder).relativeFilePath(walk.next());
        if (rel != QStringLiteral("GENERATOR.json") && !files.contains(rel))
            return QStringLiteral("%1/%2 is not listed in GENERATOR.json: remove it or %3").arg(folder, rel, rerun);
    }
    return {};
}

}  // namespace gauntlet::testing
