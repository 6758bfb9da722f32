#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# GPU energy on a real GPU (bench/gpu/README.md, "Energy"): runs gpu_energy_phases under tally RUNS times
# and checks each region's gpu energy against the program's own readings of the counter
# (energy_check.py); then what a reading of the real NVML costs (energy_cost) and a region pair of
# a program without MPI with tally's energy backend reading the GPUs and without any sensor.
# Usage: bench/gpu/energy_all.sh [BUILD_DIR=build] (RUNS=3, PHASE_MS=3000). Exit 0 when every
# region is within its bound, 1 when one is not, 2 when it cannot run.
set -uo pipefail
build="${1:-build}"
runs="${RUNS:-3}"
phase_ms="${PHASE_MS:-3000}"
here="$(cd "$(dirname "$0")" && pwd)"
die() { echo "energy_all.sh: $*" >&2; exit 2; }

command -v nvidia-smi > /dev/null 2>&1 || die "no GPU: nvidia-smi not found (these programs need an NVIDIA GPU and its driver)"
grep -q '^GPU [0-9]' <<< "$(nvidia-smi -L 2> /dev/null)" || die "no GPU: nvidia-smi lists no device"
library="$build/profiler/libtally.so"
for file in "$library" "$build/bench/gpu/gpu_energy_phases" "$build/bench/energy_cost" "$build/bench/energy_regions"; do
  [ -e "$file" ] || die "$file is missing: build with CUDA first (bench/gpu/README.md)"
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "- device: $(nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv,noheader -i 0)"
echo "- host: $(nproc) CPUs, $(uname -r)"
if [ -d /sys/class/powercap ]; then
  echo "- powercap: $(find /sys/class/powercap -mindepth 1 -maxdepth 1 -printf '%f ')"
else
  echo "- powercap: no /sys/class/powercap (no RAPL zone on this host)"
fi
misses=0
for run in $(seq "$runs"); do
  mkdir "$work/$run"
  LD_PRELOAD="$library" TALLY_OUTPUT="$work/$run" "$build/bench/gpu/gpu_energy_phases" "$work/$run.readings" "$phase_ms" \
    > /dev/null 2> "$work/$run.stderr" || die "gpu_energy_phases failed under tally: $(cat "$work/$run.stderr")"
  documents=("$work/$run"/*.json)
  [ -e "${documents[0]}" ] || die "run $run wrote no document: $(cat "$work/$run.stderr")"
  echo
  echo "Run $run ($(python3 -c 'import json, sys; e = json.load(open(sys.argv[1]))["environment"].get("energy", {}); print("sensors:", ", ".join(e.get("sensors", [])), "| read every", e.get("sampling_period_ns", 0) / 1e9, "s at most | left out:", "; ".join(e.get("left_out", [])) or "nothing")' "${documents[0]}")):"
  echo
  python3 "$here/energy_check.py" "$work/$run.readings" "${documents[0]}" || misses=$((misses + 1))
  sed 's/^/    /' "$work/$run.stderr" >&2
  [ -z "${ENERGY_ALL_KEEP:-}" ] || cp "${documents[0]}" "$ENERGY_ALL_KEEP/gpu_energy_phases.$run.json"
done

echo
"$build/bench/energy_cost" - libnvidia-ml.so.1 | grep -E 'GPUs|energy reads'
"$build/bench/energy_cost" /sys/class/powercap 2> /dev/null || echo "  (/sys/class/powercap: no readable zone for this user)"
pair() {
  env "$@" LD_PRELOAD="$library" TALLY_OUTPUT="$work/pairs" TALLY_COUNTERS=off TALLY_POWERCAP_ROOT="$work/none" \
    "$build/bench/energy_regions" 1000000 2> /dev/null
}
without="$(pair TALLY_NVML_LIBRARY="$work/no-nvml.so")"
with="$(pair)"
echo "region pair, program without MPI: ${without} ns without a sensor, ${with} ns with the energy backend reading the GPUs"
[ "$misses" -eq 0 ] || { echo "energy_all.sh: $misses run(s) with a region off by more than its bound" >&2; exit 1; }
