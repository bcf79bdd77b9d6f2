#pragma once

#include "engine/core/module_error.h"

namespace gauntlet::evaluate {

struct EvaluateErrorTag;

/// A campaign, answer, span, package or result file that cannot be used. what() is one line
/// naming the input and the reason.
using EvaluateError = core::QStringModuleError<EvaluateErrorTag>;

}  // namespace gauntlet::evaluate
