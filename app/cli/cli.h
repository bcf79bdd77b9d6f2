// Entry point of the command line: `gauntlet [--project FILE] <command> [options]`.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace gauntlet::cli {

/// True when `args` (argv, program name first) name a command or ask for --help/--version, so
/// Gauntlet runs headless; false when the window should open.
bool isHeadless(const QStringList &args);

/// Parses the global options, dispatches to the command and returns its exit code (ExitCode).
/// Never throws: unknown commands and options give one line on `err` and ExitUsage.
int run(const QStringList &args, QTextStream &out, QTextStream &err);

}  // namespace gauntlet::cli
