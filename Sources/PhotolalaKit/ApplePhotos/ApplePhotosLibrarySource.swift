public import Foundation

/// The photos of an Apple Photos library, or of one of its albums or built-in views, as a
/// ``PhotoSource``; item ids are asset uuids (PhotoKit's local identifiers).
///
/// Thumbnails come from the derivatives Photos already made (a 360-pixel JPEG instead of a
/// 40-megapixel original), so assets whose original is only in iCloud still show. Nothing is
/// ever written into the library.
///
/// ```swift
/// let source = try engine.applePhotosSource(libraryAt: "/mnt/backup/Photos Library.photoslibrary")
/// for try await batch in source.listFolder() { print(batch.count, "photos, newest first") }
/// ```
public final class ApplePhotosLibrarySource: ThumbnailSource {
    /// What ``listFolder()`` lists.
    public enum Scope: Sendable, Equatable {
        /// All Photos: photos and videos, neither hidden nor deleted, newest first.
        case allPhotos
        case favorites
        /// Hidden assets; shown only when asked for.
        case hidden
        case recentlyDeleted
        /// One album's members, in the album's sort order.
        case album(uuid: String)
    }

    public let scope: Scope
    public let capabilities: PhotoSourceCapabilities = [.albums, .search, .sorting, .grouping, .preview, .star]
    let live: ApplePhotosLiveLibrary
    let imaging: ImageProcessor
    let maximumFileSize: Int64
    /// What every scope of the library shares as a browser sees it: its views, its thumbnails.
    let browsing: ApplePhotosBrowsing
    private let feed = ApplePhotosChangeFeed()

    init(live: ApplePhotosLiveLibrary, scope: Scope, imaging: ImageProcessor, maximumFileSize: Int64, browsing: ApplePhotosBrowsing) {
        self.live = live
        self.scope = scope
        self.imaging = imaging
        self.maximumFileSize = maximumFileSize
        self.browsing = browsing
    }

    /// The library as last read: reopened by ``refresh()`` when Photos changed its database.
    public var library: ApplePhotosLibrary { live.current.library }

    /// The same library seen through another scope (an album, a built-in view).
    public func scoped(_ scope: Scope) -> ApplePhotosLibrarySource {
        ApplePhotosLibrarySource(live: live, scope: scope, imaging: imaging, maximumFileSize: maximumFileSize, browsing: browsing)
    }

    /// The assets of this scope, in its order.
    /// - Throws: ``PhotolalaError`` when the database cannot be read or the album is unknown.
    public func assets() throws -> [ApplePhotosAsset] {
        try assets(in: library)
    }

    /// Looks at the library's database again and, when Photos changed it (its write-ahead log
    /// grew, a newer copy arrived), reads a fresh copy and announces on ``changes()`` what
    /// this scope gained, lost or saw change since it was listed.
    /// - Throws: ``PhotolalaError`` when the changed library cannot be read; the last copy stays.
    public func refresh() async throws {
        try await live.reloadIfChanged()
        try await offload { [self] in
            let (library, generation) = live.current
            guard feed.isBehind(generation) else { return }
            feed.update(try assets(in: library), generation: generation)
        }
    }

    /// This scope's assets in one reading of the library, remembered as the listing that
    /// ``refresh()`` compares with.
    func listedAssets() throws -> [ApplePhotosAsset] {
        let (library, generation) = live.current
        let assets = try assets(in: library)
        feed.update(assets, generation: generation)
        return assets
    }

    private func assets(in library: ApplePhotosLibrary, search: String? = nil) throws -> [ApplePhotosAsset] {
        var filter = viewFilter ?? ApplePhotosFilter()
        filter.search = search
        if case .album(let uuid) = scope { return try library.assets(inAlbum: uuid, filter) }
        return try library.assets(filter)
    }

    /// What All Photos or a built-in view lets through; `nil` for an album.
    var viewFilter: ApplePhotosFilter? {
        var filter = ApplePhotosFilter()
        switch scope {
        case .allPhotos: break
        case .favorites: filter.onlyFavorites = true
        case .hidden: filter.onlyHidden = true
        case .recentlyDeleted: filter.onlyTrashed = true
        case .album: return nil
        }
        return filter
    }

    /// Assets of this scope whose title, original filename or keywords contain `text`,
    /// ignoring case and accents, in the scope's order, with their listing facts.
    /// - Throws: ``PhotolalaError`` when the database cannot be read or the album is unknown.
    public func search(_ text: String) async throws -> [ListedPhoto] {
        try await offload { [self] in try assets(in: library, search: text).map { Self.listedPhoto($0, in: library) } }
    }

    /// The library's albums and folders, for the sidebar.
    /// - Throws: ``PhotolalaError`` when the database cannot be read.
    public func albums() async throws -> [ApplePhotosAlbum] {
        try await offload { [library] in try library.albums() }
    }

    // MARK: - Reading photos

    public func loadMetadata(for id: PhotoItem.ID) async throws -> PhotoMetadata {
        try await offload { [library] in
            let asset = try library.asset(uuid: id)
            return Self.metadata(of: asset, header: library.videoHeader(of: asset))
        }
    }

    public func loadThumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        try await ApplePhotosThumbnails(live: live, imaging: imaging, maximumFileSize: maximumFileSize).loadThumbnail(for: id)
    }

    /// The edited version when the asset was edited in Photos, else the original.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the original is in iCloud only.
    public func loadFullImage(for id: PhotoItem.ID) async throws -> Data {
        try await offload { [library, maximumFileSize] in
            let path = try library.fullImagePath(of: try library.asset(uuid: id))
            return Data(try FileContents(path: path, sizeLimit: maximumFileSize).bytes)
        }
    }

    /// Assets added, removed or changed, found by ``refresh()``.
    public func changes() -> AsyncStream<PhotoSourceChange> {
        feed.subscribe()
    }

    // MARK: - Conversions

    static func item(_ asset: ApplePhotosAsset) -> PhotoItem {
        PhotoItem(id: asset.uuid, displayName: asset.displayName)
    }

    /// The asset's metadata as Photos records it; a video's also from its file's `header`
    /// (codec, camera), where Photos' own date, place and size win.
    static func metadata(of asset: ApplePhotosAsset, header: VideoHeader? = nil) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        header?.apply(to: &metadata)
        if asset.isMovie {
            metadata.kind = .video
            metadata.duration = asset.duration ?? metadata.duration
        }
        metadata.fileSize = asset.fileSize
        metadata.creationDate = asset.addedDate
        metadata.modificationDate = asset.modificationDate
        if asset.creationDate != nil || header?.date == nil {
            metadata.photoDate = asset.creationDate
            metadata.photoDateOffsetSeconds = asset.timeZoneOffset
            metadata.photoDateSource = asset.creationDate == nil ? nil : .photos
        }
        metadata.width = asset.width ?? metadata.width
        metadata.height = asset.height ?? metadata.height
        metadata.orientation = asset.orientation ?? metadata.orientation
        if let latitude = asset.latitude, let longitude = asset.longitude {
            (metadata.latitude, metadata.longitude) = (latitude, longitude)
        }
        metadata.format = asset.originalUTI.flatMap(Self.format(uti:)) ?? metadata.format
        metadata.originalFilename = asset.originalFilename
        return metadata
    }

    private static func format(uti: String) -> ImageFormat? {
        switch uti {
        case "public.jpeg": .jpeg
        case "public.png": .png
        case "public.heic", "public.heif": .heif
        case "public.avif": .avif
        case "public.tiff": .tiff
        case "com.compuserve.gif": .gif
        case "org.webmproject.webp", "public.webp": .webp
        case "com.microsoft.bmp": .bmp
        case "com.apple.quicktime-movie": .mov
        case "public.mpeg-4": .mp4
        case "com.apple.m4v-video": .m4v
        case "public.3gpp": .threeGPP
        default: nil
        }
    }
}
