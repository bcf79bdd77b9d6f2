// gauntlet: with a command it runs headless (no display needed); with none it opens the window.
#include "app/application.h"
#include "app/cli/cli.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace {

// libtorch's CPU kernels run on OpenMP (libgomp), whose idle threads busy-wait by default. On
// cores shared with other processes that collapses multithreaded scoring (measured in bench/nn:
// 0.18 of GEMM speed instead of 0.84). libgomp reads OMP_WAIT_POLICY once, when it is loaded,
// so the only place to set it is before the process starts: re-execute once with it set, unless
// the user chose a policy.
void ensurePassiveOpenMpWaiting(char **argv)
{
    if (std::getenv("OMP_WAIT_POLICY") != nullptr)
        return;
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    execv("/proc/self/exe", argv);
    // execv only returns on failure (no /proc, say): carry on with the default policy.
}

}  // namespace

int main(int argc, char **argv)
{
    ensurePassiveOpenMpWaiting(argv);

    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    if (!gauntlet::cli::isHeadless(args))
        return gauntlet::runGui(argc, argv);

    QCoreApplication app(argc, argv);
    gauntlet::setApplicationIdentity(app);
    QTextStream out(stdout);
    QTextStream err(stderr);
    return gauntlet::cli::run(app.arguments(), out, err);
}
