#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds DLB (TALP) from its public source with its own autotools, outside this repository, for
# the side-by-side benchmarks (run_apps.sh, bench/overhead.sh). Nothing of tally's build or tests
# needs it. SOURCE is a clone of https://github.com/bsc-pm/dlb, a bare git directory of one, or
# "clone" to clone it; PREFIX receives the installation (lib/libdlb_mpi.so); FAMILY is the MPI it
# is built against (openmpi, the default, or mpich), through that family's Debian wrappers
# (mpicc.FAMILY, mpif90.FAMILY, mpiexec.FAMILY): a DLB built for one MPI does not run with the other.
# Usage: bench/real-apps/build_dlb.sh SOURCE PREFIX [FAMILY]
set -euo pipefail
# shellcheck source=bench/real-apps/unpack_source.sh
source "$(dirname "${BASH_SOURCE[0]}")/unpack_source.sh"
source="$1" prefix="$(realpath -m "$2")" family="${3:-openmpi}"
case "$family" in
  openmpi) package=libopenmpi-dev ;;
  mpich) package=libmpich-dev ;;
  *) echo "build_dlb: unknown MPI family $family (openmpi or mpich)" >&2; exit 2 ;;
esac
for tool in autoconf automake libtoolize python3 "mpicc.$family" "mpiexec.$family"; do
  command -v "$tool" >/dev/null || { echo "build_dlb: $tool is missing (apt-get install autoconf automake libtool python3 $package)" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

unpack_source "$source" https://github.com/bsc-pm/dlb dlb "$work" build_dlb
cd "$work/dlb"
./bootstrap >/dev/null
# DLB's configure takes a compiler wrapper or launcher given by its full path as it is.
mpi=(MPICC="$(command -v "mpicc.$family")" MPIEXEC="$(command -v "mpiexec.$family")")
if command -v "mpif90.$family" >/dev/null; then mpi+=(MPIFC="$(command -v "mpif90.$family")"); fi
# MPICH 4.0's mpi.h (Debian 12's 4.0.2) declares MPI_Pready_list without the standard's const and no
# PMPI_Status_set_elements_c, which DLB's MPI 4.0 wrappers expect (DLB lists only MPICH's MPI 4.1
# departures): DLB is told the MPI is 3.1, its own switch, and wraps the MPI 3.1 functions.
if echo '#include <mpi.h>' | "mpicc.$family" -E -dM -x c - | grep -q '^#define MPICH_VERSION "4\.0\.'; then
  mpi+=(ac_cv_mpi_version=3.1)
fi
env "${mpi[@]}" ./configure --prefix="$prefix" --with-mpi --disable-instrumentation >"$work/configure.log" || {
  tail -20 "$work/configure.log" >&2
  exit 1
}
make -j"$(nproc)" >"$work/make.log" 2>&1 || { tail -30 "$work/make.log" >&2; exit 1; }
make install >/dev/null
echo "build_dlb: installed in $prefix for $family (LD_PRELOAD=$prefix/lib/libdlb_mpi.so DLB_ARGS=--talp)"
