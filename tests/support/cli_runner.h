// Runs the command line in-process for tests: `gauntlet <args>` through gauntlet::cli::run, with
// standard output and error captured.
#pragma once

#include "app/cli/cli.h"

#include <QString>
#include <QStringList>
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

}  // namespace gauntlet::testing
