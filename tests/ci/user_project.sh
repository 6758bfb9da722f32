# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2154 # $work, $build_dir and $source_dir are set by the test
# Sourced by the CI engine tests: tally installed as a runner image has it, and a user project, the
# example MPI program of tests/e2e/app built with CMake (tests/ci/project), in a git "server" (a
# bare repository) and a developer's clone that commits to it.
# Requires: $work (an empty temporary folder), $build_dir and $source_dir set by the caller.
# Gives: $prefix (the installed tally), new_project NAME, commit DAY MESSAGE, imbalance (the change
# that makes rank r work 1 + r more units in region solve), fail MESSAGE.

fail() {
  echo "${test_name:-test}: FAILED: $*" >&2
  exit 1
}

# A CI job of the machine running this test must not leak its commit or branch into ours.
for variable in $(compgen -e | grep -E '^(CI_|GITHUB_|GITLAB_|TALLY_|RUNNER_)' || true); do unset "$variable"; done
unset CI http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
export GIT_CONFIG_NOSYSTEM=1 HOME="$work" no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost
git config --global user.name "CI Test" && git config --global user.email "ci-test@example.invalid"
git config --global init.defaultBranch main && git config --global advice.detachedHead false

# The runner image: tally installed (cmake --install) with its ci/ scripts, on PATH and found by
# CMake; MPI may start more ranks than the runner has cores.
prefix="$work/image"
cmake --install "$build_dir" --prefix "$prefix" > /dev/null || fail "cmake --install $build_dir"
[ -x "$prefix/share/tally/ci/tally-study.sh" ] || fail "the install has no ci/ scripts in share/tally/ci"
export PATH="$prefix/bin:$PATH" CMAKE_PREFIX_PATH="$prefix" OMPI_MCA_rmaps_base_oversubscribe=1
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi

# new_project NAME: the bare repository $work/NAME.git (then $server) and the clone $work/dev with
# the example program, its gate rules and its CMakeLists.txt, nothing committed yet.
new_project() {
  server="$work/$1.git"
  rm -rf "${work:?}/dev"
  git init -q --bare "$server"
  git clone -q "$server" "$work/dev" 2> /dev/null
  cp "$source_dir/tests/e2e/app/solve.c" "$source_dir/tests/e2e/app/tally-gate.toml" \
    "$source_dir/tests/ci/project/CMakeLists.txt" "$work/dev/"
  printf 'build/\n' > "$work/dev/.gitignore"
}

commit() { # commit DAY MESSAGE: commits everything in dev/ on that day, pushes it, prints the sha
  (cd "$work/dev" && git add -A &&
    GIT_AUTHOR_DATE="2026-03-0$1T10:00:00Z" GIT_COMMITTER_DATE="2026-03-0$1T10:00:00Z" git commit -q -m "$2" &&
    git push -q origin "$(git symbolic-ref --short HEAD)" 2> /dev/null && git rev-parse HEAD)
}

imbalance() {
  sed -i 's/const int extra_units = 0;/const int extra_units = 1 + rank;/' "$work/dev/solve.c"
  grep -q "extra_units = 1 + rank" "$work/dev/solve.c" || fail "the imbalance was not introduced"
}
