public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Photos in a folder tree on a local disk, removable medium or network share, as the browser
/// sees them: its folders opened one at a time (each a ``LocalFolderListing``), with one
/// thumbnail loader for all of them; a photo is named by its folder's id and its own.
///
/// A scan walks the whole tree off the caller's task and delivers the first 200 photos at once,
/// then batches of 100. Folder and item ids are opaque; resolving one never reaches outside the
/// root.
///
/// ```swift
/// let source = try engine.localSource(root: "/mnt/nas/photos")
/// for try await batch in source.scan() {
///     print(batch.photos.count, "more photos")
/// }
/// let listing = try source.folderListing(id: LocalPhotoSource.rootFolderID)
/// ```
public final class LocalPhotoSource: Sendable {
    /// The id of the root folder itself.
    public static let rootFolderID = "~"

    /// The canonical absolute path of the tree's root.
    public let root: String
    public let capabilities: PhotoSourceCapabilities = [.preview, .folders, .sorting, .grouping, .star, .describe]
    /// The root as given and as resolved, which what a browser reads must never name.
    public let privatePaths: [String]
    /// The tree's folders, each resolved once.
    let folders: LocalFolders
    /// One loader (one memory budget, one queue) for the thumbnails of every folder of the tree.
    let thumbnails: ThumbnailLoader
    let files: PhotoFileReader
    let catalogs: CatalogContext
    let volume: VolumeKind

    /// - Throws: ``PhotolalaError/unreadableFolder`` when `root` is not a folder that can be read.
    init(
        root: String, files: PhotoFileReader, catalogs: CatalogContext, volume: VolumeKind? = nil,
        thumbnailLoading: ThumbnailLoader.Configuration = .init()
    ) throws {
        guard let resolved = FilePath.canonical(root) else { throw PhotolalaError.unreadableFolder(root, errno: errno) }
        self.root = resolved
        guard try FileStatus(path: self.root).isDirectory else { throw PhotolalaError.unreadableFolder(root, errno: ENOTDIR) }
        privatePaths = root == resolved ? [root] : [root, resolved]
        self.files = files
        self.catalogs = catalogs
        self.volume = volume ?? VolumeKind(path: self.root)
        let folders = try LocalFolders(root: resolved)
        self.folders = folders
        thumbnails = ThumbnailLoader(source: FolderItems(folders: folders, files: files), configuration: thumbnailLoading)
    }

    /// Scans the tree (or only the root folder) and delivers photos, subfolders and problems
    /// progressively. Stop iterating to stop the walk.
    /// - Parameters:
    ///   - recursive: Include the photos of every subfolder.
    ///   - includeStatus: Read each photo's size and modification time.
    public func scan(recursive: Bool = true, includeStatus: Bool = false) -> ScanStream<ScanBatch> {
        .walking(folders, options: .init(recursive: recursive, includeStatus: includeStatus), inBackground: false)
    }

    /// One folder of the tree as a browser window lists and follows it.
    /// - Throws: ``PhotolalaError/unreadableFolder`` for malformed ids and for folders outside
    ///   the root (through `..` or links), hidden or gone.
    public func folderListing(id: String) throws -> LocalFolderListing {
        try LocalFolderListing(folder: try folders.path(ofFolder: id), files: files, catalogs: catalogs, volume: volume)
    }
}
