#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs every bench/gpu program bare and under tally on this machine's first GPU, checks each
# case's document against the program's own timings (gpu_check, within 0.03), and prints the
# rows of bench/gpu/RESULTS.md: the machine, one row per efficiency, the overhead figures.
# Usage: bench/gpu/run_all.sh [BUILD_DIR=build]. Exit 0 when every efficiency agrees, 1 on a
# miss, 2 when it cannot run (no GPU, a program not built).
set -uo pipefail
build="${1:-build}"
cases="loaded_gpu loaded_cpu data_movement overlapped_streams little_offload nested_regions late_init graph async_memory
  paper_1 paper_2 paper_3 paper_4 paper_5 paper_6 paper_7_serial paper_7"

die() { echo "run_all.sh: $*" >&2; exit 2; }

command -v nvidia-smi > /dev/null 2>&1 || die "no GPU: nvidia-smi not found (these programs need an NVIDIA GPU and its driver)"
gpus="$(nvidia-smi -L 2> /dev/null)"
grep -q '^GPU [0-9]' <<< "$gpus" || die "no GPU: nvidia-smi lists no device"
library="$build/profiler/libtally.so"
for file in "$library" "$build/profiler/libtally_cupti.so" "$build/bench/gpu/gpu_cases" \
  "$build/bench/gpu/launch_overhead" "$build/bench/gpu/gpu_check"; do
  [ -e "$file" ] || die "$file is missing: build with CUDA first (bench/gpu/README.md)"
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
field() { awk -v name="$1" '$1 == name { print $2 }' "$2"; }

cupti="$(ldd "$build/profiler/libtally_cupti.so" 2> /dev/null | awk '/libcupti/ { print $3 }')"
echo "- device: $(nvidia-smi --query-gpu=name --format=csv,noheader -i 0)"
echo "- driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader -i 0)," \
  "$(nvidia-smi | grep -o 'CUDA Version: [0-9.]*')"
echo "- CUDA toolkit: $(command -v nvcc > /dev/null && nvcc --version | grep -o 'release [0-9.]*' || echo unknown);" \
  "CUPTI: $([ -n "$cupti" ] && readlink -f "$cupti" || echo unknown)"
echo "- host: $(nproc) CPUs, $(uname -r)"
echo
echo "| case | region | efficiency | expected | measured | within 0.03 |"
echo "| --- | --- | --- | --- | --- | --- |"
misses=0
for name in $cases; do
  start="$(now_ms)"
  "$build/bench/gpu/gpu_cases" "$name" "$work/$name.bare.timings" > /dev/null || die "gpu_cases $name failed bare"
  bare_ms=$(( $(now_ms) - start ))
  mkdir "$work/$name"
  start="$(now_ms)"
  LD_PRELOAD="$library" TALLY_OUTPUT="$work/$name" "$build/bench/gpu/gpu_cases" "$name" "$work/$name.timings" \
    > /dev/null 2> "$work/$name.stderr" || die "gpu_cases $name failed under tally: $(cat "$work/$name.stderr")"
  tally_ms=$(( $(now_ms) - start ))
  sed 's/^/    /' "$work/$name.stderr" >&2
  documents=("$work/$name"/*.json)
  if [ ! -e "${documents[0]}" ]; then
    echo "| $name | – | (document) | present | absent | MISS |"
    misses=$((misses + 1))
  else
    "$build/bench/gpu/gpu_check" "$work/$name.timings" "${documents[0]}" > "$work/$name.rows" || misses=$((misses + 1))
    sed "s/^| /| $name | /" "$work/$name.rows"
  fi
  echo "$name $bare_ms $tally_ms" >> "$work/wall"
done

echo
echo "| case | wall time bare (ms) | under tally (ms) |"
echo "| --- | --- | --- |"
awk '{ printf "| %s | %d | %d |\n", $1, $2, $3 }' "$work/wall"

"$build/bench/gpu/launch_overhead" > "$work/bare.overhead" || die "launch_overhead failed bare"
mkdir "$work/overhead"
LD_PRELOAD="$library" TALLY_OUTPUT="$work/overhead" "$build/bench/gpu/launch_overhead" > "$work/tally.overhead" ||
  die "launch_overhead failed under tally"
echo
echo "| overhead (launch_overhead, 10^5 calls, best of 5) | bare | under tally | added |"
echo "| --- | --- | --- | --- |"
for figure in launch_ns copy_ns; do
  bare="$(field "$figure" "$work/bare.overhead")" measured="$(field "$figure" "$work/tally.overhead")"
  awk -v f="$figure" -v b="$bare" -v t="$measured" 'BEGIN { printf "| %s per call | %.0f ns | %.0f ns | %.0f ns |\n", f == "launch_ns" ? "kernel launch" : "64-byte copy", b, t, t - b }'
done
bare="$(field steady_loop_ms "$work/bare.overhead")" measured="$(field steady_loop_ms "$work/tally.overhead")"
awk -v b="$bare" -v t="$measured" 'BEGIN { printf "| steady loop, 1000 x (1 ms kernel + wait) | %.1f ms | %.1f ms | %+.2f %% |\n", b, t, 100 * (t - b) / b }'
[ "$misses" -eq 0 ] || { echo "run_all.sh: $misses case(s) with an efficiency off by more than 0.03" >&2; exit 1; }
