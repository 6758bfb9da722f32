#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the dependencies, builds tally and runs every test: the integration tests (programs,
# preloads, pipelines) in a normal build, the MPI-facing ones also under MPICH, and every test, the
# unit tests among them, with AddressSanitizer and UndefinedBehaviorSanitizer. Also checks the code
# format and lints (shellcheck, flake8, clang-tidy).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/check-format.sh

jobs="$(nproc)"
# One preload library per MPI family (profiler/mpi/README.md, "MPI families"): Open MPI's, the
# first, and MPICH's, installed beside it; the MPI-facing tests are built and registered for each.
# Line tables only (-g1): enough for a failing test's backtrace and the sanitizers' reports, and a
# fifth to a quarter less compile time on a 2-core runner than full debug information. The unit
# tests run once, under the sanitizers below (TALLY_UNIT_TESTS): compiling them twice cost CI minutes.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTALLY_MPI_FAMILIES="openmpi;mpich" -DTALLY_UNIT_TESTS=OFF \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
cmake --build build --parallel "$jobs"
# The integration tests under Open MPI...
ctest --test-dir build --output-on-failure --parallel "$jobs" --label-exclude '^mpich$'
# ...and the MPI-facing tests (label mpi) under MPICH's launcher, mpiexec.mpich, with libtally-mpich.so
# and programs built with MPICH.
ctest --test-dir build --output-on-failure --parallel "$jobs" --label-regex '^mpich$' --no-tests=error
bash scripts/lint.sh build

# The preload libraries as most users build them (Spack too): CMake's default generator, Unix
# Makefiles, which unlike Ninja makes no custom command's output folder (the generated MPI
# wrappers'), and every MPI family found; no tests, and without CUDA: they must build, and
# libtally.so needs no CUDA either way. The tally command, which has no custom command and no CUDA
# part, is built above. Line tables only, as above.
cmake -S . -B build-make -DTALLY_WITH_CUDA=OFF -DTALLY_BUILD_TESTS=OFF \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
cmake --build build-make --parallel "$jobs" --target tally_preload
sh tests/profiler/cuda/no_cuda_symbols.sh build-make/profiler/libtally.so

# Under the sanitizers, Open MPI only.
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTALLY_SANITIZE=address,undefined -DTALLY_MPI_FAMILIES=openmpi \
  -DCMAKE_C_FLAGS_DEBUG="-g1" -DCMAKE_CXX_FLAGS_DEBUG="-g1"
cmake --build build-sanitize --parallel "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-sanitize --output-on-failure --parallel "$jobs"
