/// A photo's thumbnail JPEG, with the content key it is cached under.
public struct Thumbnail: Sendable, Equatable {
    /// Where the bytes came from, so callers can report cache efficiency.
    public enum Origin: String, Sendable {
        /// The loader's in-memory cache.
        case memory
        /// The disk cache: no decoding was needed.
        case disk
        /// Decoded and rendered now.
        case generated
    }

    /// The version of the rule that makes thumbnails (1: centre-cropped beyond 2:1; 2: whole,
    /// long edge at most 512). It is in the disk cache's file names, the rows' versions and the
    /// entity tags, so a thumbnail made by an older rule is made again rather than served from a
    /// cache, a browser's included. A HEIF thumbnail taken from the file's thumbnail item (short
    /// edge 240–255, or 256) is made by version 2 too: one made from the primary image before it
    /// meets the rule, so it is kept rather than made again.
    public static let ruleVersion = 2

    /// MD5 of the photo the thumbnail shows, when the source knows it.
    public let md5: String?
    public let jpeg: [UInt8]
    public var origin: Origin

    public init(md5: String?, jpeg: [UInt8], origin: Origin) {
        self.md5 = md5
        self.jpeg = jpeg
        self.origin = origin
    }
}

extension Thumbnail {
    /// Writes the JPEG to `path` atomically.
    /// - Throws: ``PhotolalaError/writeFailed`` when the file cannot be written.
    public func write(to path: String) throws {
        try AtomicFile.write(jpeg, to: path)
    }
}
