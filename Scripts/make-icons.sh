#!/usr/bin/env bash
# Renders the web app's PNG icons from Public/icons/photolala.svg with libvips (its SVG loader is
# librsvg): 192 and 512 px for the manifest (any and maskable: the drawing keeps to the central
# 80 %), and the 180 px apple-touch-icon iOS asks for (at the root, where iOS looks for it without
# a link). Run it after editing the SVG; the PNGs are committed beside it.
set -euo pipefail
public="$(cd "$(dirname "$0")/.." && pwd)/Sources/PhotolalaServer/Public"
render() {
    vips thumbnail "$public/icons/photolala.svg" "$2[strip]" "$1" --height "$1" --size force
}
render 192 "$public/icons/icon-192.png"
render 512 "$public/icons/icon-512.png"
render 180 "$public/apple-touch-icon.png"
