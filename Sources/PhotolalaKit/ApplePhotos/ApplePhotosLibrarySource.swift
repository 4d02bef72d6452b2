import Foundation
import Logging

/// An Apple Photos library as the browser sees it: All Photos at its root, beside its built-in
/// views (Favorites; Hidden and Recently Deleted when asked for) and the user's albums and
/// folders, each opening like a folder and listed by an ``ApplePhotosListing``. Folder ids are
/// album uuids, or the names of the built-in views; item ids are asset uuids (PhotoKit's local
/// identifiers).
///
/// Thumbnails come from the derivatives Photos already made (a 360-pixel JPEG instead of a
/// 40-megapixel original), so assets whose original is only in iCloud still show. Nothing is
/// ever written into the library.
///
/// ```swift
/// let source = try engine.applePhotosSource(libraryAt: "/mnt/backup/Photos Library.photoslibrary")
/// for try await batch in try source.listing(of: LocalPhotoSource.rootFolderID).listFolder() { print(batch.count) }
/// ```
public struct ApplePhotosLibrarySource: PhotoSource {
    public let capabilities: PhotoSourceCapabilities = [.albums, .search, .sorting, .grouping, .preview, .star]
    let live: ApplePhotosLiveLibrary
    let imaging: ImageProcessor
    let maximumFileSize: Int64
    /// The built-in views a browser is shown besides the albums.
    let views: [View]
    /// The one loader of the library's thumbnails, whichever folder shows them.
    let thumbnails: ThumbnailLoader
    /// The copy of the library the loader's thumbnails were made from.
    let thumbnailLibrary: ApplePhotosLibraryCopy
    let logger: Logger

    init(
        live: ApplePhotosLiveLibrary, imaging: ImageProcessor, maximumFileSize: Int64, views: [View], thumbnails: ThumbnailLoader,
        logger: Logger
    ) {
        self.live = live
        self.imaging = imaging
        self.maximumFileSize = maximumFileSize
        self.views = views
        self.thumbnails = thumbnails
        thumbnailLibrary = ApplePhotosLibraryCopy(live.current.library)
        self.logger = logger
    }

    /// The library as last read: reopened when a listing's refresh finds Photos changed its database.
    public var library: ApplePhotosLibrary { live.current.library }

    /// The library's name, with what the reader could not make sense of in the copy read last.
    public var summary: PhotoSourceSummary {
        let library = self.library
        var summary = PhotoSourceSummary(
            kind: "applePhotos", name: URL(fileURLWithPath: library.path).deletingPathExtension().lastPathComponent, configured: true,
            capabilities: capabilities, rootFolder: LocalPhotoSource.rootFolderID)
        summary.problems = library.problems.isEmpty ? nil : library.problems
        return summary
    }

    public var privatePaths: [String] { [library.path] }

    /// The library's albums and folders, for the sidebar.
    /// - Throws: ``PhotolalaError`` when the database cannot be read.
    public func albums() async throws -> [ApplePhotosAlbum] {
        try await offload { [library] in try library.albums() }
    }

    /// All Photos for the root, a built-in view's assets, or an album's.
    /// - Throws: ``SourceError/notFound`` for a view the library is not shown with.
    public func listing(of folderID: String) throws -> any FolderListing {
        try photosListing(of: folderID)
    }

    /// ``listing(of:)`` as the listing it is.
    func photosListing(of folderID: String) throws -> ApplePhotosListing {
        if folderID == LocalPhotoSource.rootFolderID { return ApplePhotosListing(live: live, filter: ApplePhotosFilter()) }
        if let view = try view(folderID) { return ApplePhotosListing(live: live, filter: view.filter) }
        return ApplePhotosListing(live: live, albumUUID: folderID)
    }

    /// The folder's tile: the photos its listing shows, the first of them in its order as the
    /// cover, and for a Photos folder the albums and folders inside it.
    /// - Throws: ``PhotolalaError`` when the database cannot be read or the album is unknown.
    public func folderSummary(of folderID: String) async throws -> FolderSummary {
        let listing = try photosListing(of: folderID)
        return try await offload { [library] in
            let assets = try listing.assets(in: library)
            let folders = try listing.albumUUID.map { uuid in try library.albums().count { $0.parentUUID == uuid } } ?? 0
            return FolderSummary(photoCount: assets.count, folderCount: folders, cover: assets.first.map { $0.listedPhoto(in: library) })
        }
    }

    /// Title, original filename and keyword search within the folder (All Photos, a view, an
    /// album), ignoring case and accents, in the folder's order.
    /// - Throws: ``PhotolalaError`` when the database cannot be read or the album is unknown.
    public func search(folder folderID: String, text: String) async throws -> [ListedPhoto] {
        let listing = try photosListing(of: folderID)
        return try await offload { [library] in try listing.assets(in: library, search: text).map { $0.listedPhoto(in: library) } }
    }

    // MARK: - Thumbnails

    /// The thumbnail; once Photos changed the library (an edit, say), the thumbnails made from
    /// the copy read before are dropped.
    public func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        if thumbnailLibrary.replace(with: library) {
            await thumbnails.forgetAll()
        }
        return try await thumbnails.thumbnail(for: item, priority: priority)
    }

    /// The asset's uuid and when it last changed: an edit in Photos makes a new tag.
    public func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        assetTag(item).map(thumbnailTag(forMD5:))
    }

    /// The asset's uuid and the time it last changed, in milliseconds; `nil` for an asset the
    /// library does not have, and for one the database could not be read for (logged: the
    /// browser then asks for the image itself, which reports the failure).
    func assetTag(_ item: PhotoItem.ID) -> String? {
        let asset: ApplePhotosAsset
        do {
            asset = try library.asset(uuid: item)
        } catch let error as PhotolalaError where error.code == .photoNotFound {
            return nil
        } catch {
            logger.error("An Apple Photos asset could not be read for its tag.", metadata: ["item": "\(item)", "error": .error(error)])
            return nil
        }
        let modified = asset.modificationDate.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded(.down)) } ?? 0
        return asset.uuid + "-" + String(modified, radix: 36)
    }
}
