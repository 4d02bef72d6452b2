#!/usr/bin/env bash
# Makes COUNT iPhone-style HEICs in OUTDIR: a 4032 × 3024 primary image of camera-like texture
# (Scripts/make-photos.sh) encoded with HEVC, and a 320 × 240 thumbnail item of it, as an
# iPhone writes (heif-enc from libheif-examples).
#
#   Scripts/make-heic-photos.sh OUTDIR COUNT
set -euo pipefail
out=${1:?usage: make-heic-photos.sh OUTDIR COUNT}
count=${2:?usage: make-heic-photos.sh OUTDIR COUNT}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bases=$((count < 4 ? count : 4))
"$(dirname "$0")/make-photos.sh" "$work/jpeg" "$bases" 4032 3024
b=0
for jpeg in "$work"/jpeg/*.jpg; do
    heif-enc -q 60 -t 320 -o "$work/base$b.heic" "$jpeg" >/dev/null
    b=$((b + 1))
done
for ((i = 0; i < count; i++)); do
    cp "$work/base$((i % bases)).heic" "$out/$(printf 'IMG_%05d.HEIC' "$i")"
done
