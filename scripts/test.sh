#!/usr/bin/env bash
# Runs Gauntlet's whole test suite (CTest, headless) against the build made by scripts/install.sh.
# Extra arguments go to ctest, e.g. scripts/test.sh -R tst_seed.
# Integration tests that start outside services (label `integration`: a local Slurm, a llama.cpp
# server) are left out unless GAUNTLET_INTEGRATION=1, e.g.
#   GAUNTLET_INTEGRATION=1 scripts/test.sh -L slurm
# Each of them skips, naming what is missing, where its service cannot run.
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
# The long fuzz run (label fuzz-long) is left out too: `ctest --test-dir build -L fuzz-long`.
exclude=(-LE 'integration|fuzz-long')
[ "${GAUNTLET_INTEGRATION:-0}" = 1 ] && exclude=(-LE fuzz-long)
ctest --test-dir "$build" --output-on-failure -j "${GAUNTLET_TEST_JOBS:-2}" "${exclude[@]}" "$@"
