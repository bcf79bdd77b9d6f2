#!/usr/bin/python3
"""Writes full-size checkpoints with random weights in exactly the public layouts (issue 37).

    /usr/bin/python3 bench/fullsize/make_checkpoints.py [--out DIR] [--only NAME ...]

DIR (default ~/.cache/gauntlet/fullsize) receives one folder per public checkpoint:

  xlm-roberta-large/   config.json, sentencepiece.bpe.model, tokenizer.json, tokenizer_config.json
                       (the encoder folder a Sentinel checkpoint names; no weights: Sentinel holds them)
  sentinel-src-25/     checkpoints/model.ckpt (a Lightning checkpoint: torch.save zip pickle with
                       "state_dict" holding encoder.model.* and estimator.ff.{0,3,6}.*) + hparams.yaml
  xlmr-large-cola/     XLMRobertaForSequenceClassification: config.json, model.safetensors (float32),
                       sentencepiece.bpe.model, tokenizer.json
  qwen2.5-0.5b/        Qwen2ForCausalLM: config.json, model.safetensors (bfloat16, tied embeddings),
                       tokenizer.json, vocab.json, merges.txt, tokenizer_config.json
  qwen2.5-1.5b/        the same at 1.5B shapes

Shapes are those of xlm-roberta-large (24 layers, hidden 1024, 16 heads, FFN 4096, 250,002 pieces,
514 positions), Sentinel-src's head (Linear 1024-512-128-1, Tanh) and Qwen2.5-0.5B / 1.5B (vocab
151,936; hidden 896 / 1536; 24 / 28 layers; 14 / 12 heads, 2 KV heads; FFN 4864 / 8960; RoPE theta
1e6). Weights are N(0, 0.02) with LayerNorm/RMSNorm weights 1, as the models' own initialisers do,
so the models compute at full cost but say nothing: the rehearsal measures cost, memory and scale
bugs, not quality.

The tokenizers are the real ones, rebuilt from the vocabulary files llama.cpp ships (scripts/
llama-cpp.sh unpacks them into ~/.cache/gauntlet): XLM-R's SentencePiece Unigram model from
ggml-vocab-nomic-bert-moe.gguf (nomic-xlm uses XLM-R's tokenizer: its first 250,002 entries are
XLM-R's pieces and scores, with the precompiled normaliser), Qwen2's byte-level BPE from
ggml-vocab-qwen2.gguf (151,643 tokens and 151,387 merges), with Qwen2.5's 22 special tokens.

Needs Debian's python3-torch (run with /usr/bin/python3); nothing is downloaded.
"""
import argparse
import collections
import json
import os
import struct
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gguf_vocab  # noqa: E402

LLAMA_MODELS = os.path.expanduser("~/.cache/gauntlet/node-llama-cpp-3.21.1/models")

XLMR_LARGE = {
    "architectures": ["XLMRobertaForMaskedLM"], "attention_probs_dropout_prob": 0.1, "bos_token_id": 0,
    "eos_token_id": 2, "hidden_act": "gelu", "hidden_dropout_prob": 0.1, "hidden_size": 1024,
    "initializer_range": 0.02, "intermediate_size": 4096, "layer_norm_eps": 1e-05, "max_position_embeddings": 514,
    "model_type": "xlm-roberta", "num_attention_heads": 16, "num_hidden_layers": 24, "output_past": True,
    "pad_token_id": 1, "position_embedding_type": "absolute", "type_vocab_size": 1, "vocab_size": 250002,
}

QWEN = {
    "0.5b": dict(hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14,
                 num_key_value_heads=2, max_window_layers=24, tie_word_embeddings=True),
    "1.5b": dict(hidden_size=1536, intermediate_size=8960, num_hidden_layers=28, num_attention_heads=12,
                 num_key_value_heads=2, max_window_layers=21, tie_word_embeddings=True),
}

QWEN25_SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
                  "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>",
                  "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>", "<tool_call>",
                  "</tool_call>", "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>", "<|fim_pad|>",
                  "<|repo_name|>", "<|file_sep|>"]
QWEN2_SPLIT = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|"
               r"\s*[\r\n]+|\s+(?!\S)|\s+")


class Init:
    """N(0, 0.02) tensors from one generator, so a rerun writes the same bytes."""

    def __init__(self, seed):
        self.g = torch.Generator().manual_seed(seed)

    def normal(self, *shape):
        return torch.empty(*shape).normal_(0.0, 0.02, generator=self.g)

    @staticmethod
    def ones(n):
        return torch.ones(n)

    @staticmethod
    def zeros(*shape):
        return torch.zeros(*shape)


def roberta_weights(init, prefix, cfg, pooler):
    h, f, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    w = {prefix + "embeddings.word_embeddings.weight": init.normal(v, h),
         prefix + "embeddings.position_embeddings.weight": init.normal(cfg["max_position_embeddings"], h),
         prefix + "embeddings.token_type_embeddings.weight": init.normal(1, h),
         prefix + "embeddings.LayerNorm.weight": init.ones(h), prefix + "embeddings.LayerNorm.bias": init.zeros(h)}
    for i in range(cfg["num_hidden_layers"]):
        p = f"{prefix}encoder.layer.{i}."
        for name in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            w[p + name + ".weight"], w[p + name + ".bias"] = init.normal(h, h), init.zeros(h)
        w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"] = init.ones(h), init.zeros(h)
        w[p + "intermediate.dense.weight"], w[p + "intermediate.dense.bias"] = init.normal(f, h), init.zeros(f)
        w[p + "output.dense.weight"], w[p + "output.dense.bias"] = init.normal(h, f), init.zeros(h)
        w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"] = init.ones(h), init.zeros(h)
    if pooler:
        w[prefix + "pooler.dense.weight"], w[prefix + "pooler.dense.bias"] = init.normal(h, h), init.zeros(h)
    return w


def qwen_weights(init, cfg, dtype):
    h, f, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    kv = h // cfg["num_attention_heads"] * cfg["num_key_value_heads"]
    w = {"model.embed_tokens.weight": init.normal(v, h)}
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        w[p + "input_layernorm.weight"] = init.ones(h)
        w[p + "post_attention_layernorm.weight"] = init.ones(h)
        w[p + "self_attn.q_proj.weight"], w[p + "self_attn.q_proj.bias"] = init.normal(h, h), init.zeros(h)
        w[p + "self_attn.k_proj.weight"], w[p + "self_attn.k_proj.bias"] = init.normal(kv, h), init.zeros(kv)
        w[p + "self_attn.v_proj.weight"], w[p + "self_attn.v_proj.bias"] = init.normal(kv, h), init.zeros(kv)
        w[p + "self_attn.o_proj.weight"] = init.normal(h, h)
        w[p + "mlp.gate_proj.weight"] = init.normal(f, h)
        w[p + "mlp.up_proj.weight"] = init.normal(f, h)
        w[p + "mlp.down_proj.weight"] = init.normal(h, f)
    w["model.norm.weight"] = init.ones(h)
    if not cfg["tie_word_embeddings"]:
        w["lm_head.weight"] = init.normal(v, h)
    return {k: t.to(dtype) for k, t in w.items()}


# --- safetensors, written by hand (the format is a JSON header and raw little-endian bytes) -------

_ST_DTYPES = {torch.float32: "F32", torch.bfloat16: "BF16", torch.float16: "F16"}


def write_safetensors(path, tensors, metadata=None):
    header, offset = {}, 0
    names = sorted(tensors)
    for name in names:
        t = tensors[name].contiguous()
        n = t.numel() * t.element_size()
        header[name] = {"dtype": _ST_DTYPES[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + n]}
        offset += n
    if metadata:
        header["__metadata__"] = metadata
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        for name in names:
            t = tensors[name].contiguous()
            f.write(t.view(torch.uint8).numpy().tobytes() if t.dtype == torch.bfloat16 else t.numpy().tobytes())
    os.replace(tmp, path)


# --- tokenizers ---------------------------------------------------------------------------------

def _varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(number, wire, payload):
    key = _varint(number << 3 | wire)
    if wire == 2:
        return key + _varint(len(payload)) + payload
    return key + payload


def _string(number, s):
    return _field(number, 2, s if isinstance(s, bytes) else s.encode("utf-8", errors="surrogateescape"))


def _int(number, n):
    return _field(number, 0, _varint(n))


def xlmr_tokenizer(out_dir):
    """XLM-R's sentencepiece.bpe.model (ModelProto wire format) and tokenizer.json."""
    meta = gguf_vocab.read_metadata(os.path.join(LLAMA_MODELS, "ggml-vocab-nomic-bert-moe.gguf"))
    tokens, scores, types = meta["tokenizer.ggml.tokens"], meta["tokenizer.ggml.scores"], meta["tokenizer.ggml.token_type"]
    if tokens[:4] != ["<s>", "<pad>", "</s>", "<unk>"] or tokens[250001] != "<mask>":
        raise SystemExit("ggml-vocab-nomic-bert-moe.gguf does not hold XLM-R's fairseq layout")
    charsmap = bytes(meta["tokenizer.ggml.precompiled_charsmap"])
    # SentencePiece ids: <unk> 0, <s> 1, </s> 2, then XLM-R ids 4.. (fairseq id = spm id + 1).
    pieces = [("<unk>", 0.0, 2), ("<s>", 0.0, 3), ("</s>", 0.0, 3)]
    pieces += [(tokens[i], scores[i], 1) for i in range(4, 250001)]
    body = bytearray()
    for piece, score, kind in pieces:
        entry = _string(1, piece) + _field(2, 5, struct.pack("<f", score)) + (_int(3, kind) if kind != 1 else b"")
        body += _field(1, 2, entry)
    trainer = _int(3, 1) + _int(4, 250000) + _int(40, 0) + _int(41, 1) + _int(42, 2) + _int(43, -1 & 0xFFFFFFFFFFFFFFFF)
    body += _field(2, 2, trainer)
    normalizer = _string(1, "nmt_nfkc") + _string(2, charsmap) + _int(3, 1) + _int(4, 1) + _int(5, 1)
    body += _field(3, 2, normalizer)
    with open(os.path.join(out_dir, "sentencepiece.bpe.model"), "wb") as f:
        f.write(body)
    vocab = [[tokens[i], float(scores[i]) if i >= 4 else 0.0] for i in range(250002)]
    added = [{"id": i, "content": tokens[i], "single_word": False, "lstrip": i == 250001, "rstrip": False,
              "normalized": False, "special": True} for i in (0, 1, 2, 3, 250001)]
    doc = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": added,
           "normalizer": {"type": "Sequence", "normalizers": [
               {"type": "Precompiled", "precompiled_charsmap": __import__("base64").b64encode(charsmap).decode()},
               {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]},
           "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
           "post_processor": {"type": "TemplateProcessing",
                              "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                         {"SpecialToken": {"id": "</s>", "type_id": 0}}],
                              "pair": [], "special_tokens": {n: {"id": n, "ids": [i], "tokens": [n]}
                                                             for n, i in (("<s>", 0), ("</s>", 2))}},
           "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
           "model": {"type": "Unigram", "unk_id": 3, "vocab": vocab, "byte_fallback": False}}
    with open(os.path.join(out_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w") as f:
        json.dump({"model_max_length": 512, "tokenizer_class": "XLMRobertaTokenizer"}, f)
    with open(os.path.join(out_dir, "special_tokens_map.json"), "w") as f:
        json.dump({"bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "sep_token": "</s>",
                   "pad_token": "<pad>", "cls_token": "<s>", "mask_token": "<mask>"}, f)


def qwen_tokenizer(out_dir):
    """Qwen2.5's tokenizer.json, vocab.json and merges.txt."""
    meta = gguf_vocab.read_metadata(os.path.join(LLAMA_MODELS, "ggml-vocab-qwen2.gguf"))
    tokens, merges = meta["tokenizer.ggml.tokens"][:151643], meta["tokenizer.ggml.merges"]
    vocab = collections.OrderedDict((t, i) for i, t in enumerate(tokens))
    added = [{"id": 151643 + i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": not t.startswith("<tool")} for i, t in enumerate(QWEN25_SPECIAL)]
    doc = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": added,
           "normalizer": {"type": "NFC"},
           "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
               {"type": "Split", "pattern": {"Regex": QWEN2_SPLIT}, "behavior": "Isolated", "invert": False},
               {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False}]},
           "post_processor": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
           "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
           "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                     "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "vocab": vocab, "merges": merges}}
    with open(os.path.join(out_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)
    with open(os.path.join(out_dir, "vocab.json"), "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False)
    with open(os.path.join(out_dir, "merges.txt"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n" + "\n".join(merges) + "\n")
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w") as f:
        json.dump({"model_max_length": 131072, "tokenizer_class": "Qwen2Tokenizer", "eos_token": "<|endoftext|>",
                   "pad_token": "<|endoftext|>", "bos_token": None}, f)


# --- the checkpoints ----------------------------------------------------------------------------

def make_encoder_folder(out):
    d = os.path.join(out, "xlm-roberta-large")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(XLMR_LARGE, f, indent=2)
    xlmr_tokenizer(d)
    return d


def make_sentinel(out, init):
    d = os.path.join(out, "sentinel-src-25")
    os.makedirs(os.path.join(d, "checkpoints"), exist_ok=True)
    w = roberta_weights(init, "encoder.model.", XLMR_LARGE, pooler=False)
    w.update({"estimator.ff.0.weight": init.normal(512, 1024), "estimator.ff.0.bias": init.zeros(512),
              "estimator.ff.3.weight": init.normal(128, 512), "estimator.ff.3.bias": init.zeros(128),
              "estimator.ff.6.weight": init.normal(1, 128), "estimator.ff.6.bias": init.zeros(1)})
    hparams = {"activations": "Tanh", "batch_size": 16, "class_identifier": "sentinel_regression_metric",
               "dropout": 0.1, "encoder_learning_rate": 1.0e-06, "encoder_model": "XLM-RoBERTa",
               "final_activation": None, "hidden_sizes": [512, 128], "keep_embeddings_frozen": True,
               "layer": -1, "layer_norm": False, "layer_transformation": "sparsemax", "layerwise_decay": 0.95,
               "learning_rate": 1.5e-05, "load_pretrained_weights": True, "loss": "mse", "nr_frozen_epochs": 0.3,
               "optimizer": "AdamW", "pool": "cls", "pretrained_model": "xlm-roberta-large", "sent_to_use": "src"}
    tmp = os.path.join(d, "checkpoints", "model.ckpt.part")
    torch.save({"epoch": 1, "global_step": 20000, "pytorch-lightning_version": "2.2.1",
                "state_dict": collections.OrderedDict(sorted(w.items())), "hyper_parameters": hparams}, tmp)
    os.replace(tmp, os.path.join(d, "checkpoints", "model.ckpt"))
    lines = []
    for k, v in hparams.items():
        if isinstance(v, list):
            lines.append(f"{k}:\n" + "".join(f"- {x}\n" for x in v))
        else:
            lines.append(f"{k}: {'null' if v is None else str(v).lower() if isinstance(v, bool) else v}\n")
    with open(os.path.join(d, "hparams.yaml"), "w") as f:
        f.write("".join(lines))
    return d


def make_cola(out, init, encoder_dir):
    d = os.path.join(out, "xlmr-large-cola")
    os.makedirs(d, exist_ok=True)
    cfg = dict(XLMR_LARGE, architectures=["XLMRobertaForSequenceClassification"],
               id2label={"0": "LABEL_0", "1": "LABEL_1"}, label2id={"LABEL_0": 0, "LABEL_1": 1},
               problem_type="single_label_classification", torch_dtype="float32")
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    w = roberta_weights(init, "roberta.", XLMR_LARGE, pooler=False)
    w.update({"classifier.dense.weight": init.normal(1024, 1024), "classifier.dense.bias": init.zeros(1024),
              "classifier.out_proj.weight": init.normal(2, 1024), "classifier.out_proj.bias": init.zeros(2)})
    write_safetensors(os.path.join(d, "model.safetensors"), w, {"format": "pt"})
    for name in ("sentencepiece.bpe.model", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        with open(os.path.join(encoder_dir, name), "rb") as src, open(os.path.join(d, name), "wb") as dst:
            dst.write(src.read())
    return d


def make_qwen(out, init, size):
    d = os.path.join(out, f"qwen2.5-{size}")
    os.makedirs(d, exist_ok=True)
    cfg = {"architectures": ["Qwen2ForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 151643,
           "eos_token_id": 151643, "hidden_act": "silu", "initializer_range": 0.02, "max_position_embeddings": 32768,
           "model_type": "qwen2", "rms_norm_eps": 1e-06, "rope_theta": 1000000.0, "sliding_window": 32768,
           "torch_dtype": "bfloat16", "transformers_version": "4.43.1", "use_cache": True, "use_mrope": False,
           "use_sliding_window": False, "vocab_size": 151936, **QWEN[size]}
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    with open(os.path.join(d, "generation_config.json"), "w") as f:
        json.dump({"bos_token_id": 151643, "eos_token_id": 151643, "max_new_tokens": 2048}, f)
    write_safetensors(os.path.join(d, "model.safetensors"), qwen_weights(init, cfg, torch.bfloat16), {"format": "pt"})
    qwen_tokenizer(d)
    return d


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.expanduser("~/.cache/gauntlet/fullsize"))
    ap.add_argument("--only", nargs="*", choices=["encoder", "sentinel", "cola", "qwen0.5b", "qwen1.5b"])
    ap.add_argument("--seed", type=int, default=37)
    a = ap.parse_args()
    if not os.path.isdir(LLAMA_MODELS):
        raise SystemExit(f"{LLAMA_MODELS} is missing: run scripts/llama-cpp.sh (scripts/install.sh does) first")
    os.makedirs(a.out, exist_ok=True)
    todo = a.only or ["encoder", "sentinel", "cola", "qwen0.5b", "qwen1.5b"]
    init = Init(a.seed)
    encoder = os.path.join(a.out, "xlm-roberta-large")
    for what in todo:
        if what == "encoder":
            print("wrote", make_encoder_folder(a.out), flush=True)
        elif what == "sentinel":
            print("wrote", make_sentinel(a.out, init), flush=True)
        elif what == "cola":
            if not os.path.exists(os.path.join(encoder, "tokenizer.json")):
                make_encoder_folder(a.out)
            print("wrote", make_cola(a.out, init, encoder), flush=True)
        else:
            print("wrote", make_qwen(a.out, init, what[len("qwen"):]), flush=True)


if __name__ == "__main__":
    main()
