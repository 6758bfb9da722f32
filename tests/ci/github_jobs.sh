# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2154 # $work, $server, $workflow, $prefix, $here, $started, $test_name and
# $runner_arguments (more arguments of github_runner.py) are the caller's
# Sourced by the GitHub tests after user_project.sh: job runs the job `tally` of $workflow on the
# simulated runner (github_runner.py) in a fresh checkout, check asserts on its result.

# job NAME EVENT SHA REF [HEAD_REF BASE_REF [INPUT]]: checks out SHA as actions/checkout does (all
# history, fetch-depth 0) and runs the job of the workflow; the result is in $work/NAME.json.
job() {
  local name="$1" event="$2" sha="$3" ref="$4" head="${5:-}" base="${6:-}" input="${7:-}" code=0
  local workspace="$work/ws-$name"
  git clone -q "$server" "$workspace" 2> /dev/null
  git -C "$workspace" fetch -q origin "+refs/pull/*:refs/remotes/pull/*"
  if [ "$event" = pull_request ]; then git -C "$workspace" checkout -q --detach "$sha"; else git -C "$workspace" checkout -q -B main "$sha"; fi
  local arguments=(--workflow "$workflow" --job tally --event "$event" --event-file "$work/$name.event.json"
    --workspace "$workspace" --sha "$sha" --ref "$ref" --head-ref "$head" --base-ref "$base"
    --repository example/app --result "$work/$name.json"
    --action-map "your-org/tally/ci/github@=$prefix/share/tally/ci/github" "${runner_arguments[@]}")
  [ -z "$input" ] || arguments+=(--input "$input")
  python3 "$here/github_runner.py" "${arguments[@]}" > "$work/$name.log" 2>&1 || code=$?
  echo "$test_name: $name: job exit $code after $((SECONDS - started)) s" >&2
  echo "$code" > "$work/$name.code"
}

# check NAME PYTHON_EXPRESSION MESSAGE: the expression holds for the result r (and the log `log`).
check() {
  python3 - "$work/$1.json" "$work/$1.log" "$2" << 'EOF' || { sed 's/^/  | /' "$work/$1.log" | tail -40 >&2 && fail "$1: $3"; }
import json, sys
r = json.load(open(sys.argv[1]))
log = open(sys.argv[2]).read()
steps = {s["name"]: s for s in r["steps"]}
uploads = [x for x in r["recorded"] if x["uses"].startswith("actions/upload-pages-artifact@")]
sys.exit(0 if eval(sys.argv[3]) else 1)
EOF
}
