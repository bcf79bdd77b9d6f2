#!/usr/bin/env bash
# Trains the default pack's word vectors (issue 31): fastText skipgram (Debian's fasttext, the
# reference implementation of Bojanowski et al. 2017) on the real English text of
# ../shared/data/english (lower-cased, punctuation split off; Early Modern English drama left out,
# as for the pack's LM), 100 dimensions, 5 epochs, words seen at least 5 times, no character
# n-grams, one thread and a fixed seed so a rebuild gives the same file. The pack keeps the vectors
# of the words of present_day_frequencies.tsv with Zipf >= 4 (the words the search may propose,
# which are also the common content words around them), in word2vec's text format with 3 decimals.
#
# Usage: scripts/build-word-vectors.sh [OUT.vec]   (default resources/models/default/word_vectors.vec)
# About 7 minutes on one core. Needs: fasttext (apt-get install fasttext).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/resources/models/default/word_vectors.vec}"
DATA="$ROOT/../shared/data/english"
TABLE="$ROOT/resources/models/default/present_day_frequencies.tsv"
command -v fasttext >/dev/null || { echo "build-word-vectors.sh: fasttext is not installed (apt-get install fasttext)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for dir in "$DATA"/*/; do
    [ "$(basename "$dir")" = fiction_tinyshakespeare ] && continue
    cat "$dir"/*.txt
done | tr 'A-Z' 'a-z' | sed -E 's/([.,!?;:()"])/ \1 /g' > "$work/corpus.txt"
echo "corpus: $(wc -w < "$work/corpus.txt") words" >&2
fasttext skipgram -input "$work/corpus.txt" -output "$work/vectors" -dim 100 -epoch 5 -minCount 5 -minn 0 -maxn 0 \
    -thread 1 -seed 1 -verbose 0
/usr/bin/python3 - "$work/vectors.vec" "$TABLE" "$OUT" <<'PY'
import sys
vec_path, table, out = sys.argv[1:]
keep = set()
for line in open(table, encoding="utf-8"):
    parts = line.rstrip("\n").split("\t")
    if len(parts) >= 3 and not line.startswith("#"):
        try:
            if float(parts[2]) >= 4.0:
                keep.add(parts[0])
        except ValueError:
            pass
rows = []
with open(vec_path, encoding="utf-8") as f:
    dim = int(next(f).split()[1])
    for line in f:
        word, *values = line.rstrip().split(" ")
        if word in keep and len(values) == dim:
            rows.append(word + " " + " ".join(f"{float(v):.3f}" for v in values))
with open(out, "w", encoding="utf-8") as f:
    f.write(f"{len(rows)} {dim}\n")
    f.write("\n".join(rows) + "\n")
print(f"{len(rows)} word vectors of dimension {dim} -> {out}", file=sys.stderr)
PY
