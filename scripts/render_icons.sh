#!/usr/bin/env bash
# Renders the app icon's PNG sizes (resources/icons/hicolor/NxN/apps/) from its SVGs: the small
# drawing (16-pixel grid, no pins) for 16 and 24 px, the full one above. The PNGs are committed;
# re-run after editing an SVG. Needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../resources/icons"
for size in 16 24 32 48 64 128 256; do
    source=tpugraphs-studio.svg
    ((size <= 24)) && source=tpugraphs-studio-small.svg
    mkdir -p "hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" "$source" -o "hicolor/${size}x${size}/apps/tpugraphs-studio.png"
    echo "render_icons: ${size}x${size} from $source"
done
