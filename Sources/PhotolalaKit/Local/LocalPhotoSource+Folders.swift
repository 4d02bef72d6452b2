#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LocalPhotoSource {
    /// The id of the root folder itself.
    public static let rootFolderID = "~"

    /// A source over one folder of this tree, scoped to that folder, for a browser window; its
    /// thumbnails go through this tree's loader.
    /// - Throws: ``PhotolalaError/unreadableFolder`` for malformed ids and for folders outside
    ///   the root (through `..` or links), hidden or gone.
    public func folderSource(id: String) throws -> LocalPhotoSource {
        try LocalPhotoSource(
            root: try folders.path(ofFolder: id), scope: .folder, files: files, catalogs: catalogs, volume: volume, thumbnails: thumbnails)
    }

    /// The root's own subfolders, by name, found without looking at its files: quick even
    /// beside 100,000 photos.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when the root cannot be read.
    public func subfolders() throws -> [ScannedFolder] {
        try folders.checkRoot()
        return try Self.subfolders(of: root)
    }

    /// The subfolders of folder `root`, by name.
    static func subfolders(of root: String) throws -> [ScannedFolder] {
        var folders: [ScannedFolder] = []
        try DirectoryScanner(root: root, options: .init(recursive: false, foldersOnly: true)).walk(isCancelled: { false }) { listing in
            folders += listing.subfolders.map { ScannedFolder(name: FilePath.name(of: $0.path), path: $0.path) }
        }
        return folders
    }

    /// The id under which ``folderSource(id:)`` finds the folder at `path`, which must be this
    /// root or inside it.
    public func folderID(forPath path: String) -> String? {
        if path == root { return Self.rootFolderID }
        guard path.hasPrefix(root + "/") else { return nil }
        return LocalItemID.make(relativePath: String(path.dropFirst(root.count + 1)))
    }

    /// The id of the photo at `path` when it lies directly in this root, as a folder-scoped
    /// source lists it; `nil` for files elsewhere. Lets the server badge starred files.
    public func itemID(forPath path: String) -> PhotoItem.ID? {
        Self.itemID(forPath: path, inside: root)
    }

    /// The id of the photo at `path` when it lies directly in `folder`.
    static func itemID(forPath path: String, inside folder: String) -> PhotoItem.ID? {
        guard path.hasPrefix(folder + "/") else { return nil }
        let name = String(path.dropFirst(folder.count + 1))
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return LocalItemID.make(folder: "", name: name)
    }

    /// The listing facts of items announced as added or changed: from the folder's catalog
    /// where it knows the file as it is now (dated by what was recorded of its content), else
    /// from `stat` and the date an earlier read of the unchanged file recorded, or the EXIF in
    /// the file's first bytes (or the file time). A few catalogued
    /// items whose dates were never recorded are read too; the many a new catalog announces at
    /// once are not, so that costs no reads.
    public func listedPhotos(for items: [PhotoItem]) -> [ListedPhoto] {
        guard !items.isEmpty else { return [] }
        let entries = scope == .folder ? (try? catalogs.catalog(of: root).load().entries) ?? [] : []
        let catalogued = Dictionary(entries.map { ($0.filename, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [ListedPhoto?] = []
        var fresh: [(row: Int, entry: CatalogEntry)] = []
        var uncatalogued: [(row: Int, item: PhotoItem, path: String, status: FileStatus)] = []
        for item in items {
            guard let path = try? path(for: item.id), let status = try? FileStatus(path: path) else { continue }
            if let entry = catalogued[item.displayName], entry.size == status.size, entry.modified == status.modifiedNanoseconds / 1_000_000_000 {
                fresh.append((rows.count, entry))
            } else {
                uncatalogued.append((rows.count, item, path, status))
            }
            rows.append(nil)
        }
        let dated = catalogRows(for: fresh.map(\.entry), reading: items.count < Self.catalogThreshold).rows
        for (photo, row) in zip(fresh, dated) {
            rows[photo.row] = row
        }
        let facts = headerFacts(of: uncatalogued.map { ($0.path, $0.status) })
        for (photo, facts) in zip(uncatalogued, facts) {
            rows[photo.row] = ListedPhoto(
                item: photo.item, status: photo.status, taken: facts.taken, duration: facts.duration, liveIdentifier: facts.liveIdentifier)
        }
        return rows.compactMap { $0 }
    }

    /// The item's full image as browsers can show it: its file, or for HEIC and TIFF a JPEG
    /// rendering, made once and kept by MD5 in the rendering cache.
    /// - Throws: ``PhotolalaError`` when the item is gone or not a readable image.
    public func displayableFile(for id: PhotoItem.ID) async throws -> DisplayableFile {
        let path = try path(for: id)
        return try await offload { [files] in try files.displayableFile(at: path) }
    }
}
