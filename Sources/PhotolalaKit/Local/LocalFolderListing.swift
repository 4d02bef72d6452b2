public import Foundation
import Synchronization

/// One folder of a ``LocalPhotoSource`` as a browser window lists and follows it: its own
/// photos (not its subfolders'), watched on disk, with files shown as one item paired by name
/// (a RAW+JPEG pair or a Live Photo, ``FilePairing``).
///
/// The folder is listed from its catalog when it has a valid one, then compared with the folder
/// in the background (the differences arrive on ``changes()``); otherwise it is scanned, and
/// catalogued in the background when it has 100 photos or more. That upkeep (reconciling,
/// cataloguing, dating) is the listing's own background work: ``settle()`` waits for it.
///
/// ```swift
/// let listing = try source.folderListing(id: LocalPhotoSource.rootFolderID)
/// for try await rows in listing.listFolder() { print(rows.count, "photos") }
/// ```
public final class LocalFolderListing: FolderListing {
    /// The folder's canonical absolute path.
    public let folder: String
    /// The folder as it was when the listing was made: one replaced by a link since is not read.
    let node: LocalFolders
    let files: PhotoFileReader
    let catalogs: CatalogContext
    let volume: VolumeKind
    let feed = ChangeFeed()
    let background = BackgroundWork()
    /// The catalog the listing reflects (listed from, or written by this listing), so that one
    /// written by another process is noticed (see ``refreshCatalog()``).
    let listedCatalog = Mutex<FolderCatalog.Stamp?>(nil)

    /// Folders with at least this many photos are catalogued after their first listing.
    static let catalogThreshold = 100

    /// How long after a folder's first listing, and after the last thumbnail someone waited for,
    /// its dates are read and its catalog built: the page's own start and first screen come first.
    static let quietBeforeCataloguing = Duration.seconds(3)

    /// - Parameter folder: A canonical path, as ``LocalFolders/path(ofFolder:)`` resolves it.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when `folder` is not a folder.
    init(folder: String, files: PhotoFileReader, catalogs: CatalogContext, volume: VolumeKind) throws {
        self.folder = folder
        node = try LocalFolders(root: folder)
        self.files = files
        self.catalogs = catalogs
        self.volume = volume
    }

    public var watchedPath: String? { folder }

    public var pairing: FilePairing.Rule? { .folder }

    public func changes() -> AsyncStream<PhotoSourceChange> {
        feed.subscribe()
    }

    /// Rescans the folder and announces on ``changes()`` what was added, removed or modified
    /// since the previous listing or refresh.
    /// - Throws: ``PhotolalaError`` when the folder can no longer be read.
    public func refresh() async throws {
        var photos: [ScannedPhoto] = []
        for try await batch in scan() {
            photos += batch.photos
        }
        feed.update(with: photos)
    }

    /// Waits until background work (reconciling with the folder, cataloguing it) has finished.
    public func settle() async {
        await background.settle()
    }

    /// The folder's own photos with their sizes and times; stop iterating to stop the walk.
    /// - Parameter inBackground: Walk at a lower priority, for a scan nobody waits for.
    func scan(inBackground: Bool = false) -> ScanStream<ScanBatch> {
        .walking(node, options: .init(recursive: false, includeStatus: true), inBackground: inBackground)
    }

    /// The absolute path of an item, which must be one this listing shows (see ``ListingRule``):
    /// a photo directly in the folder, even through links, not hidden.
    /// - Throws: ``PhotolalaError/photoNotFound`` for malformed ids and for anything the
    ///   listing does not show.
    public func path(for id: PhotoItem.ID) throws -> String {
        try node.checkRoot()
        return try LocalFolders.path(of: id, inside: folder)
    }

    /// The photos of this folder whose content has MD5 `md5`, answered from its catalog.
    /// - Throws: ``PhotolalaError/noCatalog`` when the folder has none.
    public func items(withMD5 md5: String) throws -> [PhotoItem] {
        let wanted = md5.lowercased()
        return try catalogs.catalog(of: folder).load().entries.filter { $0.md5 == wanted }.map(Self.item(for:))
    }

    static func item(for entry: CatalogEntry) -> PhotoItem {
        item(named: entry.filename)
    }

    /// The item of the file `name` of a folder.
    static func item(named name: String) -> PhotoItem {
        PhotoItem(id: LocalItemID.make(folder: "", name: name), displayName: name)
    }

    /// The id of the photo at `path` when it lies directly in `folder`, as the folder's listing
    /// names it; `nil` for files elsewhere. Lets the server badge starred files.
    static func itemID(forPath path: String, inside folder: String) -> PhotoItem.ID? {
        guard path.hasPrefix(folder + "/") else { return nil }
        let name = String(path.dropFirst(folder.count + 1))
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return LocalItemID.make(folder: "", name: name)
    }
}
