#!/usr/bin/env python3
"""Writes a JPEG with a Multi-Picture Format index (CIPA DC-007), as cameras write them: the
primary image with an APP2 "MPF" segment after its EXIF, and the other images appended after it.

    make-mpf-jpeg.py [--big-endian] PRIMARY OUT IMAGE[:TYPE] ...

Each IMAGE is a JPEG file; TYPE is its MP image type in hex: 10001 (Large Thumbnail, VGA), 10002
(Large Thumbnail, full HD; the default), 0 (undefined, as a depth or gain map is). The index is
little-endian unless told otherwise (DC-007 allows either byte order), and lists the primary
image first (type 30000, the representative image) at offset 0. exiftool reads the first Large
Thumbnail of such a file as its PreviewImage.
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


def mp_index(entries, order):
    """The MP header and MP Index IFD for `entries` of (attribute, size, offset), in byte `order`
    (`<` or `>`)."""
    count = len(entries)
    ifd_entries = 3
    values_at = 8 + 2 + ifd_entries * 12 + 4
    header = (b"II*\x00" if order == "<" else b"MM\x00*") + struct.pack(order + "I", 8)
    ifd = struct.pack(order + "H", ifd_entries)
    ifd += struct.pack(order + "HHI4s", 0xB000, 7, 4, b"0100")
    ifd += struct.pack(order + "HHII", 0xB001, 4, 1, count)
    ifd += struct.pack(order + "HHII", 0xB002, 7, 16 * count, values_at)
    ifd += struct.pack(order + "I", 0)
    values = b"".join(struct.pack(order + "IIIHH", attribute, size, offset, 0, 0) for attribute, size, offset in entries)
    return header + ifd + values


def main():
    arguments = sys.argv[1:]
    order = "<"
    if arguments[:1] == ["--big-endian"]:
        order, arguments = ">", arguments[1:]
    if len(arguments) < 3:
        sys.exit(__doc__)
    primary = open(arguments[0], "rb").read()
    images = []
    for argument in arguments[2:]:
        path, _, kind = argument.partition(":")
        images.append((open(path, "rb").read(), int(kind or "10002", 16)))
    insert_at = segments_end(primary)
    segment_length = 2 + 4 + len(mp_index([(0, 0, 0)] * (len(images) + 1), order))
    primary_size = len(primary) + 2 + segment_length
    header_at = insert_at + 4 + 4  # marker, length, "MPF\0"
    entries = [(0x2003_0000, primary_size, 0)]
    at = primary_size
    for image, kind in images:
        entries.append((kind, len(image), at - header_at))
        at += len(image)
    segment = b"\xff\xe2" + struct.pack(">H", segment_length) + b"MPF\x00" + mp_index(entries, order)
    with open(arguments[1], "wb") as out:
        out.write(primary[:insert_at] + segment + primary[insert_at:])
        for image, _ in images:
            out.write(image)


if __name__ == "__main__":
    main()
