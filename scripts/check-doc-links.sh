#!/usr/bin/env bash
# Checks that every relative link and picture in README.md and docs/ (Markdown `[text](path)` and
# `![alt](path)`) names a file or folder that exists; web links and in-page anchors are left out.
# Exits 1 listing each broken one as FILE: TARGET. CTest runs it as `doc_links` (labels docs, fast).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
broken=0
while IFS= read -r md; do
    dir=$(dirname "$md")
    while IFS= read -r target; do
        path=${target%%#*}
        [ -z "$path" ] && continue
        case "$path" in http://*|https://*|mailto:*) continue ;; esac
        if [ ! -e "$dir/$path" ]; then
            echo "$md: $target" >&2
            broken=1
        fi
    done < <(grep -o '\](\([^)]*\))' "$md" | sed -e 's/^](//' -e 's/)$//' -e 's/ .*//')
done < <(ls README.md docs/*.md docs/cli/*.md)
[ "$broken" = 0 ] && echo "check-doc-links: every relative link in README.md and docs/ resolves"
exit "$broken"
