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
PALETTES=$(cat <<'END'
40 90 170|250 170 120|70 120 60|hills
30 110 200|170 210 240|80 140 70|hills
20 30 70|120 80 140|30 40 50|hills
60 130 210|200 225 245|30 90 150|sea
90 60 120|250 140 90|60 70 60|hills
10 20 45|40 60 110|15 25 35|sea
70 150 220|235 240 250|150 130 80|hills
120 70 110|255 190 120|40 70 110|sea
100 160 220|220 235 245|225 230 235|hills
50 120 190|190 220 240|200 170 110|hills
40 50 100|230 120 80|20 60 90|sea
END
)

# One scene, IMG_<i>.jpg, from its own intermediate files: the scenes are made side by side.
make_scene() {
    local i=$1 scene=$work/scene-$1
    local palettes zenith horizon ground kind z1 z2 z3 h1 h2 h3 shift_light slope horizon_y sun radius
    mkdir "$scene"
    mapfile -t palettes <<< "$PALETTES"
    IFS='|' read -r zenith horizon ground kind <<< "${palettes[i % ${#palettes[@]}]}"
    # Each photo's own light and shapes, from its index.
    read -r z1 z2 z3 <<< "$zenith"
    read -r h1 h2 h3 <<< "$horizon"
    shift_light=$(((i * 7) % 21 - 10))
    slope="$(awk -v a="$z1 $z2 $z3" -v b="$h1 $h2 $h3" -v h="$height" 'BEGIN {
        split(a, z, " "); split(b, o, " "); printf "%f %f %f", (o[1] - z[1]) / h, (o[2] - z[2]) / h, (o[3] - z[3]) / h }')"
    vips linear "$work/y.v" "$scene/sky.v" "$slope" "$((z1 + shift_light)) $((z2 + shift_light)) $((z3 + shift_light))"
    horizon_y=$((height * (55 + (i * 5) % 20) / 100))
    if [[ $kind == hills ]]; then
        vips linear "$work/x.v" "$scene/t1.v" "0.$((25 + (i * 13) % 30))" "$((i * 37 % 360))"
        vips math "$scene/t1.v" "$scene/s1.v" sin
        vips linear "$scene/s1.v" "$scene/l1.v" "$((height / 14 + i % 5 * 8))" "$horizon_y"
        vips linear "$work/x.v" "$scene/t2.v" "1.$((i * 3 % 9))" "$((i * 71 % 360))"
        vips math "$scene/t2.v" "$scene/s2.v" sin
        vips linear "$scene/s2.v" "$scene/l2.v" "$((height / 50))" 0
        vips add "$scene/l1.v" "$scene/l2.v" "$scene/line.v"
    else
        vips linear "$work/x.v" "$scene/line.v" 0 "$horizon_y"
    fi
    vips relational "$work/y.v" "$scene/line.v" "$scene/mask.v" more
    vips linear -- "$work/y.v" "$scene/ground.v" "-0.04 -0.05 -0.03" "$ground"
    vips ifthenelse "$scene/mask.v" "$scene/ground.v" "$scene/sky.v" "$scene/scene.v"
    vips cast "$scene/scene.v" "$scene/scene8.v" uchar
    # The sun (a moon on the darkest skies) above the horizon.
    if ((z1 + z2 + z3 < 120)); then sun="235 235 220"; else sun="255 236 190"; fi
    radius=$((height / 14 + (i * 11) % (height / 14)))
    vips draw_circle "$scene/scene8.v" "$sun" "$((width * (15 + (i * 29) % 70) / 100))" "$((horizon_y * (30 + (i * 17) % 50) / 100))" \
        "$radius" --fill
    vips gaussnoise "$scene/noise.v" "$width" "$height" --sigma 4 --mean 0
    vips add "$scene/scene8.v" "$scene/noise.v" "$scene/grain.v"
    vips cast "$scene/grain.v" "$out/$(printf 'IMG_%05d.jpg' "$i")[Q=88]" uchar
    rm -rf "$scene"
}
export -f make_scene
export PALETTES out width height work VIPS_WARNING
seq 0 $((count - 1)) | xargs -P "$(nproc)" -I{} bash -c 'set -euo pipefail; make_scene "$1"' _ {}
exiftool -q -overwrite_original -Make=Photolala -Model="Demo Camera" -FNumber=5.6 -ISO=100 \
    -ExposureTime=0.008 -FocalLength=35 -DateTimeOriginal="2024:06:01 12:00:00" "$out"
