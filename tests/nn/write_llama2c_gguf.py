#!/usr/bin/env python3
"""Writes a llama2.c checkpoint and its tokenizer.bin as a GGUF v3 file the way llama.cpp's converter
examples/convert-llama2c-to-ggml/convert-llama2c-to-ggml.cpp does (struct + numpy only, from ggml's
docs/gguf.md; not from Gauntlet's reader), for tst_gguf_model:

  - metadata: general.architecture "llama", llama.context_length / embedding_length /
    feed_forward_length / attention.head_count / attention.head_count_kv / block_count /
    rope.dimension_count (u32), llama.attention.layer_norm_rms_epsilon 1e-5 (f32);
    tokenizer.ggml.model "llama", tokens (' ' escaped to U+2581, <unk> <s> </s> for ids 0..2),
    scores, token_type (2 unknown, 3 control, 6 byte "<0xXX>", 1 normal), unknown/bos/eos ids;
  - tensors in llama2.c's own row order (Meta's interleaved RoPE pairs, which is also what
    convert_hf_to_gguf.py's LlamaModel.permute produces from a Hugging Face checkpoint): token_embd,
    output_norm, blk.N.attn_norm / attn_q / attn_k / attn_v / attn_output / ffn_norm / ffn_gate (w1) /
    ffn_down (w2) / ffn_up (w3), each [out, in] with ne = [in, out]; no `output` (tied) unless
    --untied, which writes it as a copy of token_embd as llama.cpp's converter does;
  - --type f32 | f16 | q8_0 for the 2-D weight matrices (norms stay f32, as ggml writes them; q8_0
    falls back to f16 for rows that are not whole 32-element blocks).

  - --dequantised OUT.bin also writes the checkpoint in llama2.c's format with every weight replaced
    by the value a reader must dequantise from the GGUF (float16(d) * q for Q8_0, float16 for F16),
    so a reference forward pass on it is exact for the quantised model.

usage: write_llama2c_gguf.py CHECKPOINT TOKENIZER OUT.gguf [--type T] [--untied] [--dequantised OUT.bin]
"""
import struct
import sys

import numpy as np

from gguf_fixture import Llama2cCheckpoint, gstr, kv_arr, kv_f32, kv_str, kv_u32, write_gguf


def q8_0(x):
    """(block bytes, the dequantised values)"""
    blocks = x.astype(np.float32).reshape(-1, 32)
    out = bytearray()
    deq = np.zeros_like(blocks)
    for block in blocks:  # ggml-quants.c quantize_row_q8_0_ref: d = amax / 127, q = round(x / d)
        amax = np.abs(block).max()
        d = amax / 127.0
        inv = 1.0 / d if d else 0.0
        q = np.round(block * inv).astype(np.int8)
        out += np.float16(d).tobytes() + q.tobytes()
        deq[len(out) // 34 - 1] = np.float32(np.float16(d)) * q.astype(np.float32)
    return bytes(out), deq.reshape(x.shape)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    wtype = sys.argv[sys.argv.index("--type") + 1] if "--type" in sys.argv else "f32"
    if "--type" in sys.argv:
        args.remove(wtype)
    dequantised = sys.argv[sys.argv.index("--dequantised") + 1] if "--dequantised" in sys.argv else None
    if dequantised:
        args.remove(dequantised)
    untied = "--untied" in sys.argv
    ckpt, tok, out = args
    ck = Llama2cCheckpoint(ckpt)
    assert ck.shared, "shared classifier expected"
    data, take = ck.data, ck.take
    dim, hidden, layers, heads, kv_heads, vocab, seq_len, hs, kv = (ck.dim, ck.hidden, ck.layers, ck.heads, ck.kv_heads, ck.vocab,
                                                                    ck.seq_len, ck.hs, ck.kv)
    emb = take(vocab, dim)
    rms_att, wq, wk = take(layers, dim), take(layers, dim, dim), take(layers, kv, dim)
    wv, wo, rms_ffn = take(layers, kv, dim), take(layers, dim, dim), take(layers, dim)
    w1, w2, w3 = take(layers, hidden, dim), take(layers, dim, hidden), take(layers, hidden, dim)
    rms_final = take(dim)

    tdata = open(tok, "rb").read()
    o = 4
    tokens, scores, types = [], [], []
    for i in range(vocab):
        score, n = struct.unpack_from("<fi", tdata, o)
        o += 8
        text = tdata[o:o + n].decode("utf-8")
        o += n
        if i == 0:
            text, t = "<unk>", 2
        elif i in (1, 2):
            text, t = ("<s>" if i == 1 else "</s>"), 3
        elif len(text) == 6 and text.startswith("<0x") and text.endswith(">"):
            t = 6
        else:
            t = 1
        tokens.append(text.replace(" ", "\u2581"))
        scores.append(score)
        types.append(t)

    meta = [kv_str("general.architecture", "llama"), kv_str("general.name", "stories260K"),
            kv_u32("llama.context_length", seq_len), kv_u32("llama.embedding_length", dim),
            kv_u32("llama.feed_forward_length", hidden), kv_u32("llama.attention.head_count", heads),
            kv_u32("llama.attention.head_count_kv", kv_heads), kv_u32("llama.block_count", layers),
            kv_u32("llama.rope.dimension_count", hs), kv_f32("llama.attention.layer_norm_rms_epsilon", 1e-5),
            kv_str("tokenizer.ggml.model", "llama"),
            kv_arr("tokenizer.ggml.tokens", 8, b"".join(gstr(t) for t in tokens), vocab),
            kv_arr("tokenizer.ggml.scores", 6, struct.pack("<%df" % vocab, *scores), vocab),
            kv_arr("tokenizer.ggml.token_type", 5, struct.pack("<%di" % vocab, *types), vocab),
            kv_u32("tokenizer.ggml.unknown_token_id", 0), kv_u32("tokenizer.ggml.bos_token_id", 1),
            kv_u32("tokenizer.ggml.eos_token_id", 2)]

    tensors = [("token_embd.weight", emb, True), ("output_norm.weight", rms_final, False)]
    if untied:
        tensors.append(("output.weight", emb, True))
    for i in range(layers):
        tensors += [(f"blk.{i}.attn_norm.weight", rms_att[i], False), (f"blk.{i}.attn_q.weight", wq[i], True),
                    (f"blk.{i}.attn_k.weight", wk[i], True), (f"blk.{i}.attn_v.weight", wv[i], True),
                    (f"blk.{i}.attn_output.weight", wo[i], True), (f"blk.{i}.ffn_norm.weight", rms_ffn[i], False),
                    (f"blk.{i}.ffn_gate.weight", w1[i], True), (f"blk.{i}.ffn_down.weight", w2[i], True),
                    (f"blk.{i}.ffn_up.weight", w3[i], True)]
    written = []
    stored = {}  # id(array) -> the values a reader dequantises
    for name, a, matrix in tensors:
        t = wtype if matrix else "f32"
        if t == "q8_0" and a.shape[-1] % 32 != 0:
            t = "f16"  # a row that is not whole Q8_0 blocks (ffn_down: 172), as llama-quantize falls back
        if t == "f32":
            ggml_type, payload, values = 0, a.astype("<f4").tobytes(), a
        elif t == "f16":
            ggml_type, payload, values = 1, a.astype("<f2").tobytes(), a.astype(np.float16).astype(np.float32)
        else:
            ggml_type, (payload, values) = 8, q8_0(a)
        stored[name] = values
        written.append((name, a.shape, ggml_type, payload))
    write_gguf(out, meta, written)
    if dequantised:
        def layers_of(kind):
            return np.stack([stored[f"blk.{i}.{kind}.weight"] for i in range(layers)]).astype("<f4").tobytes()
        parts = [data[:28], stored["token_embd.weight"].astype("<f4").tobytes(), layers_of("attn_norm"), layers_of("attn_q"),
                 layers_of("attn_k"), layers_of("attn_v"), layers_of("attn_output"), layers_of("ffn_norm"),
                 layers_of("ffn_gate"), layers_of("ffn_down"), layers_of("ffn_up"), stored["output_norm.weight"].astype("<f4").tobytes(),
                 data[28 + 4 * ck.at:28 + 4 * (ck.at + seq_len * hs)]]  # freq_cis_real / _imag unchanged
        with open(dequantised, "wb") as f:
            f.write(b"".join(parts))


if __name__ == "__main__":
    main()
