#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The CI verdict: runs `tally gate` on the history folder for the current commit, writes the
# Markdown report, the JUnit XML file, the GitLab metrics report and the verdict for scripts
# (verdict.env), prints the Markdown to the log, appends it to $GITHUB_STEP_SUMMARY when set, and
# exits with the gate's code (0 pass, 1 regression, 2 usage or input error). The Markdown stays
# under 1,000,000 bytes, the smaller of GitHub's job summary (1 MiB) and GitLab's note (1,000,000
# characters) limits: over it the list of checks points at the site (TALLY_SITE_URL, else CI_PAGES_URL).
#
# Usage: tally-gate.sh [--history DIR] [--repo PATH] [--candidate REV] [--baseline REV]
#                      [--config FILE] [--reports DIR] [--pool N] [--mr-note] [--confirm | --no-confirm]
#        tally-gate.sh --ab DIR [--repo PATH] [--config FILE] [--reports DIR] [--mr-note]
#   --candidate  default: the current commit (TALLY_COMMIT, CI_COMMIT_SHA, GITHUB_SHA or HEAD)
#   --baseline   default TALLY_GATE_BASELINE; unset: tally's choice (a merge request's merge base
#                with its target branch, else the previous commit with runs)
#   --config     default TALLY_GATE_CONFIG, else tally-gate.toml or tally-gate.json of the repository
#   --reports    folder of gate.md, gate.xml, metrics.txt, verdict.env (TALLY_GATE_REPORTS, tally-gate)
#   --pool       baseline commits pooled (tally gate --history; TALLY_GATE_POOL, 1)
#   --mr-note    post the Markdown report on the GitLab merge request (tally-mr-note.sh)
#   --ab DIR     judge the A/B study in DIR pair by pair (tally-study.sh --baseline-program), no history
#   --confirm    (TALLY_GATE_CONFIRM=1) when the history's verdict is inconclusive (one job a side
#                that nothing tells from the code, a slower runner, a large move the family did not
#                keep) or its only regressions are uniform slowdowns (TALLY_VERDICT_CONFIRM in
#                verdict.env), re-run it as an A/B study (tally-ab.sh) against the merge base, else
#                the gate's baseline commit, whose verdict decides: gate.xml, metrics.txt and
#                verdict.env are the A/B study's (its own reports in <reports>/ab), gate.md both
#                reports, the history's reports in <reports>/history. The default
#                (TALLY_GATE_CONFIRM=auto) confirms where that costs only a rerun: when this job can
#                build and run the program (TALLY_BUILD_COMMAND and TALLY_STUDY_PROGRAM set), and
#                says how to otherwise
#   --no-confirm (TALLY_GATE_CONFIRM=0) never
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
ab=""
confirm="${TALLY_GATE_CONFIRM:-auto}"
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
    --ab) ab="$2" && shift 2 ;;
    --confirm) confirm=1 && shift ;;
    --no-confirm) confirm=0 && shift ;;
    *) die "unknown argument '$1'; usage: tally-gate.sh [--history DIR] [--candidate REV] [--baseline REV] ..." ;;
  esac
done
case "$confirm" in
  0 | 1 | auto) ;;
  *) die "TALLY_GATE_CONFIRM must be 0, 1 or auto, not '$confirm'" ;;
esac
if [ -n "$ab" ]; then
  [ -d "$ab" ] || die "no A/B study folder $ab"
else
  [ -d "$history" ] || die "no history folder $history"
fi
tally="$(tally_command)"
[ -n "$candidate" ] || [ -n "$ab" ] || candidate="$(commit_of "$repo")"
if [ -z "$config" ]; then
  for file in "$repo/tally-gate.toml" "$repo/tally-gate.json"; do
    if [ -f "$file" ]; then config="$file" && break; fi
  done
fi

# A merge request's baseline is its merge base with the target branch: fetch the target when the
# CI checkout lacks it (GitLab fetches only the source branch).
target="$(target_branch_of)"
if [ -z "$baseline" ] && [ -n "$target" ] && [ -z "$ab" ]; then
  fetch_target "$repo" "$target" ||
    say "warning: cannot fetch $target; the gate falls back to the target's newest commit with runs"
fi

mkdir -p "$reports"
arguments=(--markdown "$reports/gate.md" --markdown-limit 1000000 --junit "$reports/gate.xml"
  --metrics "$reports/metrics.txt" --dotenv "$reports/verdict.env")
if [ -n "$ab" ]; then
  arguments+=(--input "$ab")
else
  arguments+=(--input "$history" --candidate "$candidate" --history "$pool")
  if git -C "$repo" rev-parse -q --verify "$candidate^{commit}" > /dev/null 2>&1; then
    arguments+=(--repo "$repo")
  else
    say "the candidate $candidate is not in $repo: commits are matched as the documents name them"
  fi
  [ -z "$baseline" ] || arguments+=(--baseline "$baseline")
fi
[ -z "$config" ] || arguments+=(--config "$config")
site_url="${TALLY_SITE_URL:-${CI_PAGES_URL:-}}"
[ -z "$site_url" ] || arguments+=(--details-url "$site_url")

status=0
"$tally" gate "${arguments[@]}" || status=$?
if [ -f "$reports/gate.md" ]; then
  cat "$reports/gate.md"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$reports/gate.md" >> "$GITHUB_STEP_SUMMARY"; fi
fi

# verdict_of KEY: a value of the gate's verdict.env (KEY=value lines, one word each).
verdict_of() {
  local key value
  while IFS='=' read -r key value; do
    if [ "$key" = "$1" ]; then echo "$value" && return; fi
  done < "$reports/verdict.env"
}
if [ "$confirm" != 0 ] && [ -z "$ab" ] && [ -s "$reports/verdict.env" ] &&
  [ "$(verdict_of TALLY_VERDICT_CONFIRM)" != none ]; then
  reason="$(verdict_of TALLY_VERDICT_CONFIRM)" verdict="$(verdict_of TALLY_VERDICT)"
  case "$reason" in
    uniform) why="every region slower alike, which a slower runner does as well as the code" ;;
    one_job) why="one job on each side: nothing in the comparison tells its state from the code" ;;
    *) why="a large move that the history could not settle" ;;
  esac
  # The merge base, else (a branch, or a target that cannot be fetched) the history's baseline.
  ab_baseline="$(merge_base_of "$repo")" || ab_baseline=""
  [ -n "$ab_baseline" ] || ab_baseline="$(verdict_of TALLY_VERDICT_BASELINE)"
  if [ -z "$ab_baseline" ]; then
    say "the history's verdict ($reason) needs an A/B study, but there is no baseline commit: the verdict stands"
  elif [ "$confirm" = auto ] && { [ -z "${TALLY_BUILD_COMMAND:-}" ] || [ -z "${TALLY_STUDY_PROGRAM:-}" ]; }; then
    say "the history's verdict is $verdict ($reason): $why; set TALLY_BUILD_COMMAND and TALLY_STUDY_PROGRAM" \
      "so that this job confirms it A/B on this runner (or TALLY_GATE_CONFIRM=0 to stop asking)"
  else
    say "the history's verdict is $verdict ($reason): $why; confirming it A/B against ${ab_baseline:0:12} on" \
      "this runner"
    # The A/B study's reports become the job's (JUnit, metrics, verdict); the history's move to history/.
    mkdir -p "$reports/history"
    for file in gate.md gate.xml metrics.txt verdict.env; do
      if [ -f "$reports/$file" ]; then mv "$reports/$file" "$reports/history/"; fi
    done
    confirming=(--repo "$repo" --baseline "$ab_baseline" --reports "$reports/ab")
    [ -z "$config" ] || confirming+=(--config "$config")
    status=0
    "$(dirname "${BASH_SOURCE[0]}")/tally-ab.sh" "${confirming[@]}" || status=$?
    for file in gate.xml metrics.txt verdict.env; do
      if [ -f "$reports/ab/$file" ]; then cp "$reports/ab/$file" "$reports/"; fi
    done
    {
      echo "**The history's verdict ($verdict: $reason) was re-run A/B on one runner against" \
        "${ab_baseline:0:12}; the A/B verdict decides.**"
      echo
      cat "$reports/ab/gate.md" 2> /dev/null || echo "The A/B study failed (exit $status): see the job's log."
      echo
      echo "<details><summary>The history's report</summary>"
      echo
      cat "$reports/history/gate.md" 2> /dev/null || true
      echo
      echo "</details>"
    } > "$reports/gate.md"
  fi
fi
if [ "$note" = 1 ]; then "$(dirname "${BASH_SOURCE[0]}")/tally-mr-note.sh" "$reports/gate.md" || true; fi
case "$status" in
  0) say "pass" ;;
  1) say "REGRESSION: see $reports/gate.md" ;;
  *) say "the gate could not decide (exit $status)" ;;
esac
exit "$status"
