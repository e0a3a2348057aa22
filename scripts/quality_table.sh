#!/usr/bin/env bash
# Quality on the generator's `realistic` preset, per collection, with the competition metrics on
# the held-out valid graphs at the last step over several seeds: the learned models (the demo
# targets' choices: layout-sage at --lr 2e-3, tile late-join-sage), the same models untrained
# (1 step at learning rate 0), ridge on one-hot config features (layout) and the oracle that
# ranks by the noiseless runtimes (the same dataset generated with --noise 0). Prints one row
# per collection.
#   scripts/quality_table.sh [OUT_DIR]            (default /tmp/tpugraphs-quality)
# Env: CLI (default build/app/tpugraphs), SEED (dataset seed, default 1), SEEDS (training seeds,
# default "0 1 2"), LAYOUT_STEPS (default 300), TILE_STEPS (default 600), COLLECTIONS (default:
# all five, tile and the default collections first), JOBS (runs at once, default 2, each on
# --threads THREADS, default 1: on a busy 2-core machine one run on 2 LibTorch threads was ~5x
# slower than two runs on 1 thread each).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-/tmp/tpugraphs-quality}")
CLI=$(realpath "${CLI:-build/app/tpugraphs}")
SEED=${SEED:-1}
SEEDS=${SEEDS:-"0 1 2"}
LAYOUT_STEPS=${LAYOUT_STEPS:-300}
TILE_STEPS=${TILE_STEPS:-600}
JOBS=${JOBS:-2}
THREADS=${THREADS:-1}
COLLECTIONS=${COLLECTIONS:-"tile:xla layout:xla:default layout:nlp:default layout:xla:random layout:nlp:random"}
mkdir -p "$OUT/results"
start=$SECONDS

# The dataset, and its valid split again without noise (for the oracle).
[ -f "$OUT/realistic/.tpugraphs-generated" ] ||
    "$CLI" generate --preset realistic --seed "$SEED" --splits train,valid \
        --out "$OUT/realistic" >/dev/null 2>&1
[ -f "$OUT/realistic-noiseless/.tpugraphs-generated" ] ||
    "$CLI" generate --preset realistic --seed "$SEED" --splits valid --noise 0 \
        --out "$OUT/realistic-noiseless" >/dev/null 2>&1
DATA="$OUT/realistic"

# run NAME COLLECTION ARGS...: trains into $OUT/runs/NAME unless its result exists, then writes
# the last checkpoint's valid metric (kendall or top-5 score) to $OUT/results/NAME.
run() {
    local name=$1 collection=$2 metric=kendall
    shift 2
    [ "$collection" = tile:xla ] && metric=top5-score
    [ -s "$OUT/results/$name" ] && return
    rm -rf "$OUT/runs/$name"
    "$CLI" --threads "$THREADS" train --quiet --dataset "$DATA" --collection "$collection" "$@" \
        --out "$OUT/runs/$name" >"$OUT/runs/$name.log" 2>&1 || return 0  # no result: a "-" below
    "$CLI" --threads "$THREADS" evaluate --run "$OUT/runs/$name" --split valid --last 2>/dev/null |
        awk -v m="$metric" '/^mean:/ { for (i = 1; i < NF; ++i) if ($i == m) print $(i + 1) }' \
            >"$OUT/results/$name"
}

# spawn ARGS...: `run ARGS...` in the background once fewer than JOBS runs are going.
spawn() {
    while [ "$(jobs -r | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
    run "$@" &
}
mkdir -p "$OUT/runs"
# Collection by collection, so that a stopped table has whole rows (results already written are
# kept: running it again goes on where it stopped).
for c in $COLLECTIONS; do
    if [ "$c" = tile:xla ]; then
        model=(--model late-join-sage) learned=() steps=$TILE_STEPS
    else
        model=(--model layout-sage) learned=(--lr 2e-3) steps=$LAYOUT_STEPS
    fi
    for seed in $SEEDS; do
        spawn "${c//:/_}-untrained-$seed" "$c" "${model[@]}" --steps 1 --lr 0 --seed "$seed"
        spawn "${c//:/_}-learned-$seed" "$c" "${model[@]}" "${learned[@]}" --steps "$steps" \
            --validate-every "$steps" --seed "$seed"
    done
done
wait
"$CLI" reference-scores --dataset "$DATA" --noiseless "$OUT/realistic-noiseless" \
    >"$OUT/reference.txt" 2>/dev/null

# stats NAME: "mean (min)" of the per-seed results of a run family ("n/N seeds" when runs failed).
stats() {
    cat "$OUT"/results/"$1"-* 2>/dev/null | awk -v n="$(echo $SEEDS | wc -w)" '
        NF { s += $1; k += 1; if (k == 1 || $1 < m) m = $1 }
        END { if (k == 0) printf "-"; else printf "%.3f (%.3f)%s", s / k, m,
              k < n ? sprintf(", %d/%d seeds", k, n) : "" }'
}
# reference COLLECTION METHOD_PREFIX: the mean column of a reference-scores row.
reference() {
    awk -v c="$1" -v p="$2" '$1 == c && index($0, p) { print $(NF - 2) }' "$OUT/reference.txt"
}

printf '\n| collection | learned, mean (min) of %d seeds | untrained, mean (min) | ridge on config one-hot | oracle (noiseless) | learned - ridge | learned / oracle |\n' \
    "$(echo $SEEDS | wc -w)"
printf '|---|---|---|---|---|---|---|\n'
for c in $COLLECTIONS; do
    learned=$(stats "${c//:/_}-learned")
    ridge=$(reference "$c" ridge)
    oracle=$(reference "$c" oracle)
    mean=${learned%% *}
    [ "$mean" = - ] && mean=0
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$c" "$learned" "$(stats "${c//:/_}-untrained")" \
        "${ridge:--}" "$oracle" \
        "$([ -n "$ridge" ] && echo "$mean - $ridge" | bc -l | xargs printf '%+.3f' || echo -)" \
        "$(echo "$mean / $oracle" | bc -l | xargs printf '%.2f')"
done
echo
echo "metric: tile top-5 score, layout Kendall tau-b; valid split of the realistic preset (seed $SEED);"
echo "learned: layout-sage $LAYOUT_STEPS steps at --lr 2e-3, tile late-join-sage $TILE_STEPS steps, last checkpoint;"
echo "wall time $((SECONDS - start)) s with $JOBS runs at once on --threads $THREADS"
