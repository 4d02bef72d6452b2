#!/usr/bin/env bash
# Makes a folder of COUNT camera photos from the 12 MP bench photos in SOURCE, each copy with its
# own name in its EXIF ImageDescription: every file's bytes (and MD5) differ, so no content-
# addressed cache shares a thumbnail or a hash between copies.
#
#   Benchmarks/make-unseen-folder.sh SOURCE OUTDIR COUNT
set -euo pipefail
source=${1:?usage: make-unseen-folder.sh SOURCE OUTDIR COUNT}
out=${2:?usage: make-unseen-folder.sh SOURCE OUTDIR COUNT}
count=${3:?usage: make-unseen-folder.sh SOURCE OUTDIR COUNT}
mkdir -p "$out"
photos=("$source"/*.jpg)
for ((i = 0; i < count; i++)); do
    cp "${photos[i % ${#photos[@]}]}" "$out/$(printf 'DSC_%05d.jpg' "$i")"
done
exiftool -q -overwrite_original '-ImageDescription<FileName' "$out"
