#include "app/application.h"

#include "app/main_window.h"
#include "app/ui_language.h"
#include "engine/core/settings.h"
#include "engine/core/version.h"
#include "engine/store/project.h"

#include "widgets/focus_style.h"
#include "widgets/wheel_guard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

namespace gauntlet {

void setApplicationIdentity(QCoreApplication &app)
{
    app.setOrganizationName(QStringLiteral("Gauntlet"));
    app.setApplicationName(QStringLiteral("Gauntlet"));
    app.setApplicationVersion(core::versionString());
}

int runGui(int &argc, char **argv)
{
    QApplication app(argc, argv);
    setApplicationIdentity(app);
    QApplication::setApplicationDisplayName(QStringLiteral("Gauntlet"));
    // The installed desktop entry and icon (packaging/, cmake/GauntletInstall.cmake) share this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.gauntlet.Gauntlet"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.gauntlet.Gauntlet"),
                                                 QIcon(QStringLiteral(":/icons/org.gauntlet.Gauntlet.svg"))));

    QCommandLineParser parser;
    const QCommandLineOption projectOption(QStringLiteral("project"), QString(), QStringLiteral("FILE"));
    parser.addOption(projectOption);
    parser.parse(app.arguments());

    core::Settings settings;
    installTranslations(app, settings.language());
    WheelGuard::install(app);
    FocusStyle::install(app);

    QString project = parser.value(projectOption);
    if (project.isEmpty())
        project = settings.lastProject();
    if (project.isEmpty())
        project = storage::Project::defaultPath();

    MainWindow window(&settings);
    window.show();
    window.openProject(project);
    return app.exec();
}

}  // namespace gauntlet
