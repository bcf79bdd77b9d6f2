#include "engine/store/database.h"
#include "engine/core/arg_text.h"
#include <QFileInfo>
#include <QUrl>

#include <QDateTime>
#include <QSqlError>

#include <atomic>

namespace gauntlet::storage {

namespace {

QString describe(const QSqlError &error)
{
    QString text = error.databaseText();
    if (text.isEmpty())
        text = error.text();
    return text.trimmed();
}

QString oneLine(const QString &sql)
{
    QString s = sql.simplified();
    if (s.size() > 120)
        s = s.left(117) + QStringLiteral("...");
    return s;
}

}  // namespace

SqlQuery::SqlQuery(Database &db, const QString &sql) : m_query(db.handle()), m_sql(sql), m_path(db.path())
{
    // Only next() is offered, so rows need not be cached: a forward-only query holds one row at a
    // time instead of every row it returned (issue 23: a 200,000-segment corpus read back).
    m_query.setForwardOnly(true);
    if (!m_query.prepare(sql))
        throw StoreError(QStringLiteral("%1: cannot prepare \"%2\": %3").arg(m_path, oneLine(sql), describe(m_query.lastError())));
}

namespace {

// A null QString is bound as '' (Qt would bind SQL NULL); pass QVariant() for NULL.
QVariant sqlValue(const QVariant &value)
{
    if (value.typeId() == QMetaType::QString && value.toString().isNull())
        return QStringLiteral("");
    return value;
}

}  // namespace

SqlQuery &SqlQuery::bind(const QString &placeholder, const QVariant &value)
{
    m_query.bindValue(placeholder, sqlValue(value));
    return *this;
}

SqlQuery &SqlQuery::bind(int position, const QVariant &value)
{
    m_query.bindValue(position, sqlValue(value));
    return *this;
}

SqlQuery &SqlQuery::exec()
{
    if (!m_query.exec())
        throw StoreError(QStringLiteral("%1: \"%2\" failed: %3").arg(m_path, oneLine(m_sql), describe(m_query.lastError())));
    return *this;
}

Database::Database(const QString &path, const QString &connectionName)
    : m_path(path), m_connectionName(connectionName), m_db(QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName))
{
}

std::unique_ptr<Database> Database::open(const QString &path, Mode mode)
{
    static std::atomic<int> counter{0};
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        throw StoreError(QStringLiteral("the Qt SQLite driver (QSQLITE) is not installed; install libqt6sql6-sqlite"));
    const QString name = QStringLiteral("gauntlet-%1").arg(counter.fetch_add(1));
    std::unique_ptr<Database> db(new Database(path, name));
    QString options = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(BusyTimeoutMs);
    if (mode == Mode::Inspect) {
        db->m_db.setDatabaseName(QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toString(QUrl::FullyEncoded)
                                 + QStringLiteral("?immutable=1"));
        options += QStringLiteral(";QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI");
    } else {
        db->m_db.setDatabaseName(path);
    }
    if (mode == Mode::ReadOnly)
        options += QStringLiteral(";QSQLITE_OPEN_READONLY");
    db->m_db.setConnectOptions(options);
    if (!db->m_db.open())
        throw StoreError(QStringLiteral("%1: cannot open: %2").arg(path, describe(db->m_db.lastError())));
    if (mode == Mode::ReadWrite) {
        db->scalar(QStringLiteral("PRAGMA journal_mode=WAL"));
        db->exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    }
    return db;
}

Database::~Database()
{
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
}

void Database::exec(const QString &sql)
{
    SqlQuery(*this, sql).exec();
}

QVariant Database::scalar(const QString &sql)
{
    SqlQuery query(*this, sql);
    query.exec();
    return query.next() ? query.value(0) : QVariant();
}

Transaction::Transaction(Database &db) : m_db(db), m_depth(db.m_transactionDepth)
{
    try {
        m_db.exec(m_depth == 0 ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("SAVEPOINT gauntlet_%1").arg(m_depth));
    } catch (const StoreError &e) {
        // Another process holds the write lock past the busy timeout (issue 39: a raw "BEGIN
        // IMMEDIATE failed: database is locked" reached the user).
        const QString what = QString::fromUtf8(e.what());
        if (what.contains(QLatin1String("locked"), Qt::CaseInsensitive) || what.contains(QLatin1String("busy"), Qt::CaseInsensitive))
            throw StoreError(QStringLiteral("%1: another process is writing to this project (a running augment, import or the window); "
                                            "waited %2 s for it to finish. Nothing was changed: try again when it is done")
                                 .arg(core::argText(m_db.path()), core::argText(Database::BusyTimeoutMs / 1000)));
        throw;
    }
    ++m_db.m_transactionDepth;
}

Transaction::~Transaction()
{
    if (!m_done) {
        QSqlQuery rollback(m_db.handle());
        if (m_depth == 0) {
            rollback.exec(QStringLiteral("ROLLBACK"));
        } else {
            rollback.exec(QStringLiteral("ROLLBACK TO gauntlet_%1").arg(m_depth));
            rollback.exec(QStringLiteral("RELEASE gauntlet_%1").arg(m_depth));
        }
    }
    --m_db.m_transactionDepth;
}

void Transaction::commit()
{
    m_db.exec(m_depth == 0 ? QStringLiteral("COMMIT") : QStringLiteral("RELEASE gauntlet_%1").arg(m_depth));
    m_done = true;
}

QString utcTimestamp()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

}  // namespace gauntlet::storage
