#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds DLB (TALP) from its public source with its own autotools, outside this repository, for
# the side-by-side benchmarks (run_apps.sh, bench/overhead.sh). Nothing of tally's build or tests
# needs it. SOURCE is a clone of https://github.com/bsc-pm/dlb, a bare git directory of one, or
# "clone" to clone it; PREFIX receives the installation (lib/libdlb_mpi.so).
# Usage: bench/real-apps/build_dlb.sh SOURCE PREFIX
set -euo pipefail
# shellcheck source=bench/real-apps/unpack_source.sh
source "$(dirname "${BASH_SOURCE[0]}")/unpack_source.sh"
source="$1" prefix="$(realpath -m "$2")"
for tool in autoconf automake libtoolize python3 mpicc; do
  command -v "$tool" >/dev/null || { echo "build_dlb: $tool is missing (apt-get install autoconf automake libtool python3 libopenmpi-dev)" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

unpack_source "$source" https://github.com/bsc-pm/dlb dlb "$work" build_dlb
cd "$work/dlb"
./bootstrap >/dev/null
./configure --prefix="$prefix" --with-mpi --disable-instrumentation >"$work/configure.log" || {
  tail -20 "$work/configure.log" >&2
  exit 1
}
make -j"$(nproc)" >"$work/make.log" 2>&1 || { tail -30 "$work/make.log" >&2; exit 1; }
make install >/dev/null
echo "build_dlb: installed in $prefix (LD_PRELOAD=$prefix/lib/libdlb_mpi.so DLB_ARGS=--talp)"
