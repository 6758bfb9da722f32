#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Prints what energy costs: a reading of every counter and an estimate (build/bench/energy_cost, on
# a fake two-socket tree, and on /sys/class/powercap where this user can read it), then a region
# pair of a program without MPI under libtally.so with the energy backend reading a fake tree
# beside the same without any tree (the backend idle), 10^6 pairs, best of 5. With the tests
# built, a reading of 4 GPUs through the fake NVML too (tally's side only: a real driver's cost is
# not in it).
# Usage: bench/energy_cost.sh [BUILD_DIR=build]
set -euo pipefail
build="${1:-build}"
fake_nvml="$build/tests/profiler/energy/fake_nvml/lib/libnvidia-ml.so.1"
if [[ -f "$fake_nvml" ]]; then "$build/bench/energy_cost" - "$fake_nvml"; else "$build/bench/energy_cost"; fi
if "$build/bench/energy_cost" /sys/class/powercap 2>/dev/null; then :; else
  echo "  (/sys/class/powercap: no readable zone for this user)"
fi
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT
tree="$output/powercap/intel-rapl:0"
mkdir -p "$tree"
echo package-0 >"$tree/name"
echo 262143328850 >"$tree/max_energy_range_uj"
echo 1000 >"$tree/energy_uj"
pair() {
  env "$@" LD_PRELOAD="$build/profiler/libtally.so" TALLY_OUTPUT="$output/runs" TALLY_COUNTERS=off \
    TALLY_NVML_LIBRARY="$output/no-nvml.so" \
    "$build/bench/energy_regions" 1000000 2>/dev/null
}
reading="$(pair TALLY_POWERCAP_ROOT="$output/powercap")"
idle="$(pair TALLY_POWERCAP_ROOT="$output/none")"
echo "region pair, program without MPI: ${idle} ns without energy, ${reading} ns with the energy backend reading"
