#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A demo-like site in a real browser: a history of 12 commits x 3 configurations x 3 repetitions
# with a tree of 12 regions (bench/generate_runs.py), Global's energy measured in the runs of every
# configuration but the largest, built by `tally pages` with the example node power profile (so the
# dashboard has its time-energy chart of measured energy, Global's page its energy along the commits,
# and the other regions' tables the estimate's rows); browser_layout.py then checks its index (the
# dashboard's 2 charts), Global's region page and a run page at 1280 px.
# Exit 77 (skipped) without chromium. With a third argument, the screenshots are kept there.
# Usage: browser_layout.sh TALLY PROJECT_SOURCE_DIR [SCREENSHOT_FOLDER]
set -euo pipefail
tally="$1" project="$2" screenshots="${3:-}"
if ! command -v chromium > /dev/null; then
  echo "browser_layout: SKIPPED: chromium is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$project/bench/generate_runs.py" "$work/runs" 12 3 3 12
/usr/bin/python3 - "$work/runs" << 'EOF'
import glob, json, sys
files = sorted(glob.glob(sys.argv[1] + "/**/*.json", recursive=True))
documents = [json.load(open(name)) for name in files]
largest = max(d["resources"]["ranks"] for d in documents)
for name, document in zip(files, documents):
    if document["resources"]["ranks"] == largest:
        continue
    for region in document["regions"]:
        if region["name"] == "Global":
            elapsed_ns = region["raw"]["elapsed_ns"]
            # 100 W plus 10 W a rank in the packages, 15 W in memory: µJ = W × ns / 1000.
            package = elapsed_ns * (100 + 10 * document["resources"]["ranks"]) // 1000
            region["energy"] = {"source": "measured", "domains_uj": {"package": package, "dram": elapsed_ns * 15 // 1000}}
    json.dump(document, open(name, "w"))
EOF
"$tally" pages --input "$work/runs" --branch main --output "$work/public" \
  --power-profile "$project/examples/energy/node-power.toml" 2> /dev/null
site="$work/public/main"
run_page="$(find "$site/runs" -name '*.html' | sort | head -1)"
/usr/bin/python3 "$project/tests/pages/browser_layout.py" ${screenshots:+--screenshots "$screenshots"} \
  "$site/index.html:2" "$site/strong-scaling/Global.html:3" "$run_page"
