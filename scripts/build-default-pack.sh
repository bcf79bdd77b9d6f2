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
# Sizes (chosen so the whole build fits one working session on a 2-core CPU; the pack is ~21 MB):
#   tokenizer      SentencePiece Unigram, 8000 pieces (8002 XLM-R ids), nmt_nfkc, seed 1
#   encoder        XLM-R, 4 layers, hidden 128, 4 heads, FFN 512, 128 tokens (~1.8 M parameters);
#                  masked LM on all English prose; NOT shipped (the two heads start from it)
#   difficulty     that encoder + estimator 128-256-64-1 (Sentinel-src layout)
#   acceptability  that encoder + classifier (CoLA), step chosen by held-out MCC
#   lm             Qwen2, 4 layers, hidden 128, 4 heads / 2 KV heads, FFN 384, tied embeddings,
#                  GPT-2 byte-level BPE cut to 8000 merges (8257 ids); no Early Modern English drama
#   acceptability, round 2: fine-tuned again on CoLA plus link-grammar-labelled hard negatives
#                  (ATO and random edits of real seeds, scripts/build-hard-negatives.sh)
#   present_day_frequencies.tsv: the vocabulary guard's Zipf table (present-day sources only)
#   words_alpha.zip, word_frequencies.tsv: the word list of the search vocabularies (Unlicense)
#                  and Zipf frequencies counted on the English prose (common/rare baselines)
#   pack.json      objective weights recommended for these models (hand-set from a tuning run on
#                  seeds outside the acceptance set; see the pack README); kept, not retrained
# Measured on the shared 2-core development machine (CPU, 2026-11-30, while other builds ran):
# tokenizer 23 s, encoder stage 1 29 min (1500 steps), stage 2 21 min (3000 steps), difficulty
# 26 min and acceptability 7 min (run side by side with one thread each), lm ~30 min (700 steps),
# word frequencies 5 s, eval-pack ~15 s: about 2.5 hours in all. On one GPU minutes.
# 2026-12-01 (another, faster 2-core machine): lm 7 min, hard negatives ~5 min, acceptability
# round 2 2 min.
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

ENC=(--hidden 128 --layers 4 --heads 4 --intermediate 512 --max-tokens 128)
COMMON=(--data "$DATA" --threads "$THREADS" --seed 1)

step "tokenizer"
"$GAUNTLET" train tokenizer "${COMMON[@]}" --vocab-size 8000 --lines-per-source 40000 --output "$WORK/tokenizer"

# Masked-LM pretraining in two stages (the second continues the first with a fresh schedule and
# another data order); the pack's first build used stage 1 alone, which left the CoLA classifier
# under its quality bar.
step "encoder (masked LM), stage 1"
"$GAUNTLET" train encoder "${COMMON[@]}" "${ENC[@]}" --tokenizer "$WORK/tokenizer" \
    --steps 1500 --batch-size 32 --lr 0.001 --warmup 150 --eval-every 250 --patience 4 \
    --output "$WORK/encoder-stage1"

step "encoder (masked LM), stage 2"
"$GAUNTLET" train encoder --data "$DATA" --threads "$THREADS" --seed 2 --max-tokens 128 --tokenizer "$WORK/tokenizer" \
    --init-encoder "$WORK/encoder-stage1" --steps 3000 --batch-size 32 --lr 0.0007 --warmup 100 --eval-every 250 \
    --patience 4 --output "$WORK/encoder"

step "difficulty"
"$GAUNTLET" train difficulty "${COMMON[@]}" --tokenizer "$WORK/tokenizer" --init-encoder "$WORK/encoder" \
    --head-hidden1 256 --head-hidden2 64 --steps 800 --batch-size 32 --lr 0.0002 --warmup 100 \
    --eval-every 100 --patience 5 --output "$OUT/difficulty"

step "acceptability"
"$GAUNTLET" train acceptability "${COMMON[@]}" --tokenizer "$WORK/tokenizer" --init-encoder "$WORK/encoder" \
    --steps 2000 --batch-size 32 --lr 0.0002 --warmup 100 --eval-every 100 --patience 6 --select-by mcc \
    --output "$OUT/acceptability"

# The LM learns present-day English (issue 16): Early Modern English drama (tinyshakespeare) is left
# out. Leaving out the 19th-century books too was measured and rejected (lm/README.md); LM_EXCLUDE
# takes another comma-separated list of sources.
LM_EXCLUDE="${LM_EXCLUDE:-fiction_tinyshakespeare}"
step "lm"
"$GAUNTLET" train lm "${COMMON[@]}" --hidden 128 --layers 4 --heads 4 --kv-heads 2 --intermediate 384 \
    --max-tokens 128 --merges 8000 --steps 700 --batch-size 32 --lr 0.001 --warmup 70 \
    --eval-every 100 --patience 4 --exclude-sources "$LM_EXCLUDE" --output "$OUT/lm"

step "word list and word frequencies"
cp "$DATA/wordlist/words_alpha.zip" "$OUT/words_alpha.zip"
cp "$DATA/wordlist/LICENSE.md" "$OUT/words_alpha.LICENSE.md"
"$GAUNTLET" train word-frequencies --data "$DATA" --output "$OUT"
# ATO's vocabulary guard: present-day sources only (engine/judge/vocabulary_guard.h)
"$GAUNTLET" train word-frequencies --data "$DATA" --output "$OUT" --present-day

# Hard negatives (issue 16): ATO (unguarded) and random edits of 200 real seeds with the pack so
# far, labelled by link-grammar (scripts/build-hard-negatives.sh); the acceptability classifier is
# then fine-tuned once more from its first round on CoLA plus those examples (5 copies each: 429
# against CoLA's 7.7 k did not move it), with 40 seeds' examples held out.
step "hard negatives and acceptability, round 2"
[ -f "$OUT/pack.json" ] || cp "$ROOT/resources/models/default/pack.json" "$OUT/pack.json"
rm -rf "$WORK/hard-negatives"
"$ROOT/scripts/build-hard-negatives.sh" "$GAUNTLET" "$DATA" "$WORK/hard-negatives" "$OUT"
for i in 1 2 3 4 5; do cat "$WORK/hard-negatives/hard_negatives_train.tsv"; done > "$WORK/hard-negatives/hard_negatives_train_x5.tsv"
rm -rf "$WORK/acceptability-round1"
mv "$OUT/acceptability" "$WORK/acceptability-round1"
"$GAUNTLET" train acceptability "${COMMON[@]}" --tokenizer "$WORK/acceptability-round1" --init-encoder "$WORK/acceptability-round1" \
    --steps 2000 --batch-size 32 --lr 0.0002 --warmup 100 --eval-every 100 --patience 6 --select-by mcc \
    --extra-train "$WORK/hard-negatives/hard_negatives_train_x5.tsv" --extra-held-out "$WORK/hard-negatives/hard_negatives_held_out.tsv" \
    --output "$OUT/acceptability"
# eval-pack reports the classifier on these (hard_negatives_held_out.tsv beside its weights)
cp "$WORK/hard-negatives/hard_negatives_held_out.tsv" "$OUT/acceptability/"

step "pack README and held-out report"
cp "$ROOT/resources/models/pack-readme.md" "$OUT/README.md"
[ -f "$OUT/pack.json" ] || cp "$ROOT/resources/models/default/pack.json" "$OUT/pack.json"
"$GAUNTLET" eval-pack --pack "$OUT" --data "$DATA" --threads "$THREADS" --write-readme --json "$OUT/eval-pack.json"

step "done"
du -sh "$OUT"/* >&2
