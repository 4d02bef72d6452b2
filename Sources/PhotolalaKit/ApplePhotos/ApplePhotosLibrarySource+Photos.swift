import Foundation
import Logging

/// What the browser reads of one asset, whichever folder shows it (asset uuids are unique across
/// the library): its metadata and details, its full image, its original file.
extension ApplePhotosLibrarySource {
    /// The metadata as Photos records it (a video's also from its file's header), and what only
    /// Photos knows as details.
    public func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail]) {
        try await offload { [library] in
            let asset = try library.asset(uuid: item)
            return (asset.metadata(header: library.videoHeader(of: asset)), try Self.details(of: asset, in: library))
        }
    }

    /// What only Photos knows about an asset, for the inspector: favourite, albums, kind
    /// (live photo, panorama, screenshot, burst), RAW+JPEG, title, keywords, where the original is.
    private static func details(of asset: ApplePhotosAsset, in library: ApplePhotosLibrary) throws -> [PhotoDetail] {
        let titles = try library.albumTitles()
        var details = [PhotoDetail(field: "favorite", label: "Favourite", value: asset.isFavorite ? "Yes" : "No")]
        let albums = Set(asset.albumUUIDs.compactMap { titles[$0] }).sorted()
        if !albums.isEmpty { details.append(PhotoDetail(field: "albums", label: "Albums", value: albums.joined(separator: ", "))) }
        if let title = asset.title { details.append(PhotoDetail(field: "title", label: "Title", value: title)) }
        if !asset.keywords.isEmpty {
            details.append(PhotoDetail(field: "keywords", label: "Keywords", value: asset.keywords.joined(separator: ", ")))
        }
        let kinds = [
            asset.isLivePhoto ? "Live Photo" : nil, asset.isPanorama ? "Panorama" : nil, asset.isScreenshot ? "Screenshot" : nil,
            asset.isBurst ? "Burst" : nil, asset.hasRAW ? "RAW+JPEG" : nil,
        ].compactMap { $0 }
        if !kinds.isEmpty { details.append(PhotoDetail(field: "kind", label: "Kind", value: kinds.joined(separator: ", "))) }
        if asset.hasAdjustments { details.append(PhotoDetail(field: "edited", label: "Edited", value: "Yes")) }
        let location = asset.isReference ? "Referenced outside the library" : asset.isMissing ? "In iCloud (not on this disk)" : "In the library"
        details.append(PhotoDetail(field: "original", label: "Original", value: location))
        return details
    }

    /// The asset's uuid and when Photos last changed it; a companion's adds its role.
    public func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        guard let companion = ApplePhotosCompanion(id: item) else { return assetTag(item) }
        return assetTag(companion.assetUUID).map { $0 + "-" + companion.role.rawValue }
    }

    /// The edited version when the asset was edited in Photos, else the original: a photo as it
    /// is for JPEG and PNG, a JPEG rendering for HEIC and TIFF, a video streamed from its file.
    /// For one not on this Mac's disk (in iCloud, or referenced elsewhere), the message with a
    /// reason, so the preview shows the thumbnail and says why.
    /// - Throws: ``SourceError/notFound`` when the file is not on this disk.
    public func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        do {
            if let companion = try await companionFullImage(for: item) { return companion }
            return try await offload { [library, imaging, maximumFileSize] in
                let asset = try library.asset(uuid: item)
                let path = try library.fullImagePath(of: asset)
                // A video is streamed from disk as browsers play it, never read whole.
                if asset.kind == .video { return try Self.movie(at: path, name: asset.displayName) }
                let image = try DisplayableImage(
                    original: try FileContents(path: path, sizeLimit: maximumFileSize).bytes, name: asset.displayName, imaging: imaging)
                return FullImage(body: .bytes(image.bytes), mediaType: image.mediaType)
            }
        } catch let error as PhotolalaError where error.code == .notAvailableLocally {
            throw SourceError.notFound(
                error.message, reason: isReference(ApplePhotosCompanion(id: item)?.assetUUID ?? item) ? "referenced" : "inICloud")
        }
    }

    /// Whether the asset's original was left outside the library; when the asset cannot be read
    /// again (logged), it is told as in iCloud.
    private func isReference(_ uuid: String) -> Bool {
        do {
            return try library.asset(uuid: uuid).isReference
        } catch {
            logger.error("An Apple Photos asset could not be read again.", metadata: ["item": "\(uuid)", "error": .error(error)])
            return false
        }
    }

    /// The movie at `path` as browsers play it, streamed from disk, never read whole.
    /// - Throws: ``PhotolalaError/notAnImage`` when the file is no video a browser plays.
    static func movie(at path: String, name: String) throws -> FullImage {
        // A file that cannot be read here is told by its name; opening it to stream it fails then.
        let format = (try? PhotoFileReader.head(of: path)).flatMap { ImageFormat(sniffing: $0) } ?? ImageFormat(name: path)
        guard let format, format.kind == .video, let mediaType = format.browserMediaType else {
            throw PhotolalaError.notAnImage(name)
        }
        return FullImage(body: .file(path: path), mediaType: mediaType)
    }

    /// The original file, streamed from disk, never read whole into memory, with the name to
    /// export it under; for a companion's id, its file (see ``ApplePhotosCompanion``).
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the original is in iCloud only.
    public func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let (path, filename) = try await originalFile(for: item)
        return OriginalFile(body: .file(path: path), filename: filename)
    }

    /// The original file's path, which the backup hashes and uploads.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the original is in iCloud only.
    public func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        try await originalFile(for: item).path
    }

    private func originalFile(for id: PhotoItem.ID) async throws -> (path: String, filename: String) {
        try await offload { [self] in
            if let companion = try companionOriginal(for: id) { return companion }
            let asset = try library.asset(uuid: id)
            return (try library.availableOriginalPath(of: asset), asset.displayName)
        }
    }

    /// The asset whose original is the file at `path` in this library: originals are stored
    /// under their asset's uuid (`originals/F/F2A1….heic`).
    public func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        guard path.hasPrefix(library.path + "/") else { return nil }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return UUID(uuidString: stem).map { _ in stem }
    }

    /// A library item's id is its asset's uuid, which the cloud catalog keeps as `applephotoid`;
    /// a companion's file (a RAW, a Live Photo's movie) is kept under its asset's.
    public func applePhotoID(of item: PhotoItem.ID) -> String? {
        ApplePhotosCompanion(id: item)?.assetUUID ?? item
    }
}

extension ApplePhotosLibrarySource {
    public var searchScope: SearchScope? { SearchScope(kind: .photos, root: library.path) }

    /// A key is an asset's uuid, shown in All Photos.
    public func searchReference(forKey key: String) -> SearchReference? {
        SearchReference(folder: LocalPhotoSource.rootFolderID, item: key)
    }

    /// All Photos holds every asset the index keeps; an album or a view is its own timeline.
    public func searchKeyPrefix(ofFolder folderID: String) -> String? {
        folderID == LocalPhotoSource.rootFolderID ? "" : nil
    }
}
