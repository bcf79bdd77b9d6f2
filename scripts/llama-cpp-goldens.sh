#!/usr/bin/env bash
# Writes the llama.cpp golden files under tests/data/llama_cpp/ (issue #22) with the tools that
# scripts/llama-cpp.sh builds from the npm package node-llama-cpp@3.21.1. The test suite reads
# the committed files and needs neither the network nor a llama.cpp build; run this only to
# regenerate them (tests/data/llama_cpp/SOURCE.md describes every file).
#   scripts/llama-cpp-goldens.sh [CACHE]
# LLAMA_CPP_BIN=DIR uses the programs in DIR (a llama.cpp build folder's bin/) without building.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${GAUNTLET_SHARED_DIR:-$root/../shared}
stories=$shared/data/models/stories260K
out=$root/tests/data/llama_cpp
if [ -n "${LLAMA_CPP_BIN:-}" ]; then
    bin=$LLAMA_CPP_BIN
else
    bin=$("$root/scripts/llama-cpp.sh" build "${1:-}")
fi
cache=$(cd "$bin/../.." && pwd)  # CACHE/build/bin or CACHE/bin -> CACHE
[ -d "$cache/src/models" ] || cache=$(cd "$bin/.." && pwd)
src=$cache/src
mkdir -p "$out"
export LC_ALL=C.UTF-8

# (a) stories260K as llama.cpp's llama2.c converter writes it (F32 tensors, the SentencePiece
# vocabulary of tok512.bin with its scores).
"$bin/llama-convert-llama2c-to-ggml" --copy-vocab-from-model "$stories/tok512.bin" \
    --llama2c-model "$stories/stories260K.bin" --llama2c-output-model "$out/stories260K.gguf" \
    >"$out/.convert.log" 2>&1 || { cat "$out/.convert.log" >&2; exit 1; }
rm -f "$out/.convert.log"

# (b) per-token log-probabilities and perplexity of a few short texts (one JSON object a line).
"$bin/gauntlet-llama-logprobs" "$out/stories260K.gguf" "$root/scripts/llama_cpp/stories_texts.txt" \
    > "$out/stories260K_logprobs.jsonl"
# llama-perplexity's own figure on the same texts, for SOURCE.md (it scores only the second half of
# each context window, so it is a sanity check of the model, not a per-token golden).
# llama.cpp's logger is asynchronous and may lose its last lines at exit: try a few times.
for _ in 1 2 3 4 5; do
    "$bin/llama-perplexity" -m "$out/stories260K.gguf" -f "$root/scripts/llama_cpp/stories_texts.txt" \
        -c 32 -b 32 -t 1 2>&1 | grep -oE "^\[[0-9].*|Final estimate.*" > "$out/stories260K_llama_perplexity.txt" || true
    grep -q "Final estimate" "$out/stories260K_llama_perplexity.txt" && break
done

# (c) tokenizer goldens: the shared seed sentences and CoLA, deduplicated, one a line.
python3 - "$shared/data" "$out/tokenizer_sentences.txt" <<'PY'
import csv, sys
data, dest = sys.argv[1], sys.argv[2]
def lines(path, skip=0):
    with open(path, encoding="utf-8", newline="\n") as f:
        return [l.rstrip("\n") for l in f][skip:]
sources = [
    lines(f"{data}/seeds/flores200/eng_Latn.devtest"),
    lines(f"{data}/seeds/wmt22-general/generaltest2022.en-xx.src.en"),
    lines(f"{data}/seeds/wmt23-general/generaltest2023.en-cs.src.en"),
    lines(f"{data}/seeds/wmt24-general/en-xx.txt", skip=1),  # line 0 is a canary: never use it
]
for split in ("in_domain_train", "in_domain_dev", "out_of_domain_dev"):
    with open(f"{data}/cola/raw/{split}.tsv", encoding="utf-8", newline="") as f:
        sources.append([row[3] for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)])
seen, kept = set(), []
for src in sources:
    for s in src:
        if not s.strip() or any(c in s for c in "\t\r\n") or s in seen:
            continue
        seen.add(s)
        kept.append(s)
with open(dest, "w", encoding="utf-8", newline="\n") as f:
    f.writelines(s + "\n" for s in kept)
print(f"{len(kept)} sentences", file=sys.stderr)
PY
for v in nomic-bert-moe qwen2; do
    "$bin/gauntlet-llama-tokenize-lines" "$src/models/ggml-vocab-$v.gguf" \
        "$out/tokenizer_sentences.txt" "$out/.tokens.tsv"
    cut -f2- "$out/.tokens.tsv" > "$out/tokenizer_ids_$v.txt"
    cmp -s <(cut -f1 "$out/.tokens.tsv") "$out/tokenizer_sentences.txt" \
        || { echo "llama-cpp-goldens.sh: $v ids are not aligned with the sentences" >&2; exit 1; }
    rm -f "$out/.tokens.tsv"
done
printf '%s\n%s\n' "$(git -C "$src" rev-parse HEAD)" "${LLAMA_CPP_TAG:-$(sed -n 2p "$cache/COMMIT" 2>/dev/null)}" > "$out/LLAMA_CPP_COMMIT"
ls -l "$out"
