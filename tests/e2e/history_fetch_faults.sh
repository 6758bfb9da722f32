#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ci/tally-history.sh fetch (url form) under every fault of the previous site: absent, unreachable,
# HTTP errors, a stalled server, truncated or corrupt archives, archives and documents of a newer
# tally, no location at all (CI_PAGES_URL empty). Each one fails the job (exit 1) with its kind named,
# leaves the job's folder as it was, and gives way only to the TALLY_NEW_HISTORY value that fits it
# (1 for absent and no location, discard for the others).
# Usage: history_fetch_faults.sh TALLY PROJECT_SOURCE_DIR EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" project="$2" example="$3"
history_script="$project/ci/tally-history.sh"
test_name="history_fetch_faults"
# shellcheck source-path=SCRIPTDIR source=ci_test_setup.sh
. "$(dirname "$0")/ci_test_setup.sh"
server_pid=""
trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2> /dev/null || true; fi; rm -rf "$work"' EXIT
# Transient errors are tried once more, not three times: the faults stay, the test stays short.
export TALLY="$tally" TALLY_HISTORY_SOURCE=url TALLY_HISTORY_URL_RETRIES=1

documents() { # documents FOLDER BRANCH N [SCHEMA]: N documents of one commit of BRANCH
  python3 - "$example" "$@" << 'PYTHON'
import json, os, sys
example, folder, branch, count = sys.argv[1:5]
commit = (branch * 40)[:40]
target = os.path.join(folder, branch, commit)
os.makedirs(target, exist_ok=True)
for i in range(int(count)):
    document = json.load(open(example))
    document["run"]["id"] = "%s-%d" % (branch, i)
    document["source"].update(commit=commit, branch=branch)
    if len(sys.argv) > 5:
        document["schema"] = sys.argv[5]
    json.dump(document, open(os.path.join(target, "run-%d.json" % i), "w"))
PYTHON
}
state() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum); }
site() { # site NAME: a published site of 3 documents, as store writes it
  documents "$work/h-$1" a 3
  TALLY_HISTORY_ARCHIVE="$work/$1/tally-history.tar.gz" "$history_script" store "$work/h-$1" 2> /dev/null
}

# The job's folder: 2 documents of its own study, which no fault may touch.
documents "$work/job" b 2
before="$(state "$work/job")"
# expect_fault URL KIND MESSAGE: the fetch fails as KIND, says MESSAGE, and leaves the job as it was.
expect_fault() {
  local url="$1" kind="$2" message="$3" status=0 wanted=discard
  timeout 60 env TALLY_HISTORY_URL="$url" TALLY_HISTORY_STALL_S=2 "$history_script" fetch "$work/job" \
    2> "$work/err" || status=$?
  [ "$status" = 1 ] || fail "$kind: exit $status, not 1: $(cat "$work/err")"
  grep -qF "COULD NOT BE FETCHED ($kind)" "$work/err" || fail "$kind: not named: $(cat "$work/err")"
  grep -qF -- "$message" "$work/err" || fail "$kind: no '$message' in: $(cat "$work/err")"
  [ "$(state "$work/job")" = "$before" ] || fail "$kind: the job's folder changed"
  [ "$kind" != absent ] || wanted=1
  for value in 1 discard; do
    [ "$value" != "$wanted" ] || continue
    status=0
    TALLY_NEW_HISTORY=$value TALLY_HISTORY_URL="$url" TALLY_HISTORY_STALL_S=2 timeout 60 "$history_script" fetch \
      "$work/job" 2> /dev/null || status=$?
    [ "$status" = 1 ] || fail "$kind: TALLY_NEW_HISTORY=$value must not start a new history (exit $status)"
  done
  TALLY_NEW_HISTORY=$wanted TALLY_HISTORY_URL="$url" TALLY_HISTORY_STALL_S=2 timeout 60 "$history_script" fetch \
    "$work/job" 2> "$work/err" || fail "$kind: TALLY_NEW_HISTORY=$wanted must let the job go on: $(cat "$work/err")"
  grep -qF "TALLY_NEW_HISTORY=$wanted: starting a new, empty history" "$work/err" || fail "$kind: no new history said"
  rm -f "$work/job/.tally-history.fetched"
  [ "$(state "$work/job")" = "$before" ] || fail "$kind: a new history changed the job's documents"
  echo "history_fetch_faults: $kind: $url: exit 1, the job's folder unchanged" >&2
}

# The whole site first: its 3 documents are added to the job's 2.
site good
TALLY_HISTORY_URL="file://$work/good/tally-history.tar.gz" "$history_script" fetch "$work/job2" 2> "$work/err" ||
  fail "a whole archive: $(cat "$work/err")"
[ "$(find "$work/job2" -name '*.json' | wc -l)" = 3 ] || fail "a whole archive gave $(find "$work/job2" -name '*.json' | wc -l) of 3"

python3 -u "$project/tests/e2e/fault_server.py" "$work" > "$work/server.out" &
server_pid=$!
for _ in $(seq 50); do grep -q '^port' "$work/server.out" && break || sleep 0.1; done
http="http://127.0.0.1:$(cut -d' ' -f2 "$work/server.out")"
free_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

expect_fault "file://$work/none/tally-history.tar.gz" absent "no such file"
expect_fault "$http/none/tally-history.tar.gz" absent "HTTP 404"
expect_fault "$http/status/403/tally-history.tar.gz" unreachable "HTTP 403"
expect_fault "$http/status/500/tally-history.tar.gz" unreachable "HTTP 500"
expect_fault "http://127.0.0.1:$free_port/tally-history.tar.gz" unreachable "Failed to connect"
expect_fault "$http/stall/tally-history.tar.gz" unreachable "Operation too slow"

site truncated
size="$(stat -c %s "$work/truncated/tally-history.tar.gz")"
head -c "$((size / 2))" "$work/good/tally-history.tar.gz" > "$work/truncated/tally-history.tar.gz"
expect_fault "$http/truncated/tally-history.tar.gz" corrupt "sha256 differs from the one published beside it"
rm "$work/truncated/tally-history.tar.gz.sha256"
expect_fault "$http/truncated/tally-history.tar.gz" corrupt "not a readable .tar.gz"

# Archives whose manifest disagrees with their documents (the .sha256 beside made to match them).
rewrap() { # rewrap NAME: re-archives $work/x/ as site NAME, its .sha256 recomputed
  mkdir -p "$work/$1" && tar -czf "$work/$1/tally-history.tar.gz" -C "$work/x" .
  (cd "$work/$1" && sha256sum tally-history.tar.gz > tally-history.tar.gz.sha256)
}
unpack() { rm -rf "$work/x" && mkdir "$work/x" && tar -xzf "$work/good/tally-history.tar.gz" -C "$work/x"; }
unpack && echo ' ' >> "$work/x/a/$(printf 'a%.0s' {1..40})/run-1.json" && rewrap altered
expect_fault "$http/altered/tally-history.tar.gz" corrupt "run-1.json: FAILED"
unpack && rm "$work/x/a/$(printf 'a%.0s' {1..40})/run-0.json" && rewrap short
expect_fault "$http/short/tally-history.tar.gz" corrupt "its manifest lists 3 documents, it holds 2"
unpack && sed -i 's|^format tally.history/1$|format tally.history/2|' "$work/x/tally-history.manifest" && rewrap format2
expect_fault "$http/format2/tally-history.tar.gz" newer "tally.history/2; this tally reads tally.history/1"

# A document of a newer schema in an archive that is whole.
documents "$work/h-schema" a 2 && documents "$work/h-schema" c 1 tally.run/99
TALLY_HISTORY_ARCHIVE="$work/schema/tally-history.tar.gz" "$history_script" store "$work/h-schema" 2> /dev/null
expect_fault "$http/schema/tally-history.tar.gz" newer "document has schema tally.run/99"

# No history location: the GitLab template's "${CI_PAGES_URL}/tally-history.tar.gz" where Pages is
# not enabled (CI_PAGES_URL empty), and an empty TALLY_HISTORY_URL. The job fails naming the cause and
# what to set, not with curl's "URL using bad/illegal format"; nothing is there to lose, so
# TALLY_NEW_HISTORY=1 goes on (and discard does not); store keeps the archive and, given a
# TALLY_HISTORY_URL that is no URL, says that no later job will find it.
expect_no_location() { # expect_no_location URL MESSAGE [VARIABLE=VALUE]...
  local url="$1" message="$2" status=0
  shift 2
  env "$@" TALLY_HISTORY_URL="$url" "$history_script" fetch "$work/job" 2> "$work/err" || status=$?
  [ "$status" = 1 ] || fail "no location '$url': exit $status, not 1: $(cat "$work/err")"
  for said in "COULD NOT BE FETCHED (no location): TALLY_HISTORY_URL is '$url', not a URL" "$message" \
    "set TALLY_HISTORY_URL to the URL of a published tally-history.tar.gz" "TALLY_HISTORY_SOURCE=git"; do
    grep -qF -- "$said" "$work/err" || fail "no location '$url': no '$said' in: $(cat "$work/err")"
  done
  ! grep -q "curl" "$work/err" || fail "no location '$url': curl's message instead of the cause: $(cat "$work/err")"
  [ "$(state "$work/job")" = "$before" ] || fail "no location '$url': the job's folder changed"
  status=0
  env "$@" TALLY_NEW_HISTORY=discard TALLY_HISTORY_URL="$url" "$history_script" fetch "$work/job" 2> /dev/null ||
    status=$?
  [ "$status" = 1 ] || fail "no location '$url': TALLY_NEW_HISTORY=discard must not go on (exit $status)"
  env "$@" TALLY_NEW_HISTORY=1 TALLY_HISTORY_URL="$url" "$history_script" fetch "$work/job" 2> "$work/err" ||
    fail "no location '$url': TALLY_NEW_HISTORY=1 must let the job go on: $(cat "$work/err")"
  grep -qF "TALLY_NEW_HISTORY=1: starting a new, empty history" "$work/err" || fail "no location '$url': no new history said"
  env "$@" TALLY_HISTORY_URL="$url" TALLY_HISTORY_ARCHIVE="$work/unreachable/tally-history.tar.gz" \
    "$history_script" store "$work/job" 2> "$work/err" || fail "no location '$url': store failed: $(cat "$work/err")"
  # Without TALLY_HISTORY_URL, store only writes the archive (nothing to merge with), as it always did.
  [ -z "$url" ] || grep -qF "STORED WHERE NO LATER JOB WILL FETCH IT (no location): TALLY_HISTORY_URL is '$url'" \
    "$work/err" || fail "no location '$url': store did not say that the history cannot be fetched: $(cat "$work/err")"
  [ "$(tar -tzf "$work/unreachable/tally-history.tar.gz" | grep -c '\.json$')" = 2 ] ||
    fail "no location '$url': store did not archive the job's 2 documents"
  rm -rf "$work/unreachable" "$work/job/.tally-history.fetched"
  echo "history_fetch_faults: no location: '$url': exit 1, the cause and the fix named" >&2
}
expect_no_location /tally-history.tar.gz "because CI_PAGES_URL is empty (GitLab Pages is not enabled for this project" \
  GITLAB_CI=true
expect_no_location "" "TALLY_HISTORY_URL is '', not a URL (http://, https:// or file://)"

# An archive of a tally before manifests: read, with a warning, and its documents added.
unpack && rm "$work/x/tally-history.manifest" && mkdir -p "$work/old" &&
  tar -czf "$work/old/tally-history.tar.gz" -C "$work/x" .
TALLY_HISTORY_URL="$http/old/tally-history.tar.gz" "$history_script" fetch "$work/job" 2> "$work/err" ||
  fail "an archive without manifest: $(cat "$work/err")"
grep -q "has no manifest" "$work/err" || fail "no warning for an archive without manifest"
[ "$(find "$work/job" -name '*.json' | wc -l)" = 5 ] || fail "an archive without manifest: not 2 + 3 documents"
echo "history_fetch_faults: 12 faults and 2 missing locations fail loudly and change nothing; whole archives, old and new, are read"
