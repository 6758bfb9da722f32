#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# An A/B study end to end (issue #45): two builds of one program (copies of PROGRAM, told apart
# by their paths) at scales 1 and 2, 3 pairs each, run in the order A B B A A B per scale (by hand:
# runs 1-6 at scale 1, 7-12 at scale 2); each of the 12 documents valid, written under its side's
# name in one folder, and recording its side, its pair, its build's commit and the study. Then the
# baseline's source in a merge request pipeline is its own, not the pipeline's (below). Then a
# candidate that fails with exit code 3 stops the study at its first run, run 2, with that code.
# Usage: ab_study.sh TALLY LIBTALLY PROGRAM (LIBTALLY under sanitizers: the runtime first,
# colon-separated; PROGRAM: tests/cli/does_nothing.c)
set -euo pipefail
tally="$1" library="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "ab_study: FAILED: $*" >&2
  exit 1
}
for variable in $(compgen -e | grep -E '^TALLY_|^CI_|^GITHUB_' || true); do unset "$variable"; done
export TALLY_LIBRARY="$library"
mkdir -p "$work/main" "$work/branch"
cp "$3" "$work/main/app"
cp "$3" "$work/branch/app"

"$tally" run --output "$work/runs" --scales 1,2 --repeat 3 --baseline "$work/main/app" --candidate "$work/branch/app" \
  --baseline-commit aaaa1111 --commit bbbb2222 -- '{program}' '{ranks}' 2> "$work/study" ||
  fail "the study failed: $(cat "$work/study")"
progress="$(grep -o 'run [0-9]* of 12 · [12] ranks · [a-z]* · pair [0-9] of 3' "$work/study" | tr '\n' ';')"
expected=""
for ranks in 1 2; do
  run=$(((ranks - 1) * 6))
  for place in "baseline · pair 1" "candidate · pair 1" "candidate · pair 2" "baseline · pair 2" \
    "baseline · pair 3" "candidate · pair 3"; do
    run=$((run + 1))
    expected+="run $run of 12 · $ranks ranks · $place of 3;"
  done
done
[ "$progress" = "$expected" ] || fail "the runs were not in the order A B B A A B per scale: $(cat "$work/study")"

"$tally" validate "$work/runs" 2> "$work/validate" || fail "the study's documents are not valid: $(cat "$work/validate")"
grep -q "12 valid, 0 invalid" "$work/validate" || fail "not 12 documents: $(cat "$work/validate")"
# Per document: the side in its file name (runs of one second numbered: _baseline-2), then argv (program and scale), side, pair, commit; and the study.
python3 - "$work" > "$work/documents" <<'PYTHON' || fail "reading the documents: $(cat "$work/documents")"
import json, pathlib, re, sys
work = pathlib.Path(sys.argv[1])
studies = set()
for path in sorted((work / "runs").glob("*.json")):
    document = json.loads(path.read_text())
    run = document["run"]
    studies.add(run["ab_study"]["id"])
    print(re.search(r"_([a-z]+)(-[0-9]+)?$", path.stem).group(1), pathlib.Path(run["command_line"][0]).parent.name, run["command_line"][1],
          run["ab_study"]["side"], run["ab_study"]["pair"], document["source"]["commit"])
print(len(studies), "study")
PYTHON
expected_documents="$(for ranks in 1 2; do for pair in 1 2 3; do
  echo "baseline main $ranks baseline $pair aaaa1111"
  echo "candidate branch $ranks candidate $pair bbbb2222"
done; done | sort)
1 study"
[ "$(grep -v study "$work/documents" | sort; grep study "$work/documents")" = "$expected_documents" ] ||
  fail "the documents do not record their side, pair and commit: $(cat "$work/documents")"

# In a GitLab merge request pipeline, one pair: the candidate's source is the pipeline's (its branch,
# its time in UTC, a merge request to main); the baseline's is the merge base, on the target branch by
# default, with no commit time and no merge request, as the CI says nothing of that commit. Then
# --baseline-branch '' with the candidate's TALLY_BRANCH and TALLY_COMMIT_TIME exported: no branch,
# still no time.
sources() {
  python3 - "$1" <<'PYTHON'
import json, pathlib, sys
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    document = json.loads(path.read_text())
    print(document["run"]["ab_study"]["side"], json.dumps(document["source"], sort_keys=True))
PYTHON
}
merge_request() {
  CI_COMMIT_SHA=bbbb2222 CI_COMMIT_TIMESTAMP=2026-11-27T10:00:00+01:00 CI_COMMIT_REF_NAME=feature \
    CI_MERGE_REQUEST_SOURCE_BRANCH_NAME=feature CI_MERGE_REQUEST_IID=7 CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main \
    CI_MERGE_REQUEST_DIFF_BASE_SHA=aaaa1111 CI_DEFAULT_BRANCH=main "$@"
}
candidate_source='candidate {"branch": "feature", "commit": "bbbb2222", "commit_time": "2026-11-27T09:00:00Z", "default_branch": "main", "is_merge_request": true, "target_branch": "main"}'
merge_request "$tally" run --output "$work/merge_request" --repeat 1 --baseline "$work/main/app" \
  --candidate "$work/branch/app" -- '{program}' 2> "$work/merge_request.log" ||
  fail "the merge request's study failed: $(cat "$work/merge_request.log")"
[ "$(sources "$work/merge_request" | sort)" = 'baseline {"branch": "main", "commit": "aaaa1111", "default_branch": "main", "is_merge_request": false}'$'\n'"$candidate_source" ] ||
  fail "the baseline's source is not the merge base's: $(sources "$work/merge_request")"
TALLY_BRANCH=feature TALLY_COMMIT_TIME=2026-11-27T10:00:00+01:00 merge_request "$tally" run \
  --output "$work/no_branch" --repeat 1 --baseline "$work/main/app" --candidate "$work/branch/app" \
  --baseline-branch '' -- '{program}' 2> "$work/no_branch.log" ||
  fail "the study without a baseline branch failed: $(cat "$work/no_branch.log")"
[ "$(sources "$work/no_branch" | sort)" = 'baseline {"branch": "", "commit": "aaaa1111", "default_branch": "main", "is_merge_request": false}'$'\n'"$candidate_source" ] ||
  fail "the candidate's TALLY_BRANCH or TALLY_COMMIT_TIME reached the baseline: $(sources "$work/no_branch")"

printf '#!/bin/sh\nexit 3\n' > "$work/branch/failing"
chmod +x "$work/branch/failing"
status=0
"$tally" run --output "$work/failing" --repeat 2 --baseline "$work/main/app" --candidate "$work/branch/failing" \
  --baseline-commit aaaa1111 -- '{program}' 2> "$work/failed" || status=$?
[ "$status" = 3 ] || fail "a failing candidate made the study exit with $status, not 3: $(cat "$work/failed")"
grep -qF "run 2 of 4 (candidate) failed with exit code 3; the study stops here" "$work/failed" ||
  fail "the failing run is not named: $(cat "$work/failed")"
! grep -q "run 3 of 4" "$work/failed" || fail "the study went on after the failing run: $(cat "$work/failed")"
[ "$(find "$work/failing" -name '*.json' | wc -l)" = 1 ] || fail "not one document (the baseline's) before the failure"
echo "ab_study: 12 runs in the order A B B A A B per scale, each document with its side, pair and commit;" \
  "in a merge request pipeline the baseline's source is the merge base's;" \
  "a failing candidate stopped the study with exit code 3"
