#!/usr/bin/env bash
# Hard negatives for the acceptability classifier (issue 16): the texts ATO and random edits make of
# real sentences, labelled by link-grammar, a judge ATO does not optimise. A text with no complete
# parse is unacceptable (label 0); the seeds themselves are acceptable (label 1). Written in CoLA's
# raw format (source, label, mark, sentence) for `gauntlet train acceptability --extra-train
# --extra-held-out`, split by seed so that no seed's texts are on both sides.
#
# Usage: scripts/build-hard-negatives.sh GAUNTLET DATA_DIR OUT_DIR [PACK_DIR]
#   PACK_DIR: the model pack ATO runs with (default: the shipped default pack)
# Seeds: rows 101-300 of DATA_DIR/seeds/seeds_en_10-20w.tsv (not the 20 acceptance seeds of rows
# 1-20, not the tuning seeds of rows 41-46, not bench/ato/guarded_news20.txt); seeds 101-260 give
# the training examples, 261-300 the held-out ones.
# Writes OUT_DIR/hard_negatives_train.tsv and OUT_DIR/hard_negatives_held_out.tsv.
set -euo pipefail
GAUNTLET="$1" DATA="$2" OUT="$3"
models=()
[ -z "${4:-}" ] || models=(--models "$4")
mkdir -p "$OUT/work"
W="$OUT/work"
awk -F'\t' 'NR>=102 && NR<=301 {print $6}' "$DATA/seeds/seeds_en_10-20w.tsv" > "$W/seeds.txt"
# (Outputs already in OUT_DIR/work are reused: delete the folder to make them anew.)
for method in direct random-words random-subwords; do
    [ -s "$W/$method.jsonl" ] && continue
    "$GAUNTLET" --project "$W/hard-negatives.gauntlet" augment --seeds-file "$W/seeds.txt" --method "$method" "${models[@]}" --no-guards --no-judges \
        --beam-width 8 --shortlist 60 --candidates 16 --random-injections 2 --steps 3 --seed 7 --quiet --out "$W/$method.jsonl"
done
# Every output and seed, judged by link-grammar and Hunspell (no round trip: it is not a label).
/usr/bin/python3 - "$W" <<'PY'
import json, sys
w = sys.argv[1]
seeds = [l.rstrip("\n") for l in open(f"{w}/seeds.txt", encoding="utf-8")]
texts, owner = [], []
for i, s in enumerate(seeds):
    texts.append(s); owner.append(i)
for m in ("direct", "random-words", "random-subwords"):
    for line in open(f"{w}/{m}.jsonl", encoding="utf-8"):
        r = json.loads(line)
        texts.append(r["output_text"]); owner.append(seeds.index(r["seed_text"]))
with open(f"{w}/texts.txt", "w", encoding="utf-8") as f:
    for t in texts:
        f.write(t.replace("\n", " ") + "\n")
with open(f"{w}/owners.txt", "w") as f:
    for o in owner:
        f.write(f"{o}\n")
PY
"$GAUNTLET" judge --no-mt "$W/texts.txt" > "$W/judged.tsv"
/usr/bin/python3 - "$W" "$OUT" <<'PY'
import sys
w, out = sys.argv[1], sys.argv[2]
owners = [int(l) for l in open(f"{w}/owners.txt")]
rows = [l.rstrip("\n").split("\t") for l in open(f"{w}/judged.tsv", encoding="utf-8")][1:]
assert len(rows) == len(owners), (len(rows), len(owners))
seen = set()
files = {"train": open(f"{out}/hard_negatives_train.tsv", "w", encoding="utf-8"),
         "held_out": open(f"{out}/hard_negatives_held_out.tsv", "w", encoding="utf-8")}
counts = {}
for k, (row, owner) in enumerate(zip(rows, owners)):
    complete, text = row[0], row[-1]
    is_seed = k < 200
    if text in seen or "\t" in text:
        continue
    seen.add(text)
    if is_seed:
        if complete != "1":
            continue  # a seed link-grammar cannot parse is no clear positive
        label = 1
    elif complete == "0":
        label = 0
    else:
        continue  # an edit that still parses is not labelled either way
    split = "train" if owner < 160 else "held_out"
    files[split].write(f"ato\t{label}\t{'' if label else '*'}\t{text}\n")
    counts[(split, label)] = counts.get((split, label), 0) + 1
for f in files.values():
    f.close()
print(" ".join(f"{s}/{l}:{n}" for (s, l), n in sorted(counts.items())), file=sys.stderr)
PY
