import Foundation

/// An Apple Photos library as the browser sees it: All Photos at its root, beside its built-in
/// views (Favorites; Hidden and Recently Deleted when asked for) and the user's albums and
/// folders, each opening like a folder. Folder ids are album uuids, or the names of the
/// built-in views; item ids are asset uuids.
extension ApplePhotosLibrarySource: PhotoSource {
    /// A built-in view: its folder id is its raw value.
    public enum View: String, Sendable {
        case favorites
        case hidden
        case recentlyDeleted = "recently-deleted"

        var name: String {
            switch self {
            case .favorites: "Favorites"
            case .hidden: "Hidden"
            case .recentlyDeleted: "Recently Deleted"
            }
        }

        var scope: Scope {
            switch self {
            case .favorites: .favorites
            case .hidden: .hidden
            case .recentlyDeleted: .recentlyDeleted
            }
        }
    }

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

    /// The built-in view `folderID` names, or `nil` for the root and albums.
    /// - Throws: ``SourceError/notFound`` for a view the library is not shown with.
    private func view(_ folderID: String) throws -> View? {
        guard let view = View(rawValue: folderID) else { return nil }
        guard browsing.views.contains(view) else {
            let flag = view == .hidden ? "--include-hidden" : "--include-trashed"
            throw SourceError.notFound("\(view.name) is not shown: start photolala serve with \(flag).")
        }
        return view
    }

    private func scope(of folderID: String) throws -> Scope {
        if folderID == LocalPhotoSource.rootFolderID { return .allPhotos }
        if let view = try view(folderID) { return view.scope }
        return .album(uuid: folderID)
    }

    public func folder(_ folderID: String) async throws -> PhotoFolder {
        let albums = try await self.albums()
        let name = summary.name
        let root = PhotoFolder.Reference(id: LocalPhotoSource.rootFolderID, name: name)
        func children(of parent: String?) -> [PhotoFolder.Reference] {
            albums.filter { $0.parentUUID == parent }.map { PhotoFolder.Reference(id: $0.uuid, name: $0.title, kind: $0.kind.rawValue) }
        }
        if folderID == LocalPhotoSource.rootFolderID {
            let views = browsing.views.map { PhotoFolder.Reference(id: $0.rawValue, name: $0.name, kind: "smartAlbum") }
            return PhotoFolder(id: folderID, name: name, breadcrumb: [root], folders: views + children(of: nil), kind: "library")
        }
        if let view = try view(folderID) {
            return PhotoFolder(
                id: folderID, name: view.name, breadcrumb: [root, PhotoFolder.Reference(id: folderID, name: view.name)], folders: [],
                kind: "smartAlbum")
        }
        guard let album = albums.first(where: { $0.uuid == folderID }) else { throw SourceError.notFound("No album '\(folderID)'.") }
        var chain = [album]
        while let parent = chain[0].parentUUID, let folder = albums.first(where: { $0.uuid == parent }) {
            chain.insert(folder, at: 0)
        }
        return PhotoFolder(
            id: folderID, name: album.title, breadcrumb: [root] + chain.map { PhotoFolder.Reference(id: $0.uuid, name: $0.title) },
            folders: children(of: album.uuid), kind: album.kind.rawValue)
    }

    public func listing(of folderID: String) throws -> any FolderListing {
        scoped(try scope(of: folderID))
    }

    public func folderSummary(of folderID: String) async throws -> FolderSummary {
        try await scoped(try scope(of: folderID)).tileSummary()
    }

    /// Title, original filename and keyword search within the folder (All Photos, a view, an album).
    public func search(folder folderID: String, text: String) async throws -> [ListedPhoto] {
        try await scoped(try scope(of: folderID)).search(text)
    }

    /// The thumbnail; once Photos changed the library (an edit, say), the thumbnails made from
    /// the copy read before are dropped.
    public func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        if browsing.thumbnailLibrary.replace(with: library) {
            await browsing.thumbnails.forgetAll()
        }
        return try await browsing.thumbnails.thumbnail(for: item, priority: priority)
    }

    /// The asset's uuid and when it last changed: an edit in Photos makes a new tag.
    public func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        assetTag(item).map(thumbnailTag(forMD5:))
    }

    private func assetTag(_ item: PhotoItem.ID) -> String? {
        guard let asset = try? library.asset(uuid: item) else { return nil }
        let modified = asset.modificationDate.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded(.down)) } ?? 0
        return asset.uuid + "-" + String(modified, radix: 36)
    }

    public func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail]) {
        let metadata = try await loadMetadata(for: item)
        let lines = try await details(for: item).map { PhotoDetail(field: $0.field, label: $0.label, value: $0.value) }
        return (metadata, lines)
    }

    /// The asset's uuid and when Photos last changed it; a companion's adds its role.
    public func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        guard let companion = ApplePhotosCompanion(id: item) else { return assetTag(item) }
        return assetTag(companion.assetUUID).map { $0 + "-" + companion.role.rawValue }
    }

    /// The edited or original image; for one not on this Mac's disk (in iCloud, or referenced
    /// elsewhere), the message with a reason, so the preview shows the thumbnail and says why.
    public func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        do {
            if let companion = try await companionFullImage(for: item) { return companion }
            if let video = try await videoFile(for: item) { return video }
            let image = try await loadDisplayableImage(for: item)
            return FullImage(body: .bytes(image.bytes), mediaType: image.mediaType)
        } catch let error as PhotolalaError where error.code == .notAvailableLocally {
            let referenced = (try? library.asset(uuid: ApplePhotosCompanion(id: item)?.assetUUID ?? item).isReference) ?? false
            throw SourceError.notFound(error.message, reason: referenced ? "referenced" : "inICloud")
        }
    }

    /// A video asset's file (the edit, else the original), streamed from disk as browsers play
    /// it, never read whole; `nil` for a photo.
    private func videoFile(for id: PhotoItem.ID) async throws -> FullImage? {
        try await offload { [library] in
            let asset = try library.asset(uuid: id)
            guard asset.kind == .video else { return nil }
            return try Self.movie(at: try library.fullImagePath(of: asset), name: asset.displayName)
        }
    }

    /// The movie at `path` as browsers play it, streamed from disk, never read whole.
    /// - Throws: ``PhotolalaError/notAnImage`` when the file is no video a browser plays.
    static func movie(at path: String, name: String) throws -> FullImage {
        let format = (try? PhotoFileReader.head(of: path)).flatMap { ImageFormat(sniffing: $0) } ?? ImageFormat(name: path)
        guard let format, format.kind == .video, let mediaType = format.browserMediaType else {
            throw PhotolalaError.notAnImage(name)
        }
        return FullImage(body: .file(path: path), mediaType: mediaType)
    }

    public func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let (path, filename) = try await originalFile(for: item)
        return OriginalFile(body: .file(path: path), filename: filename)
    }

    public func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        try await originalFile(for: item).path
    }

    public func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        itemID(forOriginalPath: path)
    }

    /// A library item's id is its asset's uuid, which the cloud catalog keeps as `applephotoid`;
    /// a companion's file (a RAW, a Live Photo's movie) is kept under its asset's.
    public func applePhotoID(of item: PhotoItem.ID) -> String? {
        ApplePhotosCompanion(id: item)?.assetUUID ?? item
    }
}

/// The database folder is watched: Photos writes to its write-ahead log there, and
/// ``ApplePhotosLibrarySource/refresh()`` reads a fresh copy when it changed.
extension ApplePhotosLibrarySource: FolderListing {
    public var watchedPath: String? { library.path + "/database" }

    public func settle() async {}
}
