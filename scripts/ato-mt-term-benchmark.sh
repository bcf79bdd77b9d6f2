#!/usr/bin/env bash
# Issue 21's acceptance measurement for the black-box MT term: on the fluency issue's benchmark
# (bench/ato/guarded_news20.txt, the default pack, guards on) ATO-Direct with and without the term,
# and random-words at equal edit counts. The term (--mt-rerank ap: Apertium eng-spa, unknown words
# then round-trip chrF) acts on the output, so one search gives both arms, paired: the output the
# objective chose (lowest perplexity among those that pass the guards; the result's
# mt_term.objective_output) is "direct", the worst-handled of its P lowest-perplexity candidates is
# "direct-mt". random-words then makes, seed by seed, as many word replacements as each arm edited
# words (at least 1): "random-words-matched" and "random-words-matched-mt".
# The term optimises Apertium eng-spa; the judgement uses signals it does not optimise: Apertium
# eng-cat and en-gl (unknown words, round-trip chrF; evaluate-augmented --mt-pairs), link-grammar
# and Hunspell, plus eng-spa for reference; every figure with a 95% bootstrap interval.
#
# Usage: scripts/ato-mt-term-benchmark.sh [BUILD_DIR] [OUT_DIR]
# Environment: B=16 K=100 N=32 R=4 STEPS=6 (issue 16's settings), THREADS (default: all cores),
#   SEED=1, SEEDS_FILE, MODELS, POOL (the term's P; default 2 (B - R)), JUDGE_PAIRS=eng-cat,en-gl.
# Writes OUT_DIR/results.jsonl, OUT_DIR/summary.tsv (and .json), OUT_DIR/paired.tsv (per-seed
# differences with 95% bootstrap intervals, scripts/ato-mt-term-paired.py), OUT_DIR/settings.txt and the project
# OUT_DIR/benchmark.gauntlet. Not a test: it takes tens of minutes on two cores.
set -euo pipefail
# gauntlet augment exits 3 when some seeds failed (each named on stderr) and the others finished.
allow_partial() { "$@" || { local rc=$?; [ "$rc" -eq 3 ] || return "$rc"; }; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
OUT="${2:-$BUILD/ato-mt-term-benchmark}"
SEEDS_FILE="${SEEDS_FILE:-$ROOT/bench/ato/guarded_news20.txt}"
B="${B:-16}" K="${K:-100}" N="${N:-32}" R="${R:-4}" STEPS="${STEPS:-6}" THREADS="${THREADS:-$(nproc)}" SEED="${SEED:-1}"
POOL="${POOL:-0}" JUDGE_PAIRS="${JUDGE_PAIRS:-eng-cat,en-gl}"
GAUNTLET="$BUILD/app/gauntlet"
mkdir -p "$OUT"
PROJECT="$OUT/benchmark.gauntlet"
RESULTS="$OUT/results.jsonl"
rm -f "$OUT"/*.part.jsonl "$OUT"/*.tsv "$RESULTS" "$PROJECT" "$PROJECT"-*
"$GAUNTLET" --project "$PROJECT" systems add ap --apertium eng-spa >/dev/null
settings=(--beam-width "$B" --shortlist "$K" --candidates "$N" --random-injections "$R" --threads "$THREADS" --seed "$SEED")
[ -z "${MODELS:-}" ] || settings+=(--models "$MODELS")
echo "settings: B=$B K=$K N=$N R=$R steps=$STEPS seed=$SEED threads=$THREADS; MT term: ap (apertium eng-spa) on the output, P=$POOL (0 = 2(B-R)); judged with $JUDGE_PAIRS; seeds: $SEEDS_FILE" | tee "$OUT/settings.txt" >&2
start=$(date +%s)
allow_partial "$GAUNTLET" --project "$PROJECT" augment --seeds-file "$SEEDS_FILE" "${settings[@]}" --out "$OUT/search.jsonl" --method direct --steps "$STEPS" \
    --mt-rerank ap --mt-rerank-pool "$POOL" --quiet
echo "ATO-Direct with the MT term: $(( $(date +%s) - start )) s" | tee -a "$OUT/settings.txt" >&2
# The two arms of the one search; per arm the word edits of each seed (at least 1).
PYTHONPATH="$ROOT/scripts" /usr/bin/python3 - "$OUT" <<'PY'
import json, os, sys
from word_edits import edits
out = sys.argv[1]
arms = {"direct": [], "direct-mt": []}
for line in open(os.path.join(out, "search.jsonl"), encoding="utf-8"):
    r = json.loads(line)
    r.pop("settings", None)
    mt = r.get("mt_term", {})
    plain = dict(r)
    plain.pop("judges", None)  # the output's judges; evaluate-augmented judges this text itself
    plain.pop("mt_term", None)
    if "objective_output" in mt:
        plain["output_text"] = mt["objective_output"]["output_text"]
        plain["values"] = mt["objective_output"]["values"]
    elif r.get("judges"):
        plain["judges"] = r["judges"]  # no candidate passed: the seed was the output of both
    if plain["output_text"] == r["output_text"] and r.get("judges"):
        plain["judges"] = r["judges"]
    arms["direct"].append(plain)
    arms["direct-mt"].append(r)
for arm, rows in arms.items():
    with open(os.path.join(out, arm + ".part.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            r["method"] = arm
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(out, arm + "-edits.tsv"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(f"{max(1, edits(r['seed_text'], r['output_text']))}\t{r['seed_text']}\n")
PY
# random-words at each arm's number of word edits, one call per edit count (a seed's draws depend
# only on the run seed and its text, so grouping the seeds changes nothing)
for arm in direct direct-mt; do
    label="random-words-matched${arm#direct}"
    for edits in $(cut -f1 "$OUT/$arm-edits.tsv" | sort -un); do
        texts=()
        while IFS=$'\t' read -r e seed; do [ "$e" = "$edits" ] && texts+=(--text "$seed"); done < "$OUT/$arm-edits.tsv"
        allow_partial "$GAUNTLET" --project "$PROJECT" augment "${texts[@]}" "${settings[@]}" --out "$OUT/$label.raw.jsonl" \
            --method random-words --replacements "$edits" --quiet || echo "matched random-words failed for $edits edits" >&2
    done
    /usr/bin/python3 - "$OUT/$label.raw.jsonl" "$label" > "$OUT/$label.part.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    r.pop("settings", None)
    r["method"] = sys.argv[2]
    print(json.dumps(r, ensure_ascii=False))
PY
done
cat "$OUT"/*.part.jsonl > "$RESULTS"
echo "benchmark runs: $(( $(date +%s) - start )) s" | tee -a "$OUT/settings.txt" >&2
"$GAUNTLET" evaluate-augmented "$RESULTS" --mt-pairs "$JUDGE_PAIRS" > "$OUT/summary.tsv"
cat "$OUT/summary.tsv"
# Paired per-seed differences (the arms share their seeds; direct and direct-mt share the search).
"$GAUNTLET" evaluate-augmented "$RESULTS" --mt-pairs "$JUDGE_PAIRS" --format json > "$OUT/summary.json"
/usr/bin/python3 "$ROOT/scripts/ato-mt-term-paired.py" "$OUT/summary.json" > "$OUT/paired.tsv"
cat "$OUT/paired.tsv"
