#include "engine/store/project.h"
#include "engine/core/arg_text.h"

#include "engine/store/migrations.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace gauntlet::storage {

QString BundledSeedSet::licence()
{
    return QStringLiteral("CC BY-SA 4.0");
}

ProjectFileState inspectProjectFile(const QString &path)
{
    ProjectFileState state;
    const QFileInfo info(path);
    if (!info.exists())
        return state;  // Missing
    if (info.isDir()) {
        state.kind = ProjectFileState::NotSqlite;
        state.detail = QStringLiteral("is a directory");
        return state;
    }
    if (info.size() == 0) {
        state.kind = ProjectFileState::Empty;
        return state;
    }
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            state.kind = ProjectFileState::Corrupt;
            state.detail = file.errorString();
            return state;
        }
        const QByteArray header = file.read(16);
        if (header != QByteArray("SQLite format 3\0", 16)) {
            state.kind = ProjectFileState::NotSqlite;
            return state;
        }
    }
    try {
        // Immutable: checking a file creates nothing beside it. integrity_check also compares every
        // index with its table, which quick_check does not (issue 39: such a file passed and was
        // written to); above 64 MiB, where it takes a second and more (1.2 s against 0.33 s for
        // quick_check on a 166 MiB project with a 560,000-segment corpus; issue 33 item 7: the
        // window must paint within a second), quick_check only.
        // A -wal file left by a process that ended (kill -9) holds committed pages the main file
        // lacks: then read through it, as the real open will.
        const bool wal = QFileInfo(path + QStringLiteral("-wal")).size() > 0;
        auto db = Database::open(path, wal ? Database::Mode::ReadOnly : Database::Mode::Inspect);
        const bool large = info.size() > (qint64(64) << 20);
        const QVariant check = db->scalar(large ? QStringLiteral("PRAGMA quick_check(1)") : QStringLiteral("PRAGMA integrity_check(1)"));
        if (check.toString() != QLatin1String("ok")) {
            state.kind = ProjectFileState::Corrupt;
            state.detail = check.toString();
            return state;
        }
        const int applicationId = db->scalar(QStringLiteral("PRAGMA application_id")).toInt();
        state.schemaVersion = db->scalar(QStringLiteral("PRAGMA user_version")).toInt();
        const int objects = db->scalar(QStringLiteral("SELECT count(*) FROM sqlite_master")).toInt();
        if (applicationId != GauntletApplicationId) {
            if (applicationId == 0 && state.schemaVersion == 0 && objects == 0) {
                state.kind = ProjectFileState::Empty;  // an SQLite file with nothing in it yet
                return state;
            }
            state.kind = ProjectFileState::NotGauntlet;
            state.detail = applicationId != 0 ? QStringLiteral("application id 0x%1").arg(uint(applicationId), 8, 16, QLatin1Char('0'))
                                              : QStringLiteral("%1 tables or indexes of another program").arg(objects);
            return state;
        }
    } catch (const StoreError &e) {
        state.kind = ProjectFileState::Corrupt;
        state.detail = QString::fromUtf8(e.what());
        return state;
    }
    const int latest = latestSchemaVersion();
    state.kind = state.schemaVersion > latest   ? ProjectFileState::Newer
                 : state.schemaVersion < latest ? ProjectFileState::Older
                                                : ProjectFileState::Current;
    return state;
}

QString Project::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("default.gauntlet"));
}

int Project::schemaVersion()
{
    return m_db->scalar(QStringLiteral("PRAGMA user_version")).toInt();
}

namespace {

void addBundledSeeds(Database &db)
{
    QFile resource(QLatin1String(BundledSeedSet::ResourcePath));
    if (!resource.open(QIODevice::ReadOnly))
        throw StoreError(QStringLiteral("the bundled seed set is missing from this build"));
    const QVector<SeedRecord> seeds = readSeedBytes(resource.readAll(), resource.fileName(), SeedFileFormat::Tsv);
    SeedStore(db).addSet(QLatin1String(BundledSeedSet::Name), seeds,
                         QStringLiteral("FLORES-200 devtest first sentences of 10-20 words (NLLB Team et al. 2022; "
                                        "Goyal et al. 2022), bundled with Gauntlet"), BundledSeedSet::licence());
}

}  // namespace

std::unique_ptr<Project> Project::open(const QString &path, const Options &options)
{
    if (path.isEmpty())
        throw StoreError(QStringLiteral("no project file given"));
    const ProjectFileState state = inspectProjectFile(path);
    const int latest = latestSchemaVersion();
    switch (state.kind) {
    case ProjectFileState::NotSqlite:
        throw StoreError(QStringLiteral("%1: not a Gauntlet project (not an SQLite database%2); the file was not changed")
                             .arg(path, state.detail.isEmpty() ? QString() : QStringLiteral(": ") + state.detail));
    case ProjectFileState::NotGauntlet:
        throw StoreError(QStringLiteral("%1: not a Gauntlet project (an SQLite database with %2); the file was not changed").arg(path, state.detail));
    case ProjectFileState::Corrupt:
        throw StoreError(QStringLiteral("%1: the database is corrupt or unreadable (%2); the file was not changed").arg(path, state.detail));
    case ProjectFileState::Newer:
        throw StoreError(QStringLiteral("%1: written by a newer Gauntlet (schema version %2; this build knows up to %3); "
                                        "update Gauntlet to open it. The file was not changed")
                             .arg(core::argText(path), core::argText(state.schemaVersion), core::argText(latest)));
    case ProjectFileState::Missing: {
        const QString dir = QFileInfo(path).absolutePath();
        if (!QDir().mkpath(dir))
            throw StoreError(QStringLiteral("%1: cannot create the folder %2").arg(path, dir));
        break;
    }
    case ProjectFileState::Older: {
        // Keep a copy of the old file before the first migration touches it.
        const QString backup = QStringLiteral("%1.schema-v%2-%3.bak")
                                   .arg(core::argText(path), core::argText(state.schemaVersion), core::argText(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddHHmmss"))));
        auto db = Database::open(path, Database::Mode::ReadOnly);
        SqlQuery vacuum(*db, QStringLiteral("VACUUM INTO ?"));
        vacuum.bind(0, backup).exec();
        break;
    }
    case ProjectFileState::Empty:
    case ProjectFileState::Current:
        break;
    }

    const bool created = state.kind == ProjectFileState::Missing || state.kind == ProjectFileState::Empty;
    auto db = Database::open(path, Database::Mode::ReadWrite);
    if (state.schemaVersion < latest)
        migrate(*db, state.schemaVersion, latest);
    std::unique_ptr<Project> project(new Project(std::move(db), created));
    if (created && options.addBundledSeedSet)
        addBundledSeeds(project->database());
    return project;
}

}  // namespace gauntlet::storage
