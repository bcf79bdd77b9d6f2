// Gauntlet's user settings: one object over QSettings with named keys and a change signal
// (STYLE.md point 8). The GUI and the command line read the same keys.
#pragma once

#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>

#include <memory>

namespace gauntlet::core {

class Settings : public QObject {
    Q_OBJECT
public:
    /// Named keys, as stored in QSettings.
    static constexpr const char *KeyRecentProjects = "project/recent";
    static constexpr const char *KeyLastProject = "project/last";
    static constexpr const char *KeyLanguage = "ui/language";  ///< "auto", "en" or "de"
    static constexpr const char *KeyWindowGeometry = "ui/windowGeometry";
    static constexpr const char *KeyWindowState = "ui/windowState";
    static constexpr int MaxRecentProjects = 8;

    /// Uses the application's default QSettings location (organisation "Gauntlet").
    explicit Settings(QObject *parent = nullptr);
    /// Uses an INI file at `path` (tests, portable installs).
    explicit Settings(const QString &iniPath, QObject *parent = nullptr);
    ~Settings() override;

    QStringList recentProjects() const;
    /// Moves `path` to the front of the recent list (deduplicated, at most MaxRecentProjects).
    void addRecentProject(const QString &path);
    void removeRecentProject(const QString &path);

    QString lastProject() const;
    void setLastProject(const QString &path);

    /// "auto" (follow the system locale), "en" or "de".
    QString language() const;
    void setLanguage(const QString &language);

    QVariant value(const char *key, const QVariant &defaultValue = {}) const;
    void setValue(const char *key, const QVariant &value);

Q_SIGNALS:
    /// Emitted after any key changes, with the key's name.
    void changed(const QString &key);

private:
    std::unique_ptr<QSettings> m_settings;
};

}  // namespace gauntlet::core
