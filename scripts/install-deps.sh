#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs every build and test dependency of tally from Debian packages by name.
# Idempotent: when everything is present it only checks and returns.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  gfortran clang clang-format clang-tidy libomp-dev shellcheck flake8
  openmpi-bin libopenmpi-dev
  nlohmann-json3-dev libgit2-dev libgtest-dev libgmock-dev
  libkainjow-mustache-dev libcli11-dev libtomlplusplus-dev
  python3 python3-jsonschema python3-pil python3-yaml bc
  chromium
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
