/// Anything the browser shows photos from: a folder tree, an Apple Photos library, the cloud
/// backup, or a kind of source not set up yet. `photolala serve` serves every source through
/// this one contract, so neither the web UI nor the routes know where photos come from.
///
/// Folder and item ids are the source's own and opaque to callers: they hand them back to the
/// source that made them, which resolves them only to what its listings show. Every method may
/// be called concurrently.
///
/// ```swift
/// let folder = try await source.folder(LocalPhotoSource.rootFolderID)
/// for try await batch in try source.listing(of: folder.id).listFolder() { print(batch.count) }
/// ```
public protocol PhotoSource: Sendable {
    /// How the sidebar shows the source: its kind, name, whether it is set up, what it can do.
    var summary: PhotoSourceSummary { get }

    /// Paths on this machine that must never appear in what a browser reads (where the photos live).
    var privatePaths: [String] { get }

    /// A folder's name, its way back to the root and its subfolders (or an album's sub-albums).
    /// - Throws: ``SourceError`` or ``PhotolalaError`` for a folder the source does not show.
    func folder(_ folderID: String) async throws -> PhotoFolder

    /// A subfolder's count and cover for its tile, asked for only for the tiles in view, so it
    /// may cost a directory read or a database query, never reading every photo.
    /// - Throws: ``SourceError/notFound`` for a source without subfolders.
    func folderSummary(of folderID: String) async throws -> FolderSummary

    /// What a folder session lists and follows for one folder.
    /// - Throws: ``SourceError`` or ``PhotolalaError`` for a folder the source does not show.
    func listing(of folderID: String) throws -> any FolderListing

    /// The folder's photos that match `text`, for sources with the search capability.
    /// - Throws: ``SourceError/badRequest`` for a source that cannot search.
    func search(folder folderID: String, text: String) async throws -> [ListedPhoto]

    /// The item's thumbnail (a JPEG whose short edge is 256 pixels), loaded with `priority`.
    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail

    /// The thumbnail's entity tag when it is known without making the thumbnail, so that a
    /// browser's cached copy is confirmed at once.
    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String?

    /// The entity tag of a thumbnail of content `md5`: thumbnails made here carry the rule that
    /// made them (`MD5-t2`); stored ones (the backup's) are tagged by their content alone.
    func thumbnailTag(forMD5 md5: String) -> String

    /// The photo's metadata, with what only its source knows (an album, a backup date) as details.
    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail])

    /// The full image's entity tag, for conditional requests answered before the image is read
    /// (or rendered, or downloaded); `nil` when the source has none.
    func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String?

    /// The full image in a form browsers show.
    func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage

    /// The original file and its name, for "Export…".
    func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile

    /// The photo's file on this machine, which the backup queue hashes when it is starred and
    /// reads again to upload it.
    func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String

    /// The reverse of ``filePath(folder:item:)``: the item that a file is in folder `folderID`,
    /// or `nil` when the file is not there; gives the folder's photos their badges.
    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID?

    /// The Apple Photos asset id the backup keeps for an item (its `applephotoid`), for sources
    /// whose items are library assets; `nil` elsewhere.
    func applePhotoID(of item: PhotoItem.ID) -> String?

    /// Where the search index keeps this source's photos; `nil` for a source it does not index.
    var searchScope: SearchScope? { get }

    /// The folder and item of the photo the search index knows by `key` (a path below the
    /// root, an asset's uuid, an MD5), as this source shows it; `nil` when it has no such photo.
    func searchReference(forKey key: String) -> SearchReference?

    /// The start of the search index's key of every photo beneath folder `folderID`, its
    /// subfolders' too (empty for every photo of the source), for its timeline; `nil` when the
    /// folder is no place of the index's keys (an album), and has no timeline but itself.
    func searchKeyPrefix(ofFolder folderID: String) -> String?
}

extension PhotoSource {
    public var searchScope: SearchScope? { nil }

    public func searchReference(forKey key: String) -> SearchReference? { nil }

    public func searchKeyPrefix(ofFolder folderID: String) -> String? { nil }

    public func folderSummary(of folderID: String) async throws -> FolderSummary {
        throw SourceError.notFound("\(summary.name) has no folders.")
    }

    public func search(folder folderID: String, text: String) async throws -> [ListedPhoto] {
        throw SourceError.badRequest("\(summary.name) cannot be searched.")
    }

    public func thumbnailTag(forMD5 md5: String) -> String {
        "\(md5)-t\(Thumbnail.ruleVersion)"
    }

    public func applePhotoID(of item: PhotoItem.ID) -> String? {
        nil
    }
}
