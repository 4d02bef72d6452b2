import Foundation

/// Reads the EXIF tags Photolala shows from a TIFF-structured EXIF block.
///
/// The block is what libvips hands over as `exif-data` (optionally behind an `Exif\0\0` header)
/// or a whole TIFF file. Values come out exactly as stored, so they match `exiftool -n`.
/// Damaged blocks yield whatever could be read before the damage; they never trap.
struct ExifReader {
    /// A tag's value: text, or numbers (rationals already divided).
    enum Value: Equatable {
        case text(String)
        case numbers([Double])
    }

    /// The tags of the three directories Photolala reads, keyed by tag number.
    private(set) var primary: [UInt16: Value] = [:]
    private(set) var exif: [UInt16: Value] = [:]
    private(set) var gps: [UInt16: Value] = [:]
    /// The Live Photo content identifier of an iPhone's still, from its Apple maker note
    /// (``AppleMakerNote``); `nil` for any other photo.
    private(set) var liveIdentifier: String?
    /// The XMP packet and IPTC block of the first directory (tags 700 and 33723), where a TIFF,
    /// a DNG and most TIFF-based RAWs keep them.
    private(set) var xmpPacket: [UInt8]?
    private(set) var iptcBlock: [UInt8]?

    private let data: [UInt8]
    private let base: Int
    private var littleEndian = true

    init(_ block: [UInt8]) {
        data = block
        base = Self.tiffHeaderOffset(in: block) ?? -1
        guard base >= 0 else { return }
        littleEndian = block[base] == 0x49
        guard let firstDirectory = uint32(at: base + 4) else { return }
        primary = readDirectory(at: Int(firstDirectory))
        xmpPacket = valueRange(of: Tag.xmp, inDirectoryAt: Int(firstDirectory)).map { Array(data[$0]) }
        iptcBlock = valueRange(of: Tag.iptc, inDirectoryAt: Int(firstDirectory)).map { Array(data[$0]) }
        if case .numbers(let values)? = primary[Tag.exifPointer], let offset = values.first {
            exif = readDirectory(at: Int(offset))
            liveIdentifier = valueRange(of: Tag.makerNote, inDirectoryAt: Int(offset)).flatMap { AppleMakerNote.contentIdentifier(in: data[$0]) }
        }
        if case .numbers(let values)? = primary[Tag.gpsPointer], let offset = values.first {
            gps = readDirectory(at: Int(offset))
        }
    }

    /// One reader over EXIF kept in separate TIFF blocks, as CR3 keeps it (CMT1 holds IFD0,
    /// CMT2 the EXIF directory, CMT4 the GPS directory): the first directory of each.
    init(primary: [UInt8], exif: [UInt8]?, gps: [UInt8]?) {
        self.init(primary)
        self.exif = exif.map { ExifReader($0).primary } ?? [:]
        self.gps = gps.map { ExifReader($0).primary } ?? [:]
    }

    /// Tag numbers from the EXIF 2.32 and TIFF 6 specifications.
    enum Tag {
        static let imageDescription: UInt16 = 0x010E
        static let make: UInt16 = 0x010F
        static let orientation: UInt16 = 0x0112
        static let model: UInt16 = 0x0110
        /// IFD0 DateTime, which exiftool calls ModifyDate.
        static let dateTime: UInt16 = 0x0132
        static let xmp: UInt16 = 0x02BC
        static let iptc: UInt16 = 0x83BB
        static let exifPointer: UInt16 = 0x8769
        static let gpsPointer: UInt16 = 0x8825
        static let exposureTime: UInt16 = 0x829A
        static let fNumber: UInt16 = 0x829D
        static let iso: UInt16 = 0x8827
        static let dateTimeOriginal: UInt16 = 0x9003
        static let dateTimeDigitized: UInt16 = 0x9004
        static let offsetTime: UInt16 = 0x9010
        static let offsetTimeOriginal: UInt16 = 0x9011
        static let offsetTimeDigitized: UInt16 = 0x9012
        static let focalLength: UInt16 = 0x920A
        static let lensModel: UInt16 = 0xA434
        static let makerNote: UInt16 = 0x927C
        static let userComment: UInt16 = 0x9286
        static let gpsLatitudeRef: UInt16 = 0x0001
        static let gpsLatitude: UInt16 = 0x0002
        static let gpsLongitudeRef: UInt16 = 0x0003
        static let gpsLongitude: UInt16 = 0x0004
        static let gpsAltitudeRef: UInt16 = 0x0005
        static let gpsAltitude: UInt16 = 0x0006
    }

    // MARK: - Parsing

    private static func tiffHeaderOffset(in block: [UInt8]) -> Int? {
        let candidates = [0, 6, 4, 10]
        for offset in candidates where block.count >= offset + 8 {
            let header = Array(block[offset..<offset + 4])
            // Olympus ORF ("IIRO", "IIRS", "MMOR") and Panasonic RW2 ("IIU\0") are TIFFs with their own magic numbers.
            let rawHeaders: [[UInt8]] = [[0x49, 0x49, 0x52, 0x4F], [0x49, 0x49, 0x52, 0x53], [0x4D, 0x4D, 0x4F, 0x52], [0x49, 0x49, 0x55, 0x00]]
            if header == [0x49, 0x49, 0x2A, 0x00] || header == [0x4D, 0x4D, 0x00, 0x2A] || (offset == 0 && rawHeaders.contains(header)) {
                return offset
            }
        }
        return nil
    }

    private func readDirectory(at offset: Int) -> [UInt16: Value] {
        let start = base + offset
        guard offset > 0, let count = uint16(at: start) else { return [:] }
        var tags: [UInt16: Value] = [:]
        for index in 0..<min(Int(count), 512) {
            let entry = start + 2 + index * 12
            guard let tag = uint16(at: entry), let type = uint16(at: entry + 2), let components = uint32(at: entry + 4) else { break }
            // A maker note, an XMP packet and an IPTC block are kilobytes of their own structure,
            // read by ``valueRange(of:inDirectoryAt:)`` when wanted.
            if tag == Tag.makerNote || tag == Tag.xmp || tag == Tag.iptc { continue }
            if let value = readValue(type: type, count: Int(components), entry: entry) {
                tags[tag] = value
            }
        }
        return tags
    }

    /// Where the value of `wanted` in the directory at `offset` lies in the block, when it lies wholly inside.
    private func valueRange(of wanted: UInt16, inDirectoryAt offset: Int) -> Range<Int>? {
        let start = base + offset
        guard offset > 0, let count = uint16(at: start) else { return nil }
        for index in 0..<min(Int(count), 512) {
            let entry = start + 2 + index * 12
            guard let tag = uint16(at: entry), let type = uint16(at: entry + 2), let components = uint32(at: entry + 4) else { return nil }
            if tag == wanted { return valueRange(type: type, count: Int(components), entry: entry) }
        }
        return nil
    }

    private static let typeSizes: [UInt16: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    /// Where the value of the entry at `entry` lies in the block: in the entry when it fits in
    /// four bytes, else at its offset; `nil` for an unknown type or a value past the block.
    private func valueRange(type: UInt16, count: Int, entry: Int) -> Range<Int>? {
        guard let size = Self.typeSizes[type], count > 0, count <= 1 << 20 else { return nil }
        let length = size * count
        let position: Int
        if length <= 4 {
            position = entry + 8
        } else {
            guard let offset = uint32(at: entry + 8) else { return nil }
            position = base + Int(offset)
        }
        guard position >= 0, position + length <= data.count else { return nil }
        return position..<position + length
    }

    private func readValue(type: UInt16, count: Int, entry: Int) -> Value? {
        guard let range = valueRange(type: type, count: count, entry: entry), let size = Self.typeSizes[type] else { return nil }
        let position = range.lowerBound, length = range.count

        if type == 2 {
            let raw = data[position..<position + length].prefix { $0 != 0 }
            let text = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            return .text(text)
        }
        if type == 7 {
            return .numbers(data[position..<position + length].map(Double.init))
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(min(count, 64))
        for index in 0..<min(count, 64) {
            let at = position + index * size
            switch type {
            case 1: numbers.append(Double(data[at]))
            case 6: numbers.append(Double(Int8(bitPattern: data[at])))
            case 3: numbers.append(Double(uint16(at: at) ?? 0))
            case 8: numbers.append(Double(Int16(bitPattern: uint16(at: at) ?? 0)))
            case 4, 13: numbers.append(Double(uint32(at: at) ?? 0))
            case 9: numbers.append(Double(Int32(bitPattern: uint32(at: at) ?? 0)))
            case 5, 10:
                let signed = type == 10
                let numerator = uint32(at: at) ?? 0
                let denominator = uint32(at: at + 4) ?? 0
                guard denominator != 0 else { numbers.append(.nan); continue }
                numbers.append(
                    signed
                        ? Double(Int32(bitPattern: numerator)) / Double(Int32(bitPattern: denominator))
                        : Double(numerator) / Double(denominator))
            case 11: numbers.append(Double(Float(bitPattern: uint32(at: at) ?? 0)))
            default: numbers.append(Double(bitPattern: uint64(at: at) ?? 0))
            }
        }
        return .numbers(numbers)
    }

    private func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= data.count else { return nil }
        let first = UInt16(data[offset]), second = UInt16(data[offset + 1])
        return littleEndian ? first | second << 8 : first << 8 | second
    }

    private func uint32(at offset: Int) -> UInt32? {
        guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
        return littleEndian ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
    }

    private func uint64(at offset: Int) -> UInt64? {
        guard let first = uint32(at: offset), let second = uint32(at: offset + 4) else { return nil }
        return littleEndian ? UInt64(first) | UInt64(second) << 32 : UInt64(first) << 32 | UInt64(second)
    }
}

extension ExifReader.Value {
    var text: String? {
        if case .text(let value) = self, !value.isEmpty { return value }
        return nil
    }

    var number: Double? {
        if case .numbers(let values) = self, let first = values.first, first.isFinite { return first }
        return nil
    }

    var numbers: [Double] {
        if case .numbers(let values) = self { return values }
        return []
    }

    /// The text of an EXIF comment (UserComment): its 8-byte character code, then its bytes;
    /// ASCII and undefined codes are read as UTF-8 up to the first NUL, Unicode as UCS-2 is not.
    var comment: String? {
        guard case .numbers(let values) = self, values.count > 8 else { return nil }
        let code = values.prefix(8).map { UInt8(clamping: Int($0)) }
        guard code.starts(with: Array("ASCII".utf8)) || code.allSatisfy({ $0 == 0 || $0 == 0x20 }) else { return nil }
        let bytes = values.dropFirst(8).prefix { $0 != 0 }.map { UInt8(clamping: Int($0)) }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
