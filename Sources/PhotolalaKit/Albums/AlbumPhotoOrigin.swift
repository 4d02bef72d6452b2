/// Where a photo was added to an album from: a path of a folder tree, an Apple Photos library's
/// asset, or the cloud backup. An album holds a photo by its MD5; this says where to look first
/// and what to call it when no copy is found.
public struct AlbumPhotoOrigin: Sendable, Hashable, Codable {
    /// What kind of source: `folders`, `photos` or `cloud`, as the search index names them.
    public let kind: String
    /// Where the search index keeps it, its source's root and key joined by "/": the file's
    /// path, the library's path and the asset's uuid, or the backup's user id and the MD5.
    public let location: String
    /// The photo's file name.
    public let name: String

    public init(kind: String, location: String, name: String) {
        self.kind = kind
        self.location = location
        self.name = name
    }
}
