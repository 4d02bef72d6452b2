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

    /// The most extents of an Exif item believed: real files have one.
    fileprivate static let extentLimit = 16
    /// The most boxes read in `meta` or `iinf`, and items in `iloc`: real files have a few dozen.
    fileprivate static let boxLimit = 4096

    static func scanHEIF(_ bytes: [UInt8]) -> HEIFScan {
        let boxes = ISOBMFFBoxes(bytes: bytes)
        // The end of the file is not known from its first bytes: a top-level size of 0 is refused.
        guard let ftyp = try? boxes.box(at: 0, before: nil), ftyp.type == "ftyp" else { return .absent }
        // `meta` is a top-level box, after `ftyp` (and perhaps a few others), before the bytes run out.
        var position = ftyp.end
        var meta: ISOBMFFBox?
        for _ in 0..<8 {
            guard let box = try? boxes.box(at: position, before: nil) else { return .absent }
            if box.type == "meta" {
                meta = box
                break
            }
            position = box.end
        }
        guard let meta else { return .absent }
        guard meta.end <= bytes.count else { return .needs(meta.end) }
        // `meta` is a FullBox: version and flags come before its children.
        guard let metaBody = boxes.fullBoxBody(of: meta) else { return .absent }
        let children = boxes.validChildren(of: metaBody, limit: boxLimit)
        guard let iinf = children.first(where: { $0.type == "iinf" }), let iloc = children.first(where: { $0.type == "iloc" }),
            let item = boxes.exifItemID(in: iinf),
            let location = boxes.location(of: item, in: iloc)
        else { return .absent }

        var ranges: [Range<Int>] = []
        for extent in location.extents {
            switch location.construction {
            case 0:
                ranges.append(extent)
            case 1:
                // Offsets into the `idat` box's data, which lies inside `meta`.
                guard let idat = children.first(where: { $0.type == "idat" }), extent.upperBound <= idat.body.count else { return .absent }
                ranges.append(idat.body.lowerBound + extent.lowerBound..<idat.body.lowerBound + extent.upperBound)
            default:
                return .absent
            }
        }
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

/// The Exif item's entries in a HEIF's `iinf` and `iloc` boxes.
extension ISOBMFFBoxes {
    /// Where an item's bytes lie, as its `iloc` entry says.
    fileprivate struct Location {
        /// 0: offsets in the file, 1: offsets in `idat`, 2: in another item.
        let construction: Int
        let extents: [Range<Int>]
    }

    /// The ID of the first item of type `Exif` in an `iinf` box.
    fileprivate func exifItemID(in iinf: ISOBMFFBox) -> UInt64? {
        guard let version = uint(at: iinf.body.lowerBound, size: 1) else { return nil }
        let entries = iinf.body.lowerBound + 4 + (version == 0 ? 2 : 4)
        // An `iinf` too small for its own entry count holds no items.
        guard entries <= iinf.end else { return nil }
        for infe in validChildren(of: entries..<iinf.end, limit: HeaderDate.boxLimit) where infe.type == "infe" {
            // Item types are recorded from version 2 of `infe` on: an item ID of 16 bits (32 in
            // version 3), the protection index, the type.
            let start = infe.body.lowerBound
            guard let infeVersion = uint(at: start, size: 1), infeVersion >= 2 else { continue }
            let idSize = infeVersion == 2 ? 2 : 4
            guard start + 4 + idSize + 2 + 4 <= infe.end, let id = uint(at: start + 4, size: idSize),
                fourCC(at: start + 4 + idSize + 2) == "Exif"
            else { continue }
            return id
        }
        return nil
    }

    /// Where the item `id`'s bytes lie, from an `iloc` box (versions 0, 1 and 2).
    fileprivate func location(of id: UInt64, in iloc: ISOBMFFBox) -> Location? {
        var position = iloc.body.lowerBound
        guard let version = uint(at: position, size: 1), version <= 2, let sizes = uint(at: position + 4, size: 2) else { return nil }
        let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF), baseSize = Int(sizes >> 4 & 0xF)
        let indexSize = version == 0 ? 0 : Int(sizes & 0xF)
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else { return nil }
        position += 6
        let countSize = version < 2 ? 2 : 4
        guard let count = uint(at: position, size: countSize) else { return nil }
        position += countSize
        for _ in 0..<min(count, UInt64(HeaderDate.boxLimit)) {
            guard let itemID = uint(at: position, size: countSize) else { return nil }
            position += countSize
            var construction: UInt64 = 0
            if version > 0 {
                guard let method = uint(at: position, size: 2) else { return nil }
                construction = method & 0xF
                position += 2
            }
            guard let reference = uint(at: position, size: 2), let base = uint(at: position + 2, size: baseSize),
                let extentCount = uint(at: position + 2 + baseSize, size: 2)
            else { return nil }
            position += 2 + baseSize + 2
            // Other items' extents are skipped whole; they must fit in the box.
            let extentSize = indexSize + offsetSize + lengthSize
            guard position <= iloc.end, extentCount <= UInt64(iloc.end - position) / UInt64(max(extentSize, 1)) else { return nil }
            guard itemID == id else {
                position += Int(extentCount) * extentSize
                continue
            }
            // Data in another file (a data reference other than this one) is not read.
            guard reference == 0, extentCount > 0, extentCount <= HeaderDate.extentLimit, base <= Self.largest else { return nil }
            var extents: [Range<Int>] = []
            for _ in 0..<extentCount {
                guard let offset = uint(at: position + indexSize, size: offsetSize),
                    let length = uint(at: position + indexSize + offsetSize, size: lengthSize)
                else { return nil }
                position += extentSize
                // A length of 0 means "to the end of the data", which an Exif item never needs.
                guard length > 0, offset <= Self.largest, length <= Self.largest else { return nil }
                let start = Int(base + offset)
                extents.append(start..<start + Int(length))
            }
            return Location(construction: Int(construction), extents: extents)
        }
        return nil
    }
}
