import Foundation

/// The Exif item of a HEIF or AVIF file (ISO/IEC 23008-12), whose boxes follow ISO/IEC 14496-12:
/// the `meta` box lists the items (`iinf`) and where each one's bytes lie (`iloc`); the Exif item
/// starts with the 4-byte offset of its TIFF header, then the EXIF block.
///
/// Cameras put `meta` right after `ftyp`, but the Exif item's bytes may lie anywhere, often at the
/// end of `mdat`: the scan says where, and ``HeaderDate/read(atPath:)`` reads them there.
extension HeaderDate {
    /// What a HEIF file's first bytes say about its Exif item.
    enum HEIFScan: Equatable {
        /// The EXIF block, read whole from the bytes given.
        case found([UInt8])
        /// The `meta` box ends past the bytes given: this many are needed to go on.
        case needs(Int)
        /// The Exif item lies (at least in part) past the bytes given, at these ranges of the file.
        case elsewhere([Range<Int>])
        /// No HEIF, no Exif item, or boxes that cannot be trusted.
        case absent
    }

    static func scanHEIF(_ bytes: [UInt8]) -> HEIFScan {
        let items: HEIFItems
        switch HEIFItems.scan(bytes) {
        case .found(let found): items = found
        case .needs(let end): return .needs(end)
        case .absent: return .absent
        }
        guard let item = items.first(ofType: "Exif"), let ranges = items.ranges(of: item) else { return .absent }
        guard ranges.reduce(0, { $0 + $1.count }) <= maximumLength else { return .absent }
        guard ranges.allSatisfy({ $0.upperBound <= bytes.count }) else { return .elsewhere(ranges) }
        return exifBlock(inHEIFItem: ranges.flatMap { bytes[$0] }).map(HEIFScan.found) ?? .absent
    }

    /// The EXIF block of an Exif item: what follows its TIFF header offset.
    static func exifBlock(inHEIFItem item: [UInt8]) -> [UInt8]? {
        guard item.count >= 4 else { return nil }
        let offset = Int(item[0]) << 24 | Int(item[1]) << 16 | Int(item[2]) << 8 | Int(item[3])
        guard offset <= item.count - 4 - 8 else { return nil }
        return Array(item[(4 + offset)...])
    }
}
