#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Sets up one vendor layout's ground truth (tests/ground_truth/vendor_layouts.cmake): makes the
# layout (make_vendor_layout.sh), configures tally with it as the mpich family, found only through
# the layout's wrapper or prefix, and checks that configure recognised it by its library version and
# took its Fortran library for the wrappers. Then generates its wrappers (with --compile, also compiles
# what sees the layout's MPI: the MPI backend and those wrappers) and checks they are another
# installation's byte for byte (--same-wrappers-as DIR: the other's generated folder): the preload
# libraries link no MPI, so the other's library is this one's. Last, copies the given programs, built
# against Debian's MPICH, into FOLDER/programs, their needed libraries renamed to the layout's, and
# checks that with the layout's lib/ on LD_LIBRARY_PATH they load the layout's libraries and no libmpich.
# Usage: vendor_layout_setup.sh --shape libmpi|cray --folder DIR --source DIR --generator NAME
#          [--compile] --same-wrappers-as DIR -- PROGRAM...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shape="" folder="" source="" generator="" compile=0 same_as=""
while [ $# -gt 0 ]; do
  case "$1" in
    --shape) shape="$2"; shift 2 ;;
    --folder) folder="$2"; shift 2 ;;
    --source) source="$2"; shift 2 ;;
    --generator) generator="$2"; shift 2 ;;
    --compile) compile=1; shift ;;
    --same-wrappers-as) same_as="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "vendor_layout_setup: unknown option $1" >&2 && exit 2 ;;
  esac
done
fail() { echo "vendor_layout_setup: $*" >&2 && exit 1; }
[ -n "$same_as" ] || fail "--same-wrappers-as DIR is missing"

mpi="$folder/mpi"
"$here/make_vendor_layout.sh" "$shape" "$mpi"
case "$shape" in
  libmpi) hint=(-DTALLY_MPICC_mpich="$mpi/bin/mpicc") origin="$mpi/bin/mpicc" c_name=libmpi fortran_name=libmpifort ;;
  cray) hint=(-DTALLY_MPI_HOME_mpich="$mpi") origin="$mpi" c_name=libmpi_cray fortran_name=libmpifort_cray ;;
esac

# Only the MPI backend matters here; no optimisation: the counts, not the speed, are checked.
tally="$folder/tally"
cmake -S "$source" -B "$tally" -G "$generator" -DCMAKE_BUILD_TYPE=None -DTALLY_BUILD_TESTS=OFF \
  -DTALLY_WITH_CUDA=OFF -DTALLY_WITH_OPENMP=OFF -DTALLY_WITH_OPENACC=OFF -DTALLY_MPI_FAMILIES="openmpi;mpich" \
  "${hint[@]}" > "$folder/configure.log" 2>&1 || { cat "$folder/configure.log" >&2; fail "configure failed"; }
grep -qF -- "-- tally: mpich from $origin: MPICH Version:" "$folder/configure.log" ||
  fail "configure did not recognise $origin as MPICH by its library version: $(grep 'tally:' "$folder/configure.log")"
fortran_libraries="$(sed -n 's/^TALLY_MPI_FORTRAN_LIBRARIES_mpich:STRING=//p' "$tally/CMakeCache.txt")"
[ "$fortran_libraries" = "$mpi/lib/$fortran_name.so" ] ||
  fail "the Fortran wrappers come from '$fortran_libraries', not the layout's $fortran_name.so"

generated="$tally/profiler/mpi_generated_mpich"
targets=(tally_mpi_generated_mpich)
[ "$compile" = 0 ] || targets=(tally_mpi_mpich tally_mpi_wrappers_mpich)
cmake --build "$tally" --parallel "$(nproc)" --target "${targets[@]}" > "$folder/build.log" 2>&1 ||
  { tail -40 "$folder/build.log" >&2; fail "building the layout's ${targets[*]} failed"; }
for file in mpi_call_ids.hpp mpi_wrappers.cpp fortran_wrappers.cpp fortran_lifecycle_entries.inc; do
  cmp "$generated/$file" "$same_as/$file" || fail "$file differs from $same_as's"
done

rm -rf "$folder/programs"
mkdir -p "$folder/programs"
for program in "$@"; do
  copy="$folder/programs/$(basename "$program")"
  cp "$program" "$copy"
  patchelf --replace-needed libmpich.so.12 "$c_name.so.12" --replace-needed libmpichfort.so.12 "$fortran_name.so.12" "$copy"
  loaded="$(LD_LIBRARY_PATH="$mpi/lib" ldd "$copy")"
  if grep -q libmpich <<< "$loaded" || ! grep -q "$c_name.so.12 => $mpi/lib/" <<< "$loaded"; then
    fail "$copy does not load the layout's MPI alone: $loaded"
  fi
done
echo "vendor_layout_setup: $shape layout in $mpi, $(basename "$generated") from $fortran_libraries, $# programs"
