#!/usr/bin/env bash
# Makes the photos the tests read, with libvips, exiftool and libheif (heif-fixture.c, compiled
# here with cc), into the folder given.
#
#   Tests/Fixtures/make-fixtures.sh OUTDIR
#
# Every file is small (flat colours compress to almost nothing) but has the dimensions,
# orientation and EXIF that the tests check.
set -euo pipefail
out=${1:?usage: make-fixtures.sh OUTDIR}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export VIPS_WARNING=0

# solid WIDTH HEIGHT "R G B" FILE: a flat-coloured 8-bit sRGB image.
solid() {
    vips black "$work/black.v" "$1" "$2" --bands 3
    vips linear "$work/black.v" "$work/lin.v" "1 1 1" "$3"
    vips cast "$work/lin.v" "$4" uchar
}

# A photo stored sideways (400×300, red left half, blue right half) with EXIF orientation 6:
# shown upright it is 300×400 with red on top.
solid 200 300 "255 0 0" "$work/red.v"
solid 200 300 "0 0 255" "$work/blue.v"
vips join "$work/red.v" "$work/blue.v" "$out/orientation6.jpg" horizontal
exiftool -q -overwrite_original -Orientation#=6 "$out/orientation6.jpg"

# A 12-megapixel camera photo with full EXIF, taken in Tokyo.
solid 4000 3000 "120 140 160" "$work/photo.v"
vips copy "$work/photo.v" "$out/photo-4000x3000.jpg"
exiftool -q -overwrite_original \
    -DateTimeOriginal="2023:07:14 10:22:33" -OffsetTimeOriginal="+09:00" \
    -Make="Canon" -Model="Canon EOS R5" -LensModel="RF24-105mm F4 L IS USM" \
    -ExposureTime=0.004 -FNumber=8 -ISO=200 -FocalLength=50 \
    -GPSLatitude=35.658581 -GPSLatitudeRef=N -GPSLongitude=139.745433 -GPSLongitudeRef=E \
    -GPSAltitude=40.5 -GPSAltitudeRef#=0 \
    "$out/photo-4000x3000.jpg"

# South and west of Greenwich, below sea level, no time offset recorded.
solid 640 480 "90 90 90" "$work/sw.v"
vips copy "$work/sw.v" "$out/southwest.jpg"
exiftool -q -overwrite_original \
    -DateTimeOriginal="2021:12:31 23:59:59" -Make="NIKON CORPORATION" -Model="NIKON Z 6" \
    -GPSLatitude=33.8688 -GPSLatitudeRef=S -GPSLongitude=70.6693 -GPSLongitudeRef=W \
    -GPSAltitude=12 -GPSAltitudeRef#=1 \
    "$out/southwest.jpg"

solid 6000 2000 "30 60 90" "$work/pano.v"
vips copy "$work/pano.v" "$out/panorama-6000x2000.jpg"

# Other formats, each 640×480.
solid 640 480 "10 200 30" "$work/small.v"
vips bandjoin_const "$work/small.v" "$work/alpha.v" 128
vips copy "$work/alpha.v" "$out/photo.png"
vips copy "$work/small.v" "$out/photo.webp"
vips heifsave "$work/small.v" "$out/photo.heic"
vips copy "$work/small.v" "$out/photo.tiff"
exiftool -q -overwrite_original -Make="FUJIFILM" -Model="X-T5" -DateTimeOriginal="2022:05:01 08:00:00" "$out/photo.tiff"
vips copy "$work/small.v" "$out/photo.gif"
vips magicksave "$work/small.v" "$out/photo.bmp"
vips cast "$work/small.v" "$work/wide.v" ushort
vips linear "$work/wide.v" "$work/wide16.v" 256 0
vips copy "$work/wide16.v" "$out/photo-16bit.png[bitdepth=16]"

# HEIF and AVIF shaped like a phone's, by heif-fixture.c (libheif): each thumbnail item is in
# other colours than its primary image (green left, yellow right; the primary red left, blue
# right), so a test sees which one a thumbnail was made from. Made in parallel: x265 takes
# seconds over 12 megapixels.
heif=$work/heif-fixture
"${CC:-cc}" -O2 -o "$heif" "$(dirname "$0")/heif-fixture.c" $(pkg-config --cflags --libs libheif)
primary=("200 40 40" "40 40 200")
thumb=("40 200 40" "230 230 40")
pids=()
# An iPhone's: a 4032 × 3024 primary with a 320 × 240 thumbnail item.
"$heif" "$out/iphone.heic" 4032 3024 "${primary[@]}" --thumb 320 240 "${thumb[@]}" & pids+=($!)
# Stored sideways with irot (and the EXIF orientation an iPhone writes too, which HEIF readers
# ignore): shown upright it is 1512 × 2016, red on top, and its thumbnail item 240 × 320, green on top.
"$heif" "$out/iphone-rotated.heic" 2016 1512 "${primary[@]}" --thumb 320 240 "${thumb[@]}" --orientation 6 --exif-orientation 6 & pids+=($!)
# A 160 × 120 thumbnail item, too small for a grid: the primary is decoded instead.
"$heif" "$out/small-thumbnail.heic" 1600 1200 "${primary[@]}" --thumb 160 120 "${thumb[@]}" & pids+=($!)
# A 640 × 480 thumbnail item, larger than a thumbnail: shrunk from, not the primary.
"$heif" "$out/large-thumbnail.heic" 1600 1200 "${primary[@]}" --thumb 640 480 "${thumb[@]}" & pids+=($!)
# A square thumbnail item for a 4:3 photo: another picture's shape, so not used.
"$heif" "$out/square-thumbnail.heic" 1600 1200 "${primary[@]}" --thumb 320 320 "${thumb[@]}" & pids+=($!)
# 10 bits with a BT.2020 / HLG profile, as HDR phones and cameras write (libaom 3.6 with libheif
# 1.15 cannot encode 10-bit AVIF, so this one is HEVC), on the 0–1023 scale.
"$heif" "$out/hdr-10bit.heic" 1200 800 "900 100 100" "100 100 900" --thumb 360 240 "100 900 100" "900 900 100" --bits 10 & pids+=($!)
# PQ (SMPTE ST 2084), as HDR cameras write: diffuse white (203 cd/m², code 594 of 1023) on the
# left, the same light in red on the right; shown without tone mapping, the white is mid-grey.
"$heif" "$out/hdr-pq.heic" 1200 800 "594 594 594" "594 100 100" --bits 10 --pq & pids+=($!)
# AVIF (AV1) with a thumbnail item.
"$heif" "$out/iphone.avif" 1600 1200 "${primary[@]}" --thumb 320 240 "${thumb[@]}" --avif & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
# The PQ picture as a 10-bit AVIF (4:2:0, BT.2020 primaries and matrix, PQ: CICP 9/16/9, in its
# nclx colr box), by libavif's avifenc with libaom, from a 16-bit PNG of the same codes
# (594 and 100 of 1023 are 38053 and 6406 of 65535).
vips black "$work/pq-left.v" 600 800 --bands 3
vips linear "$work/pq-left.v" "$work/pq-left16.v" "1 1 1" "38053 38053 38053"
vips black "$work/pq-right.v" 600 800 --bands 3
vips linear "$work/pq-right.v" "$work/pq-right16.v" "1 1 1" "38053 6406 6406"
vips join "$work/pq-left16.v" "$work/pq-right16.v" "$work/pq16.v" horizontal
vips cast "$work/pq16.v" "$work/pq16u.v" ushort
vips copy "$work/pq16u.v" "$work/pq16.png[bitdepth=16]"
avifenc -d 10 -y 420 --cicp 9/16/9 -r full -s 8 "$work/pq16.png" "$out/hdr-pq.avif" >/dev/null

# Files that lie or are broken.
cp "$out/photo.png" "$out/png-named.jpg"
cp "$out/photo-4000x3000.jpg" "$out/IMG_0001"
head -c "$(($(stat -c %s "$out/orientation6.jpg") / 2))" "$out/orientation6.jpg" > "$out/truncated.jpg"
: > "$out/empty.jpg"
printf 'These are my notes, not a photo.\n' > "$out/notes.jpg"

# A decompression bomb: a valid PNG header claiming 100,000 × 100,000 pixels.
python3 - "$out/bomb.png" <<'PY'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
row = zlib.compress(b"\0" * 1001)
with open(sys.argv[1], "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", row) + chunk(b"IEND", b""))
PY

# Camera JPEGs with a Multi-Picture Format index (make-mpf-jpeg.py), as Sony, Nikon and Fujifilm
# write them: each primary image is red, each image after it blue, so a test sees which one a
# thumbnail was made from. A 1200 × 900 primary with a 640 × 480 Large Thumbnail (an index in
# each byte order); the same with the primary stored sideways (red left, blue right, EXIF
# orientation 6) and its preview stored the same way (green left, yellow right), so upright the
# preview's green is on top; an image of undefined type (a depth or gain map), a Large Thumbnail
# of another shape (16:9), one too small for a grid (160 × 120, as EXIF thumbnails are), and one
# whose data is cut short.
mpf="$(dirname "$0")/make-mpf-jpeg.py"
solid 1200 900 "255 0 0" "$work/mpf-primary.jpg"
solid 640 480 "0 0 255" "$work/mpf-vga.jpg"
solid 640 360 "0 0 255" "$work/mpf-wide.jpg"
solid 160 120 "0 0 255" "$work/mpf-small.jpg"
python3 "$mpf" "$work/mpf-primary.jpg" "$out/mpf-preview.jpg" "$work/mpf-vga.jpg:10001"
python3 "$mpf" --big-endian "$work/mpf-primary.jpg" "$out/mpf-big-endian.jpg" "$work/mpf-vga.jpg:10001"
python3 "$mpf" "$work/mpf-primary.jpg" "$out/mpf-depth-map.jpg" "$work/mpf-vga.jpg:0"
python3 "$mpf" "$work/mpf-primary.jpg" "$out/mpf-other-shape.jpg" "$work/mpf-wide.jpg:10002"
python3 "$mpf" "$work/mpf-primary.jpg" "$out/mpf-too-small.jpg" "$work/mpf-small.jpg:10001"
head -c 2000 "$work/mpf-vga.jpg" > "$work/mpf-cut.jpg"
python3 "$mpf" "$work/mpf-primary.jpg" "$out/mpf-cut-short.jpg" "$work/mpf-cut.jpg:10001"
solid 600 900 "255 0 0" "$work/mpf-red-half.v"
solid 600 900 "0 0 255" "$work/mpf-blue-half.v"
vips join "$work/mpf-red-half.v" "$work/mpf-blue-half.v" "$work/mpf-sideways.jpg" horizontal
exiftool -q -overwrite_original -Orientation#=6 "$work/mpf-sideways.jpg"
solid 320 480 "0 255 0" "$work/mpf-green-half.v"
solid 320 480 "255 255 0" "$work/mpf-yellow-half.v"
vips join "$work/mpf-green-half.v" "$work/mpf-yellow-half.v" "$work/mpf-sideways-preview.jpg" horizontal
python3 "$mpf" "$work/mpf-sideways.jpg" "$out/mpf-orientation6.jpg" "$work/mpf-sideways-preview.jpg:10001"

# Camera RAW containers around JPEG previews (raw.dng, .nef, .cr3, .raf, .orf, .rw2), a DNG 1.7
# with a JPEG XL preview (raw-jxl.dng), one LibRaw
# decodes for want of a preview (raw-nopreview.dng) and a damaged one (raw-damaged.nef).
python3 "$(dirname "$0")/make-raw-fixtures.py" "$out"
