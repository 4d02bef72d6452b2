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
    raw.cr3            CR3: CMT1–CMT4 TIFF boxes, THMB 160×120, PRVW 960×640, a 5472×3648 JPEG
                       in mdat as the first track's sample (co64, stsz); orientation 3
    raw.raf            RAF: header offsets to a 1200×800 JPEG (EXIF orientation 6) and sizes
    raw.orf            ORF: a 160×120 JPEG in IFD1, a 1200×800 one in the Olympus MakerNote
    raw.rw2            RW2: a 1200×800 JpgFromRaw (tag 0x2E) with the EXIF; orientation 8
    raw-jxl.dng        DNG 1.7: raw data and a 1200×800 preview compressed with JPEG XL, a
                       256×171 RGB thumbnail in IFD0; orientation 6
    raw-nopreview.dng  uncompressed 16-bit CFA 512×384 and no preview: LibRaw's half-size decode
    raw-he.dng         a Nikon Z 9 high-efficiency DNG: JPEG XL raw data, and the NEF's MakerNote
                       in DNGPrivateData, whose PreviewIFD holds a 640×424 JPEG; orientation 1
    raw-damaged.nef    raw.nef cut short inside its first directory
    raw-pruned.cr3     raw.cr3 cut short 4 KiB into its mdat (the full-size JPEG): THMB and
                       PRVW are whole, mdat claims more bytes than are left

With --camera-sized, only `bench-NN.nef|cr3|dng` files are made instead (RAW_BENCH_FILES, 12 by
default), camera-like previews of noise for the RAW thumbnail benchmark: a NEF with a full-size
6000×4000 JpgFromRaw and 20 MiB of random bytes as its raw data, a CR3 with a 1620×1080 PRVW, a
full-size 6000×4000 JPEG in its first track and 20 MiB of random bytes, and a DNG with a 1620×1080 preview and real 6000×4000 14-bit CFA data
(a photo-like scene with shot noise, different in every file), stored as cameras and Adobe DNG
Converter store it: lossless JPEG (Compression 7) in 256×256 tiles, about 28 MB, which LibRaw
decodes. The NEF's and CR3's raw bytes are no codec's output: only the DNGs can be decoded.
These need numpy (`python3 -m pip install numpy`).

With --self-test, a small lossless-JPEG DNG is written the same way into a temporary folder and
checked: exiftool reads its tags and preview, and LibRaw's raw values (`unprocessed_raw`) equal
the samples encoded, sample for sample (`make test` runs it; about a second).
"""
import atexit
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

WORK = tempfile.mkdtemp()
atexit.register(shutil.rmtree, WORK, ignore_errors=True)

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


def numpy():
    """numpy, which the camera-sized DNGs' encoder needs (the small fixtures do not)."""
    try:
        import numpy as np
    except ImportError:
        sys.exit("make-raw-fixtures.py: the camera-sized DNGs need numpy: python3 -m pip install numpy")
    return np


def camera_cfa(seed, width, height):
    """Photo-like RGGB samples of a 14-bit sensor (black 512): smooth light with finer detail, each
    colour's own response, and shot noise (a 50,000-electron full well) and read noise, so that
    lossless JPEG compresses them about as much as a camera's (to 8–9 bits a sample), unlike flat
    or uniformly random data."""
    np = numpy()
    rng = np.random.default_rng(seed)

    def field(cells_x, cells_y):
        """Random values on a coarse grid, bilinearly interpolated to the sensor's size: 0–1."""
        grid = rng.random((cells_y + 1, cells_x + 1), dtype=np.float32)
        ys, xs = np.linspace(0, cells_y, height, dtype=np.float32), np.linspace(0, cells_x, width, dtype=np.float32)
        y0, x0 = np.minimum(ys.astype(np.intp), cells_y - 1), np.minimum(xs.astype(np.intp), cells_x - 1)
        fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
        rows = grid[y0] * (1 - fy) + grid[y0 + 1] * fy
        return rows[:, x0] * (1 - fx) + rows[:, x0 + 1] * fx

    # Broad light (cells of 500 pixels) and detail (cells of 20), at any size alike.
    light = 0.8 * field(max(1, width // 500), max(1, height // 500)) + 0.2 * field(max(1, width // 20), max(1, height // 20))
    response = np.tile(np.array([[0.45, 0.9], [0.9, 0.6]], np.float32), (height // 2 + 1, width // 2 + 1))[:height, :width]
    signal = 512 + 15000 * light * light * response
    noisy = signal + rng.standard_normal((height, width), dtype=np.float32) * np.sqrt(signal / 3 + 16)
    return np.clip(noisy, 0, 16383).astype(np.uint16)


def huffman_table(frequencies):
    """The optimal JPEG Huffman table for symbol `frequencies` (T.81 Annex K.2, as libjpeg's
    jpeg_gen_optimal_table builds it): codes of at most 16 bits, none all ones. Returns BITS (the
    number of codes of each length 1–16), HUFFVAL (the symbols by code length) and each
    symbol's (code, length)."""
    frequency = list(frequencies) + [1]  # a reserved symbol whose code, the all-ones one, is dropped
    size, others = [0] * len(frequency), [-1] * len(frequency)
    while True:
        live = sorted((f, -symbol) for symbol, f in enumerate(frequency) if f > 0)
        if len(live) < 2:
            break
        first, second = -live[0][1], -live[1][1]  # the two rarest, the larger symbol first on a tie
        frequency[first] += frequency[second]
        frequency[second] = 0
        for symbol in (first, second):
            size[symbol] += 1
            while others[symbol] >= 0:
                symbol = others[symbol]
                size[symbol] += 1
        while others[first] >= 0:
            first = others[first]
        others[first] = second
    count = [0] * 33
    for length in size:
        if length:
            count[length] += 1
    for length in range(32, 16, -1):  # shorten codes longer than 16 bits (Figure K.3)
        while count[length] > 0:
            shorter = length - 2
            while count[shorter] == 0:
                shorter -= 1
            count[length] -= 2
            count[length - 1] += 1
            count[shorter + 1] += 2
            count[shorter] -= 1
    longest = 16
    while count[longest] == 0:
        longest -= 1
    count[longest] -= 1  # the reserved symbol's
    values = sorted((symbol for symbol in range(len(frequency) - 1) if size[symbol]), key=lambda symbol: (size[symbol], symbol))
    codes, code, index = {}, 0, 0
    for length in range(1, 17):  # canonical codes (Annex C)
        for _ in range(count[length]):
            codes[values[index]] = (code, length)
            code += 1
            index += 1
        code <<= 1
    return count[1:17], values, codes


def lossless_jpeg_tiles(samples, tile=256):
    """Compresses a 16-bit CFA image as DNG writers do (Adobe DNG Converter's layout): tile × tile
    tiles, edge tiles padded by repeating the last row and column, each a lossless JPEG (T.81
    process 14, SOF3) of (tile/2) × tile pixels of two components, so a JPEG row is a tile row of
    samples and each component a column parity of the CFA; precision 16, predictor 1 (the sample
    two to the left, a row's first from the one above), and each tile's own optimal Huffman
    table. Vectorised over a row of tiles at a time. Returns (tile, the tiles' JPEGs row by row)."""
    np = numpy()
    height, width = samples.shape
    across, down = -(-width // tile), -(-height // tile)
    padded = np.pad(samples, ((0, down * tile - height), (0, across * tile - width)), mode="edge").astype(np.int64)
    categories = np.zeros((1 << 16) + 1, np.int64)  # SSSS of each magnitude of a difference (Table H.2)
    for category in range(1, 17):
        categories[1 << (category - 1):1 << category] = category
    first = np.arange(across)[:, None] * 17  # each tile's row in the flattened code tables

    def segment(marker, payload):
        return struct.pack(">HH", marker, len(payload) + 2) + payload

    jpegs = []
    for band in range(down):
        rows = padded[band * tile:(band + 1) * tile].reshape(tile, across, tile).transpose(1, 0, 2)
        predicted = np.empty_like(rows)
        predicted[:, :, 2:] = rows[:, :, :-2]
        predicted[:, 1:, :2] = rows[:, :-1, :2]
        predicted[:, 0, :2] = 1 << 15
        difference = (((rows - predicted + 32768) & 0xFFFF) - 32768).reshape(across, -1)  # modulo 2^16 (H.1.2.1)
        category = categories[np.abs(difference)]
        extra_length = np.where(category == 16, 0, category)  # a difference of 32768 has no extra bits
        extra = np.where(difference >= 0, difference, difference - 1) & ((1 << extra_length) - 1)  # ones' complement when negative
        symbol = first + category
        tables = [huffman_table(f) for f in np.bincount(symbol.ravel(), minlength=across * 17).reshape(across, 17)]
        code_of = np.zeros(across * 17, np.int64)
        length_of = np.zeros(across * 17, np.int64)
        for index, (_, _, codes) in enumerate(tables):
            for value, (code, length) in codes.items():
                code_of[index * 17 + value], length_of[index * 17 + value] = code, length
        length = length_of[symbol] + extra_length
        value = (code_of[symbol] << extra_length) | extra
        padding = -length.sum(axis=1) % 8  # each tile's last byte filled with 1 bits
        length = np.concatenate([length, padding[:, None]], axis=1).ravel().astype(np.uint64)
        value = np.concatenate([value, (1 << padding[:, None]) - 1], axis=1).ravel().astype(np.uint64)
        # Every code (at most 31 bits) lies in a 64-bit window starting at its 32-bit word: its
        # high and low halves are added into that word and the next (codes never overlap, and
        # the sums stay below 2^32, exact in bincount's float64).
        end = np.cumsum(length)
        start = end - length
        window = value << (np.uint64(64) - length - (start & np.uint64(31)))
        word = (start >> np.uint64(5)).astype(np.intp)
        words = int(end[-1]) // 32 + 2
        stream = (np.bincount(word, (window >> np.uint64(32)).astype(np.float64), words)
                  + np.bincount(word + 1, (window & np.uint64(0xFFFFFFFF)).astype(np.float64), words))
        stream = stream.astype(np.uint32).astype(">u4").tobytes()
        bounds = [0] + list(end[tile * tile::tile * tile + 1] // 8)
        for index, (bits, values, _) in enumerate(tables):
            header = segment(0xFFC4, bytes([0]) + bytes(bits) + bytes(values)) \
                + segment(0xFFC3, struct.pack(">BHHB", 16, tile, tile // 2, 2) + bytes([0, 0x11, 0, 1, 0x11, 0])) \
                + segment(0xFFDA, bytes([2, 0, 0x00, 1, 0x00, 1, 0, 0]))
            body = stream[int(bounds[index]):int(bounds[index + 1])].replace(b"\xff", b"\xff\x00")
            jpegs.append(b"\xff\xd8" + header + body + b"\xff\xd9")
    return tile, jpegs


def dng(preview_size, sensor=(3000, 2000), crop=(2976, 1984), orientation=6, raw_tiles=None, levels=(0, 4095), noise=False):
    """A DNG whose raw image is a few bytes claiming to be a sensor-sized lossless JPEG, or real:
    `raw_tiles`, (tile size, the tiles' JPEGs) from `lossless_jpeg_tiles`."""
    t = TIFF("<")
    preview = jpeg(*preview_size, True, noise=noise)
    preview_at = t.add(preview)
    thumb_at = t.add(rgb_strip(256, 171))
    if raw_tiles is not None:
        tile, tiles = raw_tiles
        offsets = [t.add(data) for data in tiles]
        layout = [(0x0103, SHORT, [7]), (0x0142, LONG, [tile]), (0x0143, LONG, [tile]),
                  (0x0144, LONG, offsets), (0x0145, LONG, [len(data) for data in tiles])]
    else:
        raw = b"\0" * 64
        layout = [(0x0103, SHORT, [7]), (0x0111, LONG, [t.add(raw)]),
                  (0x0116, LONG, [sensor[1]]), (0x0117, LONG, [len(raw)])]
    raw_ifd = t.directory(layout + [
        (0x00FE, LONG, [0]), (0x0100, LONG, [sensor[0]]), (0x0101, LONG, [sensor[1]]),
        (0x0102, SHORT, [16]), (0x0106, SHORT, [32803]), (0x0115, SHORT, [1]),
        (0x828D, SHORT, [2, 2]), (0x828E, BYTE, [0, 1, 1, 2]),
        (0xC61A, SHORT, [levels[0]]), (0xC61D, SHORT, [levels[1]]),
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


def cr3(preview_size, sensor=(5472, 3648), orientation=3, noise=False, raw_bytes=64, full_size=None):
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
    preview = jpeg(*preview_size, True, noise=noise)
    prvw = box(b"PRVW", bytes(4) + struct.pack(">HHHHI", 1, preview_size[0], preview_size[1], 1, len(preview)) + preview)
    prvw_uuid = box(b"uuid", bytes.fromhex("eaf42b5e1c984b88b9fbb7dc406e4d16") + bytes(8) + prvw)
    ftyp = box(b"ftyp", b"crx " + struct.pack(">I", 1) + b"crx isom")
    full = jpeg(*full_size, True, noise=noise) if full_size else b""
    raw = os.urandom(raw_bytes)

    def moov(mdat_at):
        """Canon's metadata, then a track for each of the full-size JPEG and the raw data at the
        start of mdat's payload, each found by its sample table."""
        def track(size, offset, length, is_jpeg):
            full_box = lambda kind, payload: box(kind, bytes(4) + payload)
            # A visual sample entry: reserved, data reference, 16 bytes, width and height, the rest.
            # The JPEG box marks the track exiftool reads as JpgFromRaw (with -ee).
            sample = box(b"CRAW", bytes(6) + struct.pack(">H", 1) + bytes(16) + struct.pack(">HH", *size) + bytes(50)
                         + (box(b"JPEG", bytes(4)) if is_jpeg else b""))
            stbl = box(b"stbl", full_box(b"stsd", struct.pack(">I", 1) + sample)
                       + full_box(b"stts", struct.pack(">III", 1, 1, 1))
                       + full_box(b"stsc", struct.pack(">IIII", 1, 1, 1, 1))
                       + full_box(b"stsz", struct.pack(">III", 0, 1, length))
                       + full_box(b"co64", struct.pack(">IQ", 1, offset)))
            handler = full_box(b"hdlr", bytes(4) + b"vide" + bytes(13))
            return box(b"trak", box(b"mdia", handler + box(b"minf", stbl)))
        tracks = track(full_size, mdat_at + 8, len(full), True) if full_size else b""
        tracks += track(sensor, mdat_at + 8 + len(full), len(raw), False)
        return box(b"moov", box(b"uuid", canon) + tracks)

    mdat_at = len(ftyp) + len(moov(0)) + len(prvw_uuid)
    return ftyp + moov(mdat_at) + prvw_uuid + box(b"mdat", full + raw)


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


def jxl(width, height):
    """A JPEG XL codestream of the two-colour picture (libvips's jxlsave, lossless)."""
    name = os.path.join(WORK, f"{width}x{height}.jxl")
    if not os.path.exists(name):
        source = os.path.join(WORK, f"{width}x{height}-True-False.jpg")
        jpeg(width, height, True)
        vips("copy", source, f"{name}[lossless]")
    with open(name, "rb") as f:
        return f.read()


def dng_jpeg_xl(preview_size=(1200, 800), sensor=(4032, 3024), orientation=6):
    """A DNG 1.7 as Apple's ProRAW and Adobe's converter write it with JPEG XL: raw data and
    preview both JPEG XL (Compression 52546) in one strip each; the raw data is a few bytes no
    decoder reads (LibRaw 0.20 reads no JPEG XL), so only the preview can show it."""
    t = TIFF("<")
    preview = jxl(*preview_size)
    preview_at = t.add(preview)
    thumb_at = t.add(rgb_strip(256, 171))
    raw = b"\xff\x0a" + b"\0" * 62
    raw_ifd = t.directory([
        (0x00FE, LONG, [0]), (0x0100, LONG, [sensor[0]]), (0x0101, LONG, [sensor[1]]),
        (0x0102, SHORT, [16, 16, 16]), (0x0103, SHORT, [52546]), (0x0106, SHORT, [34892]),
        (0x0111, LONG, [t.add(raw)]), (0x0115, SHORT, [3]), (0x0116, LONG, [sensor[1]]), (0x0117, LONG, [len(raw)]),
    ])
    preview_ifd = t.directory([
        (0x00FE, LONG, [1]), (0x0100, LONG, [preview_size[0]]), (0x0101, LONG, [preview_size[1]]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [52546]), (0x0106, SHORT, [2]),
        (0x0111, LONG, [preview_at]), (0x0115, SHORT, [3]), (0x0116, LONG, [preview_size[1]]), (0x0117, LONG, [len(preview)]),
    ])
    exif = exif_entries(t, "2023:10:01 08:09:10", "-07:00")
    ifd0 = t.directory([
        (0x00FE, LONG, [1]), (0x0100, LONG, [256]), (0x0101, LONG, [171]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [1]), (0x0106, SHORT, [2]),
        (0x010F, ASCII, "Apple"), (0x0110, ASCII, "iPhone 15 Pro"),
        (0x0111, LONG, [thumb_at]), (0x0112, SHORT, [orientation]), (0x0115, SHORT, [3]),
        (0x0116, LONG, [171]), (0x0117, LONG, [256 * 171 * 3]),
        (0x014A, LONG, [raw_ifd, preview_ifd]), (0x8769, LONG, [exif]),
        (0xC612, BYTE, [1, 7, 0, 0]), (0xC613, BYTE, [1, 7, 0, 0]), (0xC614, ASCII, "iPhone 15 Pro"),
    ])
    return t.finish(ifd0)


def dng_high_efficiency(sensor=(8256, 5504)):
    """A DNG as Adobe's converter writes a Nikon Z 9's high-efficiency NEF: JPEG XL raw data, an
    RGB thumbnail in IFD0, and the NEF's MakerNote kept in DNGPrivateData (`Adobe\\0MakN`), whose
    PreviewIFD holds the camera's 640×424 JPEG, the one preview a reader can show."""
    t = TIFF("<")
    thumb_at = t.add(rgb_strip(256, 171))
    raw = b"\xff\x0a" + b"\0" * 62
    raw_ifd = t.directory([
        (0x00FE, LONG, [0]), (0x0100, LONG, [sensor[0]]), (0x0101, LONG, [sensor[1]]),
        (0x0102, SHORT, [16]), (0x0103, SHORT, [52546]), (0x0106, SHORT, [32803]),
        (0x0111, LONG, [t.add(raw)]), (0x0115, SHORT, [1]), (0x0116, LONG, [sensor[1]]), (0x0117, LONG, [len(raw)]),
    ])
    note = bytes(nikon_make_note(jpeg(640, 424, True)))
    # What follows the length: the note's byte order, its offset in the NEF, the note.
    kept = b"MM" + struct.pack(">I", 1234) + note
    private = b"Adobe\0MakN" + struct.pack(">I", len(kept)) + kept
    exif = exif_entries(t, "2023:09:08 07:06:05", "+01:00")
    ifd0 = t.directory([
        (0x00FE, LONG, [1]), (0x0100, LONG, [256]), (0x0101, LONG, [171]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [1]), (0x0106, SHORT, [2]),
        (0x010F, ASCII, "NIKON CORPORATION"), (0x0110, ASCII, "NIKON Z 9"),
        (0x0111, LONG, [thumb_at]), (0x0112, SHORT, [1]), (0x0115, SHORT, [3]),
        (0x0116, LONG, [171]), (0x0117, LONG, [256 * 171 * 3]),
        (0x014A, LONG, [raw_ifd]), (0x8769, LONG, [exif]),
        (0xC612, BYTE, [1, 7, 0, 0]), (0xC613, BYTE, [1, 7, 0, 0]), (0xC614, ASCII, "NIKON Z 9"),
        (0xC634, BYTE, list(private)),
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


def self_test():
    """Writes a small lossless-JPEG DNG, as the camera-sized ones are written, and checks that
    exiftool reads its tags and preview and that LibRaw decodes exactly the samples encoded."""
    np = numpy()
    folder = WORK
    width, height = 700, 500  # partial tiles on the right and at the bottom
    samples = camera_cfa(1, width, height)
    # The extremes: a row of random 16-bit samples, and differences of ±32768 (category 16).
    samples[300] = np.random.default_rng(2).integers(0, 1 << 16, width)
    samples[301, :6] = [0, 0, 32768, 32768, 0, 65535]
    path = os.path.join(folder, "lossless.dng")
    write(folder, "lossless.dng", dng((400, 300), sensor=(width, height), crop=(width - 16, height - 16), orientation=1,
                                      raw_tiles=lossless_jpeg_tiles(samples), levels=(512, 16383)))
    tags = json.loads(subprocess.run(["exiftool", "-json", "-n", "-G1", path], check=True, capture_output=True).stdout)[0]
    raw_ifd = {key.split(":")[1]: value for key, value in tags.items() if key.startswith("SubIFD:")}
    expected = {"Compression": 7, "ImageWidth": width, "ImageHeight": height, "TileWidth": 256, "TileLength": 256}
    assert all(raw_ifd.get(key) == value for key, value in expected.items()), f"exiftool reads the raw IFD as {raw_ifd}"
    preview = subprocess.run(["exiftool", "-b", "-PreviewImage", path], check=True, capture_output=True).stdout
    assert preview == jpeg(400, 300, True), "exiftool does not extract the preview"
    subprocess.run(["unprocessed_raw", "-q", path], check=True)
    with open(path + ".pgm", "rb") as f:
        pgm = f.read()
    header = f"P5\n{width} {height}\n65535\n".encode()
    assert pgm.startswith(header), f"LibRaw wrote {pgm[:20]!r}"
    decoded = np.frombuffer(pgm[len(header):], ">u2").reshape(height, width)
    wrong = np.argwhere(decoded != samples)
    assert not len(wrong), f"LibRaw decodes {len(wrong)} samples differently, the first at row {wrong[0][0]}, column {wrong[0][1]}"
    print(f"ok: {width}×{height} lossless-JPEG DNG read by exiftool and decoded by LibRaw sample for sample")


def main():
    folder = sys.argv[1]
    if folder == "--self-test":
        self_test()
        return
    os.makedirs(folder, exist_ok=True)
    if "--camera-sized" in sys.argv:
        count = int(os.environ.get("RAW_BENCH_FILES", "12"))
        sensor = (6000, 4000)
        for index in range(count):
            kind = index % 3
            if kind == 0:
                data = nef(sensor, sensor=sensor, orientation=1, noise=True, raw_bytes=20 << 20)
                write(folder, f"bench-{index:02}.nef", data)
            elif kind == 1:
                write(folder, f"bench-{index:02}.cr3", cr3((1620, 1080), sensor=sensor, orientation=1, noise=True, raw_bytes=20 << 20,
                                                           full_size=sensor))
            else:
                tiles = lossless_jpeg_tiles(camera_cfa(index, *sensor))
                data = dng((1620, 1080), sensor=sensor, crop=(5984, 3984), orientation=1, raw_tiles=tiles, levels=(512, 16383), noise=True)
                write(folder, f"bench-{index:02}.dng", data)
        return
    write(folder, "raw.dng", dng((1200, 800)))
    nikon = nef((1200, 800))
    write(folder, "raw.nef", nikon)
    canon = cr3((960, 640), full_size=(5472, 3648))
    write(folder, "raw.cr3", canon)
    # Pruned inside mdat's full-size JPEG: what lies before the cut (THMB, PRVW) is whole.
    write(folder, "raw-pruned.cr3", canon[:canon.rindex(b"mdat") + 4 + 4096])
    write(folder, "raw.raf", raf())
    write(folder, "raw.orf", orf())
    write(folder, "raw.rw2", rw2())
    write(folder, "raw-jxl.dng", dng_jpeg_xl())
    write(folder, "raw-nopreview.dng", dng_without_preview())
    write(folder, "raw-he.dng", dng_high_efficiency())
    write(folder, "raw-damaged.nef", nikon[:len(nikon) - 300])


if __name__ == "__main__":
    main()
