/// Where a user's objects live in the bucket (DESIGN.md, "Formats"):
///
/// ```
/// photos/{userId}/{md5}.dat         original, DEEP_ARCHIVE, tag Format=JPEG|HEIF|…
/// thumbnails/{userId}/{md5}.dat     thumbnail JPEG, STANDARD
/// metadata/{userId}/{md5}.plist     binary property list of PhotoMetadata
/// catalogs/{userId}/.photolala/     manifest.plist and 0.csv … f.csv
/// ```
public struct CloudLayout: Sendable, Equatable {
    public let userID: String

    /// - Parameter userID: The user's UUID, the second component of every key.
    public init(userID: String) {
        self.userID = userID
    }

    /// `id` as the lowercase MD5 the keys are built from.
    /// - Throws: ``CloudError/notInCatalog`` for anything that is no MD5, so no key is ever made
    ///   from a name or a path a request brought (`../…`).
    static func md5(_ id: String) throws -> String {
        guard ContentHash.isMD5(id) else { throw CloudError.notInCatalog(id) }
        return id.lowercased()
    }

    public func photo(_ md5: String) -> String { photosPrefix + md5 + ".dat" }
    /// Where the originals are: `photos/{userId}/`.
    public var photosPrefix: String { "photos/\(userID)/" }
    public func thumbnail(_ md5: String) -> String { "thumbnails/\(userID)/\(md5).dat" }
    public func metadata(_ md5: String) -> String { "metadata/\(userID)/\(md5).plist" }
    public var catalogPrefix: String { "catalogs/\(userID)/\(FolderCatalog.directoryName)/" }
    public var manifest: String { catalogPrefix + FolderCatalog.manifestName }
    public func shard(_ index: Int) -> String { catalogPrefix + FolderCatalog.shardName(index) }
    /// The MD5 an original's key names; `nil` for any other key.
    func md5(ofPhotoKey key: String) -> String? {
        guard key.hasPrefix(photosPrefix), key.hasSuffix(".dat") else { return nil }
        let md5 = String(key.dropFirst(photosPrefix.count).dropLast(4))
        return ContentHash.isMD5(md5) ? md5.lowercased() : nil
    }

    /// Every prefix the user's backup occupies, for usage and quota.
    public var prefixes: [String] { [photosPrefix, "thumbnails/\(userID)/", "metadata/\(userID)/", catalogPrefix] }
}
