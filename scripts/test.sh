#!/usr/bin/env bash
# Runs Gauntlet's whole test suite (CTest, headless) against the build made by scripts/install.sh.
# Extra arguments go to ctest, e.g. scripts/test.sh -R tst_seed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${GAUNTLET_BUILD_DIR:-build}
if [ ! -f "$build/CMakeCache.txt" ]; then
    echo "test.sh: no build in $build; run scripts/install.sh first" >&2
    exit 1
fi
cmake --build "$build" -j "${GAUNTLET_JOBS:-$(nproc)}"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" --output-on-failure -j "${GAUNTLET_TEST_JOBS:-2}" "$@"
