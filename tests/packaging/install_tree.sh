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
         "share/metainfo/$id.metainfo.xml" "share/mime/packages/$id.xml" share/doc/gauntlet/README.md share/doc/gauntlet/docs/README.md; do
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
# The project file type: shared-mime-info's own compiler builds a MIME database from the installed
# package file alone, with the type the desktop entry names and the *.gauntlet glob.
if command -v update-mime-database >/dev/null; then
    mime="$stage/mime"
    mkdir -p "$mime/packages"
    cp "$prefix/share/mime/packages/$id.xml" "$mime/packages/"
    update-mime-database "$mime" 2>/dev/null
    [ -f "$mime/application/x-gauntlet-project.xml" ] || fail "update-mime-database made no application/x-gauntlet-project"
    grep -qxF "50:application/x-gauntlet-project:*.gauntlet" "$mime/globs2" || fail "no *.gauntlet glob in the MIME database"
    grep -qxF "MimeType=application/x-gauntlet-project;" "$prefix/share/applications/$id.desktop" \
        || fail "the desktop entry does not open application/x-gauntlet-project"
else
    [ "${GAUNTLET_REQUIRE_REFERENCES:-0}" = 1 ] && fail "update-mime-database is missing (shared-mime-info)"
fi
appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" >/dev/null \
    || { appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml"; fail "AppStream metadata not valid"; }
"$here/check_installed.sh" "$prefix" "$version"
