extension RAWContainer {
    /// Canon's box of CR3 metadata inside `moov` (CMT1–CMT4 TIFF blocks, THMB).
    private static let canonMetadataUUID: [UInt8] = [
        0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48,
    ]
    /// The top-level box holding the PRVW preview.
    private static let previewUUID: [UInt8] = [
        0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16,
    ]
    /// The most boxes read at one level of a CR3.
    static let maximumBoxes = 256

    /// Reads a CR3 (ISO-BMFF): EXIF from CMT1 (IFD0), CMT2 (EXIF) and CMT4 (GPS), the THMB
    /// thumbnail and the PRVW preview, after the layout Laurent Clévy documented (canon_cr3).
    mutating func readCR3(_ bytes: [UInt8]) throws(Damage) {
        let boxes = ISOBMFFBoxes(bytes: bytes)
        let top = try Self.boxes(in: 0..<bytes.count, of: boxes)
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
