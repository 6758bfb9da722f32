#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Posts the gate's Markdown report as a note on the GitLab merge request of the pipeline. A
# CI_JOB_TOKEN may not write notes, so this needs a project access token (scope api, role
# Reporter or above) in the masked variable TALLY_GITLAB_TOKEN; without one, or outside a merge
# request pipeline, it says so and does nothing. A failed post is a warning, never a failure:
# the verdict is the gate job's exit code, not the note.
#
# Usage: tally-mr-note.sh [REPORT]   (default: tally-gate/gate.md)
set -euo pipefail
# shellcheck disable=SC2034 # read by tally-common.sh
script="tally-mr-note"
# shellcheck source-path=SCRIPTDIR source=tally-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/tally-common.sh"

report="${1:-${TALLY_GATE_REPORTS:-tally-gate}/gate.md}"
if [ -z "${CI_MERGE_REQUEST_IID:-}" ]; then
  say "not a merge request pipeline: no note posted"
  exit 0
fi
if [ -z "${TALLY_GITLAB_TOKEN:-}" ]; then
  say "TALLY_GITLAB_TOKEN is not set: no note posted (a project access token with scope api is needed;" \
    "CI_JOB_TOKEN cannot write notes)"
  exit 0
fi
if [ ! -s "$report" ]; then
  say "warning: no report $report: no note posted"
  exit 0
fi
url="${CI_API_V4_URL:?}/projects/${CI_PROJECT_ID:?}/merge_requests/${CI_MERGE_REQUEST_IID}/notes"
if curl -sS --fail --retry 3 --request POST --header "PRIVATE-TOKEN: $TALLY_GITLAB_TOKEN" \
  --data-urlencode "body@$report" "$url" > /dev/null; then
  say "report posted on merge request !$CI_MERGE_REQUEST_IID"
else
  say "warning: the note could not be posted to $url"
fi
