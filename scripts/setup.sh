#!/usr/bin/env bash
# Installs the missing Debian packages (root or sudo), then configures and builds (Release) in build/.
# Re-running is fast: installed packages are skipped and the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(build-essential cmake ninja-build pkg-config
          qt6-base-dev qt6-charts-dev libqt6opengl6-dev libtorch-dev libopenblas0-pthread
          libzip-dev libcli11-dev nlohmann-json3-dev libdeflate-dev libgloo-dev
          xvfb xauth imagemagick python3-numpy python3-scipy python3-torch
          ${TPUGRAPHS_EXTRA_PACKAGES:-})

missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BUILD_DIR=${TPUGRAPHS_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$BUILD_DIR" -j "$(nproc)"
