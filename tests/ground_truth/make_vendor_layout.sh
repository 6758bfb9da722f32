#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Makes a vendor's MPI installation out of Debian's MPICH: its libraries copied under the vendor's
# names, their sonames and the names they need rewritten with patchelf, so that nothing of the
# result says libmpich. Two shapes, as vendors install the MPICH ABI:
#   libmpi  upstream MPICH, Intel MPI and MVAPICH: lib/libmpi.so.12 and lib/libmpifort.so.12, with
#           the compiler wrappers bin/mpicc and bin/mpifort (answering -show) and bin/mpiexec
#   cray    Cray MPICH: lib/libmpi_cray.so.12 and lib/libmpifort_cray.so.12, no wrappers (Cray's
#           compilers, cc and ftn, add MPI themselves): only include/ and lib/ under the prefix
# Both have include/ (mpi.h, mpif.h and the Fortran modules). The libraries find each other through
# LD_LIBRARY_PATH, as a module load sets it.
# Usage: make_vendor_layout.sh libmpi|cray PREFIX
set -euo pipefail
shape="$1" prefix="$2"
debian_lib=/usr/lib/x86_64-linux-gnu
debian_include=/usr/include/x86_64-linux-gnu/mpich
case "$shape" in
  libmpi) c_name=libmpi fortran_name=libmpifort ;;
  cray) c_name=libmpi_cray fortran_name=libmpifort_cray ;;
  *) echo "make_vendor_layout: unknown shape $shape (libmpi, cray)" >&2 && exit 2 ;;
esac

rm -rf "$prefix"
mkdir -p "$prefix/lib" "$prefix/bin"
ln -s "$debian_include" "$prefix/include"
cp "$debian_lib/libmpich.so.12" "$prefix/lib/$c_name.so.12"
cp "$debian_lib/libmpichfort.so.12" "$prefix/lib/$fortran_name.so.12"
patchelf --set-soname "$c_name.so.12" "$prefix/lib/$c_name.so.12"
# One change per call: patchelf 0.14 given both at once writes the needed name as the soname too.
patchelf --replace-needed libmpich.so.12 "$c_name.so.12" "$prefix/lib/$fortran_name.so.12"
patchelf --set-soname "$fortran_name.so.12" "$prefix/lib/$fortran_name.so.12"
ln -s "$c_name.so.12" "$prefix/lib/$c_name.so"
ln -s "$fortran_name.so.12" "$prefix/lib/$fortran_name.so"

if [ "$shape" = libmpi ]; then
  # What a compiler wrapper adds, as MPICH's and Intel MPI's say it with -show.
  write_wrapper() {
    local name="$1" compiler="$2" libraries="$3"
    cat > "$prefix/bin/$name" << EOF
#!/bin/sh
flags="-I$prefix/include -L$prefix/lib $libraries"
if [ "\$1" = -show ]; then echo "$compiler \$flags"; exit 0; fi
exec $compiler "\$@" \$flags
EOF
    chmod +x "$prefix/bin/$name"
  }
  write_wrapper mpicc gcc "-lmpi"
  write_wrapper mpifort gfortran "-lmpifort -lmpi"
  ln -s /usr/bin/mpiexec.mpich "$prefix/bin/mpiexec"
fi
