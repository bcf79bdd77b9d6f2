#!/usr/bin/env bash
# resources/slurm/augment-array.sbatch without Slurm: the array task's environment as Slurm sets it,
# and a stand-in for gauntlet that prints the command line it was given, so the settings (device,
# dtype, threads, beam, shard, resume) are checked against hand-written expected command lines.
set -euo pipefail
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/resources/slurm/augment-array.sbatch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '#!/bin/sh\necho "$@"\n' > fake-gauntlet
chmod +x fake-gauntlet
failures=0

# Runs the script in a clean environment plus the given assignments; prints its output (and its
# exit status where it failed, so a failure shows as a wrong command line in expect).
task() { env -i PATH="$PATH" HOME="$HOME" GAUNTLET="$work/fake-gauntlet" "$@" bash "$script" 2>&1 || echo "exit $?"; }

expect() {  # expect NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then
        echo "PASS: $1"
    else
        echo "FAIL: $1"; echo "  expected: $2"; echo "  actual:   $3"
        failures=$((failures + 1))
    fi
}

expect_error() {  # expect_error NAME MESSAGE-PART ASSIGNMENTS...
    local name=$1 part=$2 out rc=0
    shift 2
    out=$(task "$@")
    [[ "$out" == *"exit "[1-9]* ]] && rc=1
    if [ "$rc" -ne 0 ] && [[ "$out" == *"$part"* ]]; then
        echo "PASS: $name"
    else
        echo "FAIL: $name (exit $rc, output: $out)"
        failures=$((failures + 1))
    fi
}

# A CPU-only cluster: no GPU in the task, 2 CPUs per task, tiny beam, another pack and method.
out=$(task SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=4 SLURM_CPUS_PER_TASK=2 GAUNTLET_SEEDS=s.tsv \
      GAUNTLET_MODELS=/packs/tiny GAUNTLET_METHOD=direct GAUNTLET_BEAM_WIDTH=2 GAUNTLET_SHORTLIST=8 \
      GAUNTLET_CANDIDATES=4 GAUNTLET_RANDOM_INJECTIONS=1 GAUNTLET_STEPS=3 GAUNTLET_PHASE2_STEPS=0 \
      GAUNTLET_AUGMENT_ARGS="--no-judges --seed 7" | tail -n 1)
expect "cpu task: settings from the environment" \
    "--project projects/shard-2.gauntlet augment --method direct --seeds-file s.tsv --device cpu --dtype float32 --beam-width 2 --shortlist 8 --candidates 4 --random-injections 1 --steps 3 --phase2-steps 0 --shard 2/4 --resume --out results/shard-2.jsonl --models /packs/tiny --threads 2 --no-judges --seed 7" \
    "$out"
expect "the shard count is recorded" "4" "$(cat projects/shard-count 2>/dev/null)"
[ -d logs ] && [ -d results ] && expect "folders made" yes yes || expect "folders made" yes no

# A GPU task with the paper's defaults; a resubmitted single task (--array=1: count 1) stays 1/4.
out=$(task SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=1 SLURM_CPUS_PER_TASK=8 SLURM_JOB_GPUS=0 | tail -n 1)
expect "gpu task, resubmitted alone: paper's defaults, recorded n" \
    "--project projects/shard-1.gauntlet augment --method two-phase --seeds-file seeds.tsv --device cuda --dtype bfloat16 --beam-width 50 --shortlist 200 --candidates 64 --random-injections 15 --steps 20 --phase2-steps 40 --shard 1/4 --resume --out results/shard-1.jsonl --threads 8" \
    "$out"
out=$(task SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=4 GAUNTLET_DEVICE=cuda GAUNTLET_DTYPE=float32 | tail -n 1)
expect "explicit device and dtype; no cpus-per-task, no --threads" \
    "--project projects/shard-0.gauntlet augment --method two-phase --seeds-file seeds.tsv --device cuda --dtype float32 --beam-width 50 --shortlist 200 --candidates 64 --random-injections 15 --steps 20 --phase2-steps 40 --shard 0/4 --resume --out results/shard-0.jsonl" \
    "$out"

expect_error "another shard count in the same folder is refused" "holds shards of 4, not 8" \
    SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=8 GAUNTLET_SHARDS=8
expect_error "a task outside the shards is refused" "outside the 4 shards" SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_COUNT=6
expect_error "an unknown device is refused" "must be cuda, cpu or auto" SLURM_ARRAY_TASK_ID=0 GAUNTLET_DEVICE=tpu
expect_error "outside an array" "not an array task" SLURM_JOB_ID=5

[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "all passed"
