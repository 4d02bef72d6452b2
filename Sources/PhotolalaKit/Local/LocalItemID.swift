import Foundation

/// Turns a photo's path inside a folder tree into an opaque item id and back.
///
/// The id is the path relative to the source's root in URL-safe Base64, so it carries no
/// meaning a client could tamper with; decoding refuses anything that would leave the root.
///
/// A plain file name made of URL-safe characters (most camera names: `IMG_0001.JPG`) is its own
/// id behind a `~`: short ids fit in a Swift string's inline storage, so a listing of 100,000
/// such photos allocates nothing for its ids.
enum LocalItemID {
    private static let plainMarker = UInt8(ascii: "~")

    static func make(relativePath: String) -> String {
        id(for: Array(relativePath.utf8))
    }

    /// The id of file `name` in the folder at `folder` (relative to the root; empty for the root).
    static func make(folder: String, name: String) -> String {
        Folder(folder).id(of: name)
    }

    /// The ids of one folder's files, which share the encoding of the folder's path: a scan of
    /// a million photos in a thousand folders encodes each folder's path once, not per photo.
    struct Folder {
        private let isRoot: Bool
        /// The Base64 of the longest prefix of `folder/` whose length is a multiple of three
        /// bytes (Base64 encodes each three bytes alone), and the one or two bytes after it.
        private let encoded: [UInt8]
        private let rest: [UInt8]

        /// - Parameter folder: The folder's path relative to the root; empty for the root.
        init(_ folder: String) {
            isRoot = folder.isEmpty
            let path = isRoot ? [] : Array(folder.utf8) + [UInt8(ascii: "/")]
            let whole = path.count - path.count % 3
            var encoded: [UInt8] = []
            encoded.reserveCapacity(whole / 3 * 4)
            LocalItemID.appendBase64URL(path[..<whole], to: &encoded)
            self.encoded = encoded
            rest = Array(path[whole...])
        }

        func id(of name: String) -> String {
            if isRoot, let id = plainID(of: name) { return id }
            var tail = rest
            tail += name.utf8
            var id = encoded
            id.reserveCapacity(encoded.count + (tail.count + 2) / 3 * 4)
            LocalItemID.appendBase64URL(tail[...], to: &id)
            return String(decoding: id, as: UTF8.self)
        }
    }

    /// The id of a plain name in the root, most of a catalogued listing's 100,000, made among
    /// its bytes; `nil` for any other name.
    private static func plainID(of name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            guard isPlainName(bytes) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + 1) { id in
                id[0] = plainMarker
                _ = UnsafeMutableBufferPointer(rebasing: id[1...]).initialize(fromContentsOf: bytes)
                return bytes.count + 1
            }
        }
    }

    private static func id(for path: [UInt8]) -> String {
        if isPlainName(path[...]) { return String(decoding: [plainMarker] + path, as: UTF8.self) }
        var id: [UInt8] = []
        id.reserveCapacity((path.count + 2) / 3 * 4)
        appendBase64URL(path[...], to: &id)
        return String(decoding: id, as: UTF8.self)
    }

    /// Whether `name` is one path component of URL-safe characters that is not hidden, `.` or `..`.
    private static func isPlainName(_ name: some Collection<UInt8>) -> Bool {
        guard let first = name.first, first != UInt8(ascii: ".") else { return false }
        return name.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Appends `bytes` in Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
    private static func appendBase64URL(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            let value = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
            output.append(alphabet[value >> 18])
            output.append(alphabet[value >> 12 & 63])
            output.append(alphabet[value >> 6 & 63])
            output.append(alphabet[value & 63])
            index += 3
        }
        if index + 1 == bytes.endIndex {
            let value = Int(bytes[index]) << 16
            output += [alphabet[value >> 18], alphabet[value >> 12 & 63]]
        } else if index + 2 == bytes.endIndex {
            let value = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8
            output += [alphabet[value >> 18], alphabet[value >> 12 & 63], alphabet[value >> 6 & 63]]
        }
    }

    /// The relative path an id stands for, or `nil` when the id is malformed or would escape
    /// the root (absolute paths, `..`, empty or NUL-bearing components).
    static func relativePath(of id: String) -> String? {
        let bytes = Array(id.utf8)
        if bytes.first == plainMarker {
            return isPlainName(bytes.dropFirst()) ? String(decoding: bytes.dropFirst(), as: UTF8.self) : nil
        }
        var base64 = id.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let path = String(data: data, encoding: .utf8) else { return nil }
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return nil }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return path
    }
}
