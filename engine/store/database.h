// RAII wrappers over one SQLite connection (QtSql's QSQLITE driver): every failure throws
// StoreError with the statement and the driver's message (STYLE.md point 8).
#pragma once

#include "engine/store/store_error.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <memory>

namespace gauntlet::storage {

class Database;

/// A prepared statement. Bind values, exec(), then step with next(). A null QString binds as ''
/// (columns are NOT NULL with '' defaults); bind QVariant() for SQL NULL.
class SqlQuery {
public:
    SqlQuery(Database &db, const QString &sql);  ///< prepares; throws StoreError
    SqlQuery &bind(const QString &placeholder, const QVariant &value);
    SqlQuery &bind(int position, const QVariant &value);
    SqlQuery &exec();  ///< throws StoreError naming the statement
    bool next() { return m_query.next(); }
    QVariant value(int column) const { return m_query.value(column); }
    qint64 lastInsertId() const { return m_query.lastInsertId().toLongLong(); }
    int rowsAffected() const { return m_query.numRowsAffected(); }

private:
    QSqlQuery m_query;
    QString m_sql;
    QString m_path;
};

/// One open connection to one SQLite file; the connection is removed on destruction.
class Database {
public:
    /// Inspect: read-only and immutable (SQLite's immutable=1 URI): no lock, no -wal or -shm file
    /// beside the database, committed -wal frames unread; for checking a file before opening it
    /// (issue 39: refused files got -wal/-shm files beside them).
    enum class Mode { ReadOnly, ReadWrite, Inspect };
    /// How long a connection waits for another process's write lock before giving up (ms).
    static constexpr int BusyTimeoutMs = 5000;

    /// Opens `path` (ReadWrite creates the file when missing). ReadWrite connections use the WAL
    /// journal, foreign keys and a 5 s busy timeout. Throws StoreError.
    static std::unique_ptr<Database> open(const QString &path, Mode mode);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    QString path() const { return m_path; }
    QSqlDatabase &handle() { return m_db; }

    /// Executes one statement without results; throws StoreError.
    void exec(const QString &sql);
    /// The first column of the first row, or an invalid QVariant when there is no row.
    QVariant scalar(const QString &sql);

private:
    friend class Transaction;
    Database(const QString &path, const QString &connectionName);
    QString m_path;
    QString m_connectionName;
    QSqlDatabase m_db;
    int m_transactionDepth = 0;  ///< open Transaction objects on this connection
};

/// A transaction that rolls back unless commit() is called (exceptions leave the file unchanged).
/// Nested in another on the same connection it is a savepoint, so a command can make several
/// store calls, each with its own transaction, all or nothing (issue 39: import-wmt stored one
/// language pair at a time and kill -9 left some).
class Transaction {
public:
    explicit Transaction(Database &db);  ///< BEGIN IMMEDIATE; throws StoreError
    ~Transaction();
    void commit();  ///< throws StoreError
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

private:
    Database &m_db;
    bool m_done = false;
    int m_depth = 0;  ///< 0: the outermost (BEGIN IMMEDIATE ... COMMIT); else SAVEPOINT gauntlet_<depth>
};

/// Current UTC time as ISO 8601 with milliseconds, the format every timestamp column uses.
QString utcTimestamp();

}  // namespace gauntlet::storage
