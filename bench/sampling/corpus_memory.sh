#!/bin/sh
# Peak memory of `gauntlet corpus import`, `classify`, `sample`, `coverage` and `coverage
# --compare-methods` (issue 33 item 7: every sampler, DSIR included) on a generated corpus of
# 200,000 segments (about 73 MB of TSV, issue 23 item 9): each command's maximum resident set
# size from /usr/bin/time -v, next to the file's size and the 3x goal. Not a test: run it by hand
#   bench/sampling/corpus_memory.sh [build/app/gauntlet] [SEGMENTS]
# and quote the figures. The corpus is deterministic (Python's random with seed 23): documents of
# 1-40 segments, one system, a source of 16-36 words, an MT and a post-edit that differ from it in
# a few words, digits and placeholders so the mozilla-localization matchers fire.
#
# Measured 2026-12-03 on 2 shared cores, 560,000 segments (206.4 MB of TSV, the size issue 33
# item 7 was found at): import 36.7 MB (0.18x), classify 91.2 MB (0.44x), sample 273.8 MB (1.33x),
# coverage 261.9 MB (1.27x), compare-methods 290.0 MB (1.41x; 57 s for the five samplers). Before,
# compare-methods held the corpus, its labels and DSIR's n-gram features of every segment beside
# the pool: 777 MiB (3.7x) in the issue; on the bench_project_open corpus of 560,000 segments,
# 564 MiB before and 352 MiB after.
set -eu
gauntlet=${1:-build/app/gauntlet}
segments=${2:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus="$work/big.tsv"
python3 - "$corpus" "$segments" <<'PY'
import random, sys
path, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(23)
words = ("the of and to in is you that it he was for on are with as his they be at one have this from "
         "or had by word but what some we can out other were all there when up use your how said an each "
         "she which do their time if will way about many then them write would like so these her long make "
         "thing see him two has look more day could go come did number sound no most people my over know "
         "water than call first who may down side been now find any new work part take get place made live "
         "where after back little only round man year came show every good me give our under name very").split()
extras = ["%s", "{0}", "42", "3.5", "<b>", "Firefox", "%1$s", "&amp;", "Ctrl+S", "100%"]
with open(path, "w", encoding="utf-8") as f:
    f.write("doc_id\tseg_id\tsystem\tsource\tmt\tpost_edit\n")
    doc, left = 0, 0
    for i in range(n):
        if left == 0:
            doc, left = doc + 1, rng.randint(1, 40)
        left -= 1
        src = [rng.choice(words) for _ in range(rng.randint(16, 36))]
        if rng.random() < 0.3:
            src.insert(rng.randrange(len(src)), rng.choice(extras))
        mt = [w.upper() if rng.random() < 0.1 else w for w in src]
        pe = [w if rng.random() < 0.9 else rng.choice(words) for w in mt]
        f.write(f"doc{doc}\t{i + 1}\tsys-a\t{' '.join(src).capitalize()}.\t{' '.join(mt)}.\t{' '.join(pe)}.\n")
PY
size=$(stat -c %s "$corpus")
project="$work/memory.gauntlet"
measure() {
    label=$1; shift
    /usr/bin/time -v "$gauntlet" --project "$project" "$@" > "$work/out.txt" 2> "$work/time.txt" || { cat "$work/out.txt" "$work/time.txt"; exit 1; }
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
    printf '%-10s peak %6.1f MB  (%.2fx the file)  wall %s\n' "$label" "$(echo "$kb / 1024" | bc -l)" "$(echo "$kb * 1024 / $size" | bc -l)" "$wall"
}
printf 'corpus: %d segments, %.1f MB (goal: peak <= %.1f MB)\n' "$segments" "$(echo "$size / 1048576" | bc -l)" "$(echo "3 * $size / 1048576" | bc -l)"
measure import corpus import "$corpus" --name big
measure classify classify big --taxonomy mozilla-localization
measure sample sample big --taxonomy mozilla-localization --budget 200 --method tactics
measure coverage coverage big --taxonomy mozilla-localization --sample big-mozilla-localization-tactics-B200-s1
measure compare coverage big --taxonomy mozilla-localization --compare-methods
