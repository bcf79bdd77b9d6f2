#!/bin/sh
# Fetches llama.cpp's vocabulary-only GGUF files and their tokenizer test vectors
# (models/ggml-vocab-*.gguf, .gguf.inp, .gguf.out; MIT) from the git bundle inside the npm package
# node-llama-cpp@3.21.1, for tst_gguf and tst_gguf_vocabulary, into DIR/models:
#   tests/io/fetch_llama_cpp_vocab.sh build/test-data/llama_cpp     (scripts/install.sh runs this)
# The bundle's clone and the files are cached in ${XDG_CACHE_HOME:-~/.cache}/gauntlet/node-llama-cpp-3.21.1
# (the tests also look in its models/), so a second run needs no network. Quiet unless something fails; --print also dumps the qwen2 file's
# metadata from a separate struct-based parse (the values tst_gguf expects).
set -eu
dir=${1:?usage: fetch_llama_cpp_vocab.sh DIR [--print]}
print=${2:-}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gauntlet/node-llama-cpp-3.21.1
vocabs="qwen2 llama-spm gpt-2 llama-bpe nomic-bert-moe"
mkdir -p "$cache" "$dir/models"
dir=$(cd "$dir" && pwd)
cd "$cache"
if [ ! -d llama.cpp ]; then
    [ -f node-llama-cpp-3.21.1.tgz ] || npm pack --silent node-llama-cpp@3.21.1 >/dev/null
    [ -f package/llama/gitRelease.bundle ] || tar xzf node-llama-cpp-3.21.1.tgz package/llama/gitRelease.bundle
    rm -rf llama.cpp.partial
    git clone -q --no-checkout package/llama/gitRelease.bundle llama.cpp.partial
    mv llama.cpp.partial llama.cpp
    rm -rf package node-llama-cpp-3.21.1.tgz
fi
mkdir -p models
for v in $vocabs; do
    for ext in gguf gguf.inp gguf.out; do
        f=models/ggml-vocab-$v.$ext
        if [ ! -s "$f" ] && git -C llama.cpp cat-file -e "HEAD:$f" 2>/dev/null; then
            git -C llama.cpp show "HEAD:$f" > "$f.partial" && mv "$f.partial" "$f"
        fi
        [ ! -s "$f" ] || [ -s "$dir/$f" ] || cp "$f" "$dir/$f"
    done
done
git -C llama.cpp rev-parse HEAD > "$dir/models/LLAMA_CPP_COMMIT"
[ "$print" = --print ] || exit 0
python3 - "$dir/models/ggml-vocab-qwen2.gguf" <<'PY'
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
