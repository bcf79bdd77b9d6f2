// gauntlet: with a command it runs headless (no display needed); with none it opens the window.
// libtorch is not loaded here: engine/compute loads the compute plugin when a model is needed.
#include "app/application.h"
#include "app/cli/cli.h"
#include "app/ui_language.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include "engine/core/terminal_text.h"

#include <memory>

#include <cstdlib>
#include <unistd.h>


namespace {

/// libgomp reads OMP_WAIT_POLICY once, when it is loaded, and the executable loads it at start-up
/// (Qt6Core -> libb2 -> libgomp), before main: setting the variable later, as the compute plugin's
/// loader does, is too late for this process (issue 36: idle OpenMP threads spun, 0.175 CPU-s
/// against 0.002, and busy-waiting halves an ATO step on 2 cores). So when the user has not chosen
/// a policy the process starts itself again with PASSIVE, once; if that fails it goes on as it is.
void startWithPassiveOpenMp(char **argv)
{
    if (std::getenv("OMP_WAIT_POLICY") != nullptr)
        return;
    char self[4096];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return;
    self[n] = '\0';
    ::setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    ::execv(self, argv);  // by its own path, so the process keeps its name ("gauntlet", not "exe")
}

}  // namespace

int main(int argc, char **argv)
{
    startWithPassiveOpenMp(argv);
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    if (!gauntlet::cli::isHeadless(args))
        return gauntlet::runGui(argc, argv);

    QCoreApplication app(argc, argv);
    gauntlet::setApplicationIdentity(app);
    gauntlet::installTranslations(app, QStringLiteral("en"));  // the command line speaks English: plural forms only
    // On a terminal, names and texts from projects and files are shown, never obeyed: control
    // characters become visible escapes (issue 39). Pipes and files get the bytes unchanged.
    QFile stdoutFile, stderrFile;
    stdoutFile.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered);
    stderrFile.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered);
    std::unique_ptr<gauntlet::core::TerminalSafeDevice> safeOut, safeErr;
    if (gauntlet::core::isTerminal(1))
        safeOut = std::make_unique<gauntlet::core::TerminalSafeDevice>(&stdoutFile);
    if (gauntlet::core::isTerminal(2))
        safeErr = std::make_unique<gauntlet::core::TerminalSafeDevice>(&stderrFile);
    QTextStream out(safeOut ? static_cast<QIODevice *>(safeOut.get()) : &stdoutFile);
    QTextStream err(safeErr ? static_cast<QIODevice *>(safeErr.get()) : &stderrFile);
    const int code = gauntlet::cli::run(app.arguments(), out, err);
    out.flush();
    err.flush();
    return code;
}
