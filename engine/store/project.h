// A Gauntlet project: one SQLite file holding seeds, runs and (later) examples, campaigns and
// corpora. Opening checks the file before anything is written to it.
#pragma once

#include "engine/store/database.h"
#include "engine/store/seed_store.h"

#include <QString>

#include <memory>

namespace gauntlet::storage {

/// What a file on disk is, found without modifying it.
struct ProjectFileState {
    enum Kind {
        Missing,       ///< no file: a new project will be created
        Empty,         ///< a zero-byte file: treated as a new project
        Current,       ///< a Gauntlet project at this build's schema version
        Older,         ///< a Gauntlet project at an older schema version: will be migrated
        Newer,         ///< written by a newer Gauntlet: refused
        NotSqlite,     ///< not an SQLite database: refused
        NotGauntlet,   ///< an SQLite database of some other program: refused
        Corrupt,       ///< an SQLite database that fails to open or its integrity check: refused
    };
    Kind kind = Missing;
    int schemaVersion = 0;
    QString detail;  ///< the reason, for Corrupt / NotGauntlet
};

/// Inspects `path` read-only (never creates or changes it). Throws nothing.
ProjectFileState inspectProjectFile(const QString &path);

class Project {
public:
    struct Options {
        /// A new project gets the bundled FLORES-200 devtest seed set (resources/seeds).
        bool addBundledSeedSet = true;
    };

    /// The default project file: <AppDataLocation>/default.gauntlet.
    static QString defaultPath();

    /// Opens the project at `path`, creating it (and its folder) when missing or empty. An older
    /// schema is first copied to "<path>.schema-v<N>.bak" and then migrated, one transaction per
    /// migration. Throws StoreError, without modifying the file, when it is not an SQLite database,
    /// belongs to another program, is corrupt, or was written by a newer Gauntlet.
    static std::unique_ptr<Project> open(const QString &path, const Options &options);
    static std::unique_ptr<Project> open(const QString &path) { return open(path, Options()); }

    Database &database() { return *m_db; }
    QString path() const { return m_db->path(); }
    int schemaVersion();
    /// True when this call created the project (it did not exist or was empty).
    bool wasCreated() const { return m_created; }
    SeedStore seeds() { return SeedStore(*m_db); }

private:
    explicit Project(std::unique_ptr<Database> db, bool created) : m_db(std::move(db)), m_created(created) {}
    std::unique_ptr<Database> m_db;
    bool m_created = false;
};

/// Name and licence of the seed set shipped in resources/seeds (attribution in its source field
/// and resources/seeds/README.md).
struct BundledSeedSet {
    static constexpr const char *Name = "flores200-devtest";
    static constexpr const char *ResourcePath = ":/seeds/flores200-devtest.tsv";
    static QString licence();
};

}  // namespace gauntlet::storage
