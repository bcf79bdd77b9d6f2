// The error every judge throws: a missing package or dictionary, an unreadable resource, a
// failed child process. what() names the input and, where it applies, the Debian package to install.
#pragma once

#include "engine/core/module_error.h"

namespace gauntlet::judge {

struct JudgeErrorTag;
using JudgeError = core::ModuleError<JudgeErrorTag>;

}  // namespace gauntlet::judge
