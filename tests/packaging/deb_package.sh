#!/usr/bin/env bash
# The Debian package (issue 38): `cpack -G DEB` in the build folder, its declared dependencies,
# then `dpkg -i` on this machine, the installed /usr/bin/gauntlet run from its own files
# (check_installed.sh: version, pack, plugin, translation, the main job), and `dpkg -P` (purge).
#   deb_package.sh BUILD_DIR VERSION
# Skips (exit 77) where it cannot install: not root, or a gauntlet package is already installed
# (it is not replaced); under GAUNTLET_REQUIRE_REFERENCES=1 those fail instead.
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail() { echo "deb_package: $*" >&2; exit 1; }
skip() {
    [ "${GAUNTLET_REQUIRE_REFERENCES:-0}" = 1 ] && fail "$*"
    echo "deb_package: skipped: $*" >&2
    exit 77
}
[ "$(id -u)" = 0 ] || skip "dpkg -i needs root"
if [ "$(dpkg-query -W -f '${Status}' gauntlet 2>/dev/null || true)" = "install ok installed" ]; then
    skip "a gauntlet package is installed already; not replacing it"
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log") || { cat "$out/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$out"/gauntlet_"$version"_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "cpack wrote no gauntlet_${version}_*.deb in $out"

# Declared dependencies: the shared libraries dpkg-shlibdeps found, and the run-time parts it
# cannot see (plugins, dictionaries, the language model, Apertium).
depends=$(dpkg-deb -f "$deb" Depends)
for p in libqt6widgets6 libqt6charts6 libtorch libqt6sql6-sqlite qt6-qpa-plugins link-grammar-dictionaries-en \
         hunspell-en-us pocketsphinx-en-us wordnet-base apertium-eng-spa; do
    grep -q "\\b$p" <<<"$depends" || fail "Depends has no $p: $depends"
done
[ "$(dpkg-deb -f "$deb" Package)" = gauntlet ] || fail "package name is not gauntlet"

dpkg -i "$deb" >"$out/dpkg.log" 2>&1 || { cat "$out/dpkg.log" >&2; dpkg -P gauntlet >/dev/null 2>&1 || true; fail "dpkg -i failed"; }
trap 'dpkg -P gauntlet >/dev/null 2>&1 || true; rm -rf "$out"' EXIT
# The file list is read whole first: `dpkg -L | grep -q` fails under pipefail when grep stops early (SIGPIPE).
installed=$(dpkg -L gauntlet)
grep -qx /usr/share/applications/org.gauntlet.Gauntlet.desktop <<<"$installed" || fail "the package has no desktop entry"
"$here/check_installed.sh" /usr "$version"
dpkg -P gauntlet >/dev/null || fail "dpkg -P failed"
[ ! -e /usr/bin/gauntlet ] || fail "dpkg -P left /usr/bin/gauntlet behind"
