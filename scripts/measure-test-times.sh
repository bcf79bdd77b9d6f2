#!/usr/bin/env bash
# Writes tests/test-times.tsv (name, whole seconds) from the last CTest run's log, so that the
# fast/slow labels follow measured times (tests/CMakeLists.txt, GAUNTLET_SLOW_TEST_SECONDS):
#   scripts/test.sh && scripts/measure-test-times.sh [BUILD_DIR]
# Run it right after a full, warm run (the fixtures already written) on an otherwise idle machine,
# before any other ctest call (even `ctest -N` rewrites the log). Tests the log does not hold keep
# their earlier time; re-run cmake (or the build) to apply the labels.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
log="$build/Testing/Temporary/LastTest.log"
[ -f "$log" ] || { echo "measure-test-times: no $log (run the tests first)" >&2; exit 1; }
table="$root/tests/test-times.tsv"
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
# "N/M Testing: name" is followed, after the test's output, by "Test time =   1.41 sec".
awk '/^[0-9]+\/[0-9]+ Testing: / { name = $3 }
     /^Test time = / && name != "" { printf "%s\t%d\n", name, int($4 + 0.5); name = "" }' "$log" > "$fresh"
[ -s "$fresh" ] || { echo "measure-test-times: no test times in $log" >&2; exit 1; }
{
    echo "# test	seconds (a warm scripts/test.sh run, ctest -j2 on 2 cores; scripts/measure-test-times.sh, $(date -u +%Y-%m-%d))"
    # the fresh times first, then the earlier ones of tests this run did not hold
    cat "$fresh"
    [ -f "$table" ] && grep -v '^#' "$table" | awk -F'\t' 'NR == FNR { seen[$1] = 1; next } !($1 in seen)' "$fresh" - || true
} | awk 'NR == 1 { print; next } { print | "sort" }' > "$table.new"
mv "$table.new" "$table"
echo "measure-test-times: $(grep -vc '^#' "$table") tests in $table ($(wc -l < "$fresh") measured now)"
