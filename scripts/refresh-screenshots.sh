#!/usr/bin/env bash
# Takes the user guide's screenshots again from the GUI tests, so the pictures in README.md and
# docs/ show the current interface (issue 38):
#   scripts/refresh-screenshots.sh [BUILD_DIR]        write docs/screenshots/ (then review and commit)
#   scripts/refresh-screenshots.sh --check [BUILD_DIR] only say which referenced pictures no test takes
# The GUI tests (ctest -L gui) save their screenshots to $GAUNTLET_SCREENSHOT_DIR; every picture
# README.md and docs/*.md reference under screenshots/, and every one already in docs/screenshots,
# is copied from there. The layout test's
# laptop pictures are named LANGUAGE-WxH-PAGE.png; docs/screenshots/laptop-1280x720/ keeps
# LANGUAGE-PAGE.png. Exits 1 naming each referenced picture that no test wrote.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
build=${1:-$root/build}
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
echo "refresh-screenshots: running the GUI tests (ctest -L gui) into $shots"
GAUNTLET_SCREENSHOT_DIR=$shots QT_QPA_PLATFORM=offscreen \
    ctest --test-dir "$build" -L gui -j "${GAUNTLET_TEST_JOBS:-2}" --output-on-failure >"$shots.log" 2>&1 \
    || { tail -40 "$shots.log" >&2; echo "refresh-screenshots: a GUI test failed (log above)" >&2; exit 1; }
rm -f "$shots.log"
cd "$root"
missing=0
copied=0
while read -r ref; do
    name=${ref#screenshots/}
    base=$(basename "$name")
    case "$name" in
        laptop-1280x720/*-1280x720-*) source=$base ;;
        laptop-1280x720/*) source="${base%%-*}-1280x720-${base#*-}" ;;
        *) source=$base ;;
    esac
    if [ ! -f "$shots/$source" ]; then
        # The layout test writes a page like "Corpora & Labels" as Corpora--Labels: match with runs of
        # dashes folded.
        folded=$(ls "$shots" | awk -v want="$source" '{ f = $0; gsub(/-+/, "-", f); if (f == want) { print $0; exit } }')
        [ -n "$folded" ] && source=$folded
    fi
    if [ ! -f "$shots/$source" ]; then
        if grep -qF "screenshots/$name" README.md docs/*.md; then
            echo "refresh-screenshots: no GUI test takes $name (looked for $source)" >&2
            missing=1
        elif [ "$check" = 0 ]; then
            # Neither referenced nor taken by a test any more: a stale picture.
            git rm -q "docs/screenshots/$name" 2>/dev/null || rm -f "docs/screenshots/$name"
            echo "refresh-screenshots: removed docs/screenshots/$name (no page shows it and no test takes it)" >&2
        fi
        continue
    fi
    if [ "$check" = 0 ]; then
        mkdir -p "docs/screenshots/$(dirname "$name")"
        cp "$shots/$source" "docs/screenshots/$name"
        copied=$((copied + 1))
    fi
done < <({ grep -oh 'screenshots/[^)" ]*\.png' README.md docs/*.md; find docs/screenshots -name '*.png' | sed 's|^docs/||'; } | sort -u)
[ "$check" = 0 ] && echo "refresh-screenshots: $copied pictures written to docs/screenshots (git diff --stat docs/screenshots)"
exit "$missing"
