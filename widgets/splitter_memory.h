// Splitter positions that survive a restart (issue 34 item 14: "splitter positions are not
// remembered"): every QSplitter under a root widget is restored from the settings and saved when
// the user moves it, keyed by its place under the root (class and index among its siblings, so
// the four trace views of the Augment workspace each keep their own).
#pragma once

#include <QString>

class QWidget;

namespace gauntlet {

namespace core { class Settings; }

/// Restores and then remembers every splitter under `root`, under "PREFIX/<path>". Call once, after
/// the widgets under `root` are built; `settings` must outlive them.
void rememberSplitters(QWidget *root, core::Settings *settings, const QString &prefix);

/// The key rememberSplitters uses for `widget` under `root` ("QSplitter0/QWidget1/QSplitter0").
QString widgetPath(const QWidget *root, const QWidget *widget);

}  // namespace gauntlet
