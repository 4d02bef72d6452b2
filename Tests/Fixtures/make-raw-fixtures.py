#!/usr/bin/env python3
"""Makes camera-RAW-shaped files for the tests and benchmarks, with libvips and the standard library.

    make-raw-fixtures.py OUTDIR [--camera-sized]

Each file has the container a camera writes (TIFF IFDs and SubIFDs, a MakerNote, CR3's ISO-BMFF
boxes, RAF's header) around JPEG previews made by `vips`; the raw data itself is a few bytes
claiming a sensor size, except in `raw-nopreview.dng`, a real (tiny) uncompressed CFA image
LibRaw decodes. Previews are coloured so a test can tell which one a thumbnail came from: the
largest is red on its left half and blue on its right (stored, before orientation), the others
green.

    raw.dng            little-endian DNG: IFD0 256×171 RGB thumbnail, SubIFDs raw 3000×2000
                       (DefaultCropSize 2976×1984) and a 1200×800 JPEG preview; orientation 6
    raw.nef            big-endian NEF: IFD0 160×120 thumbnail, SubIFD JpgFromRaw 1200×800, raw
                       SubIFD 6048×4032, Nikon MakerNote PreviewIFD 640×424; orientation 8
    raw.cr3            CR3: CMT1–CMT4 TIFF boxes, THMB 160×120, PRVW 960×640; orientation 3
    raw.raf            RAF: header offsets to a 1200×800 JPEG (EXIF orientation 6) and sizes
    raw.orf            ORF: a 160×120 JPEG in IFD1, a 1200×800 one in the Olympus MakerNote
    raw.rw2            RW2: a 1200×800 JpgFromRaw (tag 0x2E) with the EXIF; orientation 8
    raw-nopreview.dng  uncompressed 16-bit CFA 512×384 and no preview: LibRaw's half-size decode
    raw-damaged.nef    raw.nef cut short inside its first directory

With --camera-sized, only `bench-NN.nef|cr3|dng` files are made instead (RAW_BENCH_FILES, 12 by
default), camera-like previews of noise for the RAW thumbnail benchmark: a NEF with a full-size
6000×4000 JpgFromRaw and 20 MiB of raw bytes, a CR3 with a 1620×1080 PRVW and 20 MiB of raw
bytes, and a DNG with a 1620×1080 preview and real uncompressed 6000×4000 16-bit CFA data
(48 MB) that LibRaw decodes.
"""
import os
import struct
import subprocess
import sys
import tempfile

WORK = tempfile.mkdtemp()

BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL = 1, 2, 3, 4, 5, 7, 10
TYPE_SIZE = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, UNDEFINED: 1, SRATIONAL: 8}


def vips(*args):
    subprocess.run(["vips", *map(str, args)], check=True, env={**os.environ, "VIPS_WARNING": "0"})


def jpeg(width, height, two_colour, quality=80, noise=False):
    """A JPEG's bytes: red left half and blue right half, or flat green; `noise` makes it camera-like in size."""
    name = os.path.join(WORK, f"{width}x{height}-{two_colour}-{noise}.jpg")
    if not os.path.exists(name):
        def flat(w, h, rgb, path):
            vips("black", path + ".v", w, h, "--bands", 3)
            vips("linear", path + ".v", path + ".l.v", "1 1 1", rgb)
            vips("cast", path + ".l.v", path, "uchar")
        if two_colour:
            flat(width // 2, height, "220 20 20", name + ".red.v")
            flat(width - width // 2, height, "20 20 220", name + ".blue.v")
            vips("join", name + ".red.v", name + ".blue.v", name + ".joined.v", "horizontal")
        else:
            flat(width, height, "20 200 20", name + ".joined.v")
        if noise:
            vips("gaussnoise", name + ".n.v", width, height, "--sigma", 30)
            vips("add", name + ".joined.v", name + ".n.v", name + ".sum.v")
            vips("cast", name + ".sum.v", name + ".joined2.v", "uchar")
            os.replace(name + ".joined2.v", name + ".joined.v")
        vips("copy", name + ".joined.v", f"{name}[Q={quality},strip]")
    with open(name, "rb") as f:
        return f.read()


def exif_jpeg(width, height, tags):
    """A two-colour JPEG carrying EXIF tags written by exiftool (for RAF, whose only EXIF is its preview's)."""
    path = os.path.join(WORK, "exif.jpg")
    with open(path, "wb") as f:
        f.write(jpeg(width, height, True))
    subprocess.run(["exiftool", "-q", "-overwrite_original", *tags, path], check=True)
    with open(path, "rb") as f:
        return f.read()


class TIFF:
    """Lays out a TIFF structure: data blobs first, each directory after what it points to."""

    def __init__(self, order, magic=42, header=None):
        self.order = order
        self.out = bytearray(header if header is not None else (b"II" if order == "<" else b"MM") + struct.pack(order + "HI", magic, 0))

    def add(self, data):
        if len(self.out) % 2:
            self.out += b"\0"
        offset = len(self.out)
        self.out += data
        return offset

    def pack(self, kind, values):
        if kind in (ASCII,):
            return values.encode() + b"\0"
        if kind in (BYTE, UNDEFINED):
            return bytes(values)
        if kind == SHORT:
            return struct.pack(self.order + "H" * len(values), *values)
        if kind == LONG:
            return struct.pack(self.order + "I" * len(values), *values)
        code = "I" if kind == RATIONAL else "i"
        return b"".join(struct.pack(self.order + code * 2, *pair) for pair in values)

    def directory(self, entries, next_offset=0):
        """Writes one IFD (entries: (tag, type, values)) and returns its offset."""
        packed = []
        for tag, kind, values in sorted(entries, key=lambda e: e[0]):
            data = self.pack(kind, values)
            count = len(data) // TYPE_SIZE[kind]
            if len(data) <= 4:
                field = data.ljust(4, b"\0")
            else:
                field = struct.pack(self.order + "I", self.add(data))
            packed.append(struct.pack(self.order + "HHI", tag, kind, count) + field)
        body = struct.pack(self.order + "H", len(packed)) + b"".join(packed) + struct.pack(self.order + "I", next_offset)
        return self.add(body)

    def finish(self, first_directory, at=4):
        self.out[at:at + 4] = struct.pack(self.order + "I", first_directory)
        return bytes(self.out)


def rgb_strip(width, height):
    return bytes([20, 200, 20]) * (width * height)


def exif_entries(t, date, offset, make_note=None):
    entries = [
        (0x829A, RATIONAL, [(1, 250)]),
        (0x829D, RATIONAL, [(56, 10)]),
        (0x8827, SHORT, [400]),
        (0x9003, ASCII, date),
        (0x9004, ASCII, date),
        (0x9011, ASCII, offset),
        (0x920A, RATIONAL, [(35, 1)]),
        (0xA434, ASCII, "24-70mm F2.8"),
    ]
    if make_note is not None:
        entries.append((0x927C, UNDEFINED, make_note))
    return t.directory(entries)


def gps_entries(t):
    return t.directory([
        (0x0000, BYTE, [2, 3, 0, 0]),
        (0x0001, ASCII, "N"),
        (0x0002, RATIONAL, [(48, 1), (51, 1), (2964, 100)]),
        (0x0003, ASCII, "E"),
        (0x0004, RATIONAL, [(2, 1), (17, 1), (4020, 100)]),
    ])


def dng(preview_size, sensor=(3000, 2000), crop=(2976, 1984), orientation=6, raw_data=None, noise=False):
    """A DNG; `raw_data` (16-bit little-endian CFA samples, sensor-sized) makes its raw image real and uncompressed."""
    t = TIFF("<")
    preview = jpeg(*preview_size, True, noise=noise)
    preview_at = t.add(preview)
    thumb_at = t.add(rgb_strip(256, 171))
    raw = raw_data if raw_data is not None else b"\0" * 64
    raw_at = t.add(raw)
    raw_ifd = t.directory([
        (0x00FE, LONG, [0]), (0x0100, LONG, [sensor[0]]), (0x0101, LONG, [sensor[1]]),
        (0x0102, SHORT, [16]), (0x0103, SHORT, [1 if raw_data is not None else 7]), (0x0106, SHORT, [32803]),
        (0x0111, LONG, [raw_at]), (0x0115, SHORT, [1]), (0x0116, LONG, [sensor[1]]), (0x0117, LONG, [len(raw)]),
        (0x828D, SHORT, [2, 2]), (0x828E, BYTE, [0, 1, 1, 2]),
        (0xC61A, SHORT, [0]), (0xC61D, SHORT, [4095]),
        (0xC61F, LONG, [8, 8]), (0xC620, LONG, list(crop)),
    ])
    preview_ifd = t.directory([
        (0x00FE, LONG, [1]), (0x0100, LONG, [preview_size[0]]), (0x0101, LONG, [preview_size[1]]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [7]), (0x0106, SHORT, [6]),
        (0x0111, LONG, [preview_at]), (0x0115, SHORT, [3]), (0x0117, LONG, [len(preview)]),
    ])
    exif = exif_entries(t, "2024:03:09 14:05:06", "+01:00")
    gps = gps_entries(t)
    ifd0 = t.directory([
        (0x00FE, LONG, [1]), (0x0100, LONG, [256]), (0x0101, LONG, [171]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [1]), (0x0106, SHORT, [2]),
        (0x010F, ASCII, "Canon"), (0x0110, ASCII, "Canon EOS 6D"),
        (0x0111, LONG, [thumb_at]), (0x0112, SHORT, [orientation]), (0x0115, SHORT, [3]),
        (0x0116, LONG, [171]), (0x0117, LONG, [256 * 171 * 3]),
        (0x014A, LONG, [raw_ifd, preview_ifd]),
        (0x8769, LONG, [exif]), (0x8825, LONG, [gps]),
        (0xC612, BYTE, [1, 4, 0, 0]), (0xC613, BYTE, [1, 1, 0, 0]),
        (0xC614, ASCII, "Canon EOS 6D"),
        (0xC621, SRATIONAL, [(10000, 10000), (0, 10000), (0, 10000), (0, 10000), (10000, 10000), (0, 10000),
                             (0, 10000), (0, 10000), (10000, 10000)]),
        (0xC628, RATIONAL, [(1, 1), (1, 1), (1, 1)]), (0xC65A, SHORT, [21]),
    ])
    return t.finish(ifd0)


def nikon_make_note(preview):
    """A type-2 Nikon MakerNote: its own big-endian TIFF header with the first directory right
    after it (where exiftool and cameras put it), then a PreviewIFD pointing at `preview`."""
    def entry(tag, kind, count, value):
        return struct.pack(">HHI", tag, kind, count) + value
    first_at, preview_ifd_at = 8, 8 + 2 + 2 * 12 + 4
    jpeg_at = preview_ifd_at + 2 + 3 * 12 + 4
    first = struct.pack(">H", 2) + entry(0x0001, UNDEFINED, 4, b"0210") \
        + entry(0x0011, LONG, 1, struct.pack(">I", preview_ifd_at)) + struct.pack(">I", 0)
    preview_ifd = struct.pack(">H", 3) + entry(0x0103, SHORT, 1, struct.pack(">HH", 6, 0)) \
        + entry(0x0201, LONG, 1, struct.pack(">I", jpeg_at)) + entry(0x0202, LONG, 1, struct.pack(">I", len(preview))) \
        + struct.pack(">I", 0)
    note = b"MM\0*" + struct.pack(">I", first_at) + first + preview_ifd + preview
    return list(b"Nikon\0\x02\x10\0\0" + note)


def nef(full_size, sensor=(6048, 4032), orientation=8, noise=False, raw_bytes=64):
    t = TIFF(">")
    full = jpeg(*full_size, True, noise=noise)
    full_at = t.add(full)
    thumb_at = t.add(rgb_strip(160, 120))
    raw_at = t.add(os.urandom(raw_bytes))
    jpg_from_raw = t.directory([
        (0x00FE, LONG, [1]), (0x0103, SHORT, [6]), (0x011A, RATIONAL, [(300, 1)]),
        (0x0201, LONG, [full_at]), (0x0202, LONG, [len(full)]),
    ])
    raw_ifd = t.directory([
        (0x00FE, LONG, [0]), (0x0100, LONG, [sensor[0]]), (0x0101, LONG, [sensor[1]]),
        (0x0102, SHORT, [14]), (0x0103, SHORT, [34713]), (0x0106, SHORT, [32803]),
        (0x0111, LONG, [raw_at]), (0x0115, SHORT, [1]), (0x0117, LONG, [raw_bytes]),
    ])
    exif = exif_entries(t, "2023:11:05 07:08:09", "-05:00", make_note=nikon_make_note(jpeg(640, 424, False)))
    gps = gps_entries(t)
    ifd0 = t.directory([
        (0x00FE, LONG, [1]), (0x0100, LONG, [160]), (0x0101, LONG, [120]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [1]), (0x0106, SHORT, [2]),
        (0x010F, ASCII, "NIKON CORPORATION"), (0x0110, ASCII, "NIKON D850"),
        (0x0111, LONG, [thumb_at]), (0x0112, SHORT, [orientation]), (0x0115, SHORT, [3]),
        (0x0116, LONG, [120]), (0x0117, LONG, [160 * 120 * 3]),
        (0x014A, LONG, [jpg_from_raw, raw_ifd]),
        (0x8769, LONG, [exif]), (0x8825, LONG, [gps]),
    ])
    return t.finish(ifd0)


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def tiff_block(entries_of):
    """A little-endian TIFF whose first directory is what `entries_of(t)` gives, as CR3's CMT boxes hold."""
    t = TIFF("<")
    return t.finish(t.directory(entries_of(t)))


def cr3(preview_size, sensor=(5472, 3648), orientation=3, noise=False, raw_bytes=64):
    cmt1 = tiff_block(lambda t: [
        (0x0100, LONG, [sensor[0]]), (0x0101, LONG, [sensor[1]]),
        (0x010F, ASCII, "Canon"), (0x0110, ASCII, "Canon EOS R6"), (0x0112, SHORT, [orientation]),
    ])
    cmt2 = tiff_block(lambda t: [
        (0x829A, RATIONAL, [(1, 125)]), (0x829D, RATIONAL, [(40, 10)]), (0x8827, SHORT, [1600]),
        (0x9003, ASCII, "2022:08:07 19:20:21"), (0x9011, ASCII, "+02:00"),
        (0x920A, RATIONAL, [(85, 1)]), (0xA434, ASCII, "RF85mm F2 MACRO IS STM"),
    ])
    cmt4 = tiff_block(lambda t: [
        (0x0001, ASCII, "S"), (0x0002, RATIONAL, [(33, 1), (52, 1), (800, 100)]),
        (0x0003, ASCII, "W"), (0x0004, RATIONAL, [(70, 1), (40, 1), (0, 1)]),
    ])
    thumb = jpeg(160, 120, False)
    thmb = box(b"THMB", bytes(4) + struct.pack(">HHIHH", 160, 120, len(thumb), 1, 0) + thumb)
    canon = bytes.fromhex("85c0b687820f11e08111f4ce462b6a48") + box(b"CNCV", b"CanonCR3_001/00.10.00/00.00.00") \
        + box(b"CMT1", cmt1) + box(b"CMT2", cmt2) + box(b"CMT4", cmt4) + thmb
    moov = box(b"moov", box(b"uuid", canon))
    preview = jpeg(*preview_size, True, noise=noise)
    prvw = box(b"PRVW", bytes(4) + struct.pack(">HHHHI", 1, preview_size[0], preview_size[1], 1, len(preview)) + preview)
    prvw_uuid = box(b"uuid", bytes.fromhex("eaf42b5e1c984b88b9fbb7dc406e4d16") + bytes(8) + prvw)
    ftyp = box(b"ftyp", b"crx " + struct.pack(">I", 1) + b"crx isom")
    return ftyp + moov + prvw_uuid + box(b"mdat", os.urandom(raw_bytes))


def raf():
    preview = exif_jpeg(1200, 800, [
        "-Make=FUJIFILM", "-Model=X-T5", "-Orientation#=6", "-DateTimeOriginal=2021:06:05 04:03:02",
        "-OffsetTimeOriginal=+09:00", "-ISO=125", "-ExposureTime=0.002", "-FNumber=2.8", "-FocalLength=23",
    ])
    # The RAF directory: RawImageFullSize and RawImageCroppedSize, each height then width.
    records = [(0x100, struct.pack(">HH", 4160, 6240)), (0x111, struct.pack(">HH", 4160, 6240))]
    directory = struct.pack(">I", len(records)) + b"".join(struct.pack(">HH", tag, len(v)) + v for tag, v in records)
    header = bytearray(b"FUJIFILMCCD-RAW 0201FF129502" + b"X-T5".ljust(32, b"\0") + b"0100" + bytes(20))
    assert len(header) == 84
    jpeg_at = 108
    directory_at = jpeg_at + len(preview)
    cfa_at = directory_at + len(directory)
    header += struct.pack(">6I", jpeg_at, len(preview), directory_at, len(directory), cfa_at, 64)
    return bytes(header) + preview + directory + bytes(64)


def orf():
    """An Olympus ORF ("IIRO"): the preview's start and length in the MakerNote's CameraSettings,
    counted from the MakerNote's own start, as new-style Olympus MakerNotes count."""
    preview = jpeg(1200, 800, True)
    small = jpeg(160, 120, False)
    note = bytearray(b"OLYMPUS\0II\x03\0")
    first_at = 12
    settings_at = first_at + 2 + 2 * 12 + 4
    preview_at = settings_at + 2 + 3 * 12 + 4
    note += struct.pack("<H", 2) + struct.pack("<HHI4s", 0x0000, UNDEFINED, 4, b"0100") \
        + struct.pack("<HHII", 0x2020, 13, 1, settings_at) + struct.pack("<I", 0)
    note += struct.pack("<H", 3) + struct.pack("<HHII", 0x0100, LONG, 1, 1) \
        + struct.pack("<HHII", 0x0101, LONG, 1, preview_at) + struct.pack("<HHII", 0x0102, LONG, 1, len(preview)) \
        + struct.pack("<I", 0)
    note += preview
    t = TIFF("<", header=b"IIRO" + struct.pack("<I", 0))
    thumb_at = t.add(small)
    raw_at = t.add(bytes(64))
    exif = t.directory([
        (0x829A, RATIONAL, [(1, 50)]), (0x829D, RATIONAL, [(28, 10)]), (0x8827, SHORT, [200]),
        (0x9003, ASCII, "2019:04:03 02:01:00"), (0x920A, RATIONAL, [(12, 1)]), (0xA434, ASCII, "OLYMPUS M.12mm F2.0"),
        (0x927C, UNDEFINED, list(note)),
    ])
    ifd0 = t.directory([
        (0x00FE, LONG, [0]), (0x0100, LONG, [5240]), (0x0101, LONG, [3912]), (0x0102, SHORT, [16]),
        (0x0103, SHORT, [1]), (0x0106, SHORT, [32803]), (0x010F, ASCII, "OLYMPUS CORPORATION"), (0x0110, ASCII, "E-M1MarkII"),
        (0x0111, LONG, [raw_at]), (0x0112, SHORT, [1]), (0x0117, LONG, [64]), (0x8769, LONG, [exif]),
    ], next_offset=t.directory([(0x0103, SHORT, [6]), (0x0201, LONG, [thumb_at]), (0x0202, LONG, [len(small)])]))
    return t.finish(ifd0)


def rw2():
    """A Panasonic RW2 ("IIU"): its JpgFromRaw (tag 0x2E) holds a whole JPEG with the EXIF; the
    sensor's borders (tags 4–7) give the image size."""
    preview = exif_jpeg(1200, 800, [
        "-Make=Panasonic", "-Model=DC-G9", "-Orientation#=8", "-DateTimeOriginal=2018:02:01 10:11:12", "-ISO=320",
        "-ExposureTime=0.01", "-FNumber=4", "-FocalLength=25",
    ])
    # After the header, the 16-byte signature that tells RW2 from Panasonic's older RAW.
    t = TIFF("<", header=b"IIU\0" + struct.pack("<I", 0) + bytes.fromhex("88e774d8f8251d4d947a6e77822b5d6a"))
    raw_at = t.add(bytes(64))
    ifd0 = t.directory([
        (0x0001, UNDEFINED, list(b"0450")), (0x0002, SHORT, [5200]), (0x0003, SHORT, [3904]),
        (0x0004, SHORT, [4]), (0x0005, SHORT, [8]), (0x0006, SHORT, [3892]), (0x0007, SHORT, [5192]),
        (0x002E, UNDEFINED, list(preview)), (0x010F, ASCII, "Panasonic"), (0x0110, ASCII, "DC-G9"),
        (0x0111, LONG, [raw_at]), (0x0112, SHORT, [8]), (0x0117, LONG, [64]),
    ])
    return t.finish(ifd0)


def dng_without_preview(width=512, height=384):
    """A real uncompressed 16-bit RGGB DNG, grey with a brighter left half, that LibRaw decodes."""
    t = TIFF("<")
    rows = bytearray()
    for y in range(height):
        for x in range(width):
            bright = x < width // 2
            level = 3000 if bright else 800
            rows += struct.pack("<H", level)
    raw_at = t.add(bytes(rows))
    exif = exif_entries(t, "2020:01:02 03:04:05", "+00:00")
    ifd0 = t.directory([
        (0x00FE, LONG, [0]), (0x0100, LONG, [width]), (0x0101, LONG, [height]),
        (0x0102, SHORT, [16]), (0x0103, SHORT, [1]), (0x0106, SHORT, [32803]),
        (0x010F, ASCII, "Canon"), (0x0110, ASCII, "Canon EOS 6D"),
        (0x0111, LONG, [raw_at]), (0x0112, SHORT, [6]), (0x0115, SHORT, [1]),
        (0x0116, LONG, [height]), (0x0117, LONG, [len(rows)]),
        (0x828D, SHORT, [2, 2]), (0x828E, BYTE, [0, 1, 1, 2]),
        (0x8769, LONG, [exif]),
        (0xC612, BYTE, [1, 4, 0, 0]), (0xC613, BYTE, [1, 1, 0, 0]), (0xC614, ASCII, "Photolala Test"),
        (0xC61A, SHORT, [0]), (0xC61D, SHORT, [4095]),
        (0xC621, SRATIONAL, [(10000, 10000), (0, 10000), (0, 10000), (0, 10000), (10000, 10000), (0, 10000),
                             (0, 10000), (0, 10000), (10000, 10000)]),
        (0xC628, RATIONAL, [(1, 1), (1, 1), (1, 1)]),
        (0xC65A, SHORT, [21]),
    ])
    return t.finish(ifd0)


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    if "--camera-sized" in sys.argv:
        count = int(os.environ.get("RAW_BENCH_FILES", "12"))
        sensor = (6000, 4000)
        # Real 16-bit CFA samples for the DNGs, so LibRaw has raw data to decode: a noisy grey.
        import random
        row = struct.pack("<6000H", *(random.randrange(600, 3000) for _ in range(6000)))
        raw = b"".join(row[(y * 2) % 64:] + row[:(y * 2) % 64] for y in range(4000))
        for index in range(count):
            kind = index % 3
            if kind == 0:
                data = nef(sensor, sensor=sensor, orientation=1, noise=True, raw_bytes=20 << 20)
                write(folder, f"bench-{index:02}.nef", data)
            elif kind == 1:
                write(folder, f"bench-{index:02}.cr3", cr3((1620, 1080), sensor=sensor, orientation=1, noise=True, raw_bytes=20 << 20))
            else:
                data = dng((1620, 1080), sensor=sensor, crop=sensor, orientation=1, raw_data=raw, noise=True)
                write(folder, f"bench-{index:02}.dng", data)
        return
    write(folder, "raw.dng", dng((1200, 800)))
    nikon = nef((1200, 800))
    write(folder, "raw.nef", nikon)
    write(folder, "raw.cr3", cr3((960, 640)))
    write(folder, "raw.raf", raf())
    write(folder, "raw.orf", orf())
    write(folder, "raw.rw2", rw2())
    write(folder, "raw-nopreview.dng", dng_without_preview())
    write(folder, "raw-damaged.nef", nikon[:len(nikon) - 300])


if __name__ == "__main__":
    main()
