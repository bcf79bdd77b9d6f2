#!/usr/bin/env bash
# The scale-out run of issue 25 on a real single-node Slurm (scripts/slurm-local.sh), driven and
# checked by tst_slurm_array.cpp:
#   slurm_array_run.sh WORK GAUNTLET
# WORK holds seeds.txt; the run submits resources/slurm/augment-array.sbatch there with
# --array=0-3 on CPU settings, cancels array task 1 while it is in the middle of a seed, resubmits
# it (--resume), and merges the four shard projects into WORK/merged.gauntlet. It prints the array
# states as it goes (squeue, scontrol, the jobcomp lines). Exit 77 with a line "SKIP: why" where Slurm
# cannot run here; the daemons it started are stopped again at the end (a cluster that was up is left up).
# Environment: SLURM_TEST_TIMEOUT (seconds for each of its 3 waits, default 150: within CTest's
# 600), GAUNTLET_BEAM_WIDTH etc. as in the sbatch script (defaults here: a tiny beam).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${1:?usage: slurm_array_run.sh WORK GAUNTLET}
gauntlet=${2:?usage: slurm_array_run.sh WORK GAUNTLET}
timeout=${SLURM_TEST_TIMEOUT:-150}
state=${SLURM_LOCAL_STATE:-/var/lib/gauntlet-slurm}

skip() { echo "SKIP: $*"; exit 77; }
log() { echo "[$(date -u +%H:%M:%S)] $*"; }

[ "$(id -u)" = 0 ] || skip "not root (scripts/slurm-local.sh starts system daemons)"
for tool in sbatch squeue scancel scontrol slurmctld slurmd munged; do
    command -v "$tool" >/dev/null || skip "$tool not found (Debian packages slurm-wlm and munge are not installed)"
done
[ -x "$gauntlet" ] || { echo "no gauntlet executable at $gauntlet"; exit 1; }

# A cluster that was already up (someone's scripts/slurm-local.sh start) is left running.
was_up=""
scontrol ping 2>/dev/null | grep -q "is UP" && was_up=yes
cleanup() {
    if [ -n "$was_up" ]; then
        log "leaving the local Slurm running (it was up before the test)"
    else
        log "stopping the local Slurm"
        "$root/scripts/slurm-local.sh" stop || true
    fi
}
if ! start_log=$("$root/scripts/slurm-local.sh" start 2>&1); then
    echo "$start_log"
    [ -n "$was_up" ] || "$root/scripts/slurm-local.sh" stop >/dev/null 2>&1 || true
    skip "the Slurm daemons will not start: $(echo "$start_log" | tail -n 1)"
fi
trap cleanup EXIT
echo "$start_log"
comp_before=$(wc -l < "$state/log/jobcomp.log" 2>/dev/null || echo 0)

cd "$work"
mkdir -p logs
export GAUNTLET="$gauntlet" GAUNTLET_SEEDS=seeds.txt GAUNTLET_DEVICE=cpu
export GAUNTLET_METHOD=${GAUNTLET_METHOD:-direct} GAUNTLET_BEAM_WIDTH=${GAUNTLET_BEAM_WIDTH:-2}
export GAUNTLET_SHORTLIST=${GAUNTLET_SHORTLIST:-8} GAUNTLET_CANDIDATES=${GAUNTLET_CANDIDATES:-4}
export GAUNTLET_RANDOM_INJECTIONS=${GAUNTLET_RANDOM_INJECTIONS:-1} GAUNTLET_STEPS=${GAUNTLET_STEPS:-5}
export GAUNTLET_PHASE2_STEPS=${GAUNTLET_PHASE2_STEPS:-0} GAUNTLET_AUGMENT_ARGS=${GAUNTLET_AUGMENT_ARGS:---no-judges}
sbatch_cpu=(sbatch --parsable --gres=none --cpus-per-task=1 --mem=2G --time=30:00)

# Prints the state of every task of job $1 (scontrol keeps finished jobs for MinJobAge, 300 s).
states() { scontrol -o show job "$1" 2>/dev/null | sed -E 's/.*JobId=([0-9]+) .*ArrayTaskId=([0-9]+) .*JobState=([A-Z_]+) .*/\1_\2 \3/; s/^([0-9]+_[0-9]+ [A-Z_]+) .*/\1/' | sort; }
task_state() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2; }
wait_done() {  # wait_done JOB: until squeue no longer lists it
    for ((t = 0; t < timeout; t++)); do
        [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
        ((t % 15 == 0)) && log "squeue: $(squeue -h -j "$1" -o '%i:%T' | tr '\n' ' ')"
        sleep 1
    done
    echo "job $1 not done after ${timeout}s"; squeue; exit 1
}
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }

job=$("${sbatch_cpu[@]}" --array=0-3 "$root/resources/slurm/augment-array.sbatch")
log "submitted array job $job (tasks 0-3) on CPU: method $GAUNTLET_METHOD, B=$GAUNTLET_BEAM_WIDTH K=$GAUNTLET_SHORTLIST N=$GAUNTLET_CANDIDATES R=$GAUNTLET_RANDOM_INJECTIONS T=$GAUNTLET_STEPS"

# Task 1 (seeds 1 and 5 of 8) is cancelled in the middle of its second seed: once its log shows that
# seed's first search step done, with T - 1 steps still to go.
killed=""
for ((t = 0; t < timeout * 5; t++)); do
    if grep -q "^seed 2/2 .*step 1/" "logs/ato-${job}_1.log" 2>/dev/null; then
        log "task ${job}_1 is $(task_state "${job}_1") in step 2 of its second seed, $(lines results/shard-1.jsonl) result(s) written: scancel ${job}_1"
        scancel "${job}_1"
        killed=yes
        break
    fi
    ((t % 75 == 0)) && log "squeue: $(squeue -h -j "$job" -o '%i:%T' | tr '\n' ' ')"
    sleep 0.2
done
[ -n "$killed" ] || { echo "task ${job}_1 never reached its second seed"; tail -n 5 logs/*; exit 1; }
wait_done "$job"
log "array job $job ended:"; states "$job"
log "task 1's log after the cancel:"; tail -n 3 "logs/ato-${job}_1.log"
echo "KILLED_STATE $(task_state "${job}_1")"
log "shard 1's runs after the cancel:"; "$gauntlet" --project projects/shard-1.gauntlet runs list | cut -f 1-4

again=$("${sbatch_cpu[@]}" --array=1 "$root/resources/slurm/augment-array.sbatch")
log "resubmitted task 1 as job $again (--array=1; the shard count 4 comes from projects/shard-count)"
wait_done "$again"
log "job $again ended:"; states "$again"
grep -h "resuming\|task 1 of" "logs/ato-${again}_1.log" || true
echo "RESUBMITTED_STATE $(task_state "${again}_1")"

log "jobcomp lines of this test ($state/log/jobcomp.log; sacct needs slurmdbd):"
tail -n +"$((comp_before + 1))" "$state/log/jobcomp.log" 2>/dev/null \
    | sed -E 's/.*(JobId=[0-9]+) .*(JobState=[A-Z_]+) .*(StartTime=[^ ]+) (EndTime=[^ ]+) .*(ArrayJobId=[0-9]+) (ArrayTaskId=[0-9]+) .*(ExitCode=[^ ]+).*/\1 \5 \6 \2 \3 \4 \7/'

runs=$("$gauntlet" merge --project merged.gauntlet projects/shard-0.gauntlet projects/shard-1.gauntlet \
    projects/shard-2.gauntlet projects/shard-3.gauntlet)
echo "runs in merged.gauntlet: $runs"
"$gauntlet" merge results/shard-0.jsonl results/shard-1.jsonl results/shard-2.jsonl results/shard-3.jsonl \
    --out results/all.jsonl
log "merged into $work/merged.gauntlet and $work/results/all.jsonl"
