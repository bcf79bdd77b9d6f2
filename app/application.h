#pragma once

class QCoreApplication;

namespace gauntlet {

/// Sets organisation and application names (they decide QSettings and AppDataLocation paths).
void setApplicationIdentity(QCoreApplication &app);

/// Opens the main window and runs the event loop; returns the exit code.
int runGui(int &argc, char **argv);

}  // namespace gauntlet
