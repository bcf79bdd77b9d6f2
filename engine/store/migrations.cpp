#include "engine/store/migrations.h"
#include "engine/core/arg_text.h"

#include "engine/store/database.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace gauntlet::storage {

const QVector<Migration> &bundledMigrations()
{
    static const QVector<Migration> migrations = [] {
        QVector<Migration> list;
        const QDir dir(QStringLiteral(":/migrations"));
        const QRegularExpression pattern(QStringLiteral("^(\\d{4})_[A-Za-z0-9_]+\\.sql$"));
        for (const QString &file : dir.entryList(QDir::Files, QDir::Name)) {
            const auto match = pattern.match(file);
            if (!match.hasMatch())
                continue;
            QFile f(dir.filePath(file));
            if (!f.open(QIODevice::ReadOnly))
                throw StoreError(QStringLiteral("cannot read bundled migration %1").arg(file));
            list.append({match.captured(1).toInt(), file, QString::fromUtf8(f.readAll())});
        }
        for (int i = 0; i < list.size(); ++i) {
            if (list[i].version != i + 1)
                throw StoreError(QStringLiteral("bundled migrations are not numbered 1..N: %1 is #%2").arg(core::argText(list[i].name), core::argText(i + 1)));
        }
        return list;
    }();
    return migrations;
}

int latestSchemaVersion()
{
    return bundledMigrations().size();
}

QStringList splitSqlScript(const QString &script)
{
    QStringList statements;
    QString current;
    bool hasCode = false;  // the current statement has something besides whitespace and comments
    const qsizetype n = script.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = script[i];
        if (c == u'-' && i + 1 < n && script[i + 1] == u'-') {  // line comment
            while (i < n && script[i] != u'\n')
                ++i;
            current += u'\n';
            continue;
        }
        if (c == u'/' && i + 1 < n && script[i + 1] == u'*') {  // block comment
            const qsizetype end = script.indexOf(QStringLiteral("*/"), i + 2);
            i = end < 0 ? n : end + 1;
            current += u' ';
            continue;
        }
        if (c == u'\'' || c == u'"') {  // quoted literal or identifier; doubled quote escapes
            current += c;
            for (++i; i < n; ++i) {
                current += script[i];
                if (script[i] == c) {
                    if (i + 1 < n && script[i + 1] == c) {
                        current += script[++i];
                        continue;
                    }
                    break;
                }
            }
            hasCode = true;
            continue;
        }
        if (c == u';') {
            if (hasCode)
                statements.append(current.trimmed());
            current.clear();
            hasCode = false;
            continue;
        }
        current += c;
        if (!c.isSpace())
            hasCode = true;
    }
    if (hasCode)
        statements.append(current.trimmed());
    return statements;
}

void migrate(Database &db, int fromVersion, int toVersion)
{
    const QVector<Migration> &migrations = bundledMigrations();
    if (toVersion < 0)
        toVersion = migrations.size();
    for (const Migration &m : migrations) {
        if (m.version <= fromVersion || m.version > toVersion)
            continue;
        Transaction transaction(db);
        try {
            for (const QString &statement : splitSqlScript(m.sql))
                db.exec(statement);
            db.exec(QStringLiteral("PRAGMA user_version = %1").arg(m.version));
            db.exec(QStringLiteral("PRAGMA application_id = %1").arg(GauntletApplicationId));
        } catch (const StoreError &e) {
            throw StoreError(QStringLiteral("migration %1 failed: %2").arg(m.name, QString::fromUtf8(e.what())));
        }
        transaction.commit();
    }
}

}  // namespace gauntlet::storage
