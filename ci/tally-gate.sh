#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The CI verdict: runs `tally gate` on the history folder for the current commit, writes the
# Markdown report, the JUnit XML file and the GitLab metrics report, prints the Markdown to the
# log, appends it to $GITHUB_STEP_SUMMARY when set, and exits with the gate's code
# (0 pass, 1 regression, 2 usage or input error). The Markdown stays under 1,000,000 bytes, the
# smaller of GitHub's job summary (1 MiB) and GitLab's note (1,000,000 characters) limits: over
# it the list of checks points at the site (TALLY_SITE_URL, else CI_PAGES_URL).
#
# Usage: tally-gate.sh [--history DIR] [--repo PATH] [--candidate REV] [--baseline REV]
#                      [--config FILE] [--reports DIR] [--pool N]
#   --candidate  default: the current commit (TALLY_COMMIT, CI_COMMIT_SHA, GITHUB_SHA or HEAD)
#   --baseline   default TALLY_GATE_BASELINE; unset: tally's choice (a merge request's merge base
#                with its target branch, else the previous commit with runs)
#   --config     default TALLY_GATE_CONFIG, else tally-gate.toml or tally-gate.json of the repository
#   --reports    folder of gate.md, gate.xml, metrics.txt (TALLY_GATE_REPORTS, tally-gate)
#   --pool       baseline commits pooled (tally gate --history; TALLY_GATE_POOL, 1)
#   --mr-note    post the Markdown report on the GitLab merge request (tally-mr-note.sh)
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-gate"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"

history="${TALLY_HISTORY_DIR:-tally-history}"
repo="."
candidate=""
baseline="${TALLY_GATE_BASELINE:-}"
config="${TALLY_GATE_CONFIG:-}"
reports="${TALLY_GATE_REPORTS:-tally-gate}"
pool="${TALLY_GATE_POOL:-1}"
note=0
while [ $# -gt 0 ]; do
  case "$1" in
    --history) history="$2" && shift 2 ;;
    --repo) repo="$2" && shift 2 ;;
    --candidate) candidate="$2" && shift 2 ;;
    --baseline) baseline="$2" && shift 2 ;;
    --config) config="$2" && shift 2 ;;
    --reports) reports="$2" && shift 2 ;;
    --pool) pool="$2" && shift 2 ;;
    --mr-note) note=1 && shift ;;
    *) die "unknown argument '$1'; usage: tally-gate.sh [--history DIR] [--candidate REV] [--baseline REV] ..." ;;
  esac
done
[ -d "$history" ] || die "no history folder $history"
tally="$(tally_command)"
[ -n "$candidate" ] || candidate="$(commit_of "$repo")"
if [ -z "$config" ]; then
  for file in "$repo/tally-gate.toml" "$repo/tally-gate.json"; do
    if [ -f "$file" ]; then config="$file" && break; fi
  done
fi

# A merge request's baseline is its merge base with the target branch: fetch the target when the
# CI checkout lacks it (GitLab fetches only the source branch).
target="${CI_MERGE_REQUEST_TARGET_BRANCH_NAME:-${GITHUB_BASE_REF:-}}"
if [ -z "$baseline" ] && [ -n "$target" ] && ! git -C "$repo" rev-parse -q --verify "origin/$target" > /dev/null; then
  say "fetching the target branch $target for the merge base"
  git -C "$repo" fetch -q origin "+refs/heads/$target:refs/remotes/origin/$target" ||
    say "warning: cannot fetch $target; the gate falls back to the target's newest commit with runs"
fi

mkdir -p "$reports"
arguments=(--input "$history" --candidate "$candidate" --history "$pool"
  --markdown "$reports/gate.md" --markdown-limit 1000000 --junit "$reports/gate.xml" --metrics "$reports/metrics.txt")
if git -C "$repo" rev-parse -q --verify "$candidate^{commit}" > /dev/null 2>&1; then
  arguments+=(--repo "$repo")
else
  say "the candidate $candidate is not in $repo: commits are matched as the documents name them"
fi
[ -z "$baseline" ] || arguments+=(--baseline "$baseline")
[ -z "$config" ] || arguments+=(--config "$config")
site_url="${TALLY_SITE_URL:-${CI_PAGES_URL:-}}"
[ -z "$site_url" ] || arguments+=(--details-url "$site_url")

status=0
"$tally" gate "${arguments[@]}" || status=$?
if [ -f "$reports/gate.md" ]; then
  cat "$reports/gate.md"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$reports/gate.md" >> "$GITHUB_STEP_SUMMARY"; fi
fi
if [ "$note" = 1 ]; then "$(dirname "${BASH_SOURCE[0]}")/tally-mr-note.sh" "$reports/gate.md" || true; fi
case "$status" in
  0) say "pass" ;;
  1) say "REGRESSION: see $reports/gate.md" ;;
  *) say "the gate could not decide (exit $status)" ;;
esac
exit "$status"
