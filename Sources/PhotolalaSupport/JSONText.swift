/// JSON written by hand, for responses too large to go through `JSONEncoder` quickly (a folder
/// listing of 100,000 rows): appends to a byte array without allocating per value.
public enum JSONText {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters
    /// escaped, everything else as UTF-8.
    public static func appendString(_ value: String, to out: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        out.append(UInt8(ascii: "\""))
        // Almost every name needs no escape: then its bytes are copied at once.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == backslash }) {
            out.append(contentsOf: value.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), backslash:
                out.append(backslash)
                out.append(byte)
            case 0x0A:
                out.append(backslash)
                out.append(UInt8(ascii: "n"))
            case 0x0D:
                out.append(backslash)
                out.append(UInt8(ascii: "r"))
            case 0x09:
                out.append(backslash)
                out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `values` as a JSON array of strings: how a list of any length is bound to one SQL
    /// parameter for `json_each` (SQLite limits how many parameters a statement has). The
    /// listing's lookup of 100,000 MD5s, which need no escapes, writes its own.
    public static func array(of values: [String]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for value in values {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            appendString(value, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal, or `null` when there is none.
    public static func appendString(_ value: String?, to out: inout [UInt8]) {
        guard let value else {
            out.append(contentsOf: "null".utf8)
            return
        }
        appendString(value, to: &out)
    }

    /// Appends `value` as a JSON number, or `null` when there is none.
    public static func appendInteger(_ value: Int64?, to out: inout [UInt8]) {
        guard let value else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if value < 0 {
            out.append(UInt8(ascii: "-"))
        }
        var remaining = value.magnitude
        var digits = 1
        var rest = remaining / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var index = out.count - 1
        repeat {
            out[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            index -= 1
        } while remaining > 0
    }

    /// Appends `value` as a JSON number: whole values without a fraction (`5`, as
    /// `JSONEncoder` writes them), others in the shortest form that reads back the same.
    /// Infinity and NaN, which JSON cannot hold, become `null`.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int64(value), to: &out)
        } else {
            out.append(contentsOf: value.description.utf8)
        }
    }
}
