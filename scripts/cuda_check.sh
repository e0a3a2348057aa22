#!/usr/bin/env bash
# The GPU check in one run, for a machine lent with an NVIDIA GPU and no package registry:
# builds core and the CLI (no Qt) against the CUDA LibTorch of the Python environment's torch
# wheel, then measures layout training on the GPU (configs/s, utilisation, the GPU's own GEMM
# rate, where the time goes) beside the same machine's CPU cores. docs/TRAINING.md#gpu-cuda-builds
#
# Usage: scripts/cuda_check.sh OUT DATA [DEBS] [LARGE.npz]
#   OUT    folder for summary.txt and logs.tgz (every log, GPU sample file and Chrome trace)
#   DATA   a dataset root holding the real sample files (a copy of ../shared/data/tpugraphs)
#   DEBS   Debian packages (`apt-get download libzip-dev libzip4 libdeflate-dev libdeflate0
#          libcli11-dev nlohmann-json3-dev pkgconf pkgconf-bin libpkgconf3`), unpacked into a
#          private prefix when the machine lacks them
#   LARGE  a larger layout graph, e.g. from `tpugraphs generate --preset custom`
# BUILD_DIR=DIR builds there and keeps it (a second run rebuilds only what changed); by default
# the build goes to a temporary folder that is removed.
set -uo pipefail
top=$(realpath -m "$1") data=$(realpath "$2") debs=${3:+$(realpath "$3")} large=${4:+$(realpath "$4")}
out=$top/logs
mkdir -p "$out"
work=$(mktemp -d)
summary=$top/summary.txt
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

say "== machine"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$summary"
python3 -c 'import torch; print("torch", torch.__version__, "CUDA", torch.version.cuda)' |
    tee -a "$summary"
say "cores $(nproc); $(g++ --version | head -1); $(cmake --version | head -1)"

build=${BUILD_DIR:-$work/build}
# What the build needs from Debian and this machine lacks, in a private prefix.
prefix=$build/prefix
if [ -n "$debs" ]; then
    mkdir -p "$prefix"
    for f in "$debs"/*.deb; do dpkg -x "$f" "$prefix"; done
    lib=$prefix/usr/lib/x86_64-linux-gnu
    for pc in "$lib"/pkgconfig/*.pc; do
        sed -i -e "s#^prefix=/usr#prefix=$prefix/usr#" -e "s#^libdir=.*#libdir=$lib#" \
            -e "s#^includedir=/usr/include#includedir=$prefix/usr/include#" "$pc"
    done
    export PKG_CONFIG_PATH=$lib/pkgconfig LD_LIBRARY_PATH=$lib:${LD_LIBRARY_PATH:-}
    export LIBRARY_PATH=$lib
    command -v pkg-config >/dev/null || export PKG_CONFIG=$prefix/usr/bin/pkgconf
fi

say "== build"
torch_prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
start=$(date +%s)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTPUGRAPHS_BUILD_GUI=OFF \
    -DTPUGRAPHS_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$torch_prefix;$prefix/usr" \
    ${PKG_CONFIG:+-DPKG_CONFIG_EXECUTABLE=$PKG_CONFIG} >"$out/configure.log" 2>&1 ||
    { tail -30 "$out/configure.log"; say "configure failed"; exit 1; }
ninja -C "$build" -k 0 tpugraphs tpugraphs-dev >"$out/build.log" 2>&1 ||
    grep -E -A12 "error|FAILED" "$out/build.log" | head -80
say "build: $(($(date +%s) - start)) s; $(ls "$build"/app/tpugraphs "$build"/app/tpugraphs-dev 2>/dev/null | wc -l) of 2 programs"
cli=$build/app/tpugraphs dev=$build/app/tpugraphs-dev
[ -x "$cli" ] && ldd "$cli" | grep -E "gomp|omp" | tee -a "$summary"

# Runs `name command...` with the GPU's utilisation and memory sampled every 100 ms; the log's
# result lines and the samples' mean utilisation and peak memory go to the summary.
sampled() {
    local name=$1
    shift
    nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader,nounits -lms 100 \
        >"$out/gpu-$name.csv" &
    local sampler=$!
    timeout 150 "$@" >"$out/$name.log" 2>&1
    local rc=$?
    kill $sampler 2>/dev/null
    wait $sampler 2>/dev/null
    say "== $name (exit $rc): $*"
    grep -E "configs/s|kendall|error|Error" "$out/$name.log" | tail -4 | tee -a "$summary"
    sed -n '/profile over/,/CPU operators/p' "$out/$name.log" | head -14 | tee -a "$summary"
    awk -F', ' '{n++; u+=$1; if ($1>0) busy++; if ($2>m) m=$2}
        END {if (n) printf "nvidia-smi: %d samples, mean utilisation %.0f%%, non-zero in %.0f%%, peak memory %d MiB\n", n, u/n, 100*busy/n, m}' \
        "$out/gpu-$name.csv" | tee -a "$summary"
}

[ -x "$dev" ] || { say "no tpugraphs-dev: stopping"; exit 1; }
npz=$data/npz/layout
nlp=$npz/nlp/default/test/3a0c5517a87df8d82fd637b83298a3ba.npz
nlp_random=$npz/nlp/random/test/23559853d9702baaaacbb0c83fd32266.npz
unet=$npz/xla/default/train/unet3d.npz
sampled nlp-cuda "$dev" bench train --graph "$nlp" --device cuda --steps 40
sampled nlp-cuda-profile "$dev" bench train --graph "$nlp" --device cuda --steps 20 --profile \
    --trace "$out/trace-nlp"
sampled nlp-pair-cuda "$dev" bench train --graph "$nlp" --graph "$nlp_random" --batch-graphs 2 \
    --device cuda --steps 40
sampled unet3d-cuda "$dev" bench train --graph "$unet" --device cuda --steps 40
sampled nlp-cpu "$dev" bench train --graph "$nlp" --device cpu --steps 12
if [ -n "$large" ]; then
    sampled large-cuda "$dev" bench train --graph "$large" --device cuda --steps 40
    sampled large-cuda-profile "$dev" bench train --graph "$large" --device cuda --steps 12 \
        --profile --trace "$out/trace-large"
    sampled large-cpu "$dev" bench train --graph "$large" --device cpu --steps 8
fi
if [ -x "$cli" ]; then
    "$cli" generate --out "$work/demo" >"$out/demo-generate.log" 2>&1
    for device in cuda cpu; do
        sampled demo-$device "$cli" train --dataset "$work/demo" --collection layout:xla:default \
            --device $device --steps 60 --out "$work/run-demo-$device"
    done
fi
gzip -f "$out"/trace-*.json 2>/dev/null
tar czf "$top/logs.tgz" -C "$top" logs && rm -rf "$out"
rm -rf "$work"
