#!/usr/bin/env bash
# Builds the libFuzzer target for the npz/npy parser with clang in build-fuzz/ and runs it for
# a bounded time (seconds, default 120), starting from a corpus of generated and real files.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-120}
for package in clang libclang-rt-14-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="${missing:-} $package"
done
if [ -n "${missing:-}" ]; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTPUGRAPHS_FUZZ=ON -DTPUGRAPHS_BUILD_GUI=OFF -DTPUGRAPHS_BUILD_TORCH=OFF >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_npz
corpus=build-fuzz/corpus
mkdir -p "$corpus"
find ../shared/data -name '*.npz' -size -200k -exec cp {} "$corpus/" \; 2>/dev/null || true
build-fuzz/tests/fuzz/fuzz_npz "$corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=262144 -rss_limit_mb=2048
echo "fuzz: no finding in ${SECONDS_TO_RUN}s"
