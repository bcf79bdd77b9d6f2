#!/usr/bin/env bash
# Refreshes the translation sources after UI strings change (issue 35):
#   translations/gauntlet_de.ts  every string of the GUI layers and the acceptance gate (lupdate);
#   translations/gauntlet_en.ts  only the English plural forms (lupdate -pluralonly).
# Then fill what lupdate marks unfinished (Qt Linguist, or by hand) and rebuild.
# Usage: scripts/update-translations.sh [BUILD_DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
cmake --build "$BUILD" --target gauntlet_app_lupdate
LUPDATE="$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)"
(cd "$BUILD/app" && "$LUPDATE" -project .lupdate/gauntlet_app_project.json -pluralonly -no-obsolete -target-language en \
    -ts "$ROOT/translations/gauntlet_en.ts")
for ts in "$ROOT"/translations/gauntlet_*.ts; do
    echo "$(basename "$ts"): $(grep -c 'type="unfinished"' "$ts" || true) unfinished"
done
