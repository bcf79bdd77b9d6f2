#!/usr/bin/env bash
# `gauntlet score` against sacrebleu 2.6.0 on WMT21 TED en-de (13 systems x 529 segments), wall
# time including process start, best of N runs (README.md beside this file says how to set up
# sacrebleu from its source with Debian's Python packages):
#   corpus level:   one call each, 13 systems, BLEU + chrF2 + TER
#                   (sacrebleu REF -i SYS1 ... SYS13 -m bleu chrf ter; gauntlet score takes the same line);
#   sentence level: every segment of every system with BLEU, chrF2 and TER: sacrebleu -sl takes one
#                   system and one metric per call (39 calls); gauntlet score -sl takes them all in one.
# Also checks that both print the same sentence-level lines for one system and metric.
# Usage: bench/metrics/score_vs_sacrebleu.sh [BUILD_DIR] [SACREBLEU_SRC] [RUNS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
build="$(cd "${1:-$repo/build}" && pwd)"
sacrebleu_src="$(cd "${2:-${SACREBLEU_SRC:-/tmp/sacrebleu-2.6.0}}" && pwd)"
runs="${3:-3}"
gauntlet="$build/app/gauntlet"
tsv="$repo/../shared/data/corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv"
python=/usr/bin/python3
[ -x "$gauntlet" ] || { echo "no $gauntlet (build the gauntlet target)" >&2; exit 1; }
[ -f "$sacrebleu_src/sacrebleu/version.py" ] || { echo "no sacrebleu source with version.py in $sacrebleu_src (see $here/README.md)" >&2; exit 1; }
[ -f "$tsv" ] || { echo "no $tsv" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
# SYSTEM.txt: the system's MT column in file order; ref.txt: the reference column of one system.
awk -F'\t' 'NR > 1 { print $6 > ($4 ".txt"); if ($4 == "Facebook-AI") print $7 > "ref.txt" }' "$tsv"
systems=(Facebook-AI HuaweiTSC Nemo Online-W UEdin VolcTrans-AT VolcTrans-GLAT eTranslation metricsystem1 metricsystem2 metricsystem3 metricsystem4 metricsystem5)
files=()
for s in "${systems[@]}"; do files+=("$s.txt"); done
export PYTHONPATH="$sacrebleu_src" NO_COLOR=1

# best_of CMD...: the fastest of $runs wall times, in seconds.
best_of() {
    local best=""
    for _ in $(seq "$runs"); do
        local start end t
        start=$(date +%s.%N)
        "$@" > /dev/null
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    echo "$best"
}

sacrebleu_sentences() {
    for f in "${files[@]}"; do
        for m in bleu chrf ter; do
            $python -m sacrebleu ref.txt -i "$f" -m "$m" -sl -q
        done
    done
}

corpus_g=$(best_of "$gauntlet" score ref.txt -i "${files[@]}" -m bleu chrf ter -f json)
corpus_s=$(best_of $python -m sacrebleu ref.txt -i "${files[@]}" -m bleu chrf ter -f json -q)
sentence_g=$(best_of "$gauntlet" score ref.txt -i "${files[@]}" -m bleu chrf ter -sl)
sentence_s=$(best_of sacrebleu_sentences)
start_g=$(best_of "$gauntlet" score --help)

# The same lines for one system and metric (width 1, sacrebleu's default).
if ! diff <("$gauntlet" score ref.txt -i Facebook-AI.txt -m bleu -sl -w 1) \
          <($python -m sacrebleu ref.txt -i Facebook-AI.txt -m bleu -sl -q) > /dev/null; then
    echo "sentence-level BLEU lines differ from sacrebleu's" >&2
    exit 1
fi

printf 'gauntlet start (score --help):           %6.3f s\n' "$start_g"
printf 'corpus, 13 systems, BLEU+chrF2+TER:   gauntlet %6.3f s   sacrebleu %6.3f s   %5.1fx\n' \
    "$corpus_g" "$corpus_s" "$(echo "$corpus_s / $corpus_g" | bc -l)"
printf 'sentence, 6,877 segments x 3 metrics: gauntlet %6.3f s   sacrebleu %6.3f s   %5.1fx (39 sacrebleu calls)\n' \
    "$sentence_g" "$sentence_s" "$(echo "$sentence_s / $sentence_g" | bc -l)"
