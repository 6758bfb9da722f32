#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Lints the project: shellcheck on every shell script, flake8 on every Python file, and a small
# clang-tidy set (.clang-tidy) on the C++ sources compiled in BUILD_DIR (default: build).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${1:-build}"

git ls-files '*.sh' .ci/run | xargs shellcheck
echo "lint: shellcheck clean"

git ls-files '*.py' | xargs flake8
echo "lint: flake8 clean"

# The sources the build compiled (a backend switched off is not in compile_commands.json).
mapfile -t sources < <(git ls-files 'model/*.cpp' 'profiler/*.cpp' 'analysis/*.cpp' 'gate/*.cpp' 'pages/*.cpp' 'cli/*.cpp' |
  while read -r file; do grep -q "\"file\": \"$PWD/$file\"" "$build_dir/compile_commands.json" && echo "$file"; done)
run-clang-tidy -quiet -p "$build_dir" -j "$(nproc)" "${sources[@]}" > "$build_dir/clang-tidy.log" 2>&1 || {
  grep -E "(error|warning):" "$build_dir/clang-tidy.log" | sort -u
  echo "lint: clang-tidy found problems (full log: $build_dir/clang-tidy.log)" >&2
  exit 1
}
echo "lint: clang-tidy clean on ${#sources[@]} files"
