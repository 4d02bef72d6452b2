#!/usr/bin/env python3
"""Writes a JPEG with a Multi-Picture Format index (CIPA DC-007), as cameras write them: the
primary image with an APP2 "MPF" segment after its EXIF, and the other images appended after it.

    make-mpf-jpeg.py PRIMARY OUT IMAGE[:TYPE] ...

Each IMAGE is a JPEG file; TYPE is its MP image type in hex: 10001 (Large Thumbnail, VGA), 10002
(Large Thumbnail, full HD; the default), 0 (undefined, as a depth or gain map is). The index is
little-endian, as Sony's, Nikon's and Fujifilm's are, and lists the primary image first (type
30000, the representative image) at offset 0. exiftool reads the first Large Thumbnail of such a
file as its PreviewImage.
"""

import struct
import sys


def segments_end(jpeg):
    """The offset after SOI and the APP0/APP1 segments, where a camera puts its APP2 MPF."""
    if jpeg[:2] != b"\xff\xd8":
        sys.exit("not a JPEG")
    at = 2
    while jpeg[at] == 0xFF and jpeg[at + 1] in (0xE0, 0xE1):
        at += 2 + struct.unpack(">H", jpeg[at + 2 : at + 4])[0]
    return at


def mp_index(entries):
    """The MP header and MP Index IFD for `entries` of (attribute, size, offset)."""
    count = len(entries)
    ifd_entries = 3
    values_at = 8 + 2 + ifd_entries * 12 + 4
    header = b"II*\x00" + struct.pack("<I", 8)
    ifd = struct.pack("<H", ifd_entries)
    ifd += struct.pack("<HHI4s", 0xB000, 7, 4, b"0100")
    ifd += struct.pack("<HHII", 0xB001, 4, 1, count)
    ifd += struct.pack("<HHII", 0xB002, 7, 16 * count, values_at)
    ifd += struct.pack("<I", 0)
    values = b"".join(struct.pack("<IIIHH", attribute, size, offset, 0, 0) for attribute, size, offset in entries)
    return header + ifd + values


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    primary = open(sys.argv[1], "rb").read()
    images = []
    for argument in sys.argv[3:]:
        path, _, kind = argument.partition(":")
        images.append((open(path, "rb").read(), int(kind or "10002", 16)))
    insert_at = segments_end(primary)
    segment_length = 2 + 4 + len(mp_index([(0, 0, 0)] * (len(images) + 1)))
    primary_size = len(primary) + 2 + segment_length
    header_at = insert_at + 4 + 4  # marker, length, "MPF\0"
    entries = [(0x2003_0000, primary_size, 0)]
    at = primary_size
    for image, kind in images:
        entries.append((kind, len(image), at - header_at))
        at += len(image)
    segment = b"\xff\xe2" + struct.pack(">H", segment_length) + b"MPF\x00" + mp_index(entries)
    with open(sys.argv[2], "wb") as out:
        out.write(primary[:insert_at] + segment + primary[insert_at:])
        for image, _ in images:
            out.write(image)


if __name__ == "__main__":
    main()
