#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally pages --power-profile`: with the example profile each experiment's dashboard shows the
# time-energy chart and every Global table its estimated energy rows, marked as a model estimate; a
# profile with a wrong field is an error (exit 2) that names the file and the field and writes no site.
# Usage: pages_power_profile.sh TALLY PROJECT_SOURCE_DIR
set -uo pipefail
tally="$1" root="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "pages_power_profile: $*" >&2; exit 1; }

"$tally" pages --input "$root/examples/runs" --branch main --output "$work/public" \
  --power-profile "$root/examples/energy/node-power.toml" 2> "$work/stderr" || fail "the site was not built: $(cat "$work/stderr")"
index="$work/public/main/index.html"
[ "$(grep -c 'class="pareto-chart"' "$index")" -ge 1 ] || fail "no time-energy chart on the index"
grep -q "energy: model estimate" "$index" || fail "the chart does not say its energy is a model estimate"
# The example runs measured no energy: every Global table has the estimate's rows, named so.
region_pages=("$work"/public/main/*/Global.html)
[ -e "${region_pages[0]}" ] || fail "no region page of Global"
for page in "${region_pages[@]}"; do
  grep -q "<th>Energy to solution (J), model estimate</th>" "$page" || fail "$page has no estimated energy row"
  ! grep -q "), measured</th>" "$page" || fail "$page has a measured row although no run measured energy"
done

printf 'schema = "tally.power/1"\n[node]\nidle_watts = -1\n[core]\nuseful_watts = 1\nwaiting_watts = 1\n' > "$work/bad.toml"
"$tally" pages --input "$root/examples/runs" --branch main --output "$work/refused" \
  --power-profile "$work/bad.toml" 2> "$work/stderr"
[ $? -eq 2 ] || fail "a wrong profile should exit 2"
grep -q "$work/bad.toml: /node/idle_watts: must be 0 or more, not -1" "$work/stderr" ||
  fail "the error does not name the file and field: $(cat "$work/stderr")"
[ ! -e "$work/refused" ] || fail "a wrong profile must not write a site"
"$tally" pages --input "$root/examples/runs" --output "$work/missing" --power-profile "$work/none.toml" 2> "$work/stderr"
[ $? -eq 2 ] || fail "a missing profile should exit 2"
grep -q "$work/none.toml: /: cannot open file" "$work/stderr" || fail "the error does not name the missing profile"
echo "pages_power_profile: ok"
