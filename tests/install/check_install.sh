#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the build into a temporary prefix, then builds the consumer project against it with
# find_package(tally) and a C++ file with pkg-config, and runs both on an example document.
# Usage: check_install.sh BUILD_DIR SOURCE_DIR EXAMPLE_DOCUMENT
set -euo pipefail
build_dir="$1" source_dir="$2" example="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/tally"
test -f "$work/prefix/share/tally/schemas/run.v1.schema.json"
# The installed tally finds its installed templates: a site builds from the prefix alone.
"$work/prefix/bin/tally" pages --input "$example" --branch main --output "$work/public" 2>/dev/null
test -f "$work/public/main/index.html"

cmake -S "$source_dir/tests/install/consumer" -B "$work/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
  >"$work/consumer.log"
# The package names the preload library of each MPI family (the consumer prints them), as pkg-config does.
cmake_families="$(sed -n 's/^-- tally preload library of \([a-z]*\): .*/\1/p' "$work/consumer.log" | tr '\n' ' ')"
cmake --build "$work/consumer" >/dev/null
cmake_regions="$("$work/consumer/count_regions" "$example")"

export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig"
# shellcheck disable=SC2046 # the flags are a list
c++ -o "$work/count_regions_pc" "$source_dir/tests/install/consumer/count_regions.cpp" $(pkg-config --cflags --libs tally-model)
pkg_config_regions="$("$work/count_regions_pc" "$example")"
pkg_config_families=""
for family in $(pkg-config --variable=mpi_families tally); do
  test -f "$(pkg-config --variable="preload_$family" tally)"
  pkg_config_families+="$family "
done
if [ "$cmake_families" != "$pkg_config_families" ]; then
  echo "MPI families differ: find_package gave [$cmake_families], pkg-config gave [$pkg_config_families]" >&2
  exit 1
fi
# Existing users' LD_PRELOAD=.../libtally.so: the first family's library.
test -L "$work/prefix/lib/libtally.so" || test -L "$work/prefix/lib/x86_64-linux-gnu/libtally.so"

# The region API from C through tally.pc: the program links and its region gets a handle.
printf '#include <tally.h>\nint main(void) { return tally_region_register("solve") < 0; }\n' > "$work/region.c"
# shellcheck disable=SC2046 # the flags are a list
cc -o "$work/region" "$work/region.c" $(pkg-config --cflags --libs tally)
LD_LIBRARY_PATH="$(pkg-config --variable=libdir tally)" TALLY_OUTPUT="$work/runs" "$work/region"

# The stand-in through tally-api.pc: without libtally.so preloaded, regions do nothing and a query
# says "not measured" (1).
printf '#include <tally.h>\nint main(void) { tally_measures m = {.size = sizeof m}; tally_region_t r = tally_region_register("solve");\n  tally_region_start(r); tally_region_stop(r); return tally_region_measures(r, &m) == TALLY_NOT_MEASURED ? 0 : 1; }\n' > "$work/standin.c"
# shellcheck disable=SC2046 # the flags are a list
cc -o "$work/standin" "$work/standin.c" $(pkg-config --cflags --libs tally-api)
LD_LIBRARY_PATH="$(pkg-config --variable=libdir tally-api)" "$work/standin"

expected="$(/usr/bin/python3 -c 'import json,sys; print("\n".join(r["name"] for r in json.load(open(sys.argv[1]))["regions"]))' "$example")"
if [ "$cmake_regions" != "$expected" ] || [ "$pkg_config_regions" != "$expected" ]; then
  echo "region names differ: expected [$expected], find_package gave [$cmake_regions], pkg-config gave [$pkg_config_regions]" >&2
  exit 1
fi
echo "install: find_package(tally) and pkg-config both read $(echo "$expected" | wc -l) regions and name the preload" \
  "libraries of the MPI families [$cmake_families]"
