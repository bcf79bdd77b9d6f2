#!/usr/bin/env bash
# Issue 21's acceptance measurement for the black-box MT term: on the fluency issue's benchmark
# (bench/ato/guarded_news20.txt, the default pack, guards on, the small settings of
# scripts/ato-guarded-benchmark.sh) ATO-Direct without the term, ATO-Direct with the term
# (--mt-rerank ap: Apertium eng-spa, unknown words then round-trip chrF, on the output by default),
# and random-words at equal edit counts: per seed as many word replacements as each ATO run edited
# words (at least 1), once matched to the plain run and once to the run with the term.
# The term optimises Apertium eng-spa; the judgement uses signals it does not optimise: Apertium
# eng-cat and en-gl (unknown words, round-trip chrF; evaluate-augmented --mt-pairs), link-grammar
# and Hunspell, plus eng-spa for reference; every figure with a 95% bootstrap interval.
#
# Usage: scripts/ato-mt-term-benchmark.sh [BUILD_DIR] [OUT_DIR]
# Environment: B=16 K=100 N=32 R=4 STEPS=6 (issue 16's settings), THREADS (default: all cores),
#   SEED=1, SEEDS_FILE, MODELS, WHERE=output (or beam), POOL (the term's P; default 2 (B - R)),
#   JUDGE_PAIRS=eng-cat,en-gl.
# Writes OUT_DIR/results.jsonl, OUT_DIR/summary.tsv, OUT_DIR/settings.txt and the project
# OUT_DIR/benchmark.gauntlet. Not a test: it takes tens of minutes on two cores.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
OUT="${2:-$BUILD/ato-mt-term-benchmark}"
SEEDS_FILE="${SEEDS_FILE:-$ROOT/bench/ato/guarded_news20.txt}"
B="${B:-16}" K="${K:-100}" N="${N:-32}" R="${R:-4}" STEPS="${STEPS:-6}" THREADS="${THREADS:-$(nproc)}" SEED="${SEED:-1}"
WHERE="${WHERE:-output}" POOL="${POOL:-0}" JUDGE_PAIRS="${JUDGE_PAIRS:-eng-cat,en-gl}"
GAUNTLET="$BUILD/app/gauntlet"
mkdir -p "$OUT"
PROJECT="$OUT/benchmark.gauntlet"
RESULTS="$OUT/results.jsonl"
rm -f "$OUT"/*.part.jsonl "$RESULTS"
"$GAUNTLET" --project "$PROJECT" systems add ap --apertium eng-spa >/dev/null
settings=(--beam-width "$B" --shortlist "$K" --candidates "$N" --random-injections "$R" --threads "$THREADS" --seed "$SEED")
[ -z "${MODELS:-}" ] || settings+=(--models "$MODELS")
echo "settings: B=$B K=$K N=$N R=$R steps=$STEPS seed=$SEED threads=$THREADS; MT term: ap (apertium eng-spa) on the $WHERE, P=$POOL (0 = 2(B-R)); judged with $JUDGE_PAIRS; seeds: $SEEDS_FILE" | tee "$OUT/settings.txt" >&2
start=$(date +%s)
"$GAUNTLET" --project "$PROJECT" augment --seeds-file "$SEEDS_FILE" "${settings[@]}" --out "$OUT/direct.part.jsonl" --method direct --steps "$STEPS" --quiet
t1=$(date +%s)
"$GAUNTLET" --project "$PROJECT" augment --seeds-file "$SEEDS_FILE" "${settings[@]}" --out "$OUT/direct-mt.part.jsonl" --method direct --steps "$STEPS" \
    --mt-rerank ap --mt-rerank-where "$WHERE" --mt-rerank-pool "$POOL" --quiet
t2=$(date +%s)
echo "direct: $((t1 - start)) s; direct with the MT term: $((t2 - t1)) s" | tee -a "$OUT/settings.txt" >&2
# random-words at each ATO run's number of word edits, seed by seed
matched() {  # matched ATO_LABEL OUT_LABEL
    /usr/bin/python3 - "$OUT/$1.part.jsonl" > "$OUT/$2-edits.tsv" <<'PY'
import json, sys
def edits(a, b):
    a, b = a.split(), b.split()
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        prev, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            cur = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] != b[j - 1]))
            prev, row[j] = row[j], cur
    return row[len(b)]
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    print(f"{max(1, edits(r['seed_text'], r['output_text']))}\t{r['seed_text']}")
PY
    while IFS=$'\t' read -r edits seed; do
        "$GAUNTLET" --project "$PROJECT" augment --text "$seed" "${settings[@]}" --out "$OUT/$2.part.jsonl" \
            --method random-words --replacements "$edits" --quiet || echo "matched random-words failed for: $seed" >&2
    done < "$OUT/$2-edits.tsv"
}
matched direct random-words-matched
matched direct-mt random-words-matched-mt
# Every method's results, labelled by their file (the settings differ per seed for the matched runs).
/usr/bin/python3 - "$OUT" > "$RESULTS" <<'PY'
import glob, json, os, sys
for part in sorted(glob.glob(os.path.join(sys.argv[1], "*.part.jsonl"))):
    for line in open(part, encoding="utf-8"):
        r = json.loads(line)
        r["method"] = os.path.basename(part)[: -len(".part.jsonl")]
        r.pop("settings", None)
        print(json.dumps(r, ensure_ascii=False))
PY
echo "benchmark runs: $(( $(date +%s) - start )) s" | tee -a "$OUT/settings.txt" >&2
"$GAUNTLET" evaluate-augmented "$RESULTS" --mt-pairs "$JUDGE_PAIRS" > "$OUT/summary.tsv"
cat "$OUT/summary.tsv"
