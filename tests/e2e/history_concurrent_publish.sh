#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Two pipelines of one branch publishing the url-form history at once lose none of each other's runs:
# a folder stands for the published site; a job whose site was replaced between its fetch and its
# store adds the new runs before storing (said in its log), and jobs storing into that folder at
# the same moment take turns. A published history that turns corrupt meanwhile fails the store.
# Usage: history_concurrent_publish.sh TALLY PROJECT_SOURCE_DIR EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" project="$2" example="$3"
history_script="$project/ci/tally-history.sh"
test_name="history_concurrent_publish"
# shellcheck source-path=SCRIPTDIR source=ci_test_setup.sh
. "$(dirname "$0")/ci_test_setup.sh"
site="$work/site"
export TALLY="$tally" TALLY_HISTORY_SOURCE=url TALLY_HISTORY_URL="file://$site/tally-history.tar.gz"

documents() { # documents FOLDER JOB N: N documents of the commit that job JOB measured
  python3 - "$example" "$@" << 'PYTHON'
import json, os, sys
example, folder, job, count = sys.argv[1:5]
commit = "%040x" % int(job)
target = os.path.join(folder, "main", commit)
os.makedirs(target, exist_ok=True)
for i in range(int(count)):
    document = json.load(open(example))
    document["run"]["id"] = "job%s-%d" % (job, i)
    document["source"].update(commit=commit, branch="main")
    json.dump(document, open(os.path.join(target, "run-%d.json" % i), "w"))
PYTHON
}
published() { # the documents of the published history
  rm -rf "$work/check" && "$history_script" fetch "$work/check" 2> /dev/null
  find "$work/check" -name '*.json' | wc -l
}
job() { # job N: a job's folder with the published history and 2 runs of its own
  "$history_script" fetch "$work/job$1" 2> /dev/null || fail "job $1: fetch"
  documents "$work/job$1" "$1" 2
}
deploy() { # deploy N: the job's public/ becomes the published site, as GitLab Pages deploys it
  rm -rf "$site.new" && cp -R "$work/public$1" "$site.new" && rm -rf "$site" && mv "$site.new" "$site"
}
store() { # store N [SITE]: the job stores its history into its public/ (or straight into the site)
  TALLY_HISTORY_ARCHIVE="${2:-$work/public$1}/tally-history.tar.gz" "$history_script" store "$work/job$1" \
    2> "$work/store$1.err" || fail "job $1: store: $(cat "$work/store$1.err")"
}

documents "$work/start" 0 3
TALLY_HISTORY_ARCHIVE="$site/tally-history.tar.gz" "$history_script" store "$work/start" 2> /dev/null

# Jobs 1 and 2 fetch the same history; 1 publishes, then 2 stores: it adds 1's runs first.
job 1 && job 2
store 1 && deploy 1
store 2 && deploy 2
grep -q "THE PUBLISHED HISTORY CHANGED SINCE THIS JOB FETCHED IT" "$work/store2.err" ||
  fail "job 2 did not notice job 1's history: $(cat "$work/store2.err")"
[ "$(published)" = 7 ] || fail "the published history holds $(published) documents, not 3 + 2 + 2"

# Jobs 3 to 6 fetch, then store into the published folder all at the same moment, four times over.
for round in 1 2 3 4; do
  for n in 3 4 5 6; do job $((round * 10 + n)); done
  pids=()
  for n in 3 4 5 6; do
    store $((round * 10 + n)) "$site" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || fail "round $round: a concurrent store failed"; done
  [ "$(published)" = $((7 + 8 * round)) ] ||
    fail "round $round: the published history holds $(published) documents, not $((7 + 8 * round))"
done

# A published history replaced by a corrupt one between a job's fetch and its store fails the store.
job 7
head -c 100 "$work/public2/tally-history.tar.gz" > "$site/tally-history.tar.gz"
(cd "$site" && sha256sum tally-history.tar.gz > tally-history.tar.gz.sha256)
status=0
TALLY_HISTORY_ARCHIVE="$work/public7/tally-history.tar.gz" "$history_script" store "$work/job7" 2> "$work/err" || status=$?
[ "$status" = 1 ] && grep -q "COULD NOT BE FETCHED (corrupt)" "$work/err" ||
  fail "a corrupt published history at store time: exit $status: $(cat "$work/err")"
[ ! -e "$work/public7/tally-history.tar.gz" ] || fail "a store that failed wrote an archive"
echo "history_concurrent_publish: a site replaced after fetch is merged; 4 rounds of 4 concurrent stores keep all 39 runs"
