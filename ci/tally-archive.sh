# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2154 # $work and $tally are set by tally-history.sh, which sources this file
# The history archive of the url form (the GitLab Pages site): ARCHIVE, a .tar.gz of the documents
# <branch>/<commit>/*.json and of a manifest listing them, and ARCHIVE.sha256 beside it, whose hash
# is the published history's id. Sourced by tally-history.sh; never run.

history_format=1                   # tally.history/N: the manifest's format, raised with any change to it
manifest="tally-history.manifest" # in the archive: format, writer, number of documents, their sha256 sums

# archive_write DIR ARCHIVE: DIR's documents and their manifest, then ARCHIVE.sha256; each file is
# written beside its target and renamed over it, so a failure leaves the previous one whole.
archive_write() {
  local dir="$1" archive="$2" meta="$work/meta" version
  mkdir -p "$meta" "$(dirname "$archive")"
  (cd "$dir" && find . -name '*.json' -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum) > "$meta/sums"
  version="$("$tally" --version 2> /dev/null || echo unknown)"
  {
    echo "format tally.history/$history_format"
    echo "written_by $version"
    echo "documents $(wc -l < "$meta/sums")"
    cat "$meta/sums"
  } > "$meta/$manifest"
  tar -czf "$archive.partial" --exclude="./$fetched_record" -C "$dir" . -C "$meta" "./$manifest"
  (cd "$(dirname "$archive")" && sha256sum "$(basename "$archive.partial")" |
    sed 's/\.partial$//' > "$(basename "$archive").sha256.partial")
  mv -f "$archive.partial" "$archive"
  mv -f "$archive.sha256.partial" "$archive.sha256"
}

# archive_problem ARCHIVE SHA256_FILE INTO: extracts ARCHIVE into INTO and prints what is wrong with
# it (nothing when it is whole); SHA256_FILE may be empty (an archive of a tally without manifests).
archive_problem() {
  local archive="$1" sums="$2" into="$3" format listed found
  if [ -n "$sums" ] && [ "$(sha256sum < "$archive" | cut -d' ' -f1)" != "$(cut -d' ' -f1 "$sums")" ]; then
    echo "corrupt: its sha256 differs from the one published beside it (a truncated or damaged download)" && return
  fi
  tar -xzf "$archive" -C "$into" 2> "$work/tar.err" ||
    { echo "corrupt: not a readable .tar.gz ($(head -c 300 "$work/tar.err" | tr '\n' ' '))" && return; }
  if [ ! -f "$into/$manifest" ]; then
    say "warning: the history archive has no manifest (written by a tally before manifests): checked as a .tar.gz only"
    return
  fi
  format="$(sed -n 's|^format tally\.history/\([0-9]*\)$|\1|p' "$into/$manifest")"
  [ -n "$format" ] || { echo "corrupt: its manifest names no format" && return; }
  if [ "$format" -gt "$history_format" ]; then
    echo "newer: written by $(sed -n 's/^written_by //p' "$into/$manifest") in history format tally.history/$format;" \
      "this tally reads tally.history/$history_format: upgrade tally in the job's image" && return
  fi
  listed="$(sed -n 's/^documents //p' "$into/$manifest")"
  found="$(find "$into" -name '*.json' -type f | wc -l)"
  [ "$listed" = "$found" ] || { echo "corrupt: its manifest lists $listed documents, it holds $found" && return; }
  [ "$found" = 0 ] || (cd "$into" && grep -E '^[0-9a-f]{64}  ' "$manifest" | sha256sum -c --quiet --strict > "$work/sums.err" 2>&1) ||
    echo "corrupt: documents differ from its manifest: $(grep -v '^sha256sum: WARNING' "$work/sums.err" | head -3 | tr '\n' ' ')"
  rm -f "$into/$manifest"
}
