# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2154 # $build_dir, $source_dir, $tools and $test_name are set by the test
# Sourced by the tests that run the GitLab template under gitlab-ci-local (--force-shell-executor
# --shell-isolation: each job in its own copy of the checkout, artifacts passed as GitLab passes
# them): the runner image and user project of user_project.sh, a loopback HTTP server on
# 127.0.0.1 serving tally's template where the remote include points and GitLab Pages, and the
# helpers that run a pipeline and read its jobs.
# Requires: $build_dir, $source_dir, $tools (the npm tools' folder), $test_name, $here (this folder).
# Gives: $work, $started, $pages_url, $www, $port and user_project.sh's; pipeline, show, expect,
# artifacts, deploy. Exits 77 (skipped) when Node is missing.
if ! command -v node > /dev/null 2>&1; then
  echo "$test_name: SKIPPED: Node is missing, and gitlab-ci-local runs on Node (scripts/install-deps.sh installs it)"
  exit 77
fi
gitlab_ci_local="$(cd "$tools" 2> /dev/null && pwd || echo "$tools")/node_modules/.bin/gitlab-ci-local"
[ -x "$gitlab_ci_local" ] ||
  { echo "$test_name: FAILED: no gitlab-ci-local in $tools: run scripts/install-deps.sh" >&2 && exit 1; }
work="$(mktemp -d)"
keep="${TALLY_CI_TEST_KEEP:-}" # a folder that receives the test's files, to look at them
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2> /dev/null || true; fi
  if [ -n "$keep" ]; then mkdir -p "$keep" && cp -a "$work/." "$keep/"; fi
  rm -rf "$work"
}
trap cleanup EXIT
started=$SECONDS
# shellcheck source-path=SCRIPTDIR source=user_project.sh
. "$here/user_project.sh"

# The loopback HTTP server: tally's template where the remote include points, and GitLab Pages.
www="$work/www"
mkdir -p "$www/tally/-/raw/main/ci/gitlab" "$www/pages"
cp "$prefix/share/tally/ci/gitlab/tally.gitlab-ci.yml" "$www/tally/-/raw/main/ci/gitlab/"
# The log made first: on a busy machine the server's shell may open it after the first look, and sed
# on a missing file would end the test (set -e).
: > "$work/http.log"
python3 -u -m http.server --bind 127.0.0.1 0 --directory "$www" > "$work/http.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 50); do
  port="$(sed -n 's/^Serving HTTP on 127.0.0.1 port \([0-9]*\) .*/\1/p' "$work/http.log")"
  [ -z "$port" ] || break
  sleep 0.1
done
[ -n "$port" ] || fail "the HTTP server did not start: $(cat "$work/http.log")"
pages_url="http://127.0.0.1:$port/pages"

# pipeline NAME PROJECT SHA [--variable X=Y]...: a pipeline of that commit in a fresh checkout of
# the branch (main, or $pipeline_branch), as a runner makes it; the log in $work/NAME.log, the exit
# code in $work/NAME.code.
pipeline() {
  local name="$1" project_name="$2" sha="$3" code=0
  shift 3
  local checkout="$work/$name"
  git clone -q "$work/$project_name.git" "$checkout" 2> /dev/null
  git -C "$checkout" checkout -q -B "${pipeline_branch:-main}" "$sha"
  # GitLab gives the commit's time as CI_COMMIT_TIMESTAMP; gitlab-ci-local the pipeline's (and it warns
  # when one overrides it).
  (cd "$checkout" && "$gitlab_ci_local" --force-shell-executor --shell-isolation --no-color \
    --variable "TALLY_CI=$prefix/share/tally/ci" --variable "CI_PAGES_URL=$pages_url" \
    --variable "CI_COMMIT_TIMESTAMP=$(TZ=UTC git show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd HEAD)" \
    "$@") > "$work/$name.log" 2>&1 || code=$?
  echo "$code" > "$work/$name.code"
  echo "$test_name: $name: gitlab-ci-local exit $code after $((SECONDS - started)) s" >&2
  grep -q "json schema validated" "$work/$name.log" ||
    show "$name" "gitlab-ci-local rejected the .gitlab-ci.yml before any job (or did not validate it against GitLab's schema)"
}
show() { # show NAME MESSAGE: fails with the end of the pipeline's log
  sed 's/^/  | /' "$work/$1.log" | tail -60 >&2
  fail "$1: $2"
}
# expect NAME JOB=STATUS...: the job statuses of gitlab-ci-local's summary (PASS, FAIL).
expect() {
  local name="$1" pair job want got
  shift
  for pair in "$@"; do
    job="${pair%=*}" want="${pair#*=}"
    got="$(sed -n "s/^ \(PASS\|FAIL\|WARN\) *$job *\$/\1/p" "$work/$name.log")"
    [ "$got" = "$want" ] || show "$name" "job $job: ${got:-not run}, expected $want"
  done
}
artifacts() { echo "$work/$1/.gitlab-ci-local/artifacts/$2"; }
deploy() { # GitLab Pages: the pages job's public/ becomes the site at CI_PAGES_URL
  rm -rf "$www/pages" && cp -R "$(artifacts "$1" pages)/public" "$www/pages"
}
