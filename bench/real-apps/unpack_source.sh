# shellcheck shell=bash
# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the build scripts of bench/real-apps: unpack_source SOURCE URL NAME WORK SCRIPT puts the
# source tree of NAME in WORK/NAME, from SOURCE: "clone" (a shallow clone of URL), a clone, or a bare
# git directory; SCRIPT names the caller in messages. Exits 2 when SOURCE is none of these.
unpack_source() {
  local source="$1" url="$2" name="$3" work="$4" script="$5"
  if [ "$source" = clone ]; then
    git clone --depth 1 "$url" "$work/$name"
  elif [ -d "$source/.git" ]; then
    git -C "$source" archive --prefix="$name/" HEAD | tar -x -C "$work"
  elif git --git-dir="$source" rev-parse HEAD >/dev/null 2>&1; then
    git --git-dir="$source" archive --prefix="$name/" HEAD | tar -x -C "$work"
    echo "$script: $name $(git --git-dir="$source" log -1 --format='%h of %cs')"
  else
    echo "$script: $source is neither a $name clone nor a git directory (or \"clone\")" >&2
    exit 2
  fi
}
