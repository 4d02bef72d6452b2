#!/usr/bin/env bash
# Makes camera-like clips for the poster-frame benchmark: six 1080p clips of 5 s at 20 Mbit/s
# and four 4K clips of 3 s at 45 Mbit/s, 30 fps, H.264 with a key frame every second, as phones
# write them (MOV and MP4); each has its own creation time, so each is other content.
#
#   Benchmarks/make-videos.sh OUTDIR
set -euo pipefail
out=${1:?usage: make-videos.sh OUTDIR}
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }
for i in 1 2 3 4 5 6; do
    ext=$([[ $((i % 2)) -eq 0 ]] && echo mov || echo mp4)
    ff -f lavfi -i "testsrc2=size=1920x1080:rate=30" -t 5 -c:v libx264 -preset ultrafast -b:v 20M -g 30 -pix_fmt yuv420p \
        -metadata creation_time=2024-06-0${i}T10:00:00Z "$out/IMG_10$i.$ext"
done
for i in 1 2 3 4; do
    ff -f lavfi -i "testsrc2=size=3840x2160:rate=30" -t 3 -c:v libx264 -preset ultrafast -b:v 45M -g 30 -pix_fmt yuv420p \
        -metadata creation_time=2024-07-0${i}T10:00:00Z "$out/IMG_40$i.mov"
done
