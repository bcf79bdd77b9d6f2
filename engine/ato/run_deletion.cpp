#include "engine/ato/run_deletion.h"

namespace gauntlet::ato {

namespace {

/// Tables other than `runs` with a run_id column (the tables that belong to a run).
QStringList runTables(storage::Database &db)
{
    QStringList out;
    storage::SqlQuery q(db, QStringLiteral("SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'runs' "
                                  "AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'run_id') ORDER BY m.name"));
    q.exec();
    while (q.next())
        out << q.value(0).toString();
    return out;
}

QStringList columnsOf(storage::Database &db, const QString &table)
{
    QStringList out;
    storage::SqlQuery q(db, QStringLiteral("SELECT name FROM pragma_table_info(?) ORDER BY cid"));
    q.bind(0, table).exec();
    while (q.next())
        out << q.value(0).toString();
    return out;
}

QString quoted(const QStringList &names)
{
    QStringList out;
    for (const QString &n : names)
        out << QLatin1Char('"') + n + QLatin1Char('"');
    return out.join(QLatin1Char(','));
}

}  // namespace

DeletedRuns deleteRuns(storage::Database &db, const std::vector<qint64> &runIds)
{
    DeletedRuns out;
    storage::Transaction tx(db);
    QStringList tables{QStringLiteral("runs")};
    tables << runTables(db);
    for (const qint64 id : runIds) {
        storage::SqlQuery exists(db, QStringLiteral("SELECT 1 FROM runs WHERE id = ?"));
        exists.bind(0, id).exec();
        if (exists.next())
            out.runIds.push_back(id);
    }
    if (out.runIds.empty())
        return out;
    for (const QString &table : tables) {
        DeletedRuns::Table t;
        t.name = table;
        t.columns = columnsOf(db, table);
        const QString key = table == QLatin1String("runs") ? QStringLiteral("id") : QStringLiteral("run_id");
        storage::SqlQuery rows(db, QStringLiteral("SELECT %1 FROM \"%2\" WHERE \"%3\" = ?").arg(quoted(t.columns), table, key));
        for (const qint64 id : out.runIds) {
            rows.bind(0, id).exec();
            while (rows.next()) {
                QVariantList row;
                for (int c = 0; c < t.columns.size(); ++c)
                    row << rows.value(c);
                t.rows.push_back(std::move(row));
            }
        }
        out.tables.push_back(std::move(t));
    }
    storage::SqlQuery remove(db, QStringLiteral("DELETE FROM runs WHERE id = ?"));  // the rest cascades
    for (const qint64 id : out.runIds)
        remove.bind(0, id).exec();
    tx.commit();
    return out;
}

void restoreRuns(storage::Database &db, const DeletedRuns &deleted)
{
    if (deleted.empty())
        return;
    storage::Transaction tx(db);
    // Rows go back table by table; foreign keys are checked at commit, when every row is back.
    db.exec(QStringLiteral("PRAGMA defer_foreign_keys = ON"));
    for (const DeletedRuns::Table &t : deleted.tables) {
        QStringList marks;
        for (int i = 0; i < t.columns.size(); ++i)
            marks << QStringLiteral("?");
        storage::SqlQuery insert(db, QStringLiteral("INSERT INTO \"%1\" (%2) VALUES (%3)").arg(t.name, quoted(t.columns), marks.join(QLatin1Char(','))));
        for (const QVariantList &row : t.rows) {
            for (int c = 0; c < row.size(); ++c)
                insert.bind(c, row[c].isNull() ? QVariant() : row[c]);  // SQL NULL stays NULL (a null QString would bind '')
            insert.exec();
        }
    }
    tx.commit();
}

}  // namespace gauntlet::ato
