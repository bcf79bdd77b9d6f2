#!/usr/bin/env bash
# Rebuilds the default model pack (resources/models/default/) from scratch from ../shared/data with
# Gauntlet's own `gauntlet train` commands. Each step writes a Hugging Face-style folder with its
# README (data sources, licences, the exact command, held-out metrics against baselines) and
# training_report.json/.md.
#
# Usage: scripts/build-default-pack.sh [BUILD_DIR] [OUT_DIR]
#   BUILD_DIR  a build folder holding the gauntlet executable (default: build)
#   OUT_DIR    where the pack goes (default: resources/models/default)
# Environment: THREADS (CPU threads, default: all cores), DATA (default: ../shared/data),
#              WORK (intermediate folders such as the MLM encoder, default: BUILD_DIR/default-pack-work)
#
# Sizes (chosen to keep the shipped pack near 40 MB in float32):
#   tokenizer      SentencePiece Unigram, 8000 pieces (8002 XLM-R ids), nmt_nfkc, seed 1
#   encoder        XLM-R, 4 layers, hidden 192, 6 heads, FFN 768, 128 tokens: ~3.3 M parameters
#                  (~13 MB); masked LM on all English prose; NOT shipped (the heads start from it)
#   difficulty     that encoder + estimator 192-256-64-1 (Sentinel-src layout)        ~13 MB
#   acceptability  that encoder + classifier (CoLA)                                    ~13 MB
#   lm             Qwen2, 4 layers, hidden 192, 6 heads / 2 KV heads, FFN 512, tied
#                  embeddings, GPT-2 byte-level BPE cut to 8000 merges (8257 ids)      ~13 MB
# Expected time on the shared 2-core development machine (CPU), from short runs at these sizes
# (2026-11-30, under load): tokenizer 34 s; encoder 7.3 s/step at batch 64 x 256 tokens (so 32 x 128
# here, about 2 s/step: ~2-3 h for 5000 steps); difficulty ~3 s/step at 256 tokens (~1 h for 2000
# steps at 128); acceptability well under 1 s/step (~15 min); lm ~1.5 s/step (~2 h for 5000 steps).
# About 5-6 hours in all; early stopping may cut it. Measured folder sizes: difficulty 14 MB,
# acceptability 14 MB, lm 13 MB (the pack ~41 MB). On one GPU well under an hour.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
OUT="${2:-$ROOT/resources/models/default}"
DATA="${DATA:-$ROOT/../shared/data}"
WORK="${WORK:-$BUILD/default-pack-work}"
THREADS="${THREADS:-$(nproc)}"
GAUNTLET="$BUILD/app/gauntlet"
[ -x "$GAUNTLET" ] || GAUNTLET="$BUILD/gauntlet"
[ -x "$GAUNTLET" ] || { echo "build-default-pack: no gauntlet executable in $BUILD" >&2; exit 1; }

mkdir -p "$OUT" "$WORK"
start=$(date +%s)
step() { echo "== $* ($(( $(date +%s) - start )) s so far)" >&2; }

ENC=(--hidden 192 --layers 4 --heads 6 --intermediate 768 --max-tokens 128)
COMMON=(--data "$DATA" --threads "$THREADS" --seed 1)

step "tokenizer"
"$GAUNTLET" train tokenizer "${COMMON[@]}" --vocab-size 8000 --lines-per-source 40000 --output "$WORK/tokenizer"

step "encoder (masked LM)"
"$GAUNTLET" train encoder "${COMMON[@]}" "${ENC[@]}" --tokenizer "$WORK/tokenizer" \
    --steps 5000 --batch-size 32 --lr 0.0007 --warmup 300 --eval-every 250 --patience 6 \
    --output "$WORK/encoder"

step "difficulty"
"$GAUNTLET" train difficulty "${COMMON[@]}" --tokenizer "$WORK/tokenizer" --init-encoder "$WORK/encoder" \
    --head-hidden1 256 --head-hidden2 64 --steps 2000 --batch-size 32 --lr 0.0001 --warmup 100 \
    --eval-every 100 --patience 8 --output "$OUT/difficulty"

step "acceptability"
"$GAUNTLET" train acceptability "${COMMON[@]}" --tokenizer "$WORK/tokenizer" --init-encoder "$WORK/encoder" \
    --steps 2000 --batch-size 32 --lr 0.0001 --warmup 100 --eval-every 100 --patience 8 \
    --output "$OUT/acceptability"

step "lm"
"$GAUNTLET" train lm "${COMMON[@]}" --hidden 192 --layers 4 --heads 6 --kv-heads 2 --intermediate 512 \
    --max-tokens 128 --merges 8000 --steps 5000 --batch-size 32 --lr 0.001 --warmup 300 \
    --eval-every 250 --patience 6 --output "$OUT/lm"

step "done"
du -sh "$OUT"/* >&2
