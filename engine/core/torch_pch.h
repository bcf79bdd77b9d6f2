// Precompiled header for every target that uses libtorch (see cmake/GauntletHelpers.cmake).
// Qt keywords are disabled project-wide (QT_NO_KEYWORDS): libtorch uses `slots` as an identifier.
#pragma once
#include <torch/torch.h>
