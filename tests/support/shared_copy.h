// The files of the shared data folder that the default suite reads, as committed byte-for-byte
// copies under tests/data/shared-copy (written by tests/data/refresh_shared_copy.py, which lists
// them; tst_committed_fixtures checks each copy against its source where the shared folder is
// there). Tests open them here, so they run from a checkout alone.
#pragma once

#include <QFileInfo>
#include <QString>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace gauntlet::testing {

/// The committed copy of `relative` (a path under the shared folder's data/, e.g.
/// "seeds/seeds_en_10-20w.tsv"). Aborts the test, naming the path and the refresh script, when
/// the copy is not there (a path not listed in refresh_shared_copy.py's FILES).
inline QString sharedCopy(const QString &relative)
{
    const QString path = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/shared-copy/") + relative;
    if (!QFileInfo::exists(path)) {
        std::fprintf(stderr, "%s is not committed: add \"%s\" to FILES in tests/data/refresh_shared_copy.py and run it\n",
                     qPrintable(path), qPrintable(relative));
        std::abort();
    }
    return path;
}

/// sharedCopy() for std::string callers.
inline std::string sharedCopyPath(const char *relative) { return sharedCopy(QString::fromUtf8(relative)).toStdString(); }

}  // namespace gauntlet::testing
