#!/usr/bin/env bash
# Which training techniques help: trains the variants below with the `tpugraphs` CLI on the
# generated demo dataset (and on unet3d's held-out configs when the real sample data is there)
# and prints one line per variant with its best validation metric and wall time.
#   scripts/ablation.sh [OUT_DIR]            (default /tmp/tpugraphs-ablation)
# Env: CLI (default build/app/tpugraphs), DATA (default ../shared/data/tpugraphs), TILE_SEEDS
# (default "0 1 2"), LAYOUT_SEEDS (default "0"), TILE_STEPS (default 300), LAYOUT_STEPS
# (default 300).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-/tmp/tpugraphs-ablation}")
CLI=$(realpath "${CLI:-build/app/tpugraphs}")
DATA=$(realpath -m "${DATA:-../shared/data/tpugraphs}")
TILE_SEEDS=${TILE_SEEDS:-"0 1 2"}
LAYOUT_SEEDS=${LAYOUT_SEEDS:-"0"}
TILE_STEPS=${TILE_STEPS:-300}
LAYOUT_STEPS=${LAYOUT_STEPS:-300}
mkdir -p "$OUT"
DEMO="$OUT/demo"
[ -f "$DEMO/.tpugraphs-generated" ] ||
    "$CLI" generate --preset demo --collections tile:xla layout:xla:default --splits train valid \
        --out "$DEMO" >/dev/null 2>&1

# variant LABEL METRIC_COLUMN ARGS...: trains once per seed of $SEEDS; prints the mean best
# metric.
variant() {
    local label=$1 column=$2
    shift 2
    local sum=0 values="" start=$SECONDS
    for seed in $SEEDS; do
        rm -rf "$OUT/run"
        local best
        best=$("$CLI" train --quiet --seed "$seed" "$@" --out "$OUT/run" 2>/dev/null |
            awk -v c="$column" '/^best validation/ { for (i = 1; i < NF; ++i) if ($i == c) print $(i + 1) }')
        values="$values $best"
        sum=$(echo "$sum + $best" | bc -l)
    done
    local count
    count=$(echo $SEEDS | wc -w)
    printf '%-46s %-10s mean %.4f  (seeds:%s)  %4d s\n' "$label" "$column" \
        "$(echo "$sum / $count" | bc -l)" "$values" $((SECONDS - start))
}

SEEDS=$TILE_SEEDS
TILE=(--dataset "$DEMO" --collection tile:xla --steps "$TILE_STEPS" --validate-every 50)
variant "tile: late-join-sage, pairwise hinge" top5-score "${TILE[@]}" --model late-join-sage
variant "tile: late-join-sage, list-mle" top5-score "${TILE[@]}" --model late-join-sage --loss list-mle
variant "tile: late-join-sage, margin-ranking" top5-score "${TILE[@]}" --model late-join-sage --loss margin-ranking
variant "tile: late-join-sage, mse" top5-score "${TILE[@]}" --model late-join-sage --loss mse
variant "tile: late-join-sage, duplicates kept" top5-score "${TILE[@]}" --model late-join-sage --keep-duplicates
variant "tile: tile-mlp (no message passing)" top5-score "${TILE[@]}" --model tile-mlp
variant "tile: early-join-sage" top5-score "${TILE[@]}" --model early-join-sage

SEEDS=$LAYOUT_SEEDS
LAYOUT=(--dataset "$DEMO" --collection layout:xla:default --model layout-sage --steps "$LAYOUT_STEPS"
    --validate-every 100 --lr 2e-3)
variant "layout: layout-sage (all options on)" kendall "${LAYOUT[@]}"
variant "layout: no cross-config attention" kendall "${LAYOUT[@]}" --no-cross-attention
variant "layout: no channel attention" kendall "${LAYOUT[@]}" --no-channel-attention
variant "layout: producers only" kendall "${LAYOUT[@]}" --producers-only
variant "layout: pooled readout" kendall "${LAYOUT[@]}" --readout pooled
variant "layout: list-mle" kendall "${LAYOUT[@]}" --loss list-mle
variant "layout: not pruned" kendall "${LAYOUT[@]}" --no-prune

if [ -d "$DATA/npz" ]; then
    UNET=(--dataset "$DATA" --collection layout:xla:default --model layout-sage --only unet3d
        --holdout-configs 0.2 --steps 100 --validate-every 50)
    variant "unet3d held out: layout-sage" kendall "${UNET[@]}"
    variant "unet3d held out: no cross-config attention" kendall "${UNET[@]}" --no-cross-attention
fi
