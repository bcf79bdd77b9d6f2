#pragma once

class QWidget;

namespace gauntlet {

/// Help > About: version, libraries and the licences of bundled data.
void showAboutDialog(QWidget *parent);

}  // namespace gauntlet
