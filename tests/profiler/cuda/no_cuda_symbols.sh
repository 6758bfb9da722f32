#!/bin/sh
# The device activity library, and a program linked with it, need no CUDA symbol or library
# at run time: usage: no_cuda_symbols.sh libtally_device_activity.a test-binary
set -eu
library=$1
binary=$2
# C symbols of the CUDA driver, runtime, CUPTI and NVTX: cuInit, cudaMalloc, cuptiActivityEnable...
undefined=$(nm -u "$library" | grep -E '^ *U (cu|nvtx)' || true)
if [ -n "$undefined" ]; then
  echo "CUDA symbols needed by $library:"
  echo "$undefined"
  exit 1
fi
needed=$(readelf -d "$binary" | grep NEEDED | grep -iE 'cuda|cupti|nvidia' || true)
if [ -n "$needed" ]; then
  echo "CUDA libraries needed by $binary:"
  echo "$needed"
  exit 1
fi
echo "no CUDA symbol or library needed"
