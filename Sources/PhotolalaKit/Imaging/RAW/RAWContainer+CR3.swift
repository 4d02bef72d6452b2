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
        let top = try Self.boxes(in: 0..<bytes.count, of: bytes)
        guard let moov = top.first(where: { $0.type == "moov" }) else { throw Damage("its ISO-BMFF structure has no 'moov' box") }
        var blocks: [String: [UInt8]] = [:]
        for box in try Self.boxes(in: moov.body, of: bytes) where box.type == "uuid" && Self.uuid(of: box, in: bytes) == Self.canonMetadataUUID {
            for child in try Self.boxes(in: box.body.dropFirst(16), of: bytes) {
                switch child.type {
                case "CMT1", "CMT2", "CMT4": blocks[child.type] = Array(bytes[child.body])
                case "THMB": addSizedJPEG(in: child.body, lengthAt: 8, dataAt: 16, in: bytes)
                default: break
                }
            }
        }
        for box in top where box.type == "uuid" && Self.uuid(of: box, in: bytes) == Self.previewUUID {
            // 16 bytes of UUID, 8 unknown, then the PRVW box.
            for child in try Self.boxes(in: box.body.dropFirst(24), of: bytes) where child.type == "PRVW" {
                addSizedJPEG(in: child.body, lengthAt: 12, dataAt: 16, in: bytes)
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
    private mutating func addSizedJPEG(in body: Range<Int>, lengthAt: Int, dataAt: Int, in bytes: [UInt8]) {
        let lengthPosition = body.lowerBound + lengthAt
        guard lengthPosition + 4 <= body.upperBound else { return }
        let length = bytes[lengthPosition..<lengthPosition + 4].reduce(0) { $0 << 8 | Int($1) }
        let start = body.lowerBound + dataAt
        guard length <= body.upperBound - start else { return }
        addPreview(start..<start + length, in: bytes)
    }

    /// One ISO-BMFF box: its four-character type and the range of its body.
    struct Box {
        let type: String
        let body: Range<Int>
    }

    /// The boxes laid end to end in `range`, at most ``maximumBoxes``.
    /// - Throws: ``Damage`` when a box's size runs past its parent or is too small.
    static func boxes(in range: Range<Int>, of bytes: [UInt8]) throws(Damage) -> [Box] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, range.lowerBound <= range.upperBound else {
            throw Damage("an ISO-BMFF box lies outside the file")
        }
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, boxes.count < maximumBoxes {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard offset + 16 <= range.upperBound else { throw Damage("the ISO-BMFF box '\(type)' is cut short") }
                let large = bytes[offset + 8..<offset + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard large <= UInt64(range.upperBound - offset) else { throw Damage("the ISO-BMFF box '\(type)' runs past the end of the file") }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else {
                throw Damage("the ISO-BMFF box '\(type)' claims \(size) bytes where \(range.upperBound - offset) are left")
            }
            boxes.append(Box(type: type, body: offset + header..<offset + size))
            offset += size
        }
        return boxes
    }

    private static func uuid(of box: Box, in bytes: [UInt8]) -> [UInt8]? {
        box.body.count >= 16 ? Array(bytes[box.body.lowerBound..<box.body.lowerBound + 16]) : nil
    }
}
