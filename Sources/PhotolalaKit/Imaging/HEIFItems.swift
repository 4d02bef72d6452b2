/// The items a HEIF or AVIF file's `meta` box lists (ISO/IEC 23008-12, its boxes after
/// ISO/IEC 14496-12): the primary item (`pitm`), each item's type and MIME content type
/// (`iinf`), where its bytes lie (`iloc`) and its properties (`iprp`: `ipco` and `ipma`).
///
/// Read from the file's first bytes: the Exif and XMP items' bytes, and the image data, may lie
/// anywhere after them; ``ranges(of:)`` says where. Every count is bounded and every offset
/// checked, so a hostile `meta` yields fewer items, never a trap or a large allocation.
struct HEIFItems {
    /// One item of `iinf`.
    struct Item {
        let id: UInt64
        let type: String
        /// A `mime` item's content type (`application/rdf+xml` for XMP).
        let contentType: String?
    }

    /// The most boxes read in `meta`, `iinf` or `ipco`, and items in `iloc` or `ipma`: real files
    /// have a few dozen.
    static let boxLimit = 4096
    /// The most extents of one item believed: a metadata item has one.
    static let extentLimit = 16

    let boxes: ISOBMFFBoxes
    /// The children of `meta`.
    let children: [ISOBMFFBox]
    let primary: UInt64?
    let items: [Item]

    /// The items of the `meta` box `meta`, which lies whole in `boxes`; `nil` when it is no full box.
    init?(meta: ISOBMFFBox, in boxes: ISOBMFFBoxes) {
        guard let body = boxes.fullBoxBody(of: meta) else { return nil }
        self.boxes = boxes
        children = boxes.validChildren(of: body, limit: Self.boxLimit)
        primary = children.first { $0.type == "pitm" }.flatMap { pitm in
            boxes.uint(at: pitm.body.lowerBound, size: 1).flatMap { version in
                boxes.uint(at: pitm.body.lowerBound + 4, size: version == 0 ? 2 : 4, within: pitm.body)
            }
        }
        items = children.first { $0.type == "iinf" }.map { Self.items(in: $0, of: boxes) } ?? []
    }

    /// What a HEIF file's first bytes say of its `meta` box.
    enum Scan {
        /// The items of the `meta` box, read whole from the bytes given.
        case found(HEIFItems)
        /// The `meta` box ends past the bytes given: this many are needed to go on.
        case needs(Int)
        /// No HEIF, or boxes that cannot be trusted.
        case absent
    }

    /// The items of a HEIF's `meta` box, from the file's first bytes: cameras put it right after
    /// `ftyp` (and perhaps a few other boxes).
    static func scan(_ bytes: [UInt8]) -> Scan {
        let boxes = ISOBMFFBoxes(bytes: bytes)
        // The end of the file is not known from its first bytes: a top-level size of 0 is refused.
        guard let ftyp = try? boxes.box(at: 0, before: nil), ftyp.type == "ftyp" else { return .absent }
        var position = ftyp.end
        for _ in 0..<8 {
            guard let box = try? boxes.box(at: position, before: nil) else { return .absent }
            if box.type == "meta" {
                guard box.end <= bytes.count else { return .needs(box.end) }
                return HEIFItems(meta: box, in: boxes).map(Scan.found) ?? .absent
            }
            position = box.end
        }
        return .absent
    }

    /// The first item of `type` (and of `contentType`, for a `mime` item).
    func first(ofType type: String, contentType: String? = nil) -> UInt64? {
        items.first { $0.type == type && (contentType == nil || $0.contentType == contentType) }?.id
    }

    /// Where the bytes of item `id` lie in the file, at most ``extentLimit`` ranges; `nil` when
    /// `iloc` has no entry for it, or one this reader does not follow (data in another file or
    /// item, a length "to the end").
    func ranges(of id: UInt64) -> [Range<Int>]? {
        guard let iloc = children.first(where: { $0.type == "iloc" }), let location = location(of: id, in: iloc) else { return nil }
        var ranges: [Range<Int>] = []
        for extent in location.extents {
            switch location.construction {
            case 0:
                ranges.append(extent)
            case 1:
                // Offsets into the `idat` box's data, which lies inside `meta`.
                guard let idat = children.first(where: { $0.type == "idat" }), extent.upperBound <= idat.body.count else { return nil }
                ranges.append(idat.body.lowerBound + extent.lowerBound..<idat.body.lowerBound + extent.upperBound)
            default:
                return nil
            }
        }
        return ranges
    }

    /// The property boxes `ipma` associates with item `id`, in its order.
    func properties(of id: UInt64) -> [ISOBMFFBox] {
        guard let iprp = children.first(where: { $0.type == "iprp" }) else { return [] }
        let parts = boxes.validChildren(of: iprp.body, limit: Self.boxLimit)
        guard let ipco = parts.first(where: { $0.type == "ipco" }) else { return [] }
        let properties = boxes.validChildren(of: ipco.body, limit: Self.boxLimit)
        return parts.filter { $0.type == "ipma" }.flatMap { associations(of: id, in: $0) }.compactMap { index in
            index > 0 && index <= properties.count ? properties[index - 1] : nil
        }
    }

    /// The 1-based `ipco` indices an `ipma` box associates with item `id`.
    private func associations(of id: UInt64, in ipma: ISOBMFFBox) -> [Int] {
        let start = ipma.body.lowerBound
        guard let version = boxes.uint(at: start, size: 1), let flags = boxes.uint(at: start + 1, size: 3),
            let count = boxes.uint(at: start + 4, size: 4, within: ipma.body)
        else { return [] }
        let idSize = version < 1 ? 2 : 4
        let indexSize = flags & 1 == 1 ? 2 : 1
        var position = start + 8
        for _ in 0..<min(count, UInt64(Self.boxLimit)) {
            guard let itemID = boxes.uint(at: position, size: idSize, within: ipma.body),
                let associated = boxes.uint(at: position + idSize, size: 1, within: ipma.body)
            else { return [] }
            position += idSize + 1
            let indices = (0..<Int(associated)).compactMap { number in
                // The top bit says whether the property is essential; the rest is its index.
                boxes.uint(at: position + number * indexSize, size: indexSize, within: ipma.body).map { Int($0) & (indexSize == 2 ? 0x7FFF : 0x7F) }
            }
            guard indices.count == Int(associated) else { return [] }
            if itemID == id { return indices }
            position += Int(associated) * indexSize
        }
        return []
    }

    /// The entries of an `iinf` box: `infe` version 2 and later, which record item types (an
    /// item ID of 16 bits, 32 in version 3, the protection index, the type, the name, and a
    /// `mime` item's content type).
    private static func items(in iinf: ISOBMFFBox, of boxes: ISOBMFFBoxes) -> [Item] {
        guard let version = boxes.uint(at: iinf.body.lowerBound, size: 1) else { return [] }
        let entries = iinf.body.lowerBound + 4 + (version == 0 ? 2 : 4)
        // An `iinf` too small for its own entry count holds no items.
        guard entries <= iinf.end else { return [] }
        return boxes.validChildren(of: entries..<iinf.end, limit: boxLimit).compactMap { infe in
            let start = infe.body.lowerBound
            guard infe.type == "infe", let infeVersion = boxes.uint(at: start, size: 1), infeVersion >= 2 else { return nil }
            let idSize = infeVersion == 2 ? 2 : 4
            let typeAt = start + 4 + idSize + 2
            guard typeAt + 4 <= infe.end, let id = boxes.uint(at: start + 4, size: idSize), let type = boxes.fourCC(at: typeAt) else {
                return nil
            }
            var contentType: String?
            if type == "mime", let name = boxes.bytes[typeAt + 4..<infe.end].firstIndex(of: 0) {
                let text = boxes.bytes[name + 1..<infe.end]
                contentType = String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
            }
            return Item(id: id, type: type, contentType: contentType)
        }
    }

    /// Where an item's bytes lie, as its `iloc` entry says.
    private struct Location {
        /// 0: offsets in the file, 1: offsets in `idat`, 2: in another item.
        let construction: Int
        let extents: [Range<Int>]
    }

    /// Where the item `id`'s bytes lie, from an `iloc` box (versions 0, 1 and 2).
    private func location(of id: UInt64, in iloc: ISOBMFFBox) -> Location? {
        var position = iloc.body.lowerBound
        guard let version = boxes.uint(at: position, size: 1), version <= 2, let sizes = boxes.uint(at: position + 4, size: 2) else { return nil }
        let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF), baseSize = Int(sizes >> 4 & 0xF)
        let indexSize = version == 0 ? 0 : Int(sizes & 0xF)
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else { return nil }
        position += 6
        let countSize = version < 2 ? 2 : 4
        guard let count = boxes.uint(at: position, size: countSize) else { return nil }
        position += countSize
        for _ in 0..<min(count, UInt64(Self.boxLimit)) {
            guard let itemID = boxes.uint(at: position, size: countSize) else { return nil }
            position += countSize
            var construction: UInt64 = 0
            if version > 0 {
                guard let method = boxes.uint(at: position, size: 2) else { return nil }
                construction = method & 0xF
                position += 2
            }
            guard let reference = boxes.uint(at: position, size: 2), let base = boxes.uint(at: position + 2, size: baseSize),
                let extentCount = boxes.uint(at: position + 2 + baseSize, size: 2)
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
            guard reference == 0, extentCount > 0, extentCount <= Self.extentLimit, base <= ISOBMFFBoxes.largest else { return nil }
            var extents: [Range<Int>] = []
            for _ in 0..<extentCount {
                guard let offset = boxes.uint(at: position + indexSize, size: offsetSize),
                    let length = boxes.uint(at: position + indexSize + offsetSize, size: lengthSize)
                else { return nil }
                position += extentSize
                // A length of 0 means "to the end of the data", which a metadata item never needs.
                guard length > 0, offset <= ISOBMFFBoxes.largest, length <= ISOBMFFBoxes.largest else { return nil }
                let start = Int(base + offset)
                extents.append(start..<start + Int(length))
            }
            return Location(construction: Int(construction), extents: extents)
        }
        return nil
    }
}
