import Foundation

extension LocalPhotoSource: PhotoSource {
    public var summary: PhotoSourceSummary {
        PhotoSourceSummary(
            kind: "local", name: URL(fileURLWithPath: root).lastPathComponent, configured: true, capabilities: capabilities,
            rootFolder: Self.rootFolderID)
    }

    public func folder(_ folderID: String) async throws -> PhotoFolder {
        let folder = try folders.path(ofFolder: folderID)
        let subfolders = try Self.subfolders(of: folder).compactMap { found in
            self.folderID(forPath: found.path).map { PhotoFolder.Reference(id: $0, name: found.name, kind: "folder") }
        }
        let name = summary.name
        var breadcrumb = [PhotoFolder.Reference(id: Self.rootFolderID, name: name)]
        var path = root
        for component in folder.dropFirst(root.count).split(separator: "/") {
            path += "/" + component
            breadcrumb.append(PhotoFolder.Reference(id: self.folderID(forPath: path) ?? folderID, name: String(component)))
        }
        return PhotoFolder(id: folderID, name: breadcrumb.last?.name ?? name, breadcrumb: breadcrumb, folders: subfolders)
    }

    public func listing(of folderID: String) throws -> any FolderListing {
        try folderListing(id: folderID)
    }

    public func folderSummary(of folderID: String) async throws -> FolderSummary {
        try await tileSummary(ofFolderAt: try folders.path(ofFolder: folderID))
    }

    /// The thumbnail, never one cached before the file last changed: a thumbnail from memory
    /// that does not show the file as it is now (size and time) is made again.
    public func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        let id = FolderItems.id(folder: folderID, item: item)
        let thumbnail = try await thumbnails.thumbnail(for: id, priority: priority)
        guard thumbnail.origin == .memory, !isCurrent(thumbnail, folder: folderID, item: item) else { return thumbnail }
        await thumbnails.forget([id])
        return try await thumbnails.thumbnail(for: id, priority: priority)
    }

    /// Whether a thumbnail from memory shows the file as it is now: its MD5 is the one known for
    /// the file's size and time; or, made before its MD5 was learnt, the ``IdentityBacklog``
    /// still holds the file as it was read then.
    private func isCurrent(_ thumbnail: Thumbnail, folder folderID: String, item: PhotoItem.ID) -> Bool {
        guard let path = try? folders.path(of: item, inFolder: folderID), let status = try? FileStatus(path: path) else { return false }
        let known = try? files.identities.md5(forPath: path, status: status)
        guard let md5 = thumbnail.md5 else { return known == nil && files.backlog.thumbnail(ofPath: path, status: status) != nil }
        return md5 == known
    }

    public func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        knownMD5(folder: folderID, item: item).map(thumbnailTag(forMD5:))
    }

    /// The item's MD5 when it is known without reading the file (from the identity index, for
    /// a file whose size and time are unchanged).
    private func knownMD5(folder folderID: String, item: PhotoItem.ID) -> String? {
        guard let path = try? folders.path(of: item, inFolder: folderID), let status = try? FileStatus(path: path) else { return nil }
        return try? files.identities.md5(forPath: path, status: status)
    }

    public func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail]) {
        let path = try folders.path(of: item, inFolder: folderID)
        return (try await offload { [files] in try files.metadata(at: path) }, [])
    }

    /// The file's MD5: remembered while the file is unchanged, else hashed now (and remembered).
    public func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        let path = try folders.path(of: item, inFolder: folderID)
        return try await offload { [files] in try files.identities.md5(ofFileAt: path) }
    }

    /// The file itself for formats browsers show; for HEIC and TIFF a JPEG rendering, made
    /// once and kept by MD5 in the rendering cache.
    public func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        let path = try folders.path(of: item, inFolder: folderID)
        switch try await offload({ [files] in try files.displayableFile(at: path) }) {
        case .original(let path, let mediaType): return FullImage(body: .file(path: path), mediaType: mediaType)
        case .rendering(let jpeg): return FullImage(body: .bytes(jpeg), mediaType: "image/jpeg")
        }
    }

    public func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let path = try folders.path(of: item, inFolder: folderID)
        return OriginalFile(body: .file(path: path), filename: URL(fileURLWithPath: path).lastPathComponent)
    }

    public func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        try folders.path(of: item, inFolder: folderID)
    }

    public func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        guard let folder = try? folders.knownPath(ofFolder: folderID) else { return nil }
        return LocalFolderListing.itemID(forPath: path, inside: folder)
    }
}
