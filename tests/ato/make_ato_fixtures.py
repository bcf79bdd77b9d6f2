#!/usr/bin/python3
"""Tiny random model folders for the engine/ato tests and bench, built on ../shared/tools/reference.

Usage: /usr/bin/python3 make_ato_fixtures.py OUTDIR --spm MODEL --vocab N --gpt2-dir DIR
                                             [--hidden 32 --layers 2 --heads 4 --intermediate 64 --seed 5]

Writes three Hugging Face folders whose tensors use the public layouts (make_fixtures.py):
  sentinel/   Sentinel-src regression (encoder.model.*, estimator.ff.{0,3,6}.*) + sentencepiece.bpe.model
  cola/       XLMRobertaForSequenceClassification (roberta.*, classifier.*), label 1 = acceptable,
              the same sentencepiece.bpe.model (so D and L_CoLA share one one-hot matrix)
  lm/         Qwen2ForCausalLM with GPT-2's byte-level BPE (encoder.json + vocab.bpe), tied embeddings
Needs Debian's python3-torch (/usr/bin/python3).
"""
import argparse
import os
import shutil
import sys

import torch

REF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "tools", "reference")
sys.path.insert(0, os.environ.get("GAUNTLET_REFERENCE_DIR", REF))
import make_fixtures  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--spm", required=True)
    ap.add_argument("--vocab", type=int, required=True)
    ap.add_argument("--gpt2-dir", required=True)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--intermediate", type=int, default=64)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    g = torch.Generator().manual_seed(a.seed)
    rand = make_fixtures.rand
    H = a.hidden
    enc = dict(make_fixtures.ENC_CFG, vocab_size=a.vocab, hidden_size=H, num_hidden_layers=a.layers,
               num_attention_heads=a.heads, intermediate_size=a.intermediate, max_position_embeddings=130)
    W = make_fixtures.encoder_weights(g, "encoder.model.", enc)
    W.update({"estimator.ff.0.weight": rand(g, 16, H), "estimator.ff.0.bias": rand(g, 16),
              "estimator.ff.3.weight": rand(g, 8, 16), "estimator.ff.3.bias": rand(g, 8),
              "estimator.ff.6.weight": rand(g, 1, 8), "estimator.ff.6.bias": rand(g, 1)})
    make_fixtures.write(a.out, "sentinel", enc, W)
    cls = dict(enc, architectures=["XLMRobertaForSequenceClassification"],
               id2label={"0": "unacceptable", "1": "acceptable"}, label2id={"unacceptable": 0, "acceptable": 1})
    Wc = make_fixtures.encoder_weights(g, "roberta.", enc)
    Wc.update({"classifier.dense.weight": rand(g, H, H), "classifier.dense.bias": rand(g, H, scale=0.05),
               "classifier.out_proj.weight": rand(g, 2, H), "classifier.out_proj.bias": rand(g, 2, scale=0.05)})
    make_fixtures.write(a.out, "cola", cls, Wc)
    for d in ("sentinel", "cola"):
        shutil.copy(a.spm, os.path.join(a.out, d, "sentencepiece.bpe.model"))
    q = dict(make_fixtures.QWEN_CFG, vocab_size=50257, hidden_size=H, num_hidden_layers=a.layers,
             num_attention_heads=a.heads, num_key_value_heads=max(1, a.heads // 2), intermediate_size=a.intermediate,
             max_position_embeddings=256, tie_word_embeddings=True, bos_token_id=50256, eos_token_id=50256)
    make_fixtures.write(a.out, "lm", q, make_fixtures.qwen_weights(g, q, True))
    for f in ("encoder.json", "vocab.bpe"):
        shutil.copy(os.path.join(a.gpt2_dir, f), os.path.join(a.out, "lm", f))
    print("wrote", sorted(os.listdir(a.out)))


if __name__ == "__main__":
    main()
