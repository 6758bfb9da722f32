# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2154 # $test_name is set by the test that sources this file
# The start every test of ci/'s scripts shares; sourced, never run. Gives $work, a fresh folder
# removed at exit; fail MESSAGE, which ends the test; and an environment without the CI's or
# tally's variables, as a job's starts. Requires: $test_name, for messages.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "$test_name: FAILED: $*" >&2
  exit 1
}
for variable in $(compgen -e | grep -E '^(CI_|GITHUB_|GITLAB_|TALLY_)' || true); do unset "$variable"; done
