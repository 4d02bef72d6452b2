/// One box of ISO/IEC 14496-12 (HEIF, AVIF, MP4, QuickTime, CR3): its type, the extended type of a
/// `uuid` box, and where its body lies.
struct ISOBMFFBox: Equatable {
    /// The four-character type.
    let type: String
    /// The 16 bytes after the header of a `uuid` box (its `usertype`), `nil` for any other box.
    let extendedType: [UInt8]?
    /// The payload after the header (and after a `uuid` box's extended type); it may end past the
    /// bytes at hand when those are the start of a larger file.
    let body: Range<Int>
    var end: Int { body.upperBound }
}

/// Bounded reading of ISO/IEC 14496-12 boxes in one buffer, the one box reader of the engine: no
/// size is trusted (every box must lie inside its parent, no larger than 2⁴⁰ bytes, so that sums of
/// offsets never overflow), no list is longer than the limit its caller gives, and nothing is
/// allocated from a header's claim. Callers keep their own limits and say what a failure means.
struct ISOBMFFBoxes {
    /// Why a box could not be read.
    enum Failure: Error, Equatable {
        /// The range to read lies outside the bytes.
        case outside
        /// The header itself runs past the bytes or its parent.
        case cutShort(type: String)
        /// The box claims more bytes than its parent has left (or fewer than its own header).
        case overrun(type: String, claimed: UInt64, left: Int)

        /// What went wrong, for an error message.
        var reason: String {
            switch self {
            case .outside: "an ISO-BMFF box lies outside the file"
            case .cutShort(let type): "the ISO-BMFF box '\(type)' is cut short"
            case .overrun(let type, let claimed, let left): "the ISO-BMFF box '\(type)' claims \(claimed) bytes where \(left) are left"
            }
        }
    }

    /// No box larger than 2⁴⁰ bytes is believed.
    static let largest: UInt64 = 1 << 40

    let bytes: [UInt8]

    /// The box whose header starts at `offset` and which must end by `end`; `nil` is the end of a
    /// file not known yet (its first bytes), where a size of 0 ("to the end") is refused.
    func box(at offset: Int, before end: Int?) throws(Failure) -> ISOBMFFBox {
        let headerEnd = min(end ?? bytes.count, bytes.count)
        guard offset >= 0, offset + 8 <= headerEnd, let size32 = uint(at: offset, size: 4), let type = fourCC(at: offset + 4) else {
            throw .cutShort(type: fourCC(at: offset + 4) ?? "????")
        }
        let left = end.map { $0 - offset } ?? Int.max
        var header = 8
        var size = size32
        if size32 == 1 {
            guard offset + 16 <= headerEnd, let large = uint(at: offset + 8, size: 8) else { throw .cutShort(type: type) }
            header = 16
            size = large
        } else if size32 == 0 {
            guard end != nil else { throw .overrun(type: type, claimed: 0, left: left) }
            size = UInt64(left)
        }
        var extendedType: [UInt8]?
        if type == "uuid" {
            guard offset + header + 16 <= headerEnd else { throw .cutShort(type: type) }
            extendedType = Array(bytes[offset + header..<offset + header + 16])
            header += 16
        }
        guard size >= UInt64(header), size <= Self.largest, size <= UInt64(left) else { throw .overrun(type: type, claimed: size, left: left) }
        return ISOBMFFBox(type: type, extendedType: extendedType, body: offset + header..<offset + Int(size))
    }

    /// The boxes laid end to end in `range`, at most `limit` of them; fewer than 8 bytes left at
    /// the end are not a box.
    /// - Throws: ``Failure`` when `range` lies outside the bytes or a box does not fit in it.
    func children(of range: Range<Int>, limit: Int) throws(Failure) -> [ISOBMFFBox] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { throw .outside }
        var boxes: [ISOBMFFBox] = []
        var offset = range.lowerBound
        while boxes.count < limit, offset + 8 <= range.upperBound {
            let box = try box(at: offset, before: range.upperBound)
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }

    /// The boxes in `range` up to the first that cannot be read, at most `limit` of them.
    func validChildren(of range: Range<Int>, limit: Int) -> [ISOBMFFBox] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return [] }
        var boxes: [ISOBMFFBox] = []
        var offset = range.lowerBound
        while boxes.count < limit, offset + 8 <= range.upperBound, let box = try? box(at: offset, before: range.upperBound) {
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }

    /// The first box of each type of `path` in turn, from the children of `range` down, with at
    /// most `limit` boxes at each level; `nil` when one is missing.
    func find(_ path: [String], in range: Range<Int>, limit: Int) -> ISOBMFFBox? {
        var found: ISOBMFFBox?
        var within = range
        for type in path {
            guard let box = validChildren(of: within, limit: limit).first(where: { $0.type == type }) else { return nil }
            found = box
            within = box.body
        }
        return found
    }

    /// The body of a full box after its version and flags (4 bytes); `nil` when it is shorter.
    func fullBoxBody(of box: ISOBMFFBox) -> Range<Int>? {
        box.body.count >= 4 ? box.body.lowerBound + 4..<box.end : nil
    }

    /// A big-endian unsigned integer of `size` bytes (at most 8; 0 reads as 0) at `offset`, inside
    /// `range` when given; `nil` past the bytes or the range.
    func uint(at offset: Int, size: Int, within range: Range<Int>? = nil) -> UInt64? {
        let end = min(range?.upperBound ?? bytes.count, bytes.count)
        guard size <= 8, offset >= (range?.lowerBound ?? 0), offset >= 0, offset <= end - size else { return nil }
        return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The four characters at `offset`, `nil` past the bytes.
    func fourCC(at offset: Int) -> String? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
