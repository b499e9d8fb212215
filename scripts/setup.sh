#!/usr/bin/env bash
# Installs exactly the Debian packages kfix needs to build and test. Idempotent:
# when everything is present it only checks with dpkg and returns in well under a second.
set -euo pipefail

PKGS=(llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev llvm-22-tools
      libcurl4-openssl-dev nlohmann-json3-dev libzstd-dev zlib1g-dev ninja-build ccache
      cmake g++ python3 xz-utils libgtest-dev
      python3-torch libtorch-dev pybind11-dev python3-numpy
      libclang-rt-22-dev clang-format-22)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "kfix setup: all ${#PKGS[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
echo "kfix setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "kfix setup: done"
