#!/bin/bash
# A single-node Slurm cluster on this machine, for trying resources/slurm/augment-array.sbatch and
# for the scale-out integration test (issue 25). Debian's slurm-wlm and munge; everything runs as
# root on localhost, with one partition "local" holding this machine's CPUs, no GPU, no cgroups and
# no accounting database: `sacct` needs slurmdbd, and Slurm 22.05 has no file-based accounting
# storage any more (sacct answers "Slurm accounting storage is disabled"). What it does have is the
# job completion log, jobcomp/filetxt: one line per finished job or array task (JobId, JobState,
# StartTime, EndTime, ExitCode, ...) in $SLURM_LOCAL_STATE/log/jobcomp.log; while jobs run, use
# `squeue` and `scontrol show job`.
#
#   sudo scripts/slurm-local.sh start    # installs the packages if needed, writes the config,
#                                        # starts munged, slurmctld, slurmd, waits for the node
#   sudo scripts/slurm-local.sh status   # sinfo, squeue and the last lines of the jobcomp log
#   sudo scripts/slurm-local.sh stop     # cancels jobs left, stops the three daemons again
#
# Environment: SLURM_LOCAL_CPUS (default: nproc), SLURM_LOCAL_MEMORY_MB (default: 80% of RAM),
# SLURM_LOCAL_STATE (default /var/lib/gauntlet-slurm: spool, state and logs), SLURM_LOCAL_WAIT
# (seconds to wait for the node to become idle, default 60). It writes /etc/slurm/slurm.conf
# (moving an existing one that it did not write aside to slurm.conf.before-gauntlet).
set -euo pipefail

STATE=${SLURM_LOCAL_STATE:-/var/lib/gauntlet-slurm}
CONF=/etc/slurm/slurm.conf
MARK="# written by gauntlet scripts/slurm-local.sh"
NODE=$(hostname -s)

die() { echo "slurm-local: $*" >&2; exit 1; }

need_root() {
    [ "$(id -u)" = 0 ] || die "must run as root (it installs packages and starts system daemons)"
}

install_packages() {
    if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null; then
        return
    fi
    echo "slurm-local: installing slurm-wlm and munge" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >&2 \
        || die "cannot install slurm-wlm and munge with apt-get (no Debian package source?)"
}

write_config() {
    local cpus=${SLURM_LOCAL_CPUS:-$(nproc)}
    local mem=${SLURM_LOCAL_MEMORY_MB:-$(awk '/MemTotal/ {printf "%d", $2 / 1024 * 0.8}' /proc/meminfo)}
    mkdir -p "$STATE/ctld" "$STATE/d" "$STATE/log" /etc/slurm
    if [ -f "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
        mv "$CONF" "$CONF.before-gauntlet"
    fi
    cat > "$CONF" <<EOF
$MARK
ClusterName=gauntlet-local
SlurmctldHost=$NODE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$STATE/log/jobcomp.log
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=10
NodeName=$NODE CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
    if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        return  # already running
    fi
    [ -f /etc/munge/munge.key ] || { mungekey --create >&2 && chown munge:munge /etc/munge/munge.key; }
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    runuser -u munge -- /usr/sbin/munged >&2 || die "munged did not start (see /var/log/munge/munged.log)"
    munge -n | unmunge >/dev/null || die "munge does not answer after starting munged"
}

# Whether process $1 runs (a zombie waiting for its parent counts as ended).
proc_alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }
pid_alive() { local pid; pid=$(cat "$1" 2>/dev/null || true); proc_alive "$pid"; }

start() {
    need_root
    install_packages
    write_config
    start_munge
    pid_alive "$STATE/slurmctld.pid" || slurmctld || die "slurmctld did not start (see $STATE/log/slurmctld.log)"
    pid_alive "$STATE/slurmd.pid" || slurmd || die "slurmd did not start (see $STATE/log/slurmd.log)"
    local wait=${SLURM_LOCAL_WAIT:-60} state=""
    for ((t = 0; t < wait; t++)); do
        state=$(sinfo -h -n "$NODE" -o %T 2>/dev/null || true)
        if [ "$state" = idle ]; then
            echo "slurm-local: node $NODE is idle (partition local, $(sinfo -h -n "$NODE" -o %c) CPUs)"
            return 0
        fi
        sleep 1
    done
    die "node $NODE is not idle after ${wait}s (state: ${state:-none}); see $STATE/log/"
}

stop_pid() {
    local file=$1 name=$2 pid
    pid=$(cat "$file" 2>/dev/null || true)
    proc_alive "$pid" || return 0
    kill "$pid"
    for ((t = 0; t < 60; t++)); do proc_alive "$pid" || break; sleep 0.5; done
    proc_alive "$pid" && die "$name (pid $pid) did not stop within 30 s"
    echo "slurm-local: stopped $name"
}

stop() {
    need_root
    # Jobs still queued or running are cancelled first, so no job step outlives the cluster.
    if pid_alive "$STATE/slurmctld.pid"; then
        local jobs
        jobs=$(squeue -h -o %A 2>/dev/null || true)
        if [ -n "$jobs" ]; then
            echo "slurm-local: cancelling jobs $(echo $jobs)"
            scancel $jobs || true
            for ((t = 0; t < 30; t++)); do [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break; sleep 1; done
        fi
    fi
    stop_pid "$STATE/slurmd.pid" slurmd
    stop_pid "$STATE/slurmctld.pid" slurmctld
    stop_pid /run/munge/munged.pid munged
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status)
    sinfo && squeue
    echo "last finished jobs ($STATE/log/jobcomp.log):"
    tail -n 5 "$STATE/log/jobcomp.log" 2>/dev/null || echo "(none yet)"
    ;;
*) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
