#!/usr/bin/env bash
# Runs an installed Gauntlet as a user would, from its installed files only (issue 38):
#   check_installed.sh PREFIX VERSION
# PREFIX is where it was installed (/usr for the .deb). Checks that `gauntlet --version` says
# VERSION, that `gauntlet models pack` found the default pack and the compute plugin under PREFIX
# (not in the build or source tree), that the GUI loads the installed German translation, and runs
# the main job (scripts/install.sh's, one seed and a short search) on the installed seed file.
set -euo pipefail
prefix=$1
version=$2
fail() { echo "check_installed: $*" >&2; exit 1; }
bin="$prefix/bin/gauntlet"
[ -x "$bin" ] || fail "no executable $bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$HOME"
unset GAUNTLET_MODEL_PACK GAUNTLET_COMPUTE_PLUGIN

got=$("$bin" --version)
[ "$got" = "gauntlet $version" ] || fail "--version says '$got', expected 'gauntlet $version'"

"$bin" models pack >"$work/pack.txt" || { cat "$work/pack.txt" >&2; fail "models pack exited $?"; }
expect_line() {
    grep -qxF "$1" "$work/pack.txt" || { cat "$work/pack.txt" >&2; fail "models pack: no line '$1'"; }
}
expect_line "pack: $prefix/share/gauntlet/models/default"
expect_line "difficulty: $prefix/share/gauntlet/models/default/difficulty"
expect_line "lm: $prefix/share/gauntlet/models/default/lm"
expect_line "compute plugin: $prefix/lib/gauntlet/libgauntlet_compute.so"

# The GUI in German, started the way the desktop entry's Exec line starts it for a project file
# (%f), opens the installed translation file (strace sees the open) and that project, then is stopped.
desktop="$prefix/share/applications/org.gauntlet.Gauntlet.desktop"
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
[ "${exec_line%% *}" = gauntlet ] || fail "the desktop entry's Exec line does not start gauntlet: $exec_line"
read -r -a gui_args <<<"${exec_line#gauntlet }"
gui_args=("${gui_args[@]//%f/$work/gui.gauntlet}")
if command -v strace >/dev/null; then
    LC_ALL=de_DE.UTF-8 LANG=de_DE.UTF-8 QT_QPA_PLATFORM=offscreen timeout -s INT 8 \
        strace -f -e trace=openat -o "$work/strace.txt" "$bin" "${gui_args[@]}" >/dev/null 2>&1 || true
    grep -q "\"$prefix/share/gauntlet/translations/gauntlet_de.qm\", O_RDONLY" "$work/strace.txt" \
        || fail "the GUI did not open $prefix/share/gauntlet/translations/gauntlet_de.qm"
    [ -s "$work/gui.gauntlet" ] || fail "the GUI started as the desktop entry says ($exec_line) did not open $work/gui.gauntlet"
else
    [ "${GAUNTLET_REQUIRE_REFERENCES:-0}" = 1 ] && fail "strace is missing (scripts/debian-packages.txt)"
    echo "check_installed: strace missing; the translation's load is not checked" >&2
fi

project="$work/demo.gauntlet"
"$bin" --project "$project" seeds import "$prefix/share/gauntlet/seeds/flores200-devtest.tsv" \
    --name flores-demo --licence "CC BY-SA 4.0" --replace
"$bin" --project "$project" augment --seed-set flores-demo --limit 1 --method direct \
    --beam-width 2 --shortlist 8 --candidates 4 --random-injections 1 --steps 1 --seed 1 \
    --out "$work/results.jsonl"
[ -s "$work/results.jsonl" ] || fail "augment wrote no results"
"$bin" evaluate-augmented "$work/results.jsonl" >"$work/evaluate.txt"
grep -q "direct" "$work/evaluate.txt" || { cat "$work/evaluate.txt" >&2; fail "evaluate-augmented has no direct row"; }
echo "check_installed: $bin runs from $prefix"
