#!/usr/bin/env bash
# Installs the missing Debian packages (root or sudo), then configures and builds (Release) in build/.
# Re-running is fast: installed packages are skipped and the build is incremental.
# Env: TPUGRAPHS_BUILD_DIR (default build), TPUGRAPHS_CMAKE_ARGS (extra CMake options, applied on
# every run, e.g. -DTPUGRAPHS_WERROR=ON), TPUGRAPHS_EXTRA_PACKAGES.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build: compilers, CMake, Qt 6, LibTorch, libzip, libdeflate, CLI11, nlohmann-json. Tests:
# xvfb (screenshots), python3-numpy (numpy reads what we write), python3-scipy (how the Kendall
# test's expected values were computed), python3-torch (the Python reference of `bench train`).
# libgloo-dev: LibTorch's Gloo backend for distributed training. ccache is used when present.
PACKAGES=(build-essential cmake ninja-build pkg-config
          qt6-base-dev qt6-charts-dev libqt6opengl6-dev libtorch-dev libopenblas0-pthread libgloo-dev
          libzip-dev libcli11-dev nlohmann-json3-dev libdeflate-dev
          xvfb xauth python3-numpy python3-scipy python3-torch ${TPUGRAPHS_EXTRA_PACKAGES:-})

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
# shellcheck disable=SC2086  # TPUGRAPHS_CMAKE_ARGS holds several words on purpose
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release ${TPUGRAPHS_CMAKE_ARGS:-}
elif [ -n "${TPUGRAPHS_CMAKE_ARGS:-}" ]; then
    cmake -S . -B "$BUILD_DIR" ${TPUGRAPHS_CMAKE_ARGS}
fi
cmake --build "$BUILD_DIR" -j "$(nproc)"
