#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A real Slurm cluster of NODES nodes (n1..nN) on this machine, for the tests: munged, slurmctld and
# one slurmd per node, each slurmd in its own mount namespace (a private /tmp bound from a folder,
# where PMIx keeps its per-node folder, which two nodes on one host would share, and a /dev/shm of
# its own for the shared-memory segments of MPI) and UTS namespace
# (the node's host name is its Slurm name, as on a real cluster). Needs root and Debian's slurmctld,
# slurmd, slurm-client and munge (scripts/install-deps.sh).
#
# Usage: cluster.sh start FOLDER [NODES=4]   prints the SLURM_CONF to export; waits until every node is idle
#        cluster.sh stop FOLDER              ends the daemons started in FOLDER (by their pid files)
# TALLY_SLURM_PORT (default 16800) is the controller's port; node k listens on it + k.
set -euo pipefail

action="${1:?usage: cluster.sh start|stop FOLDER [NODES]}"
folder="$(mkdir -p "${2:?usage: cluster.sh start|stop FOLDER [NODES]}" && cd "$2" && pwd)"
nodes="${3:-4}"
port="${TALLY_SLURM_PORT:-16800}"
conf="$folder/slurm.conf"

# stop_pid_files FILE...: ends those daemons together, then waits up to 5 s for them: each takes
# some 2 s to end after SIGTERM, so one after the other a cluster of 2 nodes took 8 s to stop.
stop_pid_files() {
  local file pids=()
  for file in "$@"; do
    [ -s "$file" ] || continue
    pids+=("$(cat "$file")")
    kill "${pids[-1]}" 2> /dev/null || true
  done
  for _ in $(seq 50); do
    kill -0 "${pids[@]}" 2> /dev/null || break
    sleep 0.1
  done
  rm -f "$@"
}

# Unix sockets (munged's, and slurmd's one per step in its spool folder) need a path under 108
# bytes, which a build folder deep in a CI runner's tree exceeds: they live in a short folder of
# /tmp, which the cluster folder names (sockets_folder) and stop removes.
remove_sockets_folder() {
  [ -s "$folder/sockets_folder" ] || return 0
  rm -rf "$(cat "$folder/sockets_folder")"
  rm -f "$folder/sockets_folder"
}

if [ "$action" = stop ]; then
  # munged last: the Slurm daemons may still ask it for credentials as they end.
  stop_pid_files "$folder"/run/slurmd-*.pid "$folder/run/slurmctld.pid"
  stop_pid_files "$folder/run/munged.pid"
  remove_sockets_folder
  echo "cluster: stopped"
  exit 0
fi
[ "$action" = start ] || { echo "cluster.sh: unknown action $action (start or stop)" >&2; exit 2; }
remove_sockets_folder
sockets="$(mktemp -d /tmp/tally-slurm.XXXXXX)"
echo "$sockets" > "$folder/sockets_folder"
# Each node binds its own folder on /tmp. The folder of the sockets, and a cluster folder under /tmp
# (a checkout built there), stay visible: the top folders holding them are bound into each node's
# /tmp at their own paths.
shared=("${sockets#/tmp/}") # those top folders' names in /tmp
case "$folder" in
  /tmp/*) top="${folder#/tmp/}" && shared+=("${top%%/*}") ;;
esac

mkdir -p "$folder"/{run,log,state} "$sockets/munge"
# munged refuses a key or a socket folder others can write to.
chmod 700 "$sockets/munge"
dd if=/dev/urandom of="$sockets/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$sockets/munge/munge.key"
munged --force --key-file="$sockets/munge/munge.key" --socket="$sockets/munge/munge.socket" \
  --pid-file="$folder/run/munged.pid" --log-file="$folder/log/munged.log" --seed-file="$sockets/munge/seed"

# Each task's MPI transport, as a site's environment chooses it: Open MPI's UCX layer. Between the
# nodes of this host, Open MPI 4.1.4's own TCP transport (ob1 with btl/tcp) now and then calls a null
# handler for a received fragment (in mca_btl_tcp.so: a rank dies at address 0) when the machine is
# loaded, in about 1 of 6 studies of 4 nodes on 2 busy cores, with or without the profiler; with UCX,
# in none of 20. Open MPI takes UCX only for the transports and devices it names, hence "any".
cat > "$folder/task_prolog.sh" << 'PROLOG'
#!/bin/sh
echo "export OMPI_MCA_pml=ucx"
echo "export OMPI_MCA_pml_ucx_tls=any"
echo "export OMPI_MCA_pml_ucx_devices=any"
PROLOG
chmod 755 "$folder/task_prolog.sh"

cpus="$(nproc)"
{
  echo "ClusterName=tally"
  echo "SlurmctldHost=localhost"
  echo "SlurmctldPort=$port"
  echo "SlurmUser=root"
  echo "SlurmdUser=root"
  echo "AuthType=auth/munge"
  echo "AuthInfo=socket=$sockets/munge/munge.socket"
  echo "CredType=cred/munge"
  echo "StateSaveLocation=$folder/state"
  echo "SlurmdSpoolDir=$sockets/spool/%n"
  echo "SlurmctldPidFile=$folder/run/slurmctld.pid"
  echo "SlurmdPidFile=$folder/run/slurmd-%n.pid"
  echo "SlurmctldLogFile=$folder/log/slurmctld.log"
  echo "SlurmdLogFile=$folder/log/slurmd-%n.log"
  echo "ProctrackType=proctrack/linuxproc"
  echo "TaskPlugin=task/none"
  echo "MpiDefault=pmix"
  echo "TaskProlog=$folder/task_prolog.sh"
  echo "SelectType=select/cons_tres"
  echo "SelectTypeParameters=CR_Core"
  echo "SchedulerType=sched/builtin"
  echo "SwitchType=switch/none"
  echo "JobAcctGatherType=jobacct_gather/none"
  echo "AccountingStorageType=accounting_storage/none"
  echo "JobCompType=jobcomp/none"
  echo "ReturnToService=2"
  echo "KillWait=5"
  echo "InactiveLimit=0"
  # sbatch --wait polls the job after 2 s, then 8, then every 32 s unless finished jobs are purged
  # sooner (MinJobAge/2): at 4 it polls every 2 s, and a study's job is seen ended within 2 s, not 30.
  echo "MinJobAge=4"
  # The emulated nodes share the host's cores: each says it has them all.
  echo "SlurmdParameters=config_overrides"
  for k in $(seq "$nodes"); do
    echo "NodeName=n$k NodeHostname=localhost Port=$((port + k)) CPUs=$cpus Sockets=1 CoresPerSocket=$cpus ThreadsPerCore=1 RealMemory=1000 State=UNKNOWN"
  done
  echo "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE OverSubscribe=FORCE:8 State=UP"
} > "$conf"

export SLURM_CONF="$conf"
slurmctld -f "$conf"
for k in $(seq "$nodes"); do
  mkdir -p "$sockets/spool/n$k" "$folder/tmp/n$k"
  chmod 1777 "$folder/tmp/n$k"
  keep=":"
  for top in "${shared[@]}"; do
    mkdir -p "$folder/tmp/n$k/$top"
    keep+=" && mount --bind '/tmp/$top' '$folder/tmp/n$k/$top'"
  done
  unshare --mount --uts --propagation private \
    sh -c "$keep && mount --rbind '$folder/tmp/n$k' /tmp && mount -t tmpfs -o size=256m tmpfs /dev/shm &&
      hostname n$k && exec slurmd -f '$conf' -N n$k"
done

# Ready when every node is idle.
for _ in $(seq 100); do
  idle="$(sinfo -h -N -t idle -o %N 2> /dev/null | sort -u | wc -l)"
  [ "$idle" -eq "$nodes" ] && { echo "SLURM_CONF=$conf"; exit 0; }
  sleep 0.2
done
echo "cluster.sh: $nodes nodes did not become idle; logs in $folder/log" >&2
sinfo -N >&2 || true
exit 1
