#!/usr/bin/env bash
# Build-time benchmark (issue 17): how long a newcomer and a contributor wait for the compiler.
#
#   scripts/build-time-benchmark.sh [SOURCE_DIR] [WORK_DIR]
#
# In a fresh build folder under WORK_DIR (default: a temporary folder; removed afterwards) it measures
#   1. clean configure + build of what scripts/install.sh builds (the default target),
#   2. the benchmarks on top (`--target benchmarks`; absent in trees older than the module graph),
#   3. incremental rebuilds after touching one engine .cpp, one models/ .cpp and one widgets/ .cpp,
#      and engine/nn/qwen2.cpp (with the objects each one recompiled),
# reporting wall seconds and CPU seconds (user + system of every process, from /usr/bin/time) as a
# Markdown table on standard output. SOURCE_DIR (default: this checkout) may be another worktree,
# e.g. an older commit for a before/after comparison. Jobs: GAUNTLET_JOBS (default: number of cores).
# The machine is shared and noisy: compare CPU seconds, and runs made one after the other.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$(cd "${1:-$here}" && pwd)
work=${2:-}
cleanup=0
if [ -z "$work" ]; then
    work=$(mktemp -d /tmp/gauntlet-build-bench.XXXXXX)
    cleanup=1
fi
build="$work/build"
jobs=${GAUNTLET_JOBS:-$(nproc)}
command -v /usr/bin/time >/dev/null || { echo "build-time-benchmark: needs /usr/bin/time (Debian package time)" >&2; exit 1; }
rm -rf "$build"
mkdir -p "$work"
log="$work/build-time.log"
: > "$log"

# measure LABEL CMD...: appends "LABEL|wall|cpu|steps" to $work/results
measure() {
    local label=$1; shift
    local timing="$work/time.txt"
    /usr/bin/time -f "%e %U %S" -o "$timing" "$@" > "$work/out.txt" 2>&1 || { cat "$work/out.txt" >&2; exit 1; }
    cat "$work/out.txt" >> "$log"
    local steps
    steps=$(grep -c '^\[[0-9]*/[0-9]*\] \(Building\|Linking\|Automatic\|Precompiling\|Generating\|Running\)' "$work/out.txt" || true)
    read -r wall user sys < "$timing"
    echo "$label|$wall|$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')|$steps" >> "$work/results"
}

touched() {  # the objects the last build recompiled
    grep -o 'Building CXX object [^ ]*' "$work/out.txt" | sed 's/Building CXX object //; s#/CMakeFiles/[^/]*\.dir/#/#' | tr '\n' ' '
}

: > "$work/results"
measure "configure" cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
measure "clean build: default target (what install.sh builds)" cmake --build "$build" -j "$jobs"
if cmake --build "$build" --target help | grep -q '^benchmarks:'; then
    measure "benchmarks on top (--target benchmarks)" cmake --build "$build" --target benchmarks -j "$jobs"
fi
declare -A recompiled
for file in engine/metrics/chrf.cpp models/step_stats_model.cpp widgets/trace_view.cpp engine/nn/qwen2.cpp; do
    [ -f "$src/$file" ] || continue
    touch "$src/$file"
    measure "incremental: touch $file" cmake --build "$build" -j "$jobs"
    recompiled[$file]=$(touched)
done

echo "Build times of $src ($(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?')), $jobs jobs, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| step | wall s | CPU s | CPU min | ninja steps |"
echo "|---|---:|---:|---:|---:|"
while IFS='|' read -r label wall cpu steps; do
    awk -v l="$label" -v w="$wall" -v c="$cpu" -v n="$steps" 'BEGIN { printf "| %s | %.0f | %.0f | %.1f | %s |\n", l, w, c, c / 60, n }'
done < "$work/results"
echo
for file in "${!recompiled[@]}"; do
    echo "- touching $file recompiled: ${recompiled[$file]:-nothing}"
done
if [ "$cleanup" = 1 ]; then
    rm -rf "$work"
fi
