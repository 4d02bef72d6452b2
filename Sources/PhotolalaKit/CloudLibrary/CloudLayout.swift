/// Where a user's objects live in the bucket (DESIGN.md, "Formats"):
///
/// ```
/// photos/{userId}/{md5}.dat         original, DEEP_ARCHIVE, tag Format=JPEG|HEIF|…
/// thumbnails/{userId}/{md5}.dat     thumbnail JPEG, STANDARD
/// metadata/{userId}/{md5}.plist     binary property list of PhotoMetadata
/// catalogs/{userId}/.photolala/     manifest.plist, shards/{index}-{sha256}.csv, and their copies
///                                   0.csv … f.csv for readers of the seeds' layout;
///                                   facts/{index}-{sha256}.jsonl, each photo's facts for search
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
    public func thumbnail(_ md5: String) -> String { thumbnailsPrefix + md5 + ".dat" }
    public func metadata(_ md5: String) -> String { metadataPrefix + md5 + ".plist" }
    /// Where the thumbnails are: `thumbnails/{userId}/`.
    public var thumbnailsPrefix: String { "thumbnails/\(userID)/" }
    /// Where the metadata plists are: `metadata/{userId}/`.
    public var metadataPrefix: String { "metadata/\(userID)/" }
    public var catalogPrefix: String { "catalogs/\(userID)/\(FolderCatalog.directoryName)/" }
    public var manifest: String { catalogPrefix + FolderCatalog.manifestName }
    /// A shard's key in the seeds' layout (`3.csv`): a copy of the content-addressed shard,
    /// written after each merge for readers of that layout, and read only when the
    /// content-addressed key is absent (a catalog written before shards were content-addressed).
    public func shard(_ index: Int) -> String { catalogPrefix + FolderCatalog.shardName(index) }
    /// Where content-addressed shards live: `catalogs/{userId}/.photolala/shards/`.
    public var shardsPrefix: String { catalogPrefix + "shards/" }
    /// A shard's immutable key, named by its index and the SHA-256 of its bytes
    /// (`shards/3-9f86…08.csv`): a key is written once, with these bytes only, so a manifest
    /// always names shards that match it, whatever other devices write meanwhile.
    public func shard(_ index: Int, sha256: String) -> String {
        shardsPrefix + String(index, radix: 16) + "-" + sha256.lowercased() + ".csv"
    }
    /// Where the facts shards live (``CloudFacts``): `catalogs/{userId}/.photolala/facts/`.
    public var factsPrefix: String { catalogPrefix + "facts/" }
    /// A facts shard's immutable key, content-addressed like a catalog shard's
    /// (`facts/3-9f86…08.jsonl`).
    public func facts(_ index: Int, sha256: String) -> String {
        factsPrefix + String(index, radix: 16) + "-" + sha256.lowercased() + ".jsonl"
    }
    /// A facts shard's name in a local copy of the catalog, and in messages (`facts-3.jsonl`).
    static func factsName(_ index: Int) -> String { "facts-" + String(index, radix: 16) + ".jsonl" }
    /// The lease that serialises merges on a store without conditional writes.
    var catalogLease: String { catalogPrefix + "merge.lease" }

    /// The user's albums (``AlbumBook``), beside the catalog, merged by every device's sync.
    public var albums: String { catalogPrefix + AlbumStore.fileName }
    /// A key for finding out whether the store honours conditional writes.
    func conditionProbe(_ token: String) -> String { catalogPrefix + "probe-" + token }
    /// The MD5 an original's key names; `nil` for any other key.
    func md5(ofPhotoKey key: String) -> String? {
        guard key.hasPrefix(photosPrefix), key.hasSuffix(".dat") else { return nil }
        let md5 = String(key.dropFirst(photosPrefix.count).dropLast(4))
        return ContentHash.isMD5(md5) ? md5.lowercased() : nil
    }

    /// The MD5 an original's, thumbnail's or metadata plist's key names; `nil` for any other key.
    func md5(ofAnyKey key: String) -> String? {
        for (prefix, suffix) in [(photosPrefix, ".dat"), (thumbnailsPrefix, ".dat"), (metadataPrefix, ".plist")]
        where key.hasPrefix(prefix) && key.hasSuffix(suffix) {
            let md5 = String(key.dropFirst(prefix.count).dropLast(suffix.count))
            return ContentHash.isMD5(md5) ? md5.lowercased() : nil
        }
        return nil
    }

    /// Every prefix the user's backup occupies, for usage and quota.
    public var prefixes: [String] { [photosPrefix, thumbnailsPrefix, metadataPrefix, catalogPrefix] }
}
