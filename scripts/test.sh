#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the dependencies, builds tally and runs every test: once in a normal build and once
# with AddressSanitizer and UndefinedBehaviorSanitizer; the MPI-facing tests also in a profiler
# built against MPICH. Also checks the code format and lints (shellcheck, flake8, clang-tidy).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/check-format.sh

jobs="$(nproc)"
# Line tables only (-g1): enough for a failing test's backtrace and the sanitizers' reports, and a
# fifth to a quarter less compile time on a 2-core runner than full debug information.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
cmake --build build --parallel "$jobs"
ctest --test-dir build --output-on-failure --parallel "$jobs"
bash scripts/lint.sh build

# The profiler built without CUDA: it must build, and libtally.so needs no CUDA either way.
cmake -S . -B build-nocuda -G Ninja -DTALLY_WITH_CUDA=OFF -DTALLY_BUILD_TESTS=OFF
cmake --build build-nocuda --parallel "$jobs" --target tally_preload
sh tests/profiler/cuda/no_cuda_symbols.sh build-nocuda/profiler/libtally.so

# The profiler against MPICH, installed beside Open MPI (profiler/mpi/README.md, "MPI families"):
# only what the MPI-facing tests (label mpi) need, run under MPICH's launcher, mpiexec.mpich. The
# full suite above runs under Open MPI.
cmake -S . -B build-mpich -G Ninja -DMPI_EXECUTABLE_SUFFIX=.mpich -DTALLY_WITH_MPI=ON -DTALLY_WITH_CUDA=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
cmake --build build-mpich --parallel "$jobs" --target tally tally_preload examples/all tests/ground_truth/all \
  tests/profiler/mpi_wrappers/all
ctest --test-dir build-mpich --output-on-failure --parallel "$jobs" --label-regex '^mpi$' --no-tests=error

cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTALLY_SANITIZE=address,undefined \
  -DCMAKE_C_FLAGS_DEBUG="-g1" -DCMAKE_CXX_FLAGS_DEBUG="-g1"
cmake --build build-sanitize --parallel "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-sanitize --output-on-failure --parallel "$jobs"
