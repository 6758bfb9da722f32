# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the Slurm tests: with TEST (the test's name for its messages) and the arguments TALLY
# LIBTALLY PROGRAM CLUSTER_FOLDER, starts a fresh cluster of NODES nodes in CLUSTER_FOLDER (stopped
# when the test exits), exports its SLURM_CONF, clears the caller's TALLY_* variables and has tally
# run preload LIBTALLY. Sets tally, program, folder and runs (where the documents go); fail MESSAGE
# ends the test.
# shellcheck shell=bash
start_test_cluster() {
  local nodes="$1"
  shift
  # shellcheck disable=SC2034 # read by the test that sources this file
  tally="$1" program="$3" folder="$4"
  # shellcheck disable=SC2034 # read by the test that sources this file
  runs="$folder/runs"
  local here
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  # shellcheck disable=SC2064 # the folder is known now, and must be the one stopped
  trap "'$here/cluster.sh' stop '$folder' > /dev/null" EXIT
  # A cluster a killed run of the test left behind (ctest's timeout) is ended first.
  "$here/cluster.sh" stop "$folder" > /dev/null
  rm -rf "$folder"
  local conf
  conf="$("$here/cluster.sh" start "$folder" "$nodes")" || fail "the Slurm cluster did not start (logs in $folder/log)"
  export "${conf?}"
  for variable in $(compgen -e | grep -E '^TALLY_' || true); do unset "$variable"; done
  export TALLY_LIBRARY="$2"
}

fail() {
  echo "$TEST: FAILED: $*" >&2
  exit 1
}
