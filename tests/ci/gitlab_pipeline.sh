#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The GitLab template run as GitLab runs it: gitlab-ci-local (its schema validation on) with
# --force-shell-executor and --shell-isolation (each job in its own copy of the checkout, artifacts
# passed as GitLab passes them) on a user project whose .gitlab-ci.yml is the snippet of ci/README.md
# as written (tests/ci/doc_snippets.py writes it; only <where tally lives> and the history remote
# are filled in), including the installed template from a loopback HTTP server that this test
# starts on 127.0.0.1. The "runner image" is tally installed with cmake --install (TALLY_CI names
# its ci/ folder, as a project variable would). Two projects, three commits each (the third adds
# a load imbalance), seven pipelines and one job:
#   url  (the default: history in the Pages site) commit 1 without TALLY_NEW_HISTORY: pages and
#        tally-gate fail loudly; its pages job without Pages (CI_PAGES_URL empty) fails naming what
#        to set; commit 1 with TALLY_NEW_HISTORY starts the history; commits 2 and 3 fetch the
#        previous pipeline's public/tally-history.tar.gz from CI_PAGES_URL, where the test deploys
#        every passed pages job's public/ as GitLab Pages would
#   git  (ci/README.md's variant: the history in a branch, here of a bare repository) commit 1
#        without, then with TALLY_NEW_HISTORY; commit 3 fetches the branch
# Checks: every job's status; tally-gate fails only on the imbalanced commit, with gate.xml (a
# failure) and metrics.txt as its artifacts; the Pages artifact holds the site of every commit and
# the history; the schema validation ran.
# Usage: gitlab_pipeline.sh BUILD_DIR SOURCE_DIR NPM_TOOLS_DIR
# Exit 77 (skipped) when Node is missing; the npm tools come from scripts/install-deps.sh.
set -euo pipefail
build_dir="$1" source_dir="$2" tools="$3"
test_name="gitlab_pipeline"
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=gitlab_local.sh
. "$here/gitlab_local.sh"

declare -A commits # commits[PROJECT_N]: commit N of a project
# project NAME [git]: a user project with the .gitlab-ci.yml of the docs, three commits.
project() {
  local name="$1" variant="${2:-}" options=()
  options=(--placeholder "https://<where tally lives>=http://127.0.0.1:$port/tally")
  [ -z "$variant" ] || options+=(--with git --change "TALLY_HISTORY_REMOTE=$work/$name.git")
  new_project "$name"
  python3 "$here/doc_snippets.py" "$source_dir" gitlab-ci "$work/dev/.gitlab-ci.yml" "${options[@]}" ||
    fail "the .gitlab-ci.yml cannot be written from the docs' snippets"
  commits[${name}_1]="$(commit 1 "Example solver")"
  printf '# Example solver\n' > "$work/dev/README.md" && commits[${name}_2]="$(commit 2 "Add a README")"
  imbalance && commits[${name}_3]="$(commit 3 "Refine the solve step")"
}

gate_artifacts() { # gate_artifacts NAME fail|pass
  local dir
  dir="$(artifacts "$1" tally-gate)/tally-gate"
  [ -s "$dir/gate.md" ] && [ -s "$dir/gate.xml" ] && [ -s "$dir/metrics.txt" ] ||
    show "$1" "the tally-gate job's artifacts lack gate.md, gate.xml or metrics.txt"
  if [ "$2" = fail ]; then
    grep -q "<failure" "$dir/gate.xml" || show "$1" "the JUnit report has no failure"
    grep -qi "load balance" "$dir/gate.md" || show "$1" "the report does not attribute the regression to load balance"
  elif grep -q "<failure" "$dir/gate.xml"; then
    show "$1" "the JUnit report has a failure"
  fi
}
documents_in() { tar -tzf "$1" | grep -c '\.json$' || true; }

# ------------------------------------------------------------------ url: history in GitLab Pages
project url
pipeline url-first url "${commits[url_1]}"
expect url-first tally-build=PASS tally-study=PASS pages=FAIL tally-gate=FAIL
grep -q "THE RUN HISTORY COULD NOT BE FETCHED (absent): download of $pages_url/tally-history.tar.gz gave HTTP 404" "$work/url-first.log" ||
  show url-first "no loud message for the missing history"
grep -q "GET /tally/-/raw/main/ci/gitlab/tally.gitlab-ci.yml HTTP/1.[01]\" 200" "$work/http.log" ||
  fail "the template was not included from the HTTP server: $(cat "$work/http.log")"

# A GitLab without Pages: CI_PAGES_URL is empty, so the template's TALLY_HISTORY_URL is
# "/tally-history.tar.gz". The pages job alone: it fails naming the cause and what to set instead,
# not with curl's "URL using bad/illegal format".
pipeline url-no-pages url "${commits[url_1]}" --variable CI_PAGES_URL= pages
expect url-no-pages pages=FAIL
grep -qF "THE RUN HISTORY COULD NOT BE FETCHED (no location): TALLY_HISTORY_URL is '/tally-history.tar.gz', not a URL, because CI_PAGES_URL is empty (GitLab Pages is not enabled" \
  "$work/url-no-pages.log" && grep -qF "set TALLY_HISTORY_URL to the URL of a published tally-history.tar.gz" \
  "$work/url-no-pages.log" && ! grep -q "curl: (3)" "$work/url-no-pages.log" ||
  show url-no-pages "no message naming the empty CI_PAGES_URL and what to set"

pipeline url-1 url "${commits[url_1]}" --variable TALLY_NEW_HISTORY=1
expect url-1 tally-build=PASS tally-study=PASS pages=PASS tally-gate=PASS
gate_artifacts url-1 pass
deploy url-1
pipeline url-2 url "${commits[url_2]}"
expect url-2 tally-build=PASS tally-study=PASS pages=PASS tally-gate=PASS
grep -q "fetched 9 documents from $pages_url/tally-history.tar.gz" "$work/url-2.log" ||
  show url-2 "the history of pipeline 1 was not fetched from the Pages site"
gate_artifacts url-2 pass
deploy url-2
pipeline url-3 url "${commits[url_3]}"
expect url-3 tally-build=PASS tally-study=PASS pages=PASS tally-gate=FAIL
gate_artifacts url-3 fail
site="$(artifacts url-3 pages)/public"
grep -q "27 runs on 3 commits" "$site/main/index.html" || show url-3 "the Pages site does not show 27 runs on 3 commits"
grep -q 'href="main/' "$site/index.html" || show url-3 "the Pages index does not link the branch main"
[ "$(documents_in "$site/tally-history.tar.gz")" = 27 ] || show url-3 "the Pages history does not hold 27 documents"

# ------------------------------------------------------------------ git: history in a branch
project git git
server="$work/git.git"
pipeline git-first git "${commits[git_1]}"
expect git-first tally-build=PASS tally-study=PASS pages=FAIL tally-gate=FAIL
grep -q "THE RUN HISTORY COULD NOT BE FETCHED (absent): the branch tally-history does not exist in $server" "$work/git-first.log" ||
  show git-first "no loud message for the missing history branch"
pipeline git-1 git "${commits[git_1]}" --variable TALLY_NEW_HISTORY=1
expect git-1 tally-build=PASS tally-study=PASS pages=PASS tally-gate=PASS
pipeline git-3 git "${commits[git_3]}"
expect git-3 tally-build=PASS tally-study=PASS pages=PASS tally-gate=FAIL
grep -q "fetched 9 documents from branch tally-history of $server" "$work/git-3.log" ||
  show git-3 "the history was not fetched from the branch"
gate_artifacts git-3 fail
stored="$(git --git-dir "$server" ls-tree -r --name-only tally-history | grep -c '\.json$')"
[ "$stored" = 18 ] || fail "the tally-history branch holds $stored documents, not 18"
grep -q "18 runs on 2 commits" "$(artifacts git-3 pages)/public/main/index.html" ||
  show git-3 "the Pages site does not show 18 runs on 2 commits"

echo "gitlab_pipeline: the template under gitlab-ci-local: 7 pipelines on 2 projects (history in Pages and in a" \
  "branch) and a pages job without Pages, the gate failing only on the imbalanced commit, the site and the history complete, in $((SECONDS - started)) s"
