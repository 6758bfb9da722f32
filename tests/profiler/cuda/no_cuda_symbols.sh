#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The profiler's libraries, and a program linked with them, need no CUDA symbol or library at
# run time (CUPTI lives in libtally_cupti.so, which the CUDA driver loads).
# Usage: no_cuda_symbols.sh FILE...   (static archives, shared libraries or programs)
set -eu
status=0
for file in "$@"; do
  # C symbols of the CUDA driver, runtime, CUPTI and NVTX: cuInit, cudaMalloc, cuptiActivityEnable...
  undefined=$( (nm -u "$file" 2>/dev/null; nm -D -u "$file" 2>/dev/null) | grep -E '^ *U (cu|nvtx)' || true)
  if [ -n "$undefined" ]; then
    echo "CUDA symbols needed by $file:"
    echo "$undefined"
    status=1
  fi
  needed=$(readelf -d "$file" 2>/dev/null | grep NEEDED | grep -iE 'cuda|cupti|nvidia' || true)
  if [ -n "$needed" ]; then
    echo "CUDA libraries needed by $file:"
    echo "$needed"
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "no CUDA symbol or library needed by $*"
exit "$status"
