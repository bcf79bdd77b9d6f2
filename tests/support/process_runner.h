// Running a program as a separate process for the tests: the built `gauntlet` executable (where the
// real process matters: exit codes, signals, standard input, no display) and the external
// references (apertium, spm_encode, python3, coreutils), with exit code and output collected.
// In-process command tests use cli_runner.h instead.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>

namespace gauntlet::testing {

/// What a process did.
struct ProcessResult {
    bool finished = false;  ///< it started and ended within the time allowed (QProcess::waitForFinished)
    bool crashed = false;   ///< it ended by a signal (QProcess::CrashExit)
    int code = -1;          ///< its exit code; -1 when it did not finish
    QByteArray out;         ///< standard output (and standard error, with mergeChannels)
    QByteArray err;         ///< standard error

    /// Finished by itself with exit code 0.
    bool ok() const { return finished && !crashed && code == 0; }
};

struct ProcessOptions {
    std::optional<QByteArray> input;                 ///< written to standard input, which is then closed
    std::optional<QProcessEnvironment> environment;  ///< the test's own when unset
    bool mergeChannels = false;                      ///< standard error into `out`
};

/// Options with `bytes` on standard input.
inline ProcessOptions withInput(const QByteArray &bytes)
{
    ProcessOptions options;
    options.input = bytes;
    return options;
}

/// Runs `program args` and waits up to `timeoutMs` for it to end.
inline ProcessResult runProcess(const QString &program, const QStringList &args, int timeoutMs = 120000, const ProcessOptions &options = {})
{
    QProcess p;
    if (options.environment)
        p.setProcessEnvironment(*options.environment);
    if (options.mergeChannels)
        p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (options.input) {
        p.write(*options.input);
        p.closeWriteChannel();
    }
    ProcessResult r;
    r.finished = p.waitForFinished(timeoutMs);
    r.crashed = r.finished && p.exitStatus() == QProcess::CrashExit;
    r.code = r.finished ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

/// The `gauntlet` executable of this build (the app target; the test's CMakeLists makes its folder
/// depend on it where the app is built).
inline QString gauntletExecutable()
{
    return QStringLiteral(GAUNTLET_BINARY_DIR "/app/gauntlet");
}

/// `gauntlet <args>` as a process.
inline ProcessResult runGauntlet(const QStringList &args, int timeoutMs = 120000, const ProcessOptions &options = {})
{
    return runProcess(gauntletExecutable(), args, timeoutMs, options);
}

}  // namespace gauntlet::testing
