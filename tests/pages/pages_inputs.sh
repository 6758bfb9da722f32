#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally pages` with bad input: an invalid document is listed (stderr and index) while the others
# are used; --strict makes it a failure that writes nothing; an output path that cannot be a
# folder is a clear error (exit 2) that names it; an unknown option is a usage error (exit 2).
# Usage: pages_inputs.sh TALLY EXAMPLES_FOLDER
set -uo pipefail
tally="$1" examples="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/runs"
cp "$examples"/*.json "$work/runs/"
printf '{"schema": "tally.run/1", "run": ' > "$work/runs/truncated.json"

fail() { echo "pages_inputs: $*" >&2; exit 1; }

"$tally" pages --input "$work/runs" --branch main --output "$work/public" 2> "$work/stderr" ||
  fail "a run set with one invalid document should still build"
grep -q "truncated.json: /: not valid JSON" "$work/stderr" || fail "stderr does not name the invalid document"
grep -q "truncated.json" "$work/public/main/index.html" || fail "the index does not list the invalid document"
grep -q "3 runs" "$work/public/main/index.html" || fail "the valid documents were not all used"

"$tally" pages --strict --input "$work/runs" --branch main --output "$work/strict" 2>/dev/null
[ $? -eq 1 ] || fail "--strict with an invalid document should exit 1"
[ ! -e "$work/strict" ] || fail "--strict must not write a site"

touch "$work/file"
"$tally" pages --input "$examples" --branch main --output "$work/file/public" 2> "$work/stderr"
[ $? -eq 2 ] || fail "an output below a file should exit 2"
grep -q "$work/file" "$work/stderr" || fail "the error does not name the output path"

"$tally" pages --input "$examples" --output "$work/x" --no-such-option 2>/dev/null
[ $? -eq 2 ] || fail "an unknown option should exit 2"
echo "pages_inputs: invalid documents listed, --strict, unwritable output and usage errors behave"
