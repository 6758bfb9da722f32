#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# tally report, validate, pages and gate on hostile documents: nesting a million levels deep and a
# file over the size limit are refused with the file and the problem named (non-zero exit, no
# crash); region names of every Unicode class and control reach the text report and the gate's
# Markdown with their controls made visible, the site with everything escaped and the JUnit file
# well-formed; a run whose wall clock went backwards is read and shown.
# Usage: hostile_documents.sh TALLY PROJECT_SOURCE_DIR
set -euo pipefail
tally="$1" project="$2"
example="$project/examples/runs/jacobi_4ranks_2nodes.json"
generate="$project/tests/cli/hostile_documents.py"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "hostile_documents: FAILED: $*" >&2
  exit 1
}
# run EXPECTED_EXIT NAME tally-arguments...: stdout in $work/NAME.out, stderr in $work/NAME.err
run() {
  local expected="$1" name="$2" status=0
  shift 2
  timeout 120 "$tally" "$@" > "$work/$name.out" 2> "$work/$name.err" || status=$?
  [ "$status" = "$expected" ] || fail "$name: exit $status, not $expected: $(head -c 2000 "$work/$name.err")"
}
# history NAME DOCUMENT...: a history folder of one branch, each document its own commit, a day apart
history() {
  local name="$1" day=1 document
  shift
  for document in "$@"; do
    python3 - "$document" "$work/$name/main" "$day" << 'PYTHON'
import json, os, sys
document, folder, day = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])
commit = "%040x" % day
document["source"].update(commit=commit, commit_time="2026-01-%02dT00:00:00Z" % day, branch="main")
document["run"]["id"] = "run-%d" % day
os.makedirs(os.path.join(folder, commit))
json.dump(document, open(os.path.join(folder, commit, "run.json"), "w"))
PYTHON
    day=$((day + 1))
  done
}
raw_controls() { # files under $1 holding a C0 control other than tab, LF, CR, or DEL, or a C1 control
  python3 - "$1" << 'PYTHON'
import os, re, sys
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        text = open(os.path.join(root, name), encoding="utf-8", errors="strict").read()
        if re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", text):
            print(os.path.join(root, name))
PYTHON
}

# Nesting: a million levels, refused by each command with the file named.
python3 "$generate" "$example" deep "$work/deep.json" 1000000
run 2 report-deep report "$work/deep.json"
grep -qF "$work/deep.json: /: arrays and objects nested deeper than 64 levels; not read" "$work/report-deep.err" ||
  fail "report of a deep document: $(cat "$work/report-deep.err")"
run 1 validate-deep validate "$work/deep.json"
grep -qF "$work/deep.json: /: arrays and objects nested deeper than 64 levels" "$work/validate-deep.out" ||
  fail "validate of a deep document: $(cat "$work/validate-deep.out")"

# Size: 200 MiB (a sparse file), refused before it is read.
printf '{' > "$work/large.json" && truncate -s 200M "$work/large.json"
run 2 report-large report "$work/large.json"
grep -qF "$work/large.json: /: 209715200 bytes, larger than the 128 MiB a JSON file may have; not read" \
  "$work/report-large.err" || fail "report of a large document: $(cat "$work/report-large.err")"

# A site of a branch whose only documents are the deep and the large one fails, naming both.
mkdir -p "$work/broken/main/1" "$work/broken/main/2"
cp "$work/deep.json" "$work/broken/main/1/run.json" && cp --sparse=always "$work/large.json" "$work/broken/main/2/run.json"
run 2 pages-broken pages --input "$work/broken/main" --branch main --output "$work/broken-site"
grep -q "nested deeper than 64" "$work/pages-broken.err" && grep -q "larger than the 128 MiB" "$work/pages-broken.err" ||
  fail "pages of deep and large documents: $(cat "$work/pages-broken.err")"

# Names of every class: 13 hostile regions under Global, in the text report with controls shown.
python3 "$generate" "$example" names "$work/names.json"
run 0 report-names report "$work/names.json"
[ "$(grep -c '^Region ' "$work/report-names.out")" = 14 ] || fail "the report does not list the 14 regions"
grep -qF 'Region controls \x01\x02' "$work/report-names.out" || fail "controls in a name are not made visible"
grep -qF 'Region bidi \u{202E}gnp.exe' "$work/report-names.out" || fail "a bidirectional override is not made visible"
grep -qF "Region astral $(printf '\xf0\x9f\x98\x80')" "$work/report-names.out" || fail "an emoji was not kept"
[ -z "$(raw_controls "$work/report-names.out")" ] || fail "the text report holds raw controls"

# The site and the gate over two commits: the example, then the hostile names.
history names "$example" "$work/names.json"
run 0 pages-names pages --input "$work/names/main" --branch main --output "$work/site"
! grep -rqF "<script>alert" "$work/site" || fail "a region name reached the site's HTML unescaped"
! grep -rqF "</title></svg>" "$work/site" || fail "a region name closed an element of the site"
[ -z "$(raw_controls "$work/site")" ] || fail "the site holds raw controls: $(raw_controls "$work/site")"
run 0 gate-names gate --input "$work/names/main" --candidate "$(printf '%040x' 2)" --markdown "$work/gate.md" \
  --junit "$work/gate.xml"
[ -z "$(raw_controls "$work/gate.md")" ] || fail "the gate's Markdown holds raw controls"
python3 -c 'import sys, xml.etree.ElementTree as tree; tree.parse(sys.argv[1])' "$work/gate.xml" ||
  fail "the JUnit file is not well-formed XML"

# A run whose wall clock went backwards (it ends before it starts, its timeline holds more time than
# the clock had): read, reported and shown, its times as written.
python3 "$generate" "$example" backwards "$work/backwards.json"
run 0 report-backwards report "$work/backwards.json"
history backwards "$work/backwards.json"
run 0 pages-backwards pages --input "$work/backwards/main" --branch main --output "$work/backwards-site"
grep -rqF "2026-11-22T00:52:09Z" "$work/backwards-site/main/runs" || fail "the run's end time is not shown"
echo "hostile_documents: deep and large refused naming the file; hostile names escaped; a backwards clock shown"
