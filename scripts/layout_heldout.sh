#!/usr/bin/env bash
# Layout quality on graphs no run saw: trains layout-sage on the demo of generator seed 7 with the
# given options, once per training seed, and prints per seed the Kendall tau at the last step on
# the demo's own valid split and on the valid splits of the demos of seeds 8-11 (16 graphs), and
# their mean. The ablation table of docs/TRAINING.md is one call per variant, e.g.
#   scripts/layout_heldout.sh dropout0.1 --steps 300 --lr 2e-3 --dropout 0.1
# Env: CLI (default build/app/tpugraphs), OUT (default /tmp/tpugraphs-heldout), SEEDS (default
# "0 1 2"), DEVICE (default cpu; cuda with a CUDA build).
set -euo pipefail
cd "$(dirname "$0")/.."
CLI=$(realpath "${CLI:-build/app/tpugraphs}")
OUT=$(realpath -m "${OUT:-/tmp/tpugraphs-heldout}")
SEEDS=${SEEDS:-"0 1 2"}
DEVICE=${DEVICE:-cpu}
name=$1
shift
for seed in 7 8 9 10 11; do
    splits="valid"
    [ "$seed" = 7 ] && splits="train valid"
    [ -f "$OUT/demo$seed/.tpugraphs-generated" ] ||
        "$CLI" generate --preset demo --seed "$seed" --collections layout:xla:default \
            --splits $splits --out "$OUT/demo$seed" >/dev/null 2>&1
done
for seed in $SEEDS; do
    run="$OUT/runs/$name-$seed"
    rm -rf "$run"
    "$CLI" train --dataset "$OUT/demo7" --collection layout:xla:default --model layout-sage \
        --seed "$seed" --device "$DEVICE" --quiet --out "$run" "$@" >"$run.log" 2>&1
    steps=$(grep -o '"steps": *[0-9]*' "$run/options.json" | grep -o '[0-9]*$')
    valid=$("$CLI" evaluate --run "$run" --last --device "$DEVICE" | awk '/^mean/ {print $3}')
    heldout=""
    for d in 8 9 10 11; do
        heldout="$heldout $("$CLI" evaluate --run "$run" --dataset "$OUT/demo$d" --split valid \
            --last --device "$DEVICE" | awk '/^mean/ {print $3}')"
    done
    echo "$name seed $seed ($steps steps): valid $valid held-out$heldout" |
        awk '{s = 0; for (i = NF - 3; i <= NF; i++) s += $i; printf "%s  mean %.4f\n", $0, s / 4}'
done
