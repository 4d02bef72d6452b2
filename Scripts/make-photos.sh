#!/usr/bin/env bash
# Makes COUNT camera-like JPEGs with EXIF in OUTDIR: cloud-like colour texture with sensor
# grain (decodes like a real photo, unlike a flat colour), each file's bytes distinct.
#
#   Scripts/make-photos.sh OUTDIR COUNT [WIDTH HEIGHT]      (default 4000 × 3000, 12 MP)
set -euo pipefail
out=${1:?usage: make-photos.sh OUTDIR COUNT [WIDTH HEIGHT]}
count=${2:?usage: make-photos.sh OUTDIR COUNT [WIDTH HEIGHT]}
width=${3:-4000}
height=${4:-3000}
export VIPS_WARNING=0
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bases=$((count < 8 ? count : 8))
for ((b = 0; b < bases; b++)); do
    for band in 0 1 2; do
        vips perlin "$work/p$band.v" "$width" "$height" --cell-size $((128 + 64 * band)) --seed $((b * 3 + band))
    done
    vips bandjoin "$work/p0.v $work/p1.v $work/p2.v" "$work/rgb.v"
    vips linear "$work/rgb.v" "$work/lin.v" "90 80 70" "120 125 115"
    vips gaussnoise "$work/noise.v" "$width" "$height" --sigma 6 --mean 0
    vips add "$work/lin.v" "$work/noise.v" "$work/grain.v"
    vips cast "$work/grain.v" "$work/base$b.jpg[Q=90]" uchar
done

for ((i = 0; i < count; i++)); do
    cp "$work/base$((i % bases)).jpg" "$out/$(printf 'IMG_%05d.jpg' "$i")"
done
# Distinct bytes per file (so content-addressed caches cannot share work) and real EXIF.
exiftool -q -overwrite_original -Make=Photolala -Model="Demo Camera" -FNumber=5.6 -ISO=100 \
    -ExposureTime=0.008 -FocalLength=35 -DateTimeOriginal="2024:06:01 12:00:00" \
    '-ImageUniqueID<FileName' "$out"
