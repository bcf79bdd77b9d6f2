"""Reads the tokenizer metadata of a GGUF file (format v2/v3, as llama.cpp's gguf-py writes it).

Only the key/value section is read: the ggml-vocab-*.gguf files llama.cpp ships hold a vocabulary
and no tensors. Used by make_checkpoints.py to rebuild the public tokenizers' files.
"""
import struct

# GGUF value types (ggml/include/gguf.h)
_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9


class _Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, fmt):
        (value,) = struct.unpack_from(fmt, self.data, self.at)
        self.at += struct.calcsize(fmt)
        return value

    def string(self):
        n = self.take("<Q")
        raw = self.data[self.at:self.at + n]
        self.at += n
        return raw.decode("utf-8", errors="surrogateescape")

    def value(self, kind):
        if kind == _STRING:
            return self.string()
        if kind == _ARRAY:
            inner = self.take("<I")
            n = self.take("<Q")
            if inner in _SCALARS and inner != 7:
                fmt = "<%d%s" % (n, _SCALARS[inner][1])
                out = list(struct.unpack_from(fmt, self.data, self.at))
                self.at += struct.calcsize(fmt)
                return out
            return [self.value(inner) for _ in range(n)]
        return self.take(_SCALARS[kind])


def read_metadata(path):
    """Returns the GGUF key/value pairs of `path` as a dict (arrays as lists)."""
    with open(path, "rb") as f:
        data = f.read()
    r = _Reader(data)
    if data[:4] != b"GGUF":
        raise ValueError(f"{path}: not a GGUF file")
    r.at = 4
    version = r.take("<I")
    if version not in (2, 3):
        raise ValueError(f"{path}: GGUF version {version} is not read here")
    r.take("<Q")  # tensor count
    count = r.take("<Q")
    out = {}
    for _ in range(count):
        key = r.string()
        out[key] = r.value(r.take("<I"))
    return out
