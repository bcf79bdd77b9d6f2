#!/bin/bash
# The path a real user takes, at full size (issue 37): `gauntlet augment` with Sentinel-src-25,
# an XLM-R-large CoLA classifier and a Qwen2.5 LM in their public layouts (random weights, written
# by make_checkpoints.py), ATO-Direct and ATO-TwoPhase on the CPU, then bench_ato's one-step
# breakdown at the paper's B, K, N, R against a GEMM measured in the same run.
#
#   bench/fullsize/rehearse.sh [BUILD_DIR] [RESULTS_DIR]
#
# Environment: GAUNTLET_FULLSIZE (the checkpoints, default ~/.cache/gauntlet/fullsize),
# GAUNTLET_FULLSIZE_LM (qwen2.5-0.5b or qwen2.5-1.5b, default 0.5b), REHEARSAL_STEPS (phase-1 and
# phase-2 steps of the small runs, default "3 3"), REHEARSAL_SMALL ("B K N R" of the small runs,
# default "4 20 8 1"), REHEARSAL_PAPER=0 to leave out the paper-size step, REHEARSAL_DEVICE
# (default cpu), REHEARSAL_DTYPE (default float32).
# Writes RESULTS_DIR/{direct,two-phase}.{jsonl,trace.jsonl,time.txt,log}, bench_ato.txt and
# summary.tsv (default RESULTS_DIR: bench/ato/results/fullsize-37).
set -euo pipefail
build=${1:-build}
results=${2:-bench/ato/results/fullsize-37}
ck=${GAUNTLET_FULLSIZE:-$HOME/.cache/gauntlet/fullsize}
lm=$ck/${GAUNTLET_FULLSIZE_LM:-qwen2.5-0.5b}
read -r steps1 steps2 <<<"${REHEARSAL_STEPS:-3 3}"
read -r B K N R <<<"${REHEARSAL_SMALL:-4 20 8 1}"
device=${REHEARSAL_DEVICE:-cpu}
dtype=${REHEARSAL_DTYPE:-float32}

die() { echo "rehearse.sh: $*" >&2; exit 1; }
for d in sentinel-src-25/checkpoints xlm-roberta-large xlmr-large-cola; do
    [[ -d $ck/$d ]] || die "$ck/$d is missing: run /usr/bin/python3 bench/fullsize/make_checkpoints.py first"
done
[[ -d $lm ]] || die "$lm is missing: run /usr/bin/python3 bench/fullsize/make_checkpoints.py first"
[[ -x $build/app/gauntlet ]] || die "$build/app/gauntlet is not built"
mkdir -p "$results"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
models=(--difficulty-model "$ck/sentinel-src-25" --encoder "$ck/xlm-roberta-large"
        --acceptability-model "$ck/xlmr-large-cola" --language-model "$lm")
# Two seeds from FLORES devtest (../shared/data/seeds), of 16 and 26 words.
seeds=("The committee will discuss the report next week, after the minister returns from Brussels."
       "On Monday, scientists from the Stanford University School of Medicine announced the invention of a new diagnostic tool that can sort cells by type.")

printf 'method\twall_s\tpeak_rss_mib\tmodels_loaded_s\tphase1_s_per_step\tphase2_s_per_step\tseeds_finished\n' >"$results/summary.tsv"
for method in direct two-phase; do
    rm -f "$results/$method.jsonl" "$results/$method.trace.jsonl"
    args=(augment --method "$method" "${models[@]}" --beam-width "$B" --shortlist "$K" --candidates "$N"
          --random-injections "$R" --steps "$steps1" --phase2-steps "$steps2" --threads "$(nproc)"
          --device "$device" --dtype "$dtype" --no-judges --out "$results/$method.jsonl"
          --trace "$results/$method.trace.jsonl")
    for s in "${seeds[@]}"; do args+=(--text "$s"); done
    echo "== $method: gauntlet ${args[*]}" | tee "$results/$method.log"
    set +e
    /usr/bin/time -v -o "$results/$method.time.txt" "$build/app/gauntlet" --project "$work/rehearsal.gauntlet" "${args[@]}" \
        >>"$results/$method.log" 2>&1
    rc=$?
    set -e
    tail -5 "$results/$method.log"
    [[ $rc == 0 ]] || die "$method exited $rc (see $results/$method.log)"
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$results/$method.time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$results/$method.time.txt")
    # Load time from the log; mean seconds per step of each phase from the trace (elapsed_ms is per step).
    loaded=$(sed -n 's/.*models loaded in \([0-9.]*\) s.*/\1/p' "$results/$method.log" | head -1)
    python3 - "$results/$method.trace.jsonl" "$method" "$wall" "$rss" "${loaded:-}" >>"$results/summary.tsv" <<'EOF'
import json, sys
path, method, wall, rss, loaded = sys.argv[1:]
events = [json.loads(line) for line in open(path)]
def mean(xs):
    return sum(xs) / len(xs) if xs else float("nan")
p1 = [e["elapsed_ms"] / 1000 for e in events if e.get("event") == "step" and e.get("phase") == 1]
p2 = [e["elapsed_ms"] / 1000 for e in events if e.get("event") == "step" and e.get("phase") == 2]
done = sum(1 for e in events if e.get("event") == "run_ended" and e.get("status") == "finished")
print(f"{method}\t{wall}\t{rss}\t{loaded}\t{mean(p1):.2f}\t{mean(p2):.2f}\t{done}")
EOF
done
column -t "$results/summary.tsv"

if [[ ${REHEARSAL_PAPER:-1} != 0 ]]; then
    bench=$build/bench/ato/bench_ato
    [[ -x $bench ]] || die "$bench is not built (ninja -C $build bench_ato)"
    echo "== bench_ato at the paper's B, K, N, R (one timed step per phase)" | tee "$results/bench_ato.txt"
    GAUNTLET_BENCH_WARMUP=${REHEARSAL_WARMUP:-2} GAUNTLET_BENCH_NO_COMPARE=1 /usr/bin/time -v -o "$results/bench_ato.time.txt" \
        "$bench" --difficulty "$ck/sentinel-src-25" --encoder "$ck/xlm-roberta-large" \
        --acceptability "$ck/xlmr-large-cola" --lm "$lm" --device "$device" --dtype "$dtype" 2>&1 | tee -a "$results/bench_ato.txt"
    grep -E "Maximum resident|Elapsed" "$results/bench_ato.time.txt" | tee -a "$results/bench_ato.txt"
fi
