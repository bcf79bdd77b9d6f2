#!/usr/bin/env python3
"""Independent float64 reference of llama2.c's forward pass (karpathy/llama2.c run.c, forward()),
written from run.c, reading the llama2.c checkpoint directly: llama2.c's own tensor layout and its
*interleaved* RoPE pairs (x[2i], x[2i+1]), no Hugging Face names, no q/k permutation. Used by
tst_llama2c to check Gauntlet's converted Llama folder (HF layout, rotate_half).

usage: llama2c_reference.py CHECKPOINT IDS_JSON  ->  prints {"log_probs": [[...]...]} where entry t
of a sequence is log P(ids[t+1] | ids[..t]); IDS_JSON is a list of id lists.
"""
import json
import sys

import numpy as np

from gguf_fixture import Llama2cCheckpoint


def load(path):
    ck = Llama2cCheckpoint(path, np.float64)
    take = ck.take
    dim, hidden, layers, heads, kv_heads, vocab, seq_len, hs, kv = (ck.dim, ck.hidden, ck.layers, ck.heads, ck.kv_heads, ck.vocab,
                                                                    ck.seq_len, ck.hs, ck.kv)
    w = dict(emb=take(vocab, dim), rms_att=take(layers, dim), wq=take(layers, dim, dim), wk=take(layers, kv, dim),
             wv=take(layers, kv, dim), wo=take(layers, dim, dim), rms_ffn=take(layers, dim), w1=take(layers, hidden, dim),
             w2=take(layers, dim, hidden), w3=take(layers, hidden, dim), rms_final=take(dim))
    ck.at += seq_len * hs  # freq_cis_real / freq_cis_imag
    w["cls"] = w["emb"] if ck.shared else take(vocab, dim)
    return w, dict(dim=dim, layers=layers, heads=heads, kv_heads=kv_heads, hs=hs)


def rmsnorm(x, g):
    return g * x / np.sqrt(np.mean(x * x) + 1e-5)


def rope(vec, pos, hs):
    # run.c: for i in 0..dim step 2: head_dim = i % head_size, freq = 1 / 10000^(head_dim / head_size)
    out = vec.copy()
    for i in range(0, len(vec), 2):
        freq = 1.0 / 10000.0 ** ((i % hs) / hs)
        c, s = np.cos(pos * freq), np.sin(pos * freq)
        out[i] = vec[i] * c - vec[i + 1] * s
        out[i + 1] = vec[i] * s + vec[i + 1] * c
    return out


def log_probs(w, cfg, ids):
    heads, hs, group = cfg["heads"], cfg["hs"], cfg["heads"] // cfg["kv_heads"]
    keys = [[] for _ in range(cfg["layers"])]
    values = [[] for _ in range(cfg["layers"])]
    out = []
    for pos, token in enumerate(ids[:-1]):
        x = w["emb"][token].copy()
        for l in range(cfg["layers"]):
            xb = rmsnorm(x, w["rms_att"][l])
            q = rope(w["wq"][l] @ xb, pos, hs)
            keys[l].append(rope(w["wk"][l] @ xb, pos, hs))
            values[l].append(w["wv"][l] @ xb)
            att_out = np.zeros(cfg["dim"])
            for h in range(heads):
                kh = h // group
                qh = q[h * hs:(h + 1) * hs]
                scores = np.array([qh @ k[kh * hs:(kh + 1) * hs] for k in keys[l]]) / np.sqrt(hs)
                p = np.exp(scores - scores.max())
                p /= p.sum()
                att_out[h * hs:(h + 1) * hs] = sum(pi * v[kh * hs:(kh + 1) * hs] for pi, v in zip(p, values[l]))
            x = x + w["wo"][l] @ att_out
            xb = rmsnorm(x, w["rms_ffn"][l])
            h1 = w["w1"][l] @ xb
            x = x + w["w2"][l] @ (h1 / (1.0 + np.exp(-h1)) * (w["w3"][l] @ xb))
        logits = w["cls"] @ rmsnorm(x, w["rms_final"])
        m = logits.max()
        lse = m + np.log(np.exp(logits - m).sum())
        out.append(float(logits[ids[pos + 1]] - lse))
    return out


def main():
    w, cfg = load(sys.argv[1])
    seqs = json.loads(sys.argv[2])
    print(json.dumps({"log_probs": [log_probs(w, cfg, s) for s in seqs]}))


if __name__ == "__main__":
    main()
