public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Photos in a folder tree on a local disk, removable medium or network share.
///
/// Listing walks the tree off the caller's task and delivers the first 200 photos at once, then
/// batches of 100. A source scoped to one folder lists from the folder's catalog when it has a
/// valid one and checks the folder in the background (see ``Scope/folder``). Item ids are
/// opaque; resolving one never reaches outside the root.
///
/// ```swift
/// let source = try engine.localSource(root: "/mnt/nas/photos")
/// for try await batch in source.scan() {
///     print(batch.photos.count, "more photos")
/// }
/// ```
public final class LocalPhotoSource: ThumbnailSource {
    /// What ``loadItems()`` lists.
    public enum Scope: Sendable {
        /// Every photo of the tree, scanned.
        case tree
        /// The folder's own photos, as a browser window shows them: from the folder's catalog
        /// when it has a valid one, then reconciled with the folder in the background (changes
        /// arrive on ``changes()``); otherwise scanned, and catalogued in the background when
        /// there are 100 photos or more.
        case folder
    }

    /// The canonical absolute path of the tree's root.
    public let root: String
    public let scope: Scope
    public let capabilities: PhotoSourceCapabilities = [.preview, .folders, .sorting, .grouping, .star]
    /// The root as given and as resolved, which what a browser reads must never name.
    public let privatePaths: [String]
    /// The tree's folders, each resolved once.
    let folders: LocalFolders
    /// One loader (one memory budget, one queue) for the thumbnails of every folder of the tree.
    let thumbnails: ThumbnailLoader

    let files: PhotoFileReader
    let catalogs: CatalogContext
    let volume: VolumeKind
    let feed = ChangeFeed()
    let background = BackgroundWork()
    /// The catalog the listing reflects (listed from, or written by this source), so that one
    /// written by another process is noticed (see ``refreshCatalog()``).
    let listedCatalog = Mutex<FolderCatalog.Stamp?>(nil)

    /// - Throws: ``PhotolalaError/unreadableFolder`` when `root` is not a folder that can be read.
    /// - Parameter thumbnails: The loader of the tree this folder belongs to; `nil` for a new
    ///   one with `thumbnailLoading`.
    init(
        root: String, scope: Scope, files: PhotoFileReader, catalogs: CatalogContext, volume: VolumeKind? = nil,
        thumbnails: ThumbnailLoader? = nil, thumbnailLoading: ThumbnailLoader.Configuration = .init()
    ) throws {
        guard let resolved = FilePath.canonical(root) else { throw PhotolalaError.unreadableFolder(root, errno: errno) }
        self.root = resolved
        guard try FileStatus(path: self.root).isDirectory else { throw PhotolalaError.unreadableFolder(root, errno: ENOTDIR) }
        privatePaths = root == resolved ? [root] : [root, resolved]
        self.scope = scope
        self.files = files
        self.catalogs = catalogs
        self.volume = volume ?? VolumeKind(path: self.root)
        let folders = try LocalFolders(root: resolved)
        self.folders = folders
        self.thumbnails = thumbnails ?? ThumbnailLoader(source: FolderItems(folders: folders, files: files), configuration: thumbnailLoading)
    }

    /// Scans the tree (or only the root folder) and delivers photos, subfolders and problems
    /// progressively. Stop iterating to stop the walk.
    /// - Parameters:
    ///   - recursive: Include the photos of every subfolder.
    ///   - includeStatus: Read each photo's size and modification time.
    ///   - inBackground: Walk at a lower priority (``startInBackground(_:)``), for a scan nobody
    ///     waits for, such as comparing a listed catalog with its folder.
    public func scan(recursive: Bool = true, includeStatus: Bool = false, inBackground: Bool = false) -> ScanStream<ScanBatch> {
        walk(.init(recursive: recursive, includeStatus: includeStatus), inBackground: inBackground)
    }

    /// Rescans the tree (or, scoped to a folder, the folder) and announces on ``changes()``
    /// what was added, removed or modified since the previous listing or refresh.
    /// - Throws: ``PhotolalaError`` when the root can no longer be read.
    public func refresh() async throws {
        var photos: [ScannedPhoto] = []
        for try await batch in scan(recursive: scope == .tree, includeStatus: true) {
            photos += batch.photos
        }
        feed.update(with: photos)
    }

    /// The absolute path of an item, which must be one this source lists (see ``ListingRule``):
    /// a photo inside the root even through links, neither hidden nor in a hidden folder, and
    /// for a source scoped to a folder, in the folder itself.
    /// - Throws: ``PhotolalaError/photoNotFound`` for malformed ids and for anything the
    ///   listing does not show.
    public func path(for id: PhotoItem.ID) throws -> String {
        try folders.checkRoot()
        return try LocalFolders.path(of: id, inside: root, nested: scope == .tree)
    }

    // MARK: - Reading photos

    public func loadItems() -> AsyncThrowingStream<[PhotoItem], any Error> {
        switch scope {
        case .tree: Self.relay(scan()) { $0.photos.isEmpty ? nil : $0.photos.map(\.item) }
        case .folder: Self.relay(listFolder()) { $0.map(\.item) }
        }
    }

    /// `upstream`'s deliveries as items, from a task that ends when the reader goes.
    private static func relay<Upstream: AsyncSequence & Sendable>(
        _ upstream: Upstream, _ items: @escaping @Sendable (Upstream.Element) -> [PhotoItem]?
    ) -> AsyncThrowingStream<[PhotoItem], any Error> where Upstream.Element: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await delivery in upstream {
                        if let items = items(delivery) {
                            continuation.yield(items)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func loadMetadata(for id: PhotoItem.ID) async throws -> PhotoMetadata {
        let path = try path(for: id)
        return try await offload { [files] in try files.metadata(at: path) }
    }

    public func loadThumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        let path = try path(for: id)
        return try await offload { [files] in try files.thumbnail(at: path) }
    }

    public func loadFullImage(for id: PhotoItem.ID) async throws -> Data {
        let path = try path(for: id)
        return try await offload { [files] in
            Data(try FileContents(path: path, sizeLimit: files.maximumFileSize).bytes)
        }
    }

    public func changes() -> AsyncStream<PhotoSourceChange> {
        feed.subscribe()
    }

    // MARK: - Walking

    /// Runs the scanner on a dispatch thread (or one of lower priority), a few deliveries ahead
    /// of the reader at most (``ScanStream``); ending the iteration stops the walk.
    private func walk(_ options: DirectoryScanner.Options, inBackground: Bool) -> ScanStream<ScanBatch> {
        let scanner = DirectoryScanner(root: root, options: options)
        let folders = folders
        let window = ScanStream<ScanBatch>.Window(places: 4)
        let deliveries = AsyncThrowingStream<ScanBatch, any Error> { continuation in
            continuation.onTermination = { _ in window.stop() }
            let walk: @Sendable () -> Void = {
                var batcher = ProgressiveBatcher()
                func deliver(_ batches: [ScanBatch]) {
                    for batch in batches where window.reserve() {
                        continuation.yield(batch)
                    }
                }
                do {
                    try folders.checkRoot()
                    try scanner.walk(isCancelled: { window.isStopped }) { deliver(batcher.add($0)) }
                    deliver(batcher.finish().map { [$0] } ?? [])
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            if inBackground {
                startInBackground(walk)
            } else {
                DispatchQueue.global(qos: .userInitiated).async(execute: walk)
            }
        }
        return ScanStream(deliveries: deliveries, window: window)
    }
}
