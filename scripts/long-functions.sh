#!/bin/sh
# Lists product functions longer than a limit (default 120 lines; issue 36 item 6), longest first:
#   scripts/long-functions.sh [LIMIT]
# Function extents come from Universal Ctags (line: to end:); lambdas are counted inside the
# function that holds them, not on their own. Tests, benchmarks and generated tables are left out.
set -eu
limit=${1:-120}
cd "$(dirname "$0")/.."
git ls-files 'engine/*.cpp' 'app/*.cpp' 'models/*.cpp' 'widgets/*.cpp' | grep -v '_tables\.cpp$' |
    xargs ctags --c++-kinds=f --fields=+ne -o - 2>/dev/null |
    awk -F'\t' -v limit="$limit" '
        $1 ~ /^__anon/ { next }
        {
            line = ""; end = "";
            for (i = 4; i <= NF; ++i) {
                if ($i ~ /^line:/) line = substr($i, 6);
                if ($i ~ /^end:/) end = substr($i, 5);
            }
            if (line != "" && end != "" && end - line + 1 > limit)
                printf "%5d %s:%s %s\n", end - line + 1, $2, line, $1;
        }' | sort -rn
