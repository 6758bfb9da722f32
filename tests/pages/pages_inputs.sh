#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally pages` with bad input: an invalid document is listed (stderr and index) while the others
# are used; --strict makes it a failure that writes nothing; an output path that cannot be a
# folder is a clear error (exit 2) that names it; an unknown option is a usage error (exit 2); a
# missing input, a folder without documents and one whose documents are all invalid are errors
# (exit 2) that name the path and write no site, since an empty site would replace a good one.
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
# $1: what the input is; the rest: the inputs. Each must exit 2, name the bad input, write nothing.
refused() {
  local what="$1" named="${*: -1}"
  shift
  local arguments=()
  for input in "$@"; do arguments+=(--input "$input"); done
  "$tally" pages "${arguments[@]}" --branch main --output "$work/refused" 2> "$work/stderr"
  [ $? -eq 2 ] || fail "$what should exit 2"
  grep -qF "$named" "$work/stderr" || fail "the error about $what does not name $named"
  [ ! -e "$work/refused" ] || fail "$what must not write a site"
}
refused "a missing input folder" "$work/no/such/folder"
refused "a missing folder beside a good one" "$examples" "$work/no/such/folder"
mkdir -p "$work/empty/sub"
touch "$work/empty/sub/notes.txt"
refused "a folder without documents" "$work/empty"
mkdir -p "$work/corrupt"
cp "$work/runs/truncated.json" "$work/corrupt/"
refused "a folder whose documents are all invalid" "$work/corrupt"
grep -q "none of the 1 document(s) is valid" "$work/stderr" || fail "the error does not say no document is valid"

echo "pages_inputs: invalid documents listed, --strict, unwritable output, usage errors and empty inputs behave"
