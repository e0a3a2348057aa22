#!/usr/bin/env bash
# Installs the missing Debian packages (root or sudo), then configures and builds (Release) in build/:
# everything, or only the targets given (`scripts/setup.sh tpugraphs-studio tpugraphs`).
# Re-running is fast: installed packages are skipped and the build is incremental. Says what it
# does at each stage (packages, configure, build N/M), so that a first run's wait reads as progress.
# Env: TPUGRAPHS_BUILD_DIR (default build), TPUGRAPHS_CMAKE_ARGS (extra CMake options, applied on
# every run, e.g. -DTPUGRAPHS_WERROR=ON), TPUGRAPHS_EXTRA_PACKAGES.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build: compilers, CMake, Qt 6, LibTorch, libzip, libdeflate, CLI11, nlohmann-json; help2man
# (man pages). Tests: xvfb (screenshots), python3-numpy (numpy reads what we write),
# python3-scipy (how the Kendall test's expected values were computed), python3-torch (the
# Python reference of `bench train`); dpkg-dev, file, desktop-file-utils, appstream, lintian (the
# package test: cpack's dependency computation, the desktop entry and AppStream checks, lintian).
# libgloo-dev: LibTorch's Gloo backend for distributed training. pybind11-dev, python3-dev: the
# Python module (`import tpugraphs`); python3-pytest, python3-matplotlib, jupyter-nbconvert,
# python3-nbconvert, python3-ipykernel: its tests and the example notebook; clang-format: the format
# check CI runs (scripts/format_check.sh). ccache is used when present.
PACKAGES=(build-essential cmake ninja-build pkg-config help2man
          qt6-base-dev qt6-charts-dev libqt6opengl6-dev libtorch-dev libopenblas0-pthread libgloo-dev
          libzip-dev libcli11-dev nlohmann-json3-dev libdeflate-dev
          xvfb xauth python3-numpy python3-scipy python3-torch
          pybind11-dev python3-dev python3-pytest python3-matplotlib
          jupyter-nbconvert python3-nbconvert python3-ipykernel
          dpkg-dev file desktop-file-utils appstream lintian clang-format
          ${TPUGRAPHS_EXTRA_PACKAGES:-})

# Reads apt's status lines (APT::Status-Fd) and prints one line per 10 % of downloading and of
# installing.
apt_progress() {
    awk -F: '{
        stage = $1 == "dlstatus" ? "downloading" : "installing"
        percent = int($3 / 10) * 10
        if (stage != last || percent > shown) {
            printf "setup: packages: %s %3d %% (%s)\n", stage, percent, $4
            fflush(); last = stage; shown = percent
        }
    }'
}

missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: packages: installing ${#missing[@]} missing Debian packages and their dependencies" \
         "(a few minutes on a fresh machine): ${missing[*]}"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
          -o APT::Status-Fd=3 "${missing[@]}" 3>&1 1>/dev/null | apt_progress; } 2>&1
else
    echo "setup: packages: all ${#PACKAGES[@]} present"
fi

BUILD_DIR=${TPUGRAPHS_BUILD_DIR:-build}
# shellcheck disable=SC2086  # TPUGRAPHS_CMAKE_ARGS holds several words on purpose
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
    echo "setup: configure: cmake -S . -B $BUILD_DIR (Release) ${TPUGRAPHS_CMAKE_ARGS:-}"
    mkdir -p "$BUILD_DIR"
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release ${TPUGRAPHS_CMAKE_ARGS:-} \
          >"$BUILD_DIR/configure.log" 2>&1 || { cat "$BUILD_DIR/configure.log"; exit 1; }
elif [ -n "${TPUGRAPHS_CMAKE_ARGS:-}" ]; then
    echo "setup: configure: $BUILD_DIR with ${TPUGRAPHS_CMAKE_ARGS}"
    cmake -S . -B "$BUILD_DIR" ${TPUGRAPHS_CMAKE_ARGS} >"$BUILD_DIR/configure.log" 2>&1 ||
        { cat "$BUILD_DIR/configure.log"; exit 1; }
fi

targets=()
[ $# -gt 0 ] && targets=(--target "$@")
# Ninja prints [done/total] before each step; the size of the whole build comes first (from
# ninja's list of commands: a dry run stops at CMake's glob check, which it cannot run).
steps=$(ninja -C "$BUILD_DIR" -t commands "$@" 2>/dev/null | wc -l || true)
echo "setup: build${*:+ of $*}: $steps steps in all on $(nproc) cores (those left to do are counted below)"
if [ ! -f "$BUILD_DIR/.ninja_log" ]; then  # nothing built here yet
    echo "setup: build: a first build takes minutes (LibTorch sources take 10-30 s each); the" \
         "[done/total] count is its progress"
fi
NINJA_STATUS="setup: build [%f/%t, %es] " cmake --build "$BUILD_DIR" "${targets[@]}" -j "$(nproc)"
