/// One EBML element (RFC 8794): its ID and where its body lies.
struct EBMLElement: Equatable {
    /// The ID with its length marker, as specifications write it (`0x1549A966` is Matroska's `Info`).
    let id: UInt32
    /// Where the header (ID and size) ends and the body starts.
    let bodyStart: Int
    /// The body's length; `nil` when the element says its size is unknown (a live recording's
    /// segment and clusters), which only ends where an element that cannot be its child begins.
    let size: UInt64?
}

/// Bounded reading of EBML elements in one buffer, for ``MatroskaReader``: IDs of at most 4 bytes
/// and sizes of at most 8 (EBML's defaults), no size trusted (a child lies inside its parent, a
/// list is never longer than its caller's limit) and values read only from bytes at hand.
struct EBMLElements {
    let bytes: [UInt8]

    /// The longest element header: a 4-byte ID and an 8-byte size.
    static let longestHeader = 12

    /// The header of the element at `offset`; `nil` when it is cut short or no valid header.
    func element(at offset: Int) -> EBMLElement? {
        guard let id = Self.variableInteger(bytes, at: offset, longest: 4, keepingMarker: true),
            let size = Self.variableInteger(bytes, at: offset + id.length, longest: 8, keepingMarker: false)
        else { return nil }
        let unknown = size.value == (1 << (7 * UInt64(size.length))) - 1
        return EBMLElement(id: UInt32(truncatingIfNeeded: id.value), bodyStart: offset + id.length + size.length, size: unknown ? nil : size.value)
    }

    /// The elements laid end to end in `range`, at most `limit` of them: a child of unknown size
    /// runs to the range's end, and one that claims more than the range holds ends the list.
    func children(of range: Range<Int>, limit: Int) -> [(element: EBMLElement, body: Range<Int>)] {
        var found: [(element: EBMLElement, body: Range<Int>)] = []
        var offset = max(0, range.lowerBound)
        let end = min(range.upperBound, bytes.count)
        while found.count < limit, offset < end, let element = self.element(at: offset), element.bodyStart <= end {
            let left = UInt64(end - element.bodyStart)
            guard (element.size ?? left) <= left else { break }
            let bodyEnd = element.bodyStart + Int(element.size ?? left)
            found.append((element, element.bodyStart..<bodyEnd))
            offset = bodyEnd
        }
        return found
    }

    /// The first child of `range` with `id`.
    func child(_ id: UInt32, of range: Range<Int>, limit: Int) -> Range<Int>? {
        children(of: range, limit: limit).first { $0.element.id == id }?.body
    }

    /// An unsigned integer body (at most 8 bytes, big-endian; empty is 0).
    func unsigned(_ body: Range<Int>) -> UInt64? {
        guard body.count <= 8, body.upperBound <= bytes.count else { return nil }
        return bytes[body].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A signed integer body (at most 8 bytes, big-endian, two's complement).
    func signed(_ body: Range<Int>) -> Int64? {
        guard let value = unsigned(body), !body.isEmpty else { return body.isEmpty ? 0 : nil }
        let unused = UInt64(64 - 8 * body.count)
        return Int64(bitPattern: value << unused) >> Int64(unused)
    }

    /// A float body: 4 or 8 bytes, big-endian IEEE 754 (empty is 0).
    func float(_ body: Range<Int>) -> Double? {
        switch body.count {
        case 0: 0
        case 4: unsigned(body).map { Double(Float(bitPattern: UInt32(truncatingIfNeeded: $0))) }
        case 8: unsigned(body).map { Double(bitPattern: $0) }
        default: nil
        }
    }

    /// A string body up to its first NUL (EBML pads strings with them), at most 256 bytes of it.
    func string(_ body: Range<Int>) -> String? {
        guard body.upperBound <= bytes.count else { return nil }
        let text = bytes[body].prefix { $0 != 0 }.prefix(256)
        return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }

    /// An EBML variable-length integer: as many bytes as its first byte's leading zeros plus
    /// one, the length marker kept (an ID) or removed (a size).
    static func variableInteger(_ bytes: [UInt8], at offset: Int, longest: Int, keepingMarker: Bool) -> (value: UInt64, length: Int)? {
        guard offset >= 0, offset < bytes.count, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard length <= longest, offset + length <= bytes.count else { return nil }
        var value = UInt64(keepingMarker ? bytes[offset] : bytes[offset] & UInt8(truncatingIfNeeded: 0xFF >> length))
        for index in offset + 1..<offset + length {
            value = value << 8 | UInt64(bytes[index])
        }
        return (value, length)
    }
}
