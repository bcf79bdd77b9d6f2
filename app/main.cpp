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


int main(int argc, char **argv)
{
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
