#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# run_all.sh on a machine without a GPU must stop at once with one clear message and exit 2:
# once with no nvidia-smi on PATH, once with an nvidia-smi that finds no device.
# Usage: run_all_without_gpu_test.sh RUN_ALL BUILD_DIR
set -uo pipefail
run_all="$1" build="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "run_all_without_gpu_test: $*" >&2; exit 1; }

# PATH holds only the tools the script needs before it looks for the GPU, not nvidia-smi.
mkdir "$work/bin"
for tool in bash dirname mktemp rm cat grep; do ln -s "$(command -v "$tool")" "$work/bin/$tool"; done
PATH="$work/bin" "$run_all" "$build" > "$work/stdout" 2> "$work/stderr"
[ $? -eq 2 ] || fail "without nvidia-smi the script should exit 2"
grep -q "no GPU: nvidia-smi not found" "$work/stderr" || fail "the message does not say nvidia-smi is missing"

# An nvidia-smi that answers as on a machine whose driver sees no device.
printf '#!/bin/sh\necho "No devices were found"\nexit 6\n' > "$work/bin/nvidia-smi"
chmod +x "$work/bin/nvidia-smi"
PATH="$work/bin" "$run_all" "$build" > "$work/stdout" 2> "$work/stderr"
[ $? -eq 2 ] || fail "without a device the script should exit 2"
grep -q "no GPU: nvidia-smi lists no device" "$work/stderr" || fail "the message does not say no device was found"
[ ! -s "$work/stdout" ] || fail "nothing should be written on stdout without a GPU"
echo "run_all_without_gpu_test: both failures are clear and exit 2"
