#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Lays out the headers the HIP backend (profiler/rocm/) compiles against, from the public sources
# of rocprofiler-sdk, HIP, CLR and ROCR-Runtime (with the thunk's hsakmt), for a machine without ROCm: an include folder to
# give CMake as TALLY_ROCPROFILER_SDK_ROOT. Nothing of it goes into the repository; a ROCm install
# (/opt/rocm) needs none of this.
# Usage: rocm-headers.sh ROCPROFILER_SDK HIP CLR ROCR OUT
#   each source a git directory (bare or not) or a checkout; OUT is made, OUT/include filled.
set -eu
if [ "$#" -ne 5 ]; then
  echo "usage: $0 ROCPROFILER_SDK HIP CLR ROCR OUT (git directories or checkouts)" >&2
  exit 2
fi
sdk=$1 hip=$2 clr=$3 rocr=$4 out=$5
include=$out/include
mkdir -p "$include/hip" "$include/hsa" "$include/hsakmt"

# copy SOURCE FOLDER DESTINATION: FOLDER of SOURCE (a git directory's HEAD, or a checkout) into DESTINATION.
copy() {
  if git --git-dir="$1" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    staging=$(mktemp -d)
    git --git-dir="$1" archive HEAD "$2" | tar -x -C "$staging"
    cp -R "$staging/$2/." "$3"
    rm -rf "$staging"
  else
    cp -R "$1/$2/." "$3"
  fi
}

# read SOURCE FILE: FILE of SOURCE on stdout.
read_file() {
  if git --git-dir="$1" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git --git-dir="$1" show "HEAD:$2"
  else
    cat "$1/$2"
  fi
}

copy "$sdk" source/include "$include"
copy "$hip" include/hip "$include/hip"
copy "$clr" hipamd/include/hip/amd_detail "$include/hip/amd_detail"
copy "$rocr" runtime/hsa-runtime/inc "$include/hsa"
copy "$rocr" libhsakmt/include/hsakmt "$include/hsakmt"

# The version.h of rocprofiler-sdk and of its roctx from their templates, as its CMake would: the
# version of its VERSION file, the table versions left undefined (the headers then assume the newest).
version=$(read_file "$sdk" VERSION | tr -d '[:space:]')
major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
patch=${rest#*.}
for template in "$include"/rocprofiler-sdk*/version.h.in; do
  sed -e "s/@PROJECT_VERSION_MAJOR@/$major/g" -e "s/@PROJECT_VERSION_MINOR@/$minor/g" \
    -e "s/@PROJECT_VERSION_PATCH@/$patch/g" -e "s/@FULL_VERSION_STRING@/$version/g" \
    -e 's/^#cmakedefine \([A-Z_]*\) .*/\/* #undef \1 *\//' -e 's/@HSA_RUNTIME_VERSION_[A-Z]*@/1/g' \
    -e 's/@[A-Z_]*@//g' "$template" >"${template%.in}"
done

# hip_version.h, which HIP's build writes from its VERSION file (lines "#NAME" then the value).
hip_number() { read_file "$hip" VERSION | sed -n "/^#$1\$/{n;p;}" | tr -d '[:space:]'; }
{
  echo "#pragma once"
  echo "#define HIP_VERSION_MAJOR $(hip_number HIP_VERSION_MAJOR)"
  echo "#define HIP_VERSION_MINOR $(hip_number HIP_VERSION_MINOR)"
  echo "#define HIP_VERSION_PATCH $(hip_number HIP_VERSION_PATCH)"
  echo '#define HIP_VERSION_GITHASH ""'
  echo "#define HIP_VERSION_BUILD_ID 0"
  echo '#define HIP_VERSION_BUILD_NAME ""'
  echo "#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)"
} >"$include/hip/hip_version.h"
echo "rocprofiler-sdk $version headers in $include"
