/// Reads TIFF directories out of a RAW file's bytes, trusting no offset, count or type.
///
/// A camera's RAW file is a TIFF (or holds TIFF blocks: CR3's CMT boxes, a MakerNote) whose
/// directories point at previews, sub-directories and maker data. Every position is checked
/// against the bytes held; a directory reads at most ``maximumEntries`` entries; values are
/// located, never copied, until asked for. Nothing here allocates what a header claims.
struct TIFFReader {
    /// One directory entry: where its value's bytes are, not the value itself.
    struct Entry {
        let type: UInt16
        let count: Int
        /// The value's first byte in ``TIFFReader/bytes`` (inside the entry when it fits in 4 bytes).
        let position: Int
        /// The value's length in bytes, `nil` for a type TIFF does not define.
        let length: Int?
    }

    /// One directory: its entries by tag, and the offset of the next directory in the chain (0 at its end).
    struct Directory {
        let entries: [UInt16: Entry]
        let next: Int

        subscript(tag: UInt16) -> Entry? { entries[tag] }
    }

    /// The most entries read from one directory; real cameras write under 100.
    static let maximumEntries = 512

    let bytes: [UInt8]
    /// Where offsets count from: the TIFF header, or a MakerNote's own start for some makers.
    let base: Int
    let littleEndian: Bool
    /// The first directory's offset from ``base``.
    let firstDirectory: Int

    /// A TIFF header at `base` ("II" or "MM", any magic number: ORF and RW2 write their own).
    init?(_ bytes: [UInt8], base: Int) {
        guard base >= 0, base + 8 <= bytes.count else { return nil }
        let littleEndian: Bool
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        let header = TIFFReader(bytes, base: base, littleEndian: littleEndian, firstDirectory: 0)
        guard let first = header.uint32(at: base + 4) else { return nil }
        self.init(bytes, base: base, littleEndian: littleEndian, firstDirectory: Int(first))
    }

    /// Directories without a header of their own, as some MakerNotes are: offsets from `base`.
    init(_ bytes: [UInt8], base: Int, littleEndian: Bool, firstDirectory: Int) {
        self.bytes = bytes
        self.base = base
        self.littleEndian = littleEndian
        self.firstDirectory = firstDirectory
    }

    /// The directory at `offset` from ``base``.
    /// - Throws: ``RAWContainer/Damage`` when it lies outside the bytes.
    func directory(at offset: Int) throws(RAWContainer.Damage) -> Directory {
        let start = base + offset
        guard offset > 0, let count = uint16(at: start) else {
            throw RAWContainer.Damage("a TIFF directory at offset \(offset) lies outside the file's \(bytes.count) bytes")
        }
        var entries: [UInt16: Entry] = [:]
        for index in 0..<min(Int(count), Self.maximumEntries) {
            let at = start + 2 + index * 12
            guard let tag = uint16(at: at), let type = uint16(at: at + 2), let count = uint32(at: at + 4) else {
                throw RAWContainer.Damage("a TIFF directory at offset \(offset) is cut short after \(index) of its \(count) entries")
            }
            let length = Self.typeSizes[type].map { $0 * Int(count) }
            let position: Int
            if let length, length <= 4 {
                position = at + 8
            } else {
                position = base + Int(uint32(at: at + 8) ?? 0)
            }
            entries[tag] = Entry(type: type, count: Int(count), position: position, length: length)
        }
        let next = uint32(at: start + 2 + Int(count) * 12).map(Int.init) ?? 0
        return Directory(entries: entries, next: next)
    }

    /// The byte range of an entry's value, when it lies wholly inside the bytes.
    func range(of entry: Entry) -> Range<Int>? {
        guard let length = entry.length, entry.position >= 0, length >= 0, entry.position <= bytes.count - length else { return nil }
        return entry.position..<entry.position + length
    }

    /// An entry's unsigned integers (BYTE, SHORT, LONG, IFD), at most `limit` of them.
    func integers(_ entry: Entry, limit: Int = 64) -> [Int] {
        guard let range = range(of: entry) else { return [] }
        let count = min(entry.count, limit)
        switch entry.type {
        case 1, 7: return (0..<count).map { Int(bytes[range.lowerBound + $0]) }
        case 3: return (0..<count).compactMap { uint16(at: range.lowerBound + $0 * 2).map(Int.init) }
        case 4, 13: return (0..<count).compactMap { uint32(at: range.lowerBound + $0 * 4).map(Int.init) }
        default: return []
        }
    }

    /// An entry's first unsigned integer.
    func integer(_ entry: Entry?) -> Int? {
        entry.flatMap { integers($0, limit: 1).first }
    }

    /// An ASCII entry's text up to its first NUL, at most 256 bytes.
    func text(_ entry: Entry) -> String? {
        guard entry.type == 2, let range = range(of: entry) else { return nil }
        return String(decoding: bytes[range].prefix(256).prefix { $0 != 0 }, as: UTF8.self)
    }

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let first = UInt16(bytes[offset]), second = UInt16(bytes[offset + 1])
        return littleEndian ? first | second << 8 : first << 8 | second
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
        return littleEndian ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
    }

    /// Bytes per value of each TIFF 6 type, and 13 (IFD).
    private static let typeSizes: [UInt16: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]
}

/// The tag numbers the RAW reader follows, from TIFF 6, EXIF 2.32, DNG 1.7 and exiftool's maker tables.
enum TIFFTag {
    static let newSubfileType: UInt16 = 0x00FE
    static let imageWidth: UInt16 = 0x0100
    static let imageLength: UInt16 = 0x0101
    static let compression: UInt16 = 0x0103
    static let photometric: UInt16 = 0x0106
    static let make: UInt16 = 0x010F
    static let stripOffsets: UInt16 = 0x0111
    static let orientation: UInt16 = 0x0112
    static let stripByteCounts: UInt16 = 0x0117
    static let tileWidth: UInt16 = 0x0142
    static let tileLength: UInt16 = 0x0143
    static let tileOffsets: UInt16 = 0x0144
    static let tileByteCounts: UInt16 = 0x0145
    static let subIFDs: UInt16 = 0x014A
    static let jpegInterchangeFormat: UInt16 = 0x0201
    static let jpegInterchangeFormatLength: UInt16 = 0x0202
    static let exifIFD: UInt16 = 0x8769
    static let makerNote: UInt16 = 0x927C
    static let exifImageWidth: UInt16 = 0xA002
    static let exifImageHeight: UInt16 = 0xA003
    static let dngVersion: UInt16 = 0xC612
    /// Where a DNG converter keeps the original file's MakerNote (`Adobe\0MakN…`).
    static let dngPrivateData: UInt16 = 0xC634
    /// DNG 1.7's Compression value for JPEG XL (tiles, strips or previews).
    static let jpegXLCompression = 52546
    /// Panasonic RW2's JpgFromRaw: a whole JPEG as the value.
    static let panasonicJpgFromRaw: UInt16 = 0x002E
    static let panasonicSensorTopBorder: UInt16 = 0x0004
    static let panasonicSensorLeftBorder: UInt16 = 0x0005
    static let panasonicSensorBottomBorder: UInt16 = 0x0006
    static let panasonicSensorRightBorder: UInt16 = 0x0007
}
