extension RAWContainer {
    /// Canon's box of CR3 metadata inside `moov` (CMT1–CMT4 TIFF blocks, THMB).
    private static let canonMetadataUUID: [UInt8] = [
        0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48,
    ]
    /// The top-level box holding the PRVW preview.
    private static let previewUUID: [UInt8] = [
        0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16,
    ]
    /// The top-level box of a CR3's XMP packet: the UUID ISO-BMFF files give XMP (XMP
    /// Specification Part 3, 1.2.7), where exiftool, Lightroom and the camera write it.
    static let xmpUUID: [UInt8] = [
        0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
    ]
    /// The most boxes read at one level of a CR3.
    static let maximumBoxes = 256

    /// Reads a CR3 (ISO-BMFF): EXIF from CMT1 (IFD0), CMT2 (EXIF) and CMT4 (GPS), the XMP
    /// packet of its top-level XMP box, the THMB thumbnail, the PRVW preview and the full-size
    /// JPEG of its first track, after the layout Laurent Clévy documented (canon_cr3).
    ///
    /// A file cut short (a pruned copy, a transfer that stopped: `mdat` claims more bytes than
    /// are left) keeps what lies before the cut: its top-level boxes are read up to the first
    /// that runs past the end, and a preview is taken only when it is whole.
    mutating func readCR3(_ bytes: [UInt8]) throws(Damage) {
        let boxes = ISOBMFFBoxes(bytes: bytes)
        let top = boxes.validChildren(of: 0..<bytes.count, limit: Self.maximumBoxes)
        guard let moov = top.first(where: { $0.type == "moov" }) else { throw Damage("its ISO-BMFF structure has no 'moov' box") }
        var blocks: [String: [UInt8]] = [:]
        for box in try Self.boxes(in: moov.body, of: boxes) where box.extendedType == Self.canonMetadataUUID {
            for child in try Self.boxes(in: box.body, of: boxes) {
                switch child.type {
                case "CMT1", "CMT2", "CMT4": blocks[child.type] = Array(bytes[child.body])
                case "THMB": addSizedJPEG(in: child.body, lengthAt: 8, dataAt: 16, of: boxes)
                default: break
                }
            }
        }
        for track in try Self.boxes(in: moov.body, of: boxes) where track.type == "trak" {
            addFirstSampleJPEG(of: track, in: boxes)
        }
        if let xmp = top.first(where: { $0.extendedType == Self.xmpUUID }) {
            setXMPPacket(Array(bytes[xmp.body]))
        }
        for box in top where box.extendedType == Self.previewUUID {
            // 8 unknown bytes, then the PRVW box.
            for child in try Self.boxes(in: box.body.dropFirst(8), of: boxes) where child.type == "PRVW" {
                addSizedJPEG(in: child.body, lengthAt: 12, dataAt: 16, of: boxes)
            }
        }
        guard let primary = blocks["CMT1"] else { return }
        setExif(ExifReader(primary: primary, exif: blocks["CMT2"], gps: blocks["CMT4"]))
        if let tiff = TIFFReader(primary, base: 0), let ifd0 = try? tiff.directory(at: tiff.firstDirectory) {
            setOrientation(tiff.integer(ifd0[TIFFTag.orientation]))
            setSize(width: tiff.integer(ifd0[TIFFTag.imageWidth]), height: tiff.integer(ifd0[TIFFTag.imageLength]))
        }
    }

    /// A JPEG whose big-endian length is at `lengthAt` of a box's body and whose bytes start
    /// at `dataAt` (THMB: 8 and 16; PRVW: 12 and 16).
    private mutating func addSizedJPEG(in body: Range<Int>, lengthAt: Int, dataAt: Int, of boxes: ISOBMFFBoxes) {
        guard let length = boxes.uint(at: body.lowerBound + lengthAt, size: 4, within: body) else { return }
        let start = body.lowerBound + dataAt
        guard start <= body.upperBound, length <= UInt64(body.upperBound - start) else { return }
        addPreview(start..<start + Int(length), in: boxes.bytes)
    }

    /// The first sample of a track, when it is a JPEG: a CR3's first track holds the camera's
    /// full-size JPEG in `mdat` (the others hold the raw data, which is no JPEG), found by the
    /// track's sample table: the first chunk's offset (`co64`, or `stco`) and the first sample's
    /// size (`stsz`).
    private mutating func addFirstSampleJPEG(of track: ISOBMFFBox, in boxes: ISOBMFFBoxes) {
        guard let table = boxes.find(["mdia", "minf", "stbl"], in: track.body, limit: Self.maximumBoxes) else { return }
        let children = boxes.validChildren(of: table.body, limit: Self.maximumBoxes)
        func body(of type: String) -> Range<Int>? {
            children.first { $0.type == type }.flatMap(boxes.fullBoxBody(of:))
        }
        // stsz: sample size (0 when each has its own), sample count, then each sample's size.
        guard let sizes = body(of: "stsz"), let sampleSize = boxes.uint(at: sizes.lowerBound, size: 4, within: sizes),
            boxes.uint(at: sizes.lowerBound + 4, size: 4, within: sizes) ?? 0 > 0,
            let length = sampleSize > 0 ? sampleSize : boxes.uint(at: sizes.lowerBound + 8, size: 4, within: sizes)
        else { return }
        // co64 or stco: entry count, then each chunk's offset in the file.
        let (chunks, offsetSize) = body(of: "co64").map { ($0, 8) } ?? body(of: "stco").map { ($0, 4) } ?? (0..<0, 0)
        guard boxes.uint(at: chunks.lowerBound, size: 4, within: chunks) ?? 0 > 0,
            let offset = boxes.uint(at: chunks.lowerBound + 4, size: offsetSize, within: chunks),
            offset < UInt64(boxes.bytes.count), length <= UInt64(boxes.bytes.count)
        else { return }
        addPreview(offset: Int(offset), length: Int(length), base: 0, in: boxes.bytes)
    }

    /// The boxes laid end to end in `range`, at most ``maximumBoxes``.
    /// - Throws: ``Damage`` when a box's size runs past its parent or is too small.
    private static func boxes(in range: Range<Int>, of bytes: ISOBMFFBoxes) throws(Damage) -> [ISOBMFFBox] {
        do {
            return try bytes.children(of: range, limit: maximumBoxes)
        } catch {
            throw Damage(error.reason)
        }
    }
}
