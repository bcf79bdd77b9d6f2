"""Shared by the tests/nn generator scripts (write_llama2c_gguf.py, write_qwen2_gguf.py,
llama2c_reference.py): GGUF v3 key/value records and file layout as ggml's docs/gguf.md describes
them (struct + numpy only; not from Gauntlet's reader), and llama2.c's checkpoint header and weights
as karpathy/llama2.c run.c reads them."""
import struct

import numpy as np

ALIGN = 32


def gstr(s):
    b = s.encode("utf-8") if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def kv_u32(k, v):
    return gstr(k) + struct.pack("<II", 4, v)


def kv_f32(k, v):
    return gstr(k) + struct.pack("<If", 6, v)


def kv_str(k, v):
    return gstr(k) + struct.pack("<I", 8) + gstr(v)


def kv_arr(k, elem_type, payload, n):
    return gstr(k) + struct.pack("<IIQ", 9, elem_type, n) + payload


def write_gguf(out, meta, tensors):
    """Writes GGUF v3: the key/value records `meta`, then `tensors` as (name, shape, ggml type,
    payload bytes), each [out, in] shape stored as ne = [in, out], data aligned to ALIGN."""
    infos, blob = b"", b""
    for name, shape, ggml_type, payload in tensors:
        ne = list(reversed(shape))
        infos += gstr(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne)
        infos += struct.pack("<IQ", ggml_type, len(blob))
        blob += payload + bytes((-len(payload)) % ALIGN)
    body = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(meta)) + b"".join(meta) + infos
    body += bytes((-len(body)) % ALIGN)
    with open(out, "wb") as f:
        f.write(body + blob)


class Llama2cCheckpoint:
    """A llama2.c checkpoint: its seven header ints (vocab negative = an own classifier, not shared),
    the float32 weights after the header as `dtype`, and take() reading the next array of them in
    run.c's order."""

    def __init__(self, path, dtype=np.float32):
        self.data = open(path, "rb").read()
        self.dim, self.hidden, self.layers, self.heads, self.kv_heads, vocab, self.seq_len = struct.unpack_from("<7i", self.data, 0)
        self.shared = vocab > 0
        self.vocab = abs(vocab)
        self.floats = np.frombuffer(self.data, dtype="<f4", offset=28).astype(dtype, copy=False)
        self.hs = self.dim // self.heads
        self.kv = self.kv_heads * self.hs
        self.at = 0  # floats read so far

    def take(self, *shape):
        n = int(np.prod(shape))
        a = self.floats[self.at:self.at + n].reshape(shape)
        self.at += n
        return a
