#!/usr/bin/env bash
# The demo: installs the dependencies, builds tally, prints the metric tree of an example run
# document, then measures an MPI example with load imbalance (4 ranks on 2 emulated nodes) and
# prints what tally found.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --parallel "$(nproc)"

echo
echo "== The metric tree of a shipped example run (examples/runs/jacobi_4ranks_2nodes.json)"
build/pages/tally report examples/runs/jacobi_4ranks_2nodes.json

if [ -x build/examples/mpi/imbalance ]; then
  echo
  echo "== Measuring examples/mpi/imbalance.c: rank r computes r+1 units (expect load balance 0.62)"
  # mpirun refuses to run as root unless told; demo machines are often containers run as root.
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  rm -rf demo-runs
  build/pages/tally run --output demo-runs --experiment demo --ranks-per-node 2 -- \
    mpirun --oversubscribe -np 4 build/examples/mpi/imbalance 20 10
  build/pages/tally report demo-runs/*.json
  echo
  echo "The run document is in $(ls demo-runs/*.json)"
fi
