#include "engine/verify/example_runs.h"

#include "engine/store/database.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gauntlet::verify {

QHash<qint64, QVector<qint64>> examplesByRun(storage::Database &db)
{
    // tags_json is a JSON array of strings; the LIKE only narrows the rows, the tags are parsed
    storage::SqlQuery q(db, QStringLiteral("SELECT id, tags_json FROM examples WHERE tags_json LIKE '%\"run:%' ORDER BY id"));
    q.exec();
    QHash<qint64, QVector<qint64>> byRun;
    while (q.next()) {
        const qint64 id = q.value(0).toLongLong();
        for (const QJsonValue &tag : QJsonDocument::fromJson(q.value(1).toString().toUtf8()).array()) {
            const QString t = tag.toString();
            bool ok = false;
            const qint64 run = t.startsWith(QLatin1String("run:")) ? t.mid(4).toLongLong(&ok) : 0;
            if (ok && run > 0)
                byRun[run] << id;
        }
    }
    return byRun;
}

}  // namespace gauntlet::verify
