#!/usr/bin/python3
"""Extra reference fixtures for the engine/nn tests, built on ../shared/tools/reference.

Usage: /usr/bin/python3 make_nn_fixtures.py OUTDIR REFERENCE_FIXTURES [--xlmr-spm MODEL --xlmr-vocab N] [--gpt2-dir DIR]

Writes, next to the reference's own fixtures:
  comet-softmax-avg/     COMET-style estimator: the `sentinel` fixture's weights plus
  comet-sparsemax-cls/   layerwise_attention.scalar_parameters.{0..L} and gamma, as a Lightning
                         checkpoints/model.ckpt + hparams.yaml (pool, layer_transformation)
  golden.json            their scores for the reference's encoder_ids, computed in float64 from the
                         published COMET equations (LayerwiseAttention without layer norm,
                         average_pooling over non-pad tokens)
  xlmr-real/             a Sentinel-layout HF folder whose vocabulary is a real SentencePiece model
                         (with --xlmr-spm; the model is copied as sentencepiece.bpe.model)
  xlmr-real-classifier/  the same vocabulary under an XLMRobertaForSequenceClassification head
                         (labels LABEL_0 / LABEL_1, as many fine-tuned CoLA checkpoints name them)
  qwen2-gpt2/            a Qwen2 folder whose vocabulary is GPT-2's byte-level BPE (with --gpt2-dir)
Needs Debian's python3-torch (/usr/bin/python3).
"""
import argparse
import json
import os
import shutil
import sys

import torch

REF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "tools", "reference")
sys.path.insert(0, os.environ.get("GAUNTLET_REFERENCE_DIR", REF))
import make_fixtures  # noqa: E402
import models  # noqa: E402
import st  # noqa: E402


def sparsemax(z):
    zs, _ = torch.sort(z, descending=True)
    cs = zs.cumsum(0)
    k = torch.arange(1, z.numel() + 1, dtype=z.dtype)
    kz = int(((1 + k * zs) > cs).sum())
    tau = (cs[kz - 1] - 1) / kz
    return torch.clamp(z - tau, min=0)


def comet_score(W, cfg, ids, transform, pool):
    hidden = models.roberta_encoder(W, "encoder.model.", cfg, ids)
    raw = torch.cat([W[f"layerwise_attention.scalar_parameters.{k}"] for k in range(len(hidden))])
    w = torch.softmax(raw, 0) if transform == "softmax" else sparsemax(raw)
    mix = W["layerwise_attention.gamma"] * sum(w[k] * hidden[k] for k in range(len(hidden)))
    if pool == "cls":
        emb = mix[:, 0]
    else:
        keep = (ids != cfg["pad_token_id"]).to(mix.dtype)[:, :, None]
        emb = (mix * keep).sum(1) / keep.sum(1)
    h = torch.tanh(torch.nn.functional.linear(emb, W["estimator.ff.0.weight"], W["estimator.ff.0.bias"]))
    h = torch.tanh(torch.nn.functional.linear(h, W["estimator.ff.3.weight"], W["estimator.ff.3.bias"]))
    return torch.nn.functional.linear(h, W["estimator.ff.6.weight"], W["estimator.ff.6.bias"]).view(-1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("reference_fixtures")
    ap.add_argument("--xlmr-spm")
    ap.add_argument("--xlmr-vocab", type=int)
    ap.add_argument("--gpt2-dir")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    ref_golden = json.load(open(os.path.join(a.reference_fixtures, "golden.json")))
    cfg = json.load(open(os.path.join(a.reference_fixtures, "sentinel", "config.json")))
    W = st.load(os.path.join(a.reference_fixtures, "sentinel", "model.safetensors"))
    ids = torch.tensor(ref_golden["encoder_ids"])
    g = torch.Generator().manual_seed(7)
    golden = {"encoder_ids": ref_golden["encoder_ids"]}
    for name, transform, pool in (("comet-softmax-avg", "softmax", "avg"), ("comet-sparsemax-cls", "sparsemax", "cls")):
        Wc = dict(W)
        for k in range(cfg["num_hidden_layers"] + 1):
            Wc[f"layerwise_attention.scalar_parameters.{k}"] = (torch.randn(1, generator=g, dtype=torch.float64) * 0.5).float()
        Wc["layerwise_attention.gamma"] = (1 + 0.3 * torch.randn(1, generator=g, dtype=torch.float64)).float()
        d = os.path.join(a.out, name)
        os.makedirs(os.path.join(d, "checkpoints"), exist_ok=True)
        torch.save({"epoch": 1, "state_dict": dict(sorted(Wc.items())),
                    "hyper_parameters": {"pool": pool, "layer_transformation": transform}},
                   os.path.join(d, "checkpoints", "model.ckpt"))
        with open(os.path.join(d, "hparams.yaml"), "w") as f:
            f.write(f"activations: Tanh\nfinal_activation: null\nlayer: mix\nlayer_norm: false\n"
                    f"layer_transformation: {transform}\npool: {pool}\npretrained_model: xlm-roberta-large\n")
        W64 = {k: v.to(torch.float64) for k, v in Wc.items()}
        golden[name] = {"scores": comet_score(W64, cfg, ids, transform, pool).tolist()}

    if a.xlmr_spm:
        g2 = torch.Generator().manual_seed(11)
        c = dict(make_fixtures.ENC_CFG, vocab_size=a.xlmr_vocab, max_position_embeddings=130)
        Wx = make_fixtures.encoder_weights(g2, "encoder.model.", c)
        Wx.update({"estimator.ff.0.weight": make_fixtures.rand(g2, 16, 32), "estimator.ff.0.bias": make_fixtures.rand(g2, 16),
                   "estimator.ff.3.weight": make_fixtures.rand(g2, 8, 16), "estimator.ff.3.bias": make_fixtures.rand(g2, 8),
                   "estimator.ff.6.weight": make_fixtures.rand(g2, 1, 8), "estimator.ff.6.bias": make_fixtures.rand(g2, 1)})
        make_fixtures.write(a.out, "xlmr-real", c, Wx)
        shutil.copy(a.xlmr_spm, os.path.join(a.out, "xlmr-real", "sentencepiece.bpe.model"))
        Wk = make_fixtures.encoder_weights(g2, "roberta.", c)
        Wk.update({"classifier.dense.weight": make_fixtures.rand(g2, 32, 32), "classifier.dense.bias": make_fixtures.rand(g2, 32),
                   "classifier.out_proj.weight": make_fixtures.rand(g2, 2, 32), "classifier.out_proj.bias": make_fixtures.rand(g2, 2)})
        ck = dict(c, architectures=["XLMRobertaForSequenceClassification"], id2label={"0": "LABEL_0", "1": "LABEL_1"},
                  label2id={"LABEL_0": 0, "LABEL_1": 1})
        make_fixtures.write(a.out, "xlmr-real-classifier", ck, Wk)
        shutil.copy(a.xlmr_spm, os.path.join(a.out, "xlmr-real-classifier", "sentencepiece.bpe.model"))
    if a.gpt2_dir:
        g3 = torch.Generator().manual_seed(13)
        c = dict(make_fixtures.QWEN_CFG, vocab_size=50257, max_position_embeddings=256, tie_word_embeddings=True)
        make_fixtures.write(a.out, "qwen2-gpt2", c, make_fixtures.qwen_weights(g3, c, True))
        for f in ("encoder.json", "vocab.bpe"):
            shutil.copy(os.path.join(a.gpt2_dir, f), os.path.join(a.out, "qwen2-gpt2", f))
    with open(os.path.join(a.out, "golden.json"), "w") as f:
        json.dump(golden, f, indent=1)


if __name__ == "__main__":
    main()
