#!/bin/sh
# Fetches llama.cpp's vocabulary-only GGUF files (models/ggml-vocab-*.gguf, MIT) from the git bundle
# inside the npm package node-llama-cpp@3.21.1, for tst_gguf's llamaCppQwen2Vocabulary:
#   tests/io/fetch_llama_cpp_vocab.sh DIR && GAUNTLET_LLAMA_CPP_MODELS=DIR/models ctest -R tst_gguf
# Then prints the values tst_gguf expects, from a separate struct-based GGUF parse.
set -eu
dir=${1:?usage: fetch_llama_cpp_vocab.sh DIR}
mkdir -p "$dir" && cd "$dir"
[ -f node-llama-cpp-3.21.1.tgz ] || npm pack node-llama-cpp@3.21.1
[ -d package ] || tar xzf node-llama-cpp-3.21.1.tgz
[ -d llama.cpp ] || git clone -q --no-checkout package/llama/gitRelease.bundle llama.cpp
mkdir -p models
git -C llama.cpp show HEAD:models/ggml-vocab-qwen2.gguf > models/ggml-vocab-qwen2.gguf
python3 - models/ggml-vocab-qwen2.gguf <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
magic, ver, nt, nkv = struct.unpack_from("<4sIQQ", d, 0); o = 24
print(magic, "version", ver, "tensors", nt, "key/values", nkv)
fmt = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
def rstr(o):
    n, = struct.unpack_from("<Q", d, o); return d[o + 8:o + 8 + n], o + 8 + n
def rval(t, o):
    if t == 8: return rstr(o)
    if t == 9:
        et, n = struct.unpack_from("<IQ", d, o); o += 12; vals = []
        for _ in range(n):
            v, o = rval(et, o); vals.append(v)
        return vals, o
    return struct.unpack_from("<" + fmt[t], d, o)[0], o + struct.calcsize("<" + fmt[t])
for _ in range(nkv):
    k, o = rstr(o); t, = struct.unpack_from("<I", d, o); o += 4; v, o = rval(t, o)
    print(k.decode(), ("array of %d, first %r, last %r" % (len(v), v[:3], v[-1:])) if isinstance(v, list) else repr(v)[:80])
PY
