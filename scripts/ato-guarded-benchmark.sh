#!/usr/bin/env bash
# The issue #16 acceptance benchmark: ATO with its guards, judged by tools ATO does not optimise.
#
# Seeds: bench/ato/guarded_news20.txt, 20 news-like English sentences written for this benchmark
# (in no shared file; link-parser parses each completely). Every method runs with the same
# settings on the default model pack, with the guards on (the command line's default):
#   direct, two-phase, random-words, random-subwords (2 replacements, the paper's baselines),
#   random-words-matched: random-words with as many replacements per seed as ATO-Direct edited
#   words in that seed (at least 1),
# and, with UNGUARDED=1, direct and two-phase again with --no-guards (the paper's pure search);
# with BEFORE=1, direct and two-phase with the guards of issue 16 alone (--no-word-relations
# --no-trigram-context: the search before issue 31 restricted proposals by knowledge of English).
# Then `gauntlet evaluate-augmented` reports per method D, perplexity and the judges (complete
# link-grammar parse, null links, Hunspell misspellings, words outside the vocabulary guard,
# Apertium eng-spa unknown words and round-trip chrF), each with a 95% bootstrap interval.
#
# Usage: scripts/ato-guarded-benchmark.sh [BUILD_DIR] [OUT_DIR]
# Environment (the settings; defaults are issue 16's): B=16 K=100 N=32 R=4 STEPS=6 PHASE2=6,
#   THREADS (default: all cores), SEED=1, UNGUARDED=0, SEEDS_FILE, MODELS (a model pack folder;
#   default: the shipped pack); ONLY="random-words matched"
#   re-runs only those methods (direct, two-phase, random-words, random-subwords, matched,
#   unguarded) and keeps the other methods' results from an earlier run in OUT_DIR.
# Writes OUT_DIR/results.jsonl (every result with its judges), OUT_DIR/summary.tsv, and the
# project OUT_DIR/benchmark.gauntlet. Not a test: it takes tens of minutes on two cores.
set -euo pipefail
# gauntlet augment exits 3 when some seeds failed (each named on stderr) and the others finished.
allow_partial() { "$@" || { local rc=$?; [ "$rc" -eq 3 ] || return "$rc"; }; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
OUT="${2:-$BUILD/ato-guarded-benchmark}"
SEEDS_FILE="${SEEDS_FILE:-$ROOT/bench/ato/guarded_news20.txt}"
B="${B:-16}" K="${K:-100}" N="${N:-32}" R="${R:-4}" STEPS="${STEPS:-6}" PHASE2="${PHASE2:-6}"
THREADS="${THREADS:-$(nproc)}" SEED="${SEED:-1}" UNGUARDED="${UNGUARDED:-0}" BEFORE="${BEFORE:-0}" ONLY="${ONLY:-}"
GAUNTLET="$BUILD/app/gauntlet"
mkdir -p "$OUT"
PROJECT="$OUT/benchmark.gauntlet"
RESULTS="$OUT/results.jsonl"
wanted() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }
[ -n "$ONLY" ] || rm -f "$OUT"/*.part.jsonl
rm -f "$RESULTS"
settings=(--beam-width "$B" --shortlist "$K" --candidates "$N" --random-injections "$R" --threads "$THREADS" --seed "$SEED")
[ -z "${MODELS:-}" ] || settings+=(--models "$MODELS")
echo "settings: B=$B K=$K N=$N R=$R steps=$STEPS phase2=$PHASE2 seed=$SEED threads=$THREADS; seeds: $SEEDS_FILE" | tee "$OUT/settings.txt" >&2
run() {  # run LABEL ARGS...: augment every seed into OUT/LABEL.part.jsonl
    local part="$OUT/$1.part.jsonl"
    shift
    rm -f "$part"
    allow_partial "$GAUNTLET" --project "$PROJECT" augment --seeds-file "$SEEDS_FILE" "${settings[@]}" --out "$part" "$@"
}
start=$(date +%s)
wanted direct && run direct --method direct --steps "$STEPS"
wanted two-phase && run two-phase --method two-phase --steps "$STEPS" --phase2-steps "$PHASE2"
wanted random-words && run random-words --method random-words --quiet
wanted random-subwords && run random-subwords --method random-subwords --quiet
# random-words at ATO-Direct's number of word edits, seed by seed
if wanted matched; then
rm -f "$OUT/random-words-matched.part.jsonl"
PYTHONPATH="$ROOT/scripts" /usr/bin/python3 - "$OUT/direct.part.jsonl" > "$OUT/matched-edits.tsv" <<'PY'
import json, sys
from word_edits import edits
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    print(f"{max(1, edits(r['seed_text'], r['output_text']))}\t{r['seed_text']}")
PY
while IFS=$'\t' read -r edits seed; do
    allow_partial "$GAUNTLET" --project "$PROJECT" augment --text "$seed" "${settings[@]}" --out "$OUT/random-words-matched.part.jsonl" \
        --method random-words --replacements "$edits" --label random-words-matched --quiet || echo "matched random-words failed for: $seed" >&2
done < "$OUT/matched-edits.tsv"
fi
if [ "$UNGUARDED" = 1 ] && wanted unguarded; then
    run direct-unguarded --method direct --steps "$STEPS" --no-guards
    run two-phase-unguarded --method two-phase --steps "$STEPS" --phase2-steps "$PHASE2" --no-guards
fi
if [ "$BEFORE" = 1 ] && wanted before; then
    run direct-before --method direct --steps "$STEPS" --no-word-relations --no-trigram-context
    run two-phase-before --method two-phase --steps "$STEPS" --phase2-steps "$PHASE2" --no-word-relations --no-trigram-context
fi
# Every method's results, labelled by their file (OUT/LABEL.part.jsonl).
for part in "$OUT"/*.part.jsonl; do
    label=$(basename "$part" .part.jsonl)
    sed -E "s/\"method\":\"[^\"]*\"/\"method\":\"$label\"/" "$part" >> "$RESULTS"
done
echo "benchmark runs: $(( $(date +%s) - start )) s" | tee -a "$OUT/settings.txt" >&2
"$GAUNTLET" evaluate-augmented "$RESULTS" > "$OUT/summary.tsv"
cat "$OUT/summary.tsv"
