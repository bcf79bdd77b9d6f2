// References for the tests that translate with the installed Apertium pairs: what the `apertium`
// command itself prints, and real sentences of the shared FLORES-style English seed file (the
// committed copy of ../shared/data/seeds/seeds_en_10-20w.tsv in tests/data/shared-copy).
#pragma once

#include "tests/support/process_runner.h"
#include "tests/support/shared_copy.h"

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>
#include <QStringList>

namespace gauntlet::testing {

/// What `apertium -u PAIR` prints for `text`, run through the shell exactly as a user would,
/// without the trailing newlines.
inline QString apertiumCommandOutput(const QString &pair, const QString &text)
{
    const ProcessResult shell = runProcess(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("apertium -u \"$0\""), pair}, 60000,
                                           withInput(text.toUtf8()));
    if (!shell.finished)
        return QStringLiteral("<apertium timed out>");
    QString out = QString::fromUtf8(shell.out);
    while (out.endsWith(u'\n'))
        out.chop(1);
    return out;
}

/// The first_sentence column of every line of seeds/seeds_en_10-20w.tsv, the header line first,
/// untrimmed; empty when the file cannot be read.
inline QStringList sharedSeedColumn()
{
    QFile file(sharedCopy(QStringLiteral("seeds/seeds_en_10-20w.tsv")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = file.readAll().split('\n');
    int column = lines.value(0).split('\t').indexOf("first_sentence");
    if (column < 0)
        column = 0;
    QStringList texts;
    for (const QByteArray &line : lines)
        texts << QString::fromUtf8(line.split('\t').value(column));
    return texts;
}

/// The seed sentence of the shared seed file that starts with `prefix`, trimmed.
inline QString sharedSeed(const QString &prefix)
{
    for (const QString &text : sharedSeedColumn())
        if (text.startsWith(prefix))
            return text.trimmed();
    return {};
}

}  // namespace gauntlet::testing
