#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# What the GitLab template costs a runner, history against A/B: the demo project of the CI tests
# (tests/ci: the example MPI program, the docs' .gitlab-ci.yml with its `ab` variables) under
# gitlab-ci-local. The history starts once (its first pipeline); then, ROUNDS times in turn, a
# branch pipeline gated along the history (build, study of 3 repetitions, site, gate) and a merge
# request pipeline gated A/B with 3 and with 5 pairs (build, then the merge base built and both
# builds run in pairs, gate), all at the docs' scales 1, 2 and 4. Prints each pipeline's wall time
# and its study job's, then the medians side by side.
# Usage: bench/ci_runner_time.sh [--rounds 3] [--build DIR] [--tools DIR]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/.." && pwd)"
build_dir="$source_dir/build" # read by user_project.sh (cmake --install)
tools="$source_dir/.npm-tools"
rounds=3
# shellcheck disable=SC2034 # build_dir and tools are read by the sourced gitlab_local.sh
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2" && shift 2 ;;
    --build) build_dir="$2" && shift 2 ;;
    --tools) tools="$2" && shift 2 ;;
    *) echo "usage: bench/ci_runner_time.sh [--rounds 3] [--build DIR] [--tools DIR]" >&2 && exit 2 ;;
  esac
done
test_name="ci_runner_time"
here="$source_dir/tests/ci" # gitlab_local.sh reads its neighbours from here
# shellcheck source-path=SCRIPTDIR source=../tests/ci/gitlab_local.sh
. "$here/gitlab_local.sh"

new_project demo
python3 "$here/doc_snippets.py" "$source_dir" gitlab-ci "$work/dev/.gitlab-ci.yml" --with ab \
  --placeholder "https://<where tally lives>=http://127.0.0.1:$port/tally" > /dev/null
base="$(commit 1 "Example solver")"
(cd "$work/dev" && git checkout -q -b readme)
printf '# Example solver\n' > "$work/dev/README.md"
same="$(commit 2 "Add a README")"
pipeline start demo "$base" --variable TALLY_NEW_HISTORY=1
expect start tally-study=PASS pages=PASS
deploy start

# seconds NAME JOB: how long gitlab-ci-local says the job (or the whole pipeline: JOB=pipeline) took.
seconds() {
  sed -n "s/^$2 *finished in \([0-9.]*\) \(m\?s\).*/\1 \2/p" "$work/$1.log" | head -1 |
    awk '{ printf "%.1f", $2 == "ms" ? $1 / 1000 : $1 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
printf '%-6s %-22s %10s %10s\n' round pipeline "wall s" "study s"
for round in $(seq "$rounds"); do
  pipeline_branch=readme pipeline "history-$round" demo "$same"
  expect "history-$round" tally-study=PASS pages=PASS tally-gate=PASS
  for pairs in 3 5; do
    pipeline_branch=readme pipeline "ab$pairs-$round" demo "$same" --variable CI_PIPELINE_SOURCE=merge_request_event \
      --variable CI_MERGE_REQUEST_IID=1 --variable CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main \
      --variable "CI_MERGE_REQUEST_DIFF_BASE_SHA=$base" --variable "TALLY_AB_PAIRS=$pairs"
    expect "ab$pairs-$round" tally-ab=PASS
  done
  printf '%-6s %-22s %10s %10s\n' "$round" "history (3 repetitions)" "$(seconds "history-$round" pipeline)" \
    "$(seconds "history-$round" tally-study)"
  for pairs in 3 5; do
    printf '%-6s %-22s %10s %10s\n' "$round" "A/B ($pairs pairs)" "$(seconds "ab$pairs-$round" pipeline)" \
      "$(seconds "ab$pairs-$round" tally-ab)"
  done
done
echo "medians over $rounds rounds (study s: tally-study's job, or tally-ab's with the merge base's build):"
for kind in history ab3 ab5; do
  wall="$(for round in $(seq "$rounds"); do seconds "$kind-$round" pipeline; echo; done | median)"
  job=tally-study
  [ "$kind" = history ] || job=tally-ab
  study="$(for round in $(seq "$rounds"); do seconds "$kind-$round" "$job"; echo; done | median)"
  printf '  %-8s pipeline %6.1f s, study job %6.1f s\n' "$kind" "$wall" "$study"
done
