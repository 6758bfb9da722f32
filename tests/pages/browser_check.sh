#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A real browser renders the site: headless Chromium takes screenshots of the index and of a
# region page; each must show something (not a blank page) and the browser must report no
# console message (the pages have no script, so any message is a broken resource or markup).
# Usage: browser_check.sh TALLY EXAMPLES_FOLDER
set -euo pipefail
tally="$1" examples="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$tally" pages --input "$examples" --branch main --output "$work/public" 2>/dev/null

shoot() { # shoot PAGE NAME
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$work/profile-$2" --window-size=1280,1600 \
    --enable-logging=stderr --v=0 --screenshot="$work/$2.png" "file://$1" 2> "$work/$2.log" >/dev/null
  if grep -i "CONSOLE" "$work/$2.log"; then
    echo "browser_check: console messages on $1" >&2
    exit 1
  fi
  /usr/bin/python3 - "$work/$2.png" <<'PYTHON'
import sys
from PIL import Image
image = Image.open(sys.argv[1]).convert("RGB")
colours = image.getcolors(maxcolors=1 << 20)
non_white = sum(count for count, colour in colours if colour != (255, 255, 255))
assert len(colours) > 20, "the page looks blank: %d colours" % len(colours)
assert non_white > 0.01 * image.width * image.height, "the page is almost empty"
print("browser_check: %s renders %dx%d with %d colours" % (sys.argv[1], image.width, image.height, len(colours)))
PYTHON
}
shoot "$work/public/main/index.html" index
region="$(find "$work/public/main" -name 'Global.html' | head -1)"
shoot "$region" region
