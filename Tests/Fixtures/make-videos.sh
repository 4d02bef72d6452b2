#!/usr/bin/env bash
# Makes the videos the tests read, with ffmpeg's test sources, into the folder given.
#
#   Tests/Fixtures/make-videos.sh OUTDIR
#
# Each is a few seconds of `testsrc` (small: a few dozen kilobytes) carrying what a phone or a
# camera writes: creation times, a rotation matrix, Apple's QuickTime keys with an ISO 6709
# location, another codec, or damage. See Tests/Fixtures/README.md.
set -euo pipefail
out=${1:?usage: make-videos.sh OUTDIR}
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }
src=(-f lavfi -i "testsrc=size=640x360:rate=25" -t 3)
h264=(-c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 25)

# An MP4 of 3 s, 640 × 360, H.264, created 2023-07-14 01:22:33 UTC.
ff "${src[@]}" "${h264[@]}" -metadata creation_time=2023-07-14T01:22:33Z "$out/clip.mp4"

# The same film stored sideways, as a phone held upright writes it: 640 × 360 frames with a
# 90° display matrix, shown 360 × 640.
ff -i "$out/clip.mp4" -c copy -metadata:s:v:0 rotate=90 "$out/rotated.mov"

# An iPhone-style QuickTime movie: Apple's creation date with its offset (+02:00), its
# location (Paris, 35 m), make and model, and a content identifier, as `mdta` keys.
ff "${src[@]}" "${h264[@]}" -movflags use_metadata_tags \
    -metadata creation_time=2024-05-01T12:23:11Z \
    -metadata "com.apple.quicktime.creationdate=2024-05-01T14:23:11+0200" \
    -metadata "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/" \
    -metadata "com.apple.quicktime.make=Apple" -metadata "com.apple.quicktime.model=iPhone 15 Pro" \
    -metadata "com.apple.quicktime.content.identifier=6F6A1C5E-0D6B-4E1C-9C59-3C1B2B7A9E11" \
    "$out/iphone.mov"

# HEVC, which Chromium does not play: the page shows the poster and a download link.
ff "${src[@]}" -c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -pix_fmt yuv420p "$out/hevc.mp4"

# A clip shorter than the 1 s poster time: its first frame is the poster.
ff -f lavfi -i "testsrc=size=320x240:rate=25" -t 0.4 "${h264[@]}" "$out/short.mp4"

# Other containers: WebM (VP9), Matroska and AVI. ffmpeg writes `creation_time` as the Matroska
# segment's DateUTC (a remux does not carry it over: clip.mkv is given clip.mp4's).
ff "${src[@]}" -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 200k -metadata creation_time=2022-03-04T05:06:07Z "$out/clip.webm"
ff -i "$out/clip.mp4" -c copy -metadata creation_time=2023-07-14T01:22:33Z "$out/clip.mkv"
ff "${src[@]}" -c:v mpeg4 -q:v 5 "$out/clip.avi"

# A camera's IDIT date in the AVI's header list ("SAT JAN 01 12:00:00 2022", a clock time without
# offset), written over the start of the JUNK chunk ffmpeg reserves at the list's end for OpenDML,
# so that no other byte moves (exiftool cannot write AVI).
python3 - "$out/clip.avi" <<'PY'
import struct, sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
assert data[0:4] == b"RIFF" and data[8:12] == b"AVI " and data[12:16] == b"LIST" and data[20:24] == b"hdrl"
end = 20 + struct.unpack("<I", data[16:20])[0]
text = b"SAT JAN 01 12:00:00 2022\n\0"
idit = b"IDIT" + struct.pack("<I", len(text)) + text
offset = 24
while offset + 8 <= end:
    size = struct.unpack("<I", data[offset + 4:offset + 8])[0]
    if data[offset:offset + 4] == b"JUNK" and size >= len(idit) + 8:
        data[offset:offset + 8 + size] = idit + b"JUNK" + struct.pack("<I", size - len(idit)) + bytes(size - len(idit))
        open(path, "wb").write(data)
        sys.exit(0)
    offset += 8 + size + (size & 1)
sys.exit("no JUNK chunk in the header list of " + path)
PY

# The clip stored sideways in Matroska, as an older ffmpeg remuxed a phone's film: a ROTATE tag of
# its video track (ffmpeg 5.1 writes no display matrix into Matroska, and takes a lowercase
# `rotate` for one, so the tag is named in capitals), 640 × 360 frames shown 360 × 640.
ff -i "$out/clip.mp4" -c copy -metadata:s:v:0 ROTATE=90 "$out/rotated.mkv"

# A Matroska file dated only by a tag of the whole segment (no DateUTC): DATE_RECORDED, a clock time.
ff "${src[@]}" "${h264[@]}" -metadata DATE_RECORDED="2021-02-03 04:05:06" "$out/tagged.mkv"

# A live recording: written to a pipe with `-live 1`, its segment of unknown size, no Duration,
# no Cues; dated by DateUTC.
ff -f lavfi -t 3 -i "testsrc=size=640x360:rate=25" "${h264[@]}" -metadata creation_time=2022-03-04T05:06:07Z -live 1 -f matroska - \
    > "$out/live.mkv"

# A video cut short: its movie atom (written last) is gone, as after an interrupted copy.
head -c "$(($(stat -c %s "$out/clip.mp4") / 2))" "$out/clip.mp4" > "$out/truncated.mp4"
