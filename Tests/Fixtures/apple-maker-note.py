#!/usr/bin/env python3
"""Writes to stdout the EXIF MakerNote an iPhone puts in a Live Photo's still, with only what
Photolala reads: tag 1 (MakerNoteVersion 14) and tag 17, the content identifier the still shares
with its movie's com.apple.quicktime.content.identifier (exiftool reads it as
MakerNotes:MediaGroupUUID; it cannot create an Apple maker note, only copy one in):

    Tests/Fixtures/apple-maker-note.py IDENTIFIER > note.bin
    exiftool -Make=Apple "-MakerNotes<=note.bin" IMG_0042.JPG

The layout is Apple's: "Apple iOS\\0", version 1, "MM", then a big-endian TIFF directory whose
value offsets count from the note's first byte."""

import struct
import sys

identifier = sys.argv[1].encode("ascii") + b"\0"
header = b"Apple iOS\0" + struct.pack(">H", 1) + b"MM"
entries = 2
values_at = len(header) + 2 + 12 * entries + 4
directory = struct.pack(">H", entries)
directory += struct.pack(">HHIi", 0x0001, 9, 1, 14)
directory += struct.pack(">HHII", 0x0011, 2, len(identifier), values_at)
directory += struct.pack(">I", 0)
sys.stdout.buffer.write(header + directory + identifier)
