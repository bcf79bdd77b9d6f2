#!/usr/bin/env python3
"""Writes a Hugging Face Qwen2 folder (config.json + model.safetensors, float32 or float64) as a GGUF
v3 file with convert_hf_to_gguf.py's names and keys for the qwen2 architecture (struct + numpy only,
from ggml's docs/gguf.md; not from Gauntlet's reader), for tst_gguf_model:

  - metadata: general.architecture "qwen2", qwen2.context_length / embedding_length /
    feed_forward_length / block_count / attention.head_count / attention.head_count_kv (u32),
    qwen2.rope.freq_base and qwen2.attention.layer_norm_rms_epsilon (f32);
  - tensors as F32, renamed as gguf-py's tensor_mapping.py maps them (token_embd, output_norm,
    output, blk.N.attn_norm / attn_q / attn_k / attn_v (weight and bias) / attn_output / ffn_norm /
    ffn_gate / ffn_up / ffn_down); Qwen2 uses NEOX RoPE, so q/k are not permuted;
  - a stand-in byte-level vocabulary ("gpt2", pre "qwen2"): one token per byte for the first
    vocab_size bytes in GPT-2's bytes_to_unicode spelling, no merges (the fixture has no tokenizer).

usage: write_qwen2_gguf.py FOLDER OUT.gguf
"""
import json
import struct
import sys

import numpy as np

from gguf_fixture import gstr, kv_arr, kv_f32, kv_str, kv_u32, write_gguf


def bytes_to_unicode():  # openai/gpt-2 src/encoder.py
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, [chr(c) for c in cs]))


def read_safetensors(path):
    data = open(path, "rb").read()
    n, = struct.unpack_from("<Q", data, 0)
    header = json.loads(data[8:8 + n])
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype = {"F32": "<f4", "F64": "<f8", "F16": "<f2"}[info["dtype"]]
        begin, end = info["data_offsets"]
        out[name] = np.frombuffer(data[8 + n + begin:8 + n + end], dtype=dtype).reshape(info["shape"]).astype(np.float32)
    return out


def main():
    folder, out = sys.argv[1], sys.argv[2]
    cfg = json.load(open(folder + "/config.json"))
    assert cfg["model_type"] == "qwen2"
    w = read_safetensors(folder + "/model.safetensors")
    names = {"model.embed_tokens.weight": "token_embd.weight", "model.norm.weight": "output_norm.weight",
             "lm_head.weight": "output.weight"}
    block = {"input_layernorm.weight": "attn_norm.weight", "self_attn.q_proj.weight": "attn_q.weight",
             "self_attn.q_proj.bias": "attn_q.bias", "self_attn.k_proj.weight": "attn_k.weight",
             "self_attn.k_proj.bias": "attn_k.bias", "self_attn.v_proj.weight": "attn_v.weight",
             "self_attn.v_proj.bias": "attn_v.bias", "self_attn.o_proj.weight": "attn_output.weight",
             "post_attention_layernorm.weight": "ffn_norm.weight", "mlp.gate_proj.weight": "ffn_gate.weight",
             "mlp.up_proj.weight": "ffn_up.weight", "mlp.down_proj.weight": "ffn_down.weight"}
    tensors = []
    for name, a in sorted(w.items()):
        if name.startswith("model.layers."):
            layer, rest = name[len("model.layers."):].split(".", 1)
            gname = "blk.%s.%s" % (layer, block[rest])
        else:
            gname = names[name]
        tensors.append((gname, a))
    v = cfg["vocab_size"]
    b2u = bytes_to_unicode()
    tokens = [b2u[b] for b in range(v)]
    meta = [kv_str("general.architecture", "qwen2"), kv_u32("qwen2.context_length", cfg["max_position_embeddings"]),
            kv_u32("qwen2.embedding_length", cfg["hidden_size"]), kv_u32("qwen2.feed_forward_length", cfg["intermediate_size"]),
            kv_u32("qwen2.block_count", cfg["num_hidden_layers"]), kv_u32("qwen2.attention.head_count", cfg["num_attention_heads"]),
            kv_u32("qwen2.attention.head_count_kv", cfg["num_key_value_heads"]), kv_f32("qwen2.rope.freq_base", cfg["rope_theta"]),
            kv_f32("qwen2.attention.layer_norm_rms_epsilon", cfg["rms_norm_eps"]),
            kv_str("tokenizer.ggml.model", "gpt2"), kv_str("tokenizer.ggml.pre", "qwen2"),
            kv_arr("tokenizer.ggml.tokens", 8, b"".join(gstr(t) for t in tokens), v),
            kv_arr("tokenizer.ggml.token_type", 5, struct.pack("<%di" % v, *([1] * v)), v),
            kv_arr("tokenizer.ggml.merges", 8, b"", 0)]
    write_gguf(out, meta, [(name, a.shape, 0, a.astype("<f4").tobytes()) for name, a in tensors])


if __name__ == "__main__":
    main()
