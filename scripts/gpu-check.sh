#!/bin/bash
# One-command GPU check (issue 37): builds Gauntlet against a CUDA build of libtorch, compares the
# full-size models' values on the GPU (float32 and bfloat16) with the CPU's on a few texts, and runs
# the full-size rehearsal (bench/fullsize/rehearse.sh) with --device cuda.
#
#   scripts/gpu-check.sh [LIBTORCH_DIR]        (default: $LIBTORCH_CUDA, else /opt/libtorch)
#
# Needs: an NVIDIA GPU (nvidia-smi), a CUDA build of libtorch 2.x (cxx11 ABI, from pytorch.org),
# the CUDA toolkit's nvcc (CUDA_COMPILER=/usr/local/cuda/bin/nvcc if it is not on PATH), and the
# full-size checkpoints (bench/fullsize/make_checkpoints.py writes them; it needs python3-torch).
# Environment: GPU_CHECK_BUILD (build folder, default build-cuda), GAUNTLET_FULLSIZE (the
# checkpoints), GPU_CHECK_RESULTS (default bench/ato/results/gpu-check).
#
# Tolerances, per text (random-weight models at full size; values of order 1):
#   float32 on the GPU against the CPU: |D_gpu - D_cpu| <= 1e-3, |logP_gpu - logP_cpu| <= 1e-3,
#     |PPL_gpu / PPL_cpu - 1| <= 1e-3 (libtorch keeps float32 matmuls out of TF32 by default since
#     1.12, so these are differences of summation order only);
#   bfloat16 (8 significant bits, 24 layers): |D| and |logP| differences <= 0.05, PPL within 5 %.
# Exit status: 0 all within tolerance, 1 a value outside it or a failed step, 2 no GPU or no CUDA
# libtorch (nothing was run).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libtorch=${1:-${LIBTORCH_CUDA:-/opt/libtorch}}
build=${GPU_CHECK_BUILD:-$root/build-cuda}
results=${GPU_CHECK_RESULTS:-$root/bench/ato/results/gpu-check}
ck=${GAUNTLET_FULLSIZE:-$HOME/.cache/gauntlet/fullsize}

if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then
    echo "gpu-check: no NVIDIA GPU found (nvidia-smi -L failed); nothing was run" >&2
    exit 2
fi
if [[ ! -f $libtorch/lib/libtorch_cuda.so ]]; then
    echo "gpu-check: no CUDA libtorch at $libtorch (lib/libtorch_cuda.so is missing). Download the cxx11-ABI" \
         "CUDA build of libtorch 2.x from pytorch.org, unpack it and pass its folder; nothing was run" >&2
    exit 2
fi
nvidia-smi -L
if [[ ! -d $ck/qwen2.5-0.5b ]]; then
    echo "gpu-check: writing the full-size checkpoints into $ck"
    /usr/bin/python3 "$root/bench/fullsize/make_checkpoints.py" --out "$ck" --only encoder sentinel cola qwen0.5b
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$libtorch" \
    ${CUDA_COMPILER:+-DCMAKE_CUDA_COMPILER=$CUDA_COMPILER} >/dev/null
ninja -C "$build" gauntlet bench_ato
gauntlet=$build/app/gauntlet
mkdir -p "$results"

texts=$results/texts.txt
cat >"$texts" <<'EOF'
The committee will discuss the report next week, after the minister returns from Brussels.
On Monday, scientists announced the invention of a new diagnostic tool that can sort cells by type.
She said the bridge had been closed since the storm damaged its northern supports.
Prices rose sharply in the third quarter, the company's annual report showed.
EOF

status=0
compare() {  # kind cpu_file gpu_file tolerance relative(0/1)
    python3 - "$@" <<'PY' || status=1
import math, sys
kind, cpu, gpu, tol, relative = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5] == "1"
a = [float(l.split("\t")[0]) for l in open(cpu)]
b = [float(l.split("\t")[0]) for l in open(gpu)]
worst = max((abs(y / x - 1) if relative else abs(y - x)) for x, y in zip(a, b))
ok = len(a) == len(b) and math.isfinite(worst) and worst <= tol
print(f"  {kind:40s} worst {'relative' if relative else 'absolute'} difference {worst:.2e} (tolerance {tol:g}): {'ok' if ok else 'OUTSIDE'}")
sys.exit(0 if ok else 1)
PY
}
score() {  # kind device dtype out
    local kind=$1 model
    case $kind in
        difficulty) model=(--model "$ck/sentinel-src-25" --encoder "$ck/xlm-roberta-large") ;;
        acceptability) model=(--model "$ck/xlmr-large-cola") ;;
        perplexity) model=(--model "$ck/qwen2.5-0.5b") ;;
    esac
    "$gauntlet" score-text "${model[@]}" --kind "$kind" --device "$2" --dtype "$3" --input "$texts" >"$4"
}
echo "== the models' values, CPU float32 against CUDA"
for kind in difficulty acceptability perplexity; do
    score "$kind" cpu float32 "$results/$kind.cpu.tsv"
    score "$kind" cuda float32 "$results/$kind.cuda-float32.tsv"
    score "$kind" cuda bfloat16 "$results/$kind.cuda-bfloat16.tsv"
    rel=0; [[ $kind == perplexity ]] && rel=1
    compare "$kind float32" "$results/$kind.cpu.tsv" "$results/$kind.cuda-float32.tsv" 1e-3 "$rel"
    tol=0.05; [[ $kind == perplexity ]] && tol=0.05
    compare "$kind bfloat16" "$results/$kind.cpu.tsv" "$results/$kind.cuda-bfloat16.tsv" "$tol" "$rel"
done

echo "== the full-size rehearsal on the GPU (step times)"
REHEARSAL_DEVICE=cuda REHEARSAL_SMALL="${GPU_CHECK_SMALL:-16 100 32 4}" REHEARSAL_STEPS="${GPU_CHECK_STEPS:-5 5}" \
    "$root/bench/fullsize/rehearse.sh" "$build" "$results/rehearsal" || status=1
exit $status
