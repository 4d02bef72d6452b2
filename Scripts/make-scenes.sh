#!/usr/bin/env bash
# Makes COUNT landscape JPEGs with EXIF in OUTDIR for the README's screenshot: a sky from its
# zenith to its horizon colour, a sun or moon, rolling hills or a flat sea, and sensor grain, each
# scene's colours and shapes its own (day, dusk, night, coast), so the grid reads as a collection.
#
#   Scripts/make-scenes.sh OUTDIR COUNT [WIDTH HEIGHT]      (default 1200 × 900)
set -euo pipefail
out=${1:?usage: make-scenes.sh OUTDIR COUNT [WIDTH HEIGHT]}
count=${2:?usage: make-scenes.sh OUTDIR COUNT [WIDTH HEIGHT]}
width=${3:-1200}
height=${4:-900}
export VIPS_WARNING=0
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

vips xyz "$work/xy.v" "$width" "$height"
vips extract_band "$work/xy.v" "$work/x.v" 0
vips extract_band "$work/xy.v" "$work/y.v" 1

# Skies: zenith and horizon colours, then the ground's colour; a sea is flat. Eleven, so that
# photos taken in a row (8 a month in the tests) do not repeat month after month.
palettes=(
    "40 90 170|250 170 120|70 120 60|hills"
    "30 110 200|170 210 240|80 140 70|hills"
    "20 30 70|120 80 140|30 40 50|hills"
    "60 130 210|200 225 245|30 90 150|sea"
    "90 60 120|250 140 90|60 70 60|hills"
    "10 20 45|40 60 110|15 25 35|sea"
    "70 150 220|235 240 250|150 130 80|hills"
    "120 70 110|255 190 120|40 70 110|sea"
    "100 160 220|220 235 245|225 230 235|hills"
    "50 120 190|190 220 240|200 170 110|hills"
    "40 50 100|230 120 80|20 60 90|sea"
)

for ((i = 0; i < count; i++)); do
    IFS='|' read -r zenith horizon ground kind <<< "${palettes[i % ${#palettes[@]}]}"
    # Each photo's own light and shapes, from its index.
    read -r z1 z2 z3 <<< "$zenith"
    read -r h1 h2 h3 <<< "$horizon"
    shift_light=$(((i * 7) % 21 - 10))
    slope="$(awk -v a="$z1 $z2 $z3" -v b="$h1 $h2 $h3" -v h="$height" 'BEGIN {
        split(a, z, " "); split(b, o, " "); printf "%f %f %f", (o[1] - z[1]) / h, (o[2] - z[2]) / h, (o[3] - z[3]) / h }')"
    vips linear "$work/y.v" "$work/sky.v" "$slope" "$((z1 + shift_light)) $((z2 + shift_light)) $((z3 + shift_light))"
    horizon_y=$((height * (55 + (i * 5) % 20) / 100))
    if [[ $kind == hills ]]; then
        vips linear "$work/x.v" "$work/t1.v" "0.$((25 + (i * 13) % 30))" "$((i * 37 % 360))"
        vips math "$work/t1.v" "$work/s1.v" sin
        vips linear "$work/s1.v" "$work/l1.v" "$((height / 14 + i % 5 * 8))" "$horizon_y"
        vips linear "$work/x.v" "$work/t2.v" "1.$((i * 3 % 9))" "$((i * 71 % 360))"
        vips math "$work/t2.v" "$work/s2.v" sin
        vips linear "$work/s2.v" "$work/l2.v" "$((height / 50))" 0
        vips add "$work/l1.v" "$work/l2.v" "$work/line.v"
    else
        vips linear "$work/x.v" "$work/line.v" 0 "$horizon_y"
    fi
    vips relational "$work/y.v" "$work/line.v" "$work/mask.v" more
    vips linear -- "$work/y.v" "$work/ground.v" "-0.04 -0.05 -0.03" "$ground"
    vips ifthenelse "$work/mask.v" "$work/ground.v" "$work/sky.v" "$work/scene.v"
    vips cast "$work/scene.v" "$work/scene8.v" uchar
    # The sun (a moon on the darkest skies) above the horizon.
    if ((z1 + z2 + z3 < 120)); then sun="235 235 220"; else sun="255 236 190"; fi
    radius=$((height / 14 + (i * 11) % (height / 14)))
    vips draw_circle "$work/scene8.v" "$sun" "$((width * (15 + (i * 29) % 70) / 100))" "$((horizon_y * (30 + (i * 17) % 50) / 100))" \
        "$radius" --fill
    vips gaussnoise "$work/noise.v" "$width" "$height" --sigma 4 --mean 0
    vips add "$work/scene8.v" "$work/noise.v" "$work/grain.v"
    vips cast "$work/grain.v" "$out/$(printf 'IMG_%05d.jpg' "$i")[Q=88]" uchar
done
exiftool -q -overwrite_original -Make=Photolala -Model="Demo Camera" -FNumber=5.6 -ISO=100 \
    -ExposureTime=0.008 -FocalLength=35 -DateTimeOriginal="2024:06:01 12:00:00" "$out"
