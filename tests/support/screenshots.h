// Where the GUI tests save their screenshots: $GAUNTLET_SCREENSHOT_DIR (docs/screenshots when the
// pictures are refreshed), or a test's own default folder, or nowhere.
#pragma once

#include <QDir>
#include <QString>
#include <QWidget>

namespace gauntlet::testing {

/// $GAUNTLET_SCREENSHOT_DIR or, when it is unset or empty, `fallback`; created unless empty.
inline QString screenshotDir(const QString &fallback = {})
{
    QString dir = qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR");
    if (dir.isEmpty())
        dir = fallback;
    if (!dir.isEmpty())
        QDir().mkpath(dir);
    return dir;
}

/// Saves `widget` as `name` in $GAUNTLET_SCREENSHOT_DIR; nothing when it is unset.
inline void saveScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = screenshotDir();
    if (!dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(name));
}

}  // namespace gauntlet::testing
