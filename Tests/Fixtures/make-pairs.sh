#!/usr/bin/env bash
# Makes files that are shown as one item, and near misses that are not, into the folder given.
#
#   Tests/Fixtures/make-pairs.sh OUTDIR
#
#   DSC_0100.NEF + DSC_0100.JPG   a camera's RAW+JPEG: the NEF of make-raw-fixtures.py and a
#                                 1200 × 800 JPEG of the same scene, both taken 2024-06-01 10:00
#                                 at UTC−5, as the camera writes both (the NEF's offset is
#                                 make-raw-fixtures.py's)
#   IMG_0042.JPG + IMG_0042.MOV   a Live Photo: the still is the movie's first frame; the movie is
#                                 2 s of H.264 (Chromium plays it) with Apple's keys and content
#                                 identifier, as an iPhone writes it; the still carries the same
#                                 identifier in its Apple maker note (tag 17, apple-maker-note.py)
#   IMG_0061.HEIC +               a Live Photo renamed apart, as an importer names a second copy:
#     IMG_0061 (1).MOV            paired only by the content identifier they share (the HEIC's in
#                                 its Exif item's maker note)
#   IMG_0050.JPG, IMG_0050.mp4    not a pair: a Live Photo's movie is QuickTime (.MOV)
#   clip.MOV                      a movie of its own
#   solo.JPG                      a photo of its own
# See Tests/Fixtures/README.md.
set -euo pipefail
out=${1:?usage: make-pairs.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }
h264=(-c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 30)
identifier=8B3E6A1C-2F0D-4C5B-9E7A-1D2C3B4A5F60
renamed=5D1F7C2A-9B3E-4A6D-8C0F-2E4B6A8D0C1E

# RAW+JPEG.
python3 "$here/make-raw-fixtures.py" "$work/raw" >/dev/null
cp "$work/raw/raw.nef" "$out/DSC_0100.NEF"
vips gaussnoise "$work/scene.v" 1200 800 --mean 128 --sigma 40
vips colourspace "$work/scene.v" "$work/scene-srgb.v" srgb
vips jpegsave "$work/scene-srgb.v" "$out/DSC_0100.JPG" --Q 80
exiftool -q -overwrite_original -Make=NIKON -Model="NIKON Z 6" "-DateTimeOriginal=2024:06:01 10:00:00" "-OffsetTimeOriginal=-05:00" \
    "$out/DSC_0100.JPG"
exiftool -q -overwrite_original "-DateTimeOriginal=2024:06:01 10:00:00" "$out/DSC_0100.NEF" || true

# A Live Photo.
ff -f lavfi -i "testsrc2=size=640x480:rate=30" -t 2 "${h264[@]}" -movflags use_metadata_tags \
    -metadata creation_time=2024-06-01T08:05:00Z \
    -metadata "com.apple.quicktime.creationdate=2024-06-01T10:05:00+0200" \
    -metadata "com.apple.quicktime.make=Apple" -metadata "com.apple.quicktime.model=iPhone 15 Pro" \
    -metadata "com.apple.quicktime.content.identifier=$identifier" \
    "$out/IMG_0042.MOV"
ff -i "$out/IMG_0042.MOV" -frames:v 1 -q:v 3 "$out/IMG_0042.JPG"
python3 "$here/apple-maker-note.py" "$identifier" >"$work/note-0042.bin"
exiftool -q -overwrite_original -Make=Apple -Model="iPhone 15 Pro" "-DateTimeOriginal=2024:06:01 10:05:00" "-OffsetTimeOriginal=+02:00" \
    "-MakerNotes<=$work/note-0042.bin" "$out/IMG_0042.JPG"

# A Live Photo renamed apart: a HEIC still and a movie whose names differ.
ff -f lavfi -i "testsrc2=size=480x360:rate=30" -t 2 "${h264[@]}" -movflags use_metadata_tags \
    -metadata creation_time=2024-06-01T08:15:00Z \
    -metadata "com.apple.quicktime.creationdate=2024-06-01T10:15:00+0200" \
    -metadata "com.apple.quicktime.make=Apple" -metadata "com.apple.quicktime.model=iPhone 15 Pro" \
    -metadata "com.apple.quicktime.content.identifier=$renamed" \
    "$out/IMG_0061 (1).MOV"
ff -i "$out/IMG_0061 (1).MOV" -frames:v 1 "$work/still-0061.png"
vips heifsave "$work/still-0061.png" "$out/IMG_0061.HEIC" --Q 60
python3 "$here/apple-maker-note.py" "$renamed" >"$work/note-0061.bin"
exiftool -q -overwrite_original -Make=Apple -Model="iPhone 15 Pro" "-DateTimeOriginal=2024:06:01 10:15:00" "-OffsetTimeOriginal=+02:00" \
    "-MakerNotes<=$work/note-0061.bin" "$out/IMG_0061.HEIC"

# Near misses and files of their own (IMG_0050.JPG is the Live Photo's still without its identifier).
cp "$out/IMG_0042.JPG" "$work/near.jpg"
exiftool -q -overwrite_original "-DateTimeOriginal=2024:06:01 10:10:00" -MakerNotes= "$work/near.jpg"
mv "$work/near.jpg" "$out/IMG_0050.JPG"
ff -f lavfi -i "testsrc=size=320x240:rate=25" -t 1 "${h264[@]}" -metadata creation_time=2024-06-01T08:10:00Z "$out/IMG_0050.mp4"
ff -f lavfi -i "testsrc=size=320x240:rate=25" -t 1 "${h264[@]}" -metadata creation_time=2024-06-01T08:20:00Z "$out/clip.MOV"
vips black "$work/solo.v" 64 48
vips jpegsave "$work/solo.v" "$out/solo.JPG"
exiftool -q -overwrite_original "-DateTimeOriginal=2024:06:01 10:30:00" "$out/solo.JPG"
