// gauntlet: with a command it runs headless (no display needed); with none it opens the window.
// libtorch is not loaded here: engine/compute loads the compute plugin when a model is needed.
#include "app/application.h"
#include "app/cli/cli.h"
#include "app/ui_language.h"

#include <QCoreApplication>
#include <QTextStream>


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
    QTextStream out(stdout);
    QTextStream err(stderr);
    return gauntlet::cli::run(app.arguments(), out, err);
}
