#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Why lmp deadlocks at exit in the sanitizer build, reproduced without tally: the ASan runtime,
# preloaded, leaves glibc's locale lock with -1 readers, and one translated error message later
# (here a library that calls strerror() once at load, as libtally's counter probe does) p11-kit's
# destructor waits in freelocale() forever. Prints each case's exit status; 124 is a hang
# (killed after 20 s). By hand, not in ctest: the last case costs its 20 s.
# Usage: asan_locale_hang.sh [LMP]   (expected: 0, 0, 0, 124)
set -uo pipefail
lmp="${1:-lmp}"
asan="$(gcc -print-file-name=libasan.so)"
input="$(dirname "$0")/lj_melt.lmp"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/strerror_once.c" << 'EOF'
#include <errno.h>
#include <string.h>
__attribute__((constructor)) static void format_one_message(void) { (void)strerror(ENOENT); }
EOF
gcc -shared -fPIC -o "$work/libstrerror_once.so" "$work/strerror_once.c" || exit 2

# $1: what LD_PRELOAD holds, $2: the case's name.
run() {
  LD_PRELOAD="$1" ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0 timeout --kill-after=5 20 \
    "$lmp" -in "$input" -log none -screen none > /dev/null 2>&1
  echo "$2: exit $?"
}
run "" "lmp"
run "$work/libstrerror_once.so" "lmp, one strerror() at load"
run "$asan" "lmp under ASan"
run "$asan:$work/libstrerror_once.so" "lmp under ASan, one strerror() at load"
