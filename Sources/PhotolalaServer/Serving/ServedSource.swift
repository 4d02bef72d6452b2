import Hummingbird
import PhotolalaKit

/// A source as `photolala serve` offers it to browsers: folders (or albums) that list photos,
/// and the photos' thumbnails, metadata and full images.
///
/// Every kind of source (local folder trees, Apple Photos libraries, the cloud backup) answers
/// the same routes through this protocol, so the web UI needs to know nothing about where
/// photos come from. Folder and item ids are the source's own, opaque to the browser.
protocol ServedSource: Sendable {
    /// How the sidebar shows the source.
    var summary: API.Source { get }

    /// Paths that must never appear in an API error (where the photos live on this machine).
    var privatePaths: [String] { get }

    /// A folder's name, its way back to the root and its subfolders (or an album's sub-albums).
    func folder(_ folderID: String) async throws -> API.Folder

    /// A subfolder's count and cover for its tile, asked for by the page only for the tiles in
    /// view, so it may cost a directory read or a database query, never reading every photo.
    /// - Throws: ``ServerError`` 404 for a source without subfolders.
    func folderSummary(of folderID: String) async throws -> API.FolderSummary

    /// What a ``FolderSession`` lists and follows for one folder.
    func listing(of folderID: String) throws -> any FolderListing

    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail

    /// The thumbnail's entity tag when it is known without making the thumbnail, so that a
    /// browser's cached copy is confirmed with 304 at once.
    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String?

    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> API.Metadata

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

    /// The reverse of ``filePath(folder:item:)``: the item that a queued file is in folder
    /// `folderID`, or `nil` when the file is not there; gives the folder's photos their badges.
    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID?

    /// The folder's photos that match `text`, for sources with the search capability.
    /// - Throws: ``ServerError`` 400 for a source that cannot search.
    func search(folder folderID: String, text: String) async throws -> [ListedPhoto]
}

extension ServedSource {
    func folderSummary(of folderID: String) async throws -> API.FolderSummary {
        throw ServerError(.notFound, "\(summary.name) has no folders.")
    }

    func search(folder folderID: String, text: String) async throws -> [ListedPhoto] {
        throw ServerError(.badRequest, "\(summary.name) cannot be searched.")
    }
}

/// A folder's photos as a ``FolderSession`` keeps them current.
protocol FolderListing: Sendable {
    /// The photos with the facts browsers sort and group by, a first batch as soon as possible.
    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error>

    /// Items added, removed or changed after the listing.
    func changes() -> AsyncStream<PhotoSourceChange>

    /// The listing facts of items announced as added or changed; items gone meanwhile are left out.
    /// - Throws: when the source cannot be read (an Apple Photos database).
    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto]

    /// The folder on disk to watch for changes, or `nil` when nothing needs watching.
    var watchedPath: String? { get }

    /// Looks again for changes, which ``changes()`` then announces.
    func refresh() async throws

    /// Waits until background work started by the listing has finished.
    func settle() async

    /// Folders holding the listing's catalog, which another process may write (they are hidden
    /// from the listing, so watching the folder does not see them change).
    var catalogDirectories: [String] { get }

    /// Looks again at the listing's catalog; when another process wrote it, ``changes()``
    /// announces the photos whose facts it gives.
    func refreshCatalog()
}

extension FolderListing {
    var catalogDirectories: [String] { [] }

    func refreshCatalog() {}
}

extension LocalPhotoSource: FolderListing {
    var watchedPath: String? { root }
}
