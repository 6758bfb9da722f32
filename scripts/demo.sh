#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The demo: installs the dependencies, builds the tally command and the profiler, then runs the CI pipeline of the end-to-end
# test on a small MPI program: five commits (the fourth adds a load imbalance), each built,
# measured at 1, 2 and 4 ranks with 3 repetitions, published and gated, with the same scripts the
# GitLab and GitHub templates call. It keeps the site in build/demo/public/ and prints the gate's report
# of the fourth commit.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# Only what the demo runs: the tally command and the profiler (libtally.so, with the CUPTI library it
# loads for CUDA programs); the pipeline builds the example program itself with mpicc. The test
# suite, most of a full build, is left out.
cmake --build build --parallel "$(nproc)" --target tally tally_preload

echo
echo "== The CI pipeline on five commits of tests/e2e/app/solve.c (about a minute)"
# mpirun refuses to run as root unless told; demo machines are often containers run as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
TALLY_E2E_KEEP="$PWD/build/demo" tests/e2e/pipeline.sh "$PWD/build/cli/tally" "$PWD" "$PWD/build/profiler/libtally.so" \
  "$PWD/profiler/include" "$(command -v mpicc)" "$(command -v mpirun)" --oversubscribe

echo
echo "== The gate's report on the fourth commit"
cat build/demo/gate-commit-4.md
echo
echo "The site is in $PWD/build/demo/public/index.html (open it in a browser, or publish build/demo/public)."
