// The UI language: which language Gauntlet's windows speak (German or English) and installing
// its translation (translations/gauntlet_de.ts, compiled in) with Qt's own.
#pragma once

#include <QString>

class QCoreApplication;

namespace gauntlet {

/// Chooses the UI language: `setting` is "de" or "en", or "auto" to follow the system locale.
/// Returns "de" or "en".
QString chooseUiLanguage(const QString &setting);

/// Installs Gauntlet's compiled German translation (":/i18n/gauntlet_de.qm", from
/// translations/gauntlet_de.ts) and Qt's own when the chosen language is German; in English,
/// the English plural forms (":/i18n/gauntlet_en.qm", from translations/gauntlet_en.ts). Returns
/// the language in use ("de" or "en"); falls back to English when the translation cannot be loaded.
QString installTranslations(QCoreApplication &app, const QString &setting);

}  // namespace gauntlet
