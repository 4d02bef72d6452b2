extension String {
    /// The text with its control characters (C0, DEL and C1) written as `\xHH`, for printing a
    /// file name to a terminal or a plain listing: a name cannot clear the screen, move the
    /// cursor or forge a line. JSON output keeps names exact instead.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            if Self.isControl(scalar) {
                escaped += Self.hex(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Bytes that may not be UTF-8 (a file name's), valid sequences as text and every other byte
    /// as `\xHH`, control characters escaped as ``escapingControlCharacters`` does.
    init(escapingBytes bytes: some Collection<UInt8>) {
        self = Self.escaping(bytes)
    }

    private static func escaping(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid prefix of up to four bytes is one character.
            let valid = (1...Swift.min(4, rest.count)).reversed().lazy.compactMap { length in
                String(validating: rest.prefix(length), as: UTF8.self).map { ($0, length) }
            }.first
            if let (character, length) = valid {
                text += character
                rest = rest.dropFirst(length)
            } else if let byte = rest.first {
                text += hex(byte)
                rest = rest.dropFirst()
            }
        }
        return text.escapingControlCharacters
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
