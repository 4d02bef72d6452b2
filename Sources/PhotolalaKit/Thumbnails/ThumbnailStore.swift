/// The disk cache of thumbnails, addressed by content: `{cache}/thumbnails/{md5[0..2]}/{md5}-t2.jpg`.
///
/// Because the key is the photo's MD5, the same photo in two folders, or in a folder and the
/// backup, shares one thumbnail. Writes are atomic, so a crash never leaves a torn JPEG. The
/// name carries ``Thumbnail/ruleVersion`` (none for version 1): a thumbnail made by an older
/// rule is not found, and is made again.
public struct ThumbnailStore: Sendable {
    /// The folder holding the two-character shard folders.
    public let directory: String

    /// - Parameter cacheDirectory: Photolala's cache folder; thumbnails go in its `thumbnails/`.
    public init(cacheDirectory: String) {
        directory = cacheDirectory + "/thumbnails"
    }

    /// Where the thumbnail of content `md5` lives.
    public func path(forMD5 md5: String) -> String {
        "\(directory)/\(md5.prefix(2))/\(md5)-t\(Thumbnail.ruleVersion).jpg"
    }

    /// The cached JPEG, or `nil` when there is none (or it cannot be read).
    public func thumbnail(forMD5 md5: String) -> [UInt8]? {
        try? FileContents(path: path(forMD5: md5), sizeLimit: 16 << 20).bytes
    }

    /// Stores a thumbnail atomically.
    /// - Throws: ``PhotolalaError/writeFailed`` when the cache folder is not writable.
    public func store(_ jpeg: [UInt8], forMD5 md5: String) throws {
        try AtomicFile.write(jpeg, to: path(forMD5: md5))
    }
}
