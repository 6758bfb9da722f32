#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The run document's size does not grow with the number of ranks (without per-rank detail):
# runs of the same program at 1 and 4 ranks differ by a few bytes of changed digits only.
# Usage: document_size.sh PRELOAD PROGRAM MPIRUN...
set -euo pipefail
preload="$1" program="$2"
shift 2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for ranks in 1 4; do
  LD_PRELOAD="$preload" TALLY_OUTPUT="$work/$ranks" timeout 120 "$@" -np "$ranks" "$program" 2 2 >/dev/null
done
small="$(wc -c < "$(ls "$work"/1/*.json)")"
large="$(wc -c < "$(ls "$work"/4/*.json)")"
echo "document size: $small bytes at 1 rank, $large bytes at 4 ranks"
[ $((large - small)) -lt 200 ] && [ $((small - large)) -lt 200 ]
