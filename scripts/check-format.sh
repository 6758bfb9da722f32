#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Fails when a C, C++ or CUDA file of the project differs from what clang-format makes of it.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files '*.c' '*.h' '*.cpp' '*.hpp' '*.cu' '*.in' | grep -E '\.(c|h|cpp|hpp|cu)$|\.hpp\.in$' |
  xargs --no-run-if-empty clang-format --dry-run --Werror
echo "check-format: clean"
