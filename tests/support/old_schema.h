// Project files as an older Gauntlet left them, for the tests of what a migration or a merge does
// with them: a database migrated only up to a given schema version.
#pragma once

#include "engine/store/database.h"
#include "engine/store/migrations.h"

#include <QString>

#include <memory>

namespace gauntlet::testing {

/// The database at `path` (created when missing) at schema version `version`, open for writing.
inline std::unique_ptr<storage::Database> databaseAtVersion(const QString &path, int version)
{
    auto db = storage::Database::open(path, storage::Database::Mode::ReadWrite);
    storage::migrate(*db, 0, version);
    return db;
}

}  // namespace gauntlet::testing
