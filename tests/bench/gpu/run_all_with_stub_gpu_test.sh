#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# run_all.sh's whole path without a GPU: stub nvidia-smi, gpu_cases and launch_overhead in a
# stub build folder, the real gpu_check. Each stub case writes the hand-computed pair of
# gpu_check_test.sh (two_streams.*), so every case's rows carry its values; the stub overhead
# figures are 2000 / 2500 ns per launch bare / under tally (500 added), 2500 / 3100 per copy
# (600 added) and 1000 / 1010 ms for the steady loop (+1.00 %).
# Usage: run_all_with_stub_gpu_test.sh RUN_ALL GPU_CHECK DATA_DIR
set -uo pipefail
run_all="$1" check="$2" data="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "run_all_with_stub_gpu_test: $*" >&2; exit 1; }

build="$work/build"
mkdir -p "$work/bin" "$build/profiler" "$build/bench/gpu"
cat > "$work/bin/nvidia-smi" << 'STUB'
#!/bin/sh
case "$1" in
  -L) echo "GPU 0: Stub GPU (UUID: GPU-00000000)" ;;
  --query-gpu=name) echo "Stub GPU" ;;
  --query-gpu=driver_version) echo "999.1" ;;
  *) echo "| CUDA Version: 13.0 |" ;;
esac
STUB
# Under tally (LD_PRELOAD set) the stub leaves the document in TALLY_OUTPUT, as tally would.
cat > "$build/bench/gpu/gpu_cases" << STUB
#!/bin/sh
cp "$data/two_streams.timings" "\$2"
if [ -n "\${LD_PRELOAD:-}" ]; then cp "\${DOCUMENT:-$data/two_streams.json}" "\$TALLY_OUTPUT/run.json"; fi
STUB
cat > "$build/bench/gpu/launch_overhead" << 'STUB'
#!/bin/sh
if [ -n "${LD_PRELOAD:-}" ]; then printf 'launch_ns 2500\ncopy_ns 3100\nsteady_loop_ms 1010.0\n'
else printf 'launch_ns 2000\ncopy_ns 2500\nsteady_loop_ms 1000.0\n'; fi
STUB
chmod +x "$work/bin/nvidia-smi" "$build/bench/gpu/gpu_cases" "$build/bench/gpu/launch_overhead"
cp "$check" "$build/bench/gpu/gpu_check"
# The preloaded "libtally.so" must be a real library that does nothing here: the C++ runtime.
cp "$(ldd "$check" | awk '/libstdc\+\+/ { print $3 }')" "$build/profiler/libtally.so"
touch "$build/profiler/libtally_cupti.so"

PATH="$work/bin:$PATH" "$run_all" "$build" > "$work/rows" 2> "$work/stderr" || fail "all cases agree, yet exit $?"
grep -qF -- "- device: Stub GPU" "$work/rows" || fail "the device is not named"
for case in loaded_gpu loaded_cpu data_movement overlapped_streams little_offload nested_regions late_init graph async_memory \
  paper_1 paper_2 paper_3 paper_4 paper_5 paper_6 paper_7_serial paper_7; do
  grep -qF "| $case | step | device_communication_efficiency | 0.786 | 0.786 | ok |" "$work/rows" ||
    fail "no row of $case"
done
grep -qF "| kernel launch per call | 2000 ns | 2500 ns | 500 ns |" "$work/rows" || fail "launch overhead row wrong"
grep -qF "| 64-byte copy per call | 2500 ns | 3100 ns | 600 ns |" "$work/rows" || fail "copy overhead row wrong"
grep -qF "| 1000.0 ms | 1010.0 ms | +1.00 % |" "$work/rows" || fail "steady loop row wrong"

# A document whose exposed memory time is 50 ms instead of 30 (communication 110/160 = 0.688):
# every case misses; exit 1.
sed -e 's/"memory_ns": 30000000/"memory_ns": 50000000/' -e 's/"active_max_ns": 140000000/"active_max_ns": 160000000/' \
  "$data/two_streams.json" > "$work/miss.json"
PATH="$work/bin:$PATH" DOCUMENT="$work/miss.json" "$run_all" "$build" > "$work/rows" 2> "$work/stderr"
[ $? -eq 1 ] || fail "misses should exit 1"
grep -qF "| graph | step | device_communication_efficiency | 0.786 | 0.688 | MISS |" "$work/rows" || fail "miss not shown"
grep -q "17 case(s) with an efficiency off" "$work/stderr" || fail "the misses are not counted on stderr"
echo "run_all_with_stub_gpu_test: rows, overhead arithmetic and misses as computed by hand"
