// Errors of engine/sampling (taxonomies, corpora, classification, TACTICS sampling, measures).
#pragma once

#include "engine/core/module_error.h"

namespace gauntlet::sampling {

struct SamplingErrorTag;

/// Bad input or an impossible request in engine/sampling. what() is one complete line that names
/// the input file and line where there is one ("corpus.tsv:12: missing source").
using SamplingError = core::QStringModuleError<SamplingErrorTag>;

}  // namespace gauntlet::sampling
