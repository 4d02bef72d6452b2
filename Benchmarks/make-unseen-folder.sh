#!/usr/bin/env bash
# Makes a folder of COUNT camera photos from the 12 MP bench photos in SOURCE, each copy with its
# own name in its EXIF ImageDescription: every file's bytes (and MD5) differ, so no content-
# addressed cache shares a thumbnail or a hash between copies. With `previews`, each also carries
# the preview a Sony camera appends to its JPEGs: a full-HD-equivalent Large Thumbnail (1440 ×
# 1080 for a 4:3 photo) in a Multi-Picture Format index (Tests/Fixtures/make-mpf-jpeg.py).
#
#   Benchmarks/make-unseen-folder.sh SOURCE OUTDIR COUNT [previews]
set -euo pipefail
source=${1:?usage: make-unseen-folder.sh SOURCE OUTDIR COUNT [previews]}
out=${2:?usage: make-unseen-folder.sh SOURCE OUTDIR COUNT [previews]}
count=${3:?usage: make-unseen-folder.sh SOURCE OUTDIR COUNT [previews]}
previews=${4:-}
mkdir -p "$out"
photos=("$source"/*.jpg)
for ((i = 0; i < count; i++)); do
    cp "${photos[i % ${#photos[@]}]}" "$out/$(printf 'DSC_%05d.jpg' "$i")"
done
exiftool -q -overwrite_original '-ImageDescription<FileName' "$out"
if [[ $previews == previews ]]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    for ((p = 0; p < ${#photos[@]} && p < count; p++)); do
        vipsthumbnail "${photos[p]}" -s 1440x1080 -o "$work/preview-$p.jpg[Q=90,strip]"
    done
    for ((i = 0; i < count; i++)); do
        file="$out/$(printf 'DSC_%05d.jpg' "$i")"
        python3 "$(dirname "$0")/../Tests/Fixtures/make-mpf-jpeg.py" "$file" "$file.tmp" "$work/preview-$((i % ${#photos[@]})).jpg:10002"
        mv "$file.tmp" "$file"
    done
fi
