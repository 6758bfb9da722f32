#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The profiler's libraries, and a program linked with them, need no ROCm library or symbol at run
# time: the HIP backend looks rocprofiler-sdk's functions up when rocprofiler-sdk calls it.
# Usage: no_rocm_libraries.sh FILE...   (static archives, shared libraries or programs)
set -eu
status=0
for file in "$@"; do
  # C symbols of rocprofiler-sdk, HIP, HSA and roctx: rocprofiler_create_context, hipMalloc, hsa_init...
  undefined=$( (nm -u "$file" 2>/dev/null; nm -D -u "$file" 2>/dev/null) | grep -E '^ *U (rocprofiler_|hip|hsa_|roctx)' || true)
  if [ -n "$undefined" ]; then
    echo "ROCm symbols needed by $file:"
    echo "$undefined"
    status=1
  fi
  needed=$(readelf -d "$file" 2>/dev/null | grep NEEDED | grep -iE 'rocprofiler|amdhip|hsa|roctx|rocm' || true)
  if [ -n "$needed" ]; then
    echo "ROCm libraries needed by $file:"
    echo "$needed"
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "no ROCm symbol or library needed by $*"
exit "$status"
