#!/usr/bin/env bash
# Takes the explorer screenshots of the documentation under Xvfb (1600x1000), reproducibly, with
# the tpugraphs-screenshot tool (app/tools):
#   scripts/screenshots.sh [OUT_DIR]        (default /tmp/screens)
# Env: SCREENSHOT (the tool; default build/app/tpugraphs-screenshot), DATA (the real sample
# dataset; default ../shared/data/tpugraphs). Settings and the demo dataset go to a private HOME
# under OUT_DIR, so the user's own settings are neither read nor changed.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-/tmp/screens}")
SCREENSHOT=$(realpath "${SCREENSHOT:-build/app/tpugraphs-screenshot}")
DATA=$(realpath -m "${DATA:-../shared/data/tpugraphs}")
mkdir -p "$OUT/home"
export HOME="$OUT/home" XDG_CONFIG_HOME="$OUT/home/config" XDG_CACHE_HOME="$OUT/home/cache"

shot() {  # shot NAME ARGS...: one run of the app that saves NAME.png and quits
    local name=$1
    shift
    xvfb-run -a -s "-screen 0 1600x1000x24" "$SCREENSHOT" --size 1600x1000 \
        --out "$OUT/$name.png" "$@"
}

# The embedded demo dataset (generated into the cache on the first run) as it opens: the graph
# the explorer selects first.
shot demo --demo
shot demo-collection --demo --tab collection
if [ -d "$DATA/npz" ]; then
    BIG=layout:nlp:default/test/3a0c5517a87df8d82fd637b83298a3ba
    shot nlp-fitted "$DATA" --graph "$BIG"                         # 21,918 nodes, fitted
    shot nlp-zoomed "$DATA" --graph "$BIG" --node 10958 --zoom 0.6  # zoomed on a node
    shot graph-minimap "$DATA" --graph "$BIG" --zoom 3           # part in view: overview map
    shot nlp-neighbours "$DATA" --graph "$BIG" --view neighbours  # 2,850 nodes, packed
    shot collapsed "$DATA" --graph openai_v0_rnn_optimized --view collapsed  # 4 computations
    shot inspector "$DATA" --graph unet3d --node 235 --config 0     # configurable convolution
    shot graph-shapes-close "$DATA" --graph unet3d --node 235 --zoom 2  # shapes on labels, edges
    shot explorer-split-1366 "$DATA" --graph unet3d --tab compare --compare-split \
        --size 1366x768  # the split view's panes at 1366x768 (the last --size counts)
    shot runtimes "$DATA" --graph unet3d --tab runtimes --log --feature output_layout_1
    shot runtimes-tile "$DATA" --graph inception_v3_batch_128_train_426e203f19335d17 \
        --tab runtimes --feature output_bounds_product
else
    echo "screenshots: $DATA absent, real-data screenshots skipped" >&2
fi
ls -l "$OUT"/*.png
