#include "app/ui_language.h"

#include <QCoreApplication>
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

QString installTranslations(QCoreApplication &app, const QString &setting)
{
    if (chooseUiLanguage(setting) != QLatin1String("de")) {
        // English needs only its plural forms ("%n seed(s)" -> "1 seed", "2 seeds").
        auto *plurals = new QTranslator(&app);
        if (plurals->load(QStringLiteral(":/i18n/gauntlet_en.qm")))
            app.installTranslator(plurals);
        else
            delete plurals;
        return QStringLiteral("en");
    }
    auto *own = new QTranslator(&app);
    if (!own->load(QStringLiteral(":/i18n/gauntlet_de.qm"))) {
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
