// Runs the command line in-process for tests: `gauntlet <args>` through gauntlet::cli::run, with
// standard output and error captured.
#pragma once

#include "app/cli/cli.h"

#include <QObject>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTextStream>

namespace gauntlet::testing {

struct CliResult {
    int code = -1;  ///< the exit code (gauntlet::cli::ExitCode)
    QString out;    ///< standard output
    QString err;    ///< standard error
};

/// `args` without the program name, e.g. {"seeds", "list"}.
inline CliResult runCli(const QStringList &args)
{
    CliResult result;
    QTextStream out(&result.out), err(&result.err);
    QStringList argv = args;
    argv.prepend(QStringLiteral("gauntlet"));
    result.code = cli::run(argv, out, err);
    out.flush();
    err.flush();
    return result;
}

/// `gauntlet --project PROJECT <args>`.
inline CliResult runCliOn(const QString &project, QStringList args)
{
    args.prepend(project);
    args.prepend(QStringLiteral("--project"));
    return runCli(args);
}

/// The base of the command tests: a temporary folder for their projects and files, and
/// `gauntlet --project <folder>/PROJECT <args>`.
class CliTest : public QObject {
protected:
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    CliResult cli(const QString &project, const QStringList &args) const { return runCliOn(m_dir.filePath(project), args); }
};

/// The command tests' initTestCase: QStandardPaths in test mode and, given one, the profile the
/// commands record as the user (GAUNTLET_PROFILE).
inline void useTestEnvironment(const char *profile = nullptr)
{
    QStandardPaths::setTestModeEnabled(true);
    if (profile)
        qputenv("GAUNTLET_PROFILE", profile);
}

}  // namespace gauntlet::testing
