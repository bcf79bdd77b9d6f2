#!/usr/bin/env python3
"""Writes a small GGUF v3 file (struct and numpy only; written from ggml's docs/gguf.md, not from
Gauntlet's reader) and the values a reader must find in it.

usage: write_gguf.py OUT.gguf EXPECTED.json

Tensors: f32 [2, 3], f16 [2, 32], bf16 [3, 4], q8_0 [2, 64] (quantised here: per block of 32,
d = max|x| / 127 stored as float16, q = round(x / d); the expected values are float16(d) * q),
q4_0 [1, 32] (zero blocks; a reader must refuse it, naming the type). Metadata: one value of every
GGUF type, a string array and a nested array.
"""
import json
import struct
import sys

import numpy as np

ALIGN = 32


def gguf_string(s):
    b = s.encode("utf-8") if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def kv(key, vtype, payload):
    return gguf_string(key) + struct.pack("<I", vtype) + payload


def main():
    out_path, expected_path = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(20261201)
    f32 = rng.standard_normal((2, 3)).astype(np.float32)
    f16 = rng.standard_normal((2, 32)).astype(np.float16)
    bf16_source = rng.standard_normal((3, 4)).astype(np.float32)
    bf16_bits = (bf16_source.view(np.uint32) >> 16).astype(np.uint16)  # truncation, as a writer may do
    bf16 = (bf16_bits.astype(np.uint32) << 16).view(np.float32)
    q8_source = rng.standard_normal((2, 64)).astype(np.float32) * 3
    q8_bytes = b""
    q8_expected = np.zeros_like(q8_source)
    flat = q8_source.reshape(-1, 32)
    for i, block in enumerate(flat):
        d = np.float16(np.abs(block).max() / 127.0)
        q = np.clip(np.round(block / np.float32(d)), -127, 127).astype(np.int8)
        q8_bytes += d.tobytes() + q.tobytes()
        q8_expected.reshape(-1, 32)[i] = np.float32(d) * q.astype(np.float32)
    q4_bytes = bytes(18)

    tensors = [("t.f32", f32.shape, 0, f32.tobytes()), ("t.f16", f16.shape, 1, f16.tobytes()),
               ("t.bf16", bf16.shape, 30, bf16_bits.tobytes()), ("t.q8_0", q8_source.shape, 8, q8_bytes),
               ("t.q4_0", (1, 32), 2, q4_bytes)]
    metadata = [
        kv("general.architecture", 8, gguf_string("llama")),
        kv("test.u8", 0, struct.pack("<B", 200)),
        kv("test.i8", 1, struct.pack("<b", -100)),
        kv("test.u16", 2, struct.pack("<H", 60000)),
        kv("test.i16", 3, struct.pack("<h", -30000)),
        kv("test.u32", 4, struct.pack("<I", 4000000000)),
        kv("test.i32", 5, struct.pack("<i", -2000000000)),
        kv("test.f32", 6, struct.pack("<f", 0.5)),
        kv("test.bool", 7, struct.pack("<B", 1)),
        kv("test.u64", 10, struct.pack("<Q", 2 ** 40 + 7)),
        kv("test.i64", 11, struct.pack("<q", -(2 ** 40))),
        kv("test.f64", 12, struct.pack("<d", 1e-6)),
        kv("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 3) + gguf_string("<s>") + gguf_string("▁the") + gguf_string("!")),
        kv("test.nested", 9, struct.pack("<IQ", 9, 2) + struct.pack("<IQ", 5, 2) + struct.pack("<ii", 1, -2)
           + struct.pack("<IQ", 5, 1) + struct.pack("<i", 3)),
    ]
    header = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata)) + b"".join(metadata)
    infos, data, offsets = b"", b"", []
    for name, shape, ggml_type, payload in tensors:
        offsets.append(len(data))
        ne = list(reversed(shape))  # ne[0] is the fastest-varying dimension
        infos += gguf_string(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne)
        infos += struct.pack("<IQ", ggml_type, len(data))
        data += payload
        data += bytes((-len(data)) % ALIGN)
    body = header + infos
    body += bytes((-len(body)) % ALIGN)
    with open(out_path, "wb") as f:
        f.write(body + data)
    expected = {
        "tensors": {"t.f32": f32.astype(float).tolist(), "t.f16": f16.astype(float).tolist(),
                    "t.bf16": bf16.astype(float).tolist(), "t.q8_0": q8_expected.astype(float).tolist()},
        "metadata": {"general.architecture": "llama", "test.u8": 200, "test.i8": -100, "test.u16": 60000,
                     "test.i16": -30000, "test.u32": 4000000000, "test.i32": -2000000000, "test.f32": 0.5,
                     "test.bool": True, "test.u64": 2 ** 40 + 7, "test.i64": -(2 ** 40), "test.f64": 1e-6,
                     "tokenizer.ggml.tokens": ["<s>", "▁the", "!"], "test.nested": [[1, -2], [3]]},
    }
    with open(expected_path, "w") as f:
        json.dump(expected, f)


if __name__ == "__main__":
    main()
