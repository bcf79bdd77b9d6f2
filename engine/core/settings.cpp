#include "engine/core/settings.h"

#include <QFileInfo>

namespace gauntlet::core {

Settings::Settings(QObject *parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(QStringLiteral("Gauntlet"), QStringLiteral("Gauntlet")))
{
}

Settings::Settings(const QString &iniPath, QObject *parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(iniPath, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QStringList Settings::recentProjects() const
{
    return m_settings->value(QLatin1String(KeyRecentProjects)).toStringList();
}

void Settings::addRecentProject(const QString &path)
{
    const QString canonical = QFileInfo(path).absoluteFilePath();
    QStringList list = recentProjects();
    list.removeAll(canonical);
    list.prepend(canonical);
    while (list.size() > MaxRecentProjects)
        list.removeLast();
    setValue(KeyRecentProjects, list);
}

void Settings::removeRecentProject(const QString &path)
{
    QStringList list = recentProjects();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        setValue(KeyRecentProjects, list);
}

QString Settings::lastProject() const
{
    return m_settings->value(QLatin1String(KeyLastProject)).toString();
}

void Settings::setLastProject(const QString &path)
{
    setValue(KeyLastProject, QFileInfo(path).absoluteFilePath());
}

QString Settings::language() const
{
    const QString language = m_settings->value(QLatin1String(KeyLanguage), QStringLiteral("auto")).toString();
    if (language == QLatin1String("en") || language == QLatin1String("de"))
        return language;
    return QStringLiteral("auto");
}

void Settings::setLanguage(const QString &language)
{
    setValue(KeyLanguage, language);
}

QVariant Settings::value(const char *key, const QVariant &defaultValue) const
{
    return m_settings->value(QLatin1String(key), defaultValue);
}

void Settings::setValue(const char *key, const QVariant &value)
{
    const QString name = QLatin1String(key);
    if (m_settings->value(name) == value)
        return;
    m_settings->setValue(name, value);
    Q_EMIT changed(name);
}

}  // namespace gauntlet::core
