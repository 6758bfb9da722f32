#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The README's option table is exactly what `tally run --options-markdown` prints from the table.
# Usage: readme_options.sh TALLY README
set -euo pipefail
expected="$("$1" run --options-markdown)"
documented="$(sed -n '/<!-- options:begin/,/<!-- options:end/p' "$2" | grep '^|')"
if [ "$expected" != "$documented" ]; then
  diff <(echo "$expected") <(echo "$documented") >&2 || true
  echo "README option table differs from the option table; paste \`tally run --options-markdown\`" >&2
  exit 1
fi
echo "README option table: $(echo "$expected" | tail -n +3 | wc -l) options, as in the option table"
