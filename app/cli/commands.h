// One factory per top-level command, each defined in app/cli/<name>_command.cpp.
#pragma once

#include "app/cli/command.h"

namespace gauntlet::cli {

Command seedsCommand();  // app/cli/seeds_command.cpp

}  // namespace gauntlet::cli
