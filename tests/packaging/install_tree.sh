#!/usr/bin/env bash
# `cmake --install` into a temporary prefix (issue 38): every file in its standard place, the
# desktop entry and AppStream metadata valid by their own validators, and the installed copy runs
# from its own files (check_installed.sh).
#   install_tree.sh BUILD_DIR VERSION
set -euo pipefail
build=$1
version=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail() { echo "install_tree: $*" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix="$stage/opt/gauntlet"
cmake --install "$build" --prefix "$prefix" >/dev/null
id=org.gauntlet.Gauntlet
for f in bin/gauntlet lib/gauntlet/libgauntlet_compute.so \
         share/gauntlet/models/default/difficulty/model.safetensors \
         share/gauntlet/models/default/acceptability/model.safetensors \
         share/gauntlet/models/default/lm/model.safetensors share/gauntlet/models/default/pack.json \
         share/gauntlet/translations/gauntlet_de.qm share/gauntlet/translations/gauntlet_en.qm \
         share/gauntlet/seeds/flores200-devtest.tsv share/gauntlet/taxonomies/ltb_linguistics_taxonomy.json \
         share/gauntlet/slurm/augment-array.sbatch \
         "share/applications/$id.desktop" "share/icons/hicolor/scalable/apps/$id.svg" \
         "share/metainfo/$id.metainfo.xml" share/doc/gauntlet/README.md share/doc/gauntlet/docs/README.md; do
    [ -f "$prefix/$f" ] || fail "cmake --install put no $f"
done
# The pack is installed whole: the same files, byte for byte, as the source tree's.
diff -r "$here/../../resources/models/default" "$prefix/share/gauntlet/models/default" >/dev/null \
    || fail "the installed pack differs from resources/models/default"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$prefix/share/applications/$id.desktop"
else
    [ "${GAUNTLET_REQUIRE_REFERENCES:-0}" = 1 ] && fail "desktop-file-validate is missing (desktop-file-utils)"
fi
appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" >/dev/null \
    || { appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml"; fail "AppStream metadata not valid"; }
"$here/check_installed.sh" "$prefix" "$version"
