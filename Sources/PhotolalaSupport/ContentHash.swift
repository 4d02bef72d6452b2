import Crypto

import struct Foundation.Data

/// Content identity: a photo is known by the MD5 of its bytes, wherever it lives.
///
/// MD5 is the catalog's and the backup's key (not a security measure). The fast key, the MD5
/// of the first 4 KiB plus the size, tells cheaply whether a file may have changed.
public enum ContentHash {
    /// How much of a file the fast key reads.
    public static let fastKeyLength = 4_096

    /// Lowercase hex MD5 of bytes already in memory.
    public static func md5(of bytes: [UInt8]) -> String {
        hex(md5Digest(of: bytes))
    }

    /// Whether `text` is an MD5 in hex (32 hex digits, either case).
    public static func isMD5(_ text: String) -> Bool {
        isHex(text, digits: 32)
    }

    /// Whether `text` is exactly `digits` ASCII hex digits, either case.
    package static func isHex(_ text: String, digits: Int) -> Bool {
        text.utf8.count == digits && text.utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
    }

    /// The 16 bytes of the MD5 of `bytes`.
    public static func md5Digest(of bytes: [UInt8]) -> [UInt8] {
        var hasher = Insecure.MD5()
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Array(hasher.finalize())
    }

    /// Base64 of the MD5 of `bytes`: an S3 `Content-MD5` header value.
    public static func base64MD5(of bytes: [UInt8]) -> String {
        Data(md5Digest(of: bytes)).base64EncodedString()
    }

    /// Lowercase hex MD5 of a file, streamed through a reused 1 MiB buffer.
    /// - Throws: ``PhotolalaError/unreadableFile`` when the file cannot be read,
    ///   ``PhotolalaError/notRegularFile`` for a pipe, socket or device.
    public static func md5(ofFileAt path: String) throws -> String {
        let file = try RegularFile(path: path)
        var hasher = Insecure.MD5()
        try file.forEachChunk { hasher.update(bufferPointer: $0) }
        return hex(hasher.finalize())
    }

    /// Lowercase hex SHA-256 of bytes in memory, as catalog manifests record shards.
    public static func sha256(of bytes: [UInt8]) -> String {
        var hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return hex(hasher.finalize())
    }

    /// The fast key of a file whose first bytes are `head` and whose size is `size`.
    public static func fastKey(head: some Collection<UInt8>, size: Int64) -> FastKey {
        FastKey(headMD5: md5(of: Array(head.prefix(fastKeyLength))), size: size)
    }

    /// The fast key of a file, reading only its first 4 KiB.
    /// - Throws: ``PhotolalaError/unreadableFile`` when the file cannot be read,
    ///   ``PhotolalaError/notRegularFile`` for a pipe, socket or device.
    public static func fastKey(ofFileAt path: String) throws -> FastKey {
        let file = try RegularFile(path: path)
        return fastKey(head: try file.read(upTo: fastKeyLength), size: file.size)
    }

    package static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
