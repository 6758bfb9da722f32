#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds HPCC (the HPC Challenge suite) from its public source, outside this repository, with
# each kernel a region of tally and of DLB TALP (hpcc_kernel_regions.c, linked with
# -Wl,--wrap=KERNEL), so that hpcc_kernels.py can compare the two tools kernel by kernel. Built
# as Debian builds its hpcc (mpicc, -O2, the reference BLAS of libblas-dev); the same binary runs
# bare, under tally and under TALP. SOURCE is a clone of https://github.com/icl-utk-edu/hpcc, a
# bare git directory of one, or "clone"; PREFIX receives bin/hpcc and lib/mpi_sampler.so (the
# reference that samples instead of reading a clock around MPI calls, mpi_sampler.c).
# Usage: bench/real-apps/hpcc_kernels.sh SOURCE PREFIX
set -euo pipefail
# shellcheck source=bench/real-apps/unpack_source.sh
source "$(dirname "${BASH_SOURCE[0]}")/unpack_source.sh"
source="${1:?usage: hpcc_kernels.sh SOURCE PREFIX}"
prefix="$(realpath -m "${2:?usage: hpcc_kernels.sh SOURCE PREFIX}")"
here="$(cd "$(dirname "$0")" && pwd)"
for tool in mpicc make git; do
  command -v "$tool" >/dev/null || { echo "hpcc_kernels: $tool is missing (apt-get install libopenmpi-dev make git)" >&2; exit 2; }
done
[ -e /usr/lib/x86_64-linux-gnu/libblas.so ] || [ -n "$(find /usr/lib -name 'libblas.so' -print -quit)" ] ||
  { echo "hpcc_kernels: libblas.so is missing (apt-get install libblas-dev)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

unpack_source "$source" https://github.com/icl-utk-edu/hpcc hpcc "$work" hpcc_kernels

# The kernel entry points HPCC's main calls (src/hpcc.c), and its set-up and report.
kernels="HPCC_Init HPCC_MPIRandomAccess HPCC_StarRandomAccess HPCC_SingleRandomAccess
  HPCC_MPIRandomAccess_LCG HPCC_StarRandomAccess_LCG HPCC_SingleRandomAccess_LCG PTRANS
  HPCC_StarDGEMM HPCC_SingleDGEMM HPCC_StarStream HPCC_SingleStream HPCC_MPIFFT HPCC_StarFFT
  HPCC_SingleFFT main_bench_lat_bw HPL_main HPCC_Finalize"
wraps=""
for kernel in $kernels; do
  wraps+=" -Wl,--wrap=$kernel"
done
mpicc -O2 -c "$here/hpcc_kernel_regions.c" -o "$work/hpcc_kernel_regions.o"

# HPL's make include (hpl/Make.ARCH): HPL's defaults for a Fortran BLAS with C linkage. The
# wrappers come before libhpl.a so that the kernels they call (__real_NAME) are taken from it.
cat >"$work/hpcc/hpl/Make.regions" <<EOF
SHELL = /bin/sh
CD = cd
CP = cp
LN_S = ln -s
MKDIR = mkdir -p
RM = /bin/rm -f
TOUCH = touch
ARCH = \$(arch)
TOPdir = ../../..
INCdir = \$(TOPdir)/include
LIBdir = \$(TOPdir)/lib/\$(ARCH)
HPLlib = \$(LIBdir)/libhpl.a
HPL_INCLUDES = -I\$(INCdir) -I\$(INCdir)/\$(ARCH)
HPL_LIBS = $work/hpcc_kernel_regions.o \$(HPLlib) -lblas -lm
HPL_DEFS = -DAdd_ -DF77_INTEGER=int -DStringSunStyle \$(HPL_INCLUDES)
CC = mpicc
CCNOOPT = \$(HPL_DEFS)
CCFLAGS = \$(HPL_DEFS) -O2 -g
LINKER = mpicc
LINKFLAGS = \$(CCFLAGS)$wraps
ARCHIVER = ar
ARFLAGS = r
RANLIB = echo
EOF
make -C "$work/hpcc" arch=regions -j2 >"$work/make.log" 2>&1 || { tail -30 "$work/make.log" >&2; exit 1; }
[ -x "$work/hpcc/hpcc" ] || { tail -30 "$work/make.log" >&2; exit 1; }
mkdir -p "$prefix/bin" "$prefix/lib"
cp "$work/hpcc/hpcc" "$prefix/bin/hpcc"
mpicc -O2 -shared -fPIC "$here/mpi_sampler.c" -o "$prefix/lib/mpi_sampler.so"
echo "hpcc_kernels: built $prefix/bin/hpcc (regions: $(echo "$kernels" | wc -w) kernels) and $prefix/lib/mpi_sampler.so"
