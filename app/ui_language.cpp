#include "app/ui_language.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace gauntlet {

QString chooseUiLanguage(const QString &setting)
{
    if (setting == QLatin1String("de") || setting == QLatin1String("en"))
        return setting;
    return QLocale::system().language() == QLocale::German ? QStringLiteral("de") : QStringLiteral("en");
}

namespace {

/// Loads Gauntlet's own `<name>.qm`: from the installed `<prefix>/share/gauntlet/translations`
/// beside the executable (cmake --install, the .deb) when it is there, else the copy compiled into
/// the executable's resources (:/i18n), so a build tree and an installed copy both have it.
bool loadOwnTranslation(QTranslator &translator, const QString &name)
{
    const QString installed =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/gauntlet/translations"));
    return translator.load(name, QDir::cleanPath(installed)) || translator.load(name, QStringLiteral(":/i18n"));
}

}  // namespace

QString installTranslations(QCoreApplication &app, const QString &setting)
{
    if (chooseUiLanguage(setting) != QLatin1String("de")) {
        // English needs only its plural forms ("%n seed(s)" -> "1 seed", "2 seeds").
        auto *plurals = new QTranslator(&app);
        if (loadOwnTranslation(*plurals, QStringLiteral("gauntlet_en")))
            app.installTranslator(plurals);
        else
            delete plurals;
        return QStringLiteral("en");
    }
    auto *own = new QTranslator(&app);
    if (!loadOwnTranslation(*own, QStringLiteral("gauntlet_de"))) {
        delete own;
        return QStringLiteral("en");
    }
    app.installTranslator(own);
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(QLocale::German), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return QStringLiteral("de");
}

}  // namespace gauntlet
