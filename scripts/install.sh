#!/usr/bin/env bash
# Installs everything Gauntlet needs on Debian 12 (apt-get, as root or through sudo), builds it in
# Release into build/, and runs Gauntlet's main job headless on the shipped default data.
#
#   scripts/install.sh            install packages, build, run the main job
#   scripts/install.sh --no-apt   skip apt-get (packages already installed)
#   scripts/install.sh --no-run   do not run the main job after building
#
# Environment: GAUNTLET_BUILD_DIR (default build), GAUNTLET_JOBS (default: number of cores),
# GAUNTLET_CMAKE_ARGS (extra CMake arguments, e.g. -DCMAKE_PREFIX_PATH=/opt/libtorch for CUDA).
set -euo pipefail
# gauntlet augment exits 3 when some seeds failed (each named on stderr) and the others finished.
allow_partial() { "$@" || { local rc=$?; [ "$rc" -eq 3 ] || return "$rc"; }; }

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${GAUNTLET_BUILD_DIR:-build}
jobs=${GAUNTLET_JOBS:-$(nproc)}
apt=1
run=1
for arg in "$@"; do
    case "$arg" in
        --no-apt) apt=0 ;;
        --no-run) run=0 ;;
        *) echo "install.sh: unknown option '$arg' (--no-apt, --no-run)" >&2; exit 2 ;;
    esac
done

if [ "$apt" = 1 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "install.sh: run as root or install sudo" >&2; exit 1; }
        sudo=sudo
    fi
    mapfile -t packages < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' scripts/debian-packages.txt | grep -v '^$')
    echo "== Installing ${#packages[@]} Debian packages"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${packages[@]}"
    # npm fetches llama.cpp's vocabulary files (below). Debian's npm conflicts with a Node.js from
    # elsewhere (NodeSource's nodejs ships its own npm), so it is installed only where none is there.
    if ! command -v npm >/dev/null; then
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends npm
    fi
fi

echo "== Building Gauntlet (Release) in $build with $jobs jobs"
# shellcheck disable=SC2086
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release ${GAUNTLET_CMAKE_ARGS:-}
cmake --build "$build" -j "$jobs"

# llama.cpp's vocabulary files and tokenizer test vectors for the GGUF tests (too large to commit),
# from the npm package node-llama-cpp@3.21.1; cached in ~/.cache/gauntlet, so only the first install
# needs the network. Without them those tests skip (and fail under GAUNTLET_REQUIRE_REFERENCES).
tests/io/fetch_llama_cpp_vocab.sh "$build/test-data/llama_cpp" \
    || echo "install.sh: could not fetch llama.cpp's vocabulary files (needs npm and the network); the GGUF vocabulary tests will skip" >&2

if [ "$run" = 1 ]; then
    # The main job: ATO-Direct, guarded and judged, on the first two shipped seeds with the shipped
    # default model pack (resources/models/default). A short search (beam 10, 5 steps) so the
    # install stays quick; drop the size options for the paper's settings (B = 50, K = 200, N = 64,
    # 20 steps). The first seed itself has no complete link-grammar parse; the second has one.
    echo "== Main job: ATO-Direct on two shipped FLORES-200 seeds with the default model pack (project $build/demo.gauntlet)"
    gauntlet="$build/app/gauntlet"
    "$gauntlet" --project "$build/demo.gauntlet" seeds import resources/seeds/flores200-devtest.tsv --name flores-demo --licence "CC BY-SA 4.0" --replace
    rm -f "$build/demo-results.jsonl"
    allow_partial "$gauntlet" --project "$build/demo.gauntlet" augment --seed-set flores-demo --limit 2 --method direct \
        --beam-width 10 --shortlist 100 --candidates 16 --random-injections 3 --steps 5 --seed 1 \
        --out "$build/demo-results.jsonl"
    "$gauntlet" evaluate-augmented "$build/demo-results.jsonl"
fi
echo "== Done. Tests: scripts/test.sh   GUI: $build/app/gauntlet"
