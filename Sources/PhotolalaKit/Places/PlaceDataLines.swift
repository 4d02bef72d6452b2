/// The lines of one of the place data's tab-separated files, read from its bytes: a field is a
/// range of them, turned into a string or a number only when asked. The shipped files hold
/// 150,000 lines and half a million border points, which `split` and `Float(_:)` made into as
/// many strings: five seconds of a debug build's first search, a second of a release build's.
struct PlaceDataLines {
    /// One line's bytes and where each of its fields is in them.
    struct Line {
        let bytes: UnsafeBufferPointer<UInt8>
        let fields: [Range<Int>]

        /// The field's text.
        func text(_ field: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[field]]), as: UTF8.self)
        }

        /// The field as a number written `-12.345` (what Scripts/make-places.py writes); `nil`
        /// for anything else in it.
        func decimal(_ field: Int) -> Float? {
            var position = fields[field].lowerBound
            let end = fields[field].upperBound
            guard let value = PlaceDataLines.decimal(in: bytes, at: &position, before: end), position == end else { return nil }
            return value
        }

        /// The field as `x,y x,y …` pairs; a pair that is not two such numbers is left out.
        func pairs(_ field: Int) -> [(Float, Float)] {
            var pairs: [(Float, Float)] = []
            var position = fields[field].lowerBound
            let end = fields[field].upperBound
            while position < end {
                var pairEnd = position
                while pairEnd < end, bytes[pairEnd] != UInt8(ascii: " ") { pairEnd += 1 }
                if let x = PlaceDataLines.decimal(in: bytes, at: &position, before: pairEnd), position < pairEnd,
                    bytes[position] == UInt8(ascii: ",")
                {
                    position += 1
                    if let y = PlaceDataLines.decimal(in: bytes, at: &position, before: pairEnd), position == pairEnd {
                        pairs.append((x, y))
                    }
                }
                position = pairEnd + 1
            }
            return pairs
        }
    }

    private let contents: [UInt8]

    init(_ contents: [UInt8]) {
        self.contents = contents
    }

    /// Calls `body` with each line that is not empty.
    func forEach(_ body: (Line) throws -> Void) rethrows {
        try contents.withUnsafeBufferPointer { bytes in
            var fields: [Range<Int>] = []
            var lineStart = 0
            var fieldStart = 0
            for position in 0...bytes.count {
                let byte = position < bytes.count ? bytes[position] : UInt8(ascii: "\n")
                if byte == UInt8(ascii: "\t") {
                    fields.append(fieldStart..<position)
                    fieldStart = position + 1
                } else if byte == UInt8(ascii: "\n") {
                    if position > lineStart {
                        fields.append(fieldStart..<position)
                        try body(Line(bytes: bytes, fields: fields))
                    }
                    fields.removeAll(keepingCapacity: true)
                    lineStart = position + 1
                    fieldStart = lineStart
                }
            }
        }
    }

    /// The number written `-12.345` at `position`, which it moves past the number; `nil` when
    /// no digit is there.
    fileprivate static func decimal(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, before end: Int) -> Float? {
        var negative = false
        if position < end, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0.0
        var scale = 1.0
        var digits = 0
        var fraction = false
        while position < end {
            let byte = bytes[position]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                // Past 15 digits a Double holds no more; the data has at most seven.
                guard digits < 15 else { return nil }
                value = value * 10 + Double(byte - UInt8(ascii: "0"))
                if fraction { scale *= 10 }
                digits += 1
            } else if byte == UInt8(ascii: "."), !fraction {
                fraction = true
            } else {
                break
            }
            position += 1
        }
        guard digits > 0 else { return nil }
        return Float((negative ? -value : value) / scale)
    }
}
