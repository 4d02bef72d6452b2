import PhotolalaSupport

extension Engine {
    /// This device's albums: `albums.json` in the data folder.
    public var albums: AlbumStore {
        AlbumStore(dataDirectory: configuration.dataDirectory)
    }

    /// The photo file at `path` as an album holds it: its MD5 (recorded, or read once and
    /// recorded) and where it is. The search index learns the MD5 too, so that `album:` finds a
    /// photo indexed from its header alone.
    /// - Throws: ``PhotolalaError`` when the file cannot be read.
    public func albumPhoto(ofFileAt path: String) throws -> (md5: String, origin: AlbumPhotoOrigin) {
        let md5 = try identities.md5(ofFileAt: path)
        try searchIndex.recordMD5s(ofFiles: [(path, md5)])
        return (md5, AlbumPhotoOrigin(kind: SearchQuery.SourceKind.folders.rawValue, location: path, name: FilePath.name(of: path)))
    }

    /// A photo of a source as an album holds it: its MD5 and where it is, as the search index
    /// keys it below the source's root (a file's path, a library's path and the asset's uuid,
    /// the backup's user id and the MD5), so that the album finds it there first.
    /// - Parameter name: The photo's name, kept to call it by when no copy is found.
    /// - Throws: ``AlbumError`` when the source's photos cannot go into albums (it is not
    ///   indexed); ``PhotolalaError`` when the photo's file cannot be read.
    public func albumPhoto(
        of item: PhotoItem.ID, folder: String, named name: String, in source: any PhotoSource
    ) async throws -> (md5: String, origin: AlbumPhotoOrigin) {
        guard let scope = source.searchScope else { throw AlbumError.cannotHold(source.summary.name) }
        switch scope.kind {
        case .folders:
            let path = try await source.filePath(folder: folder, item: item)
            return try await offload { try albumPhoto(ofFileAt: path) }
        case .photos:
            let path = try await source.filePath(folder: folder, item: item)
            let md5 = try await offload { [identities] in try identities.md5(ofFileAt: path) }
            let key = source.applePhotoID(of: item) ?? item
            return (md5, AlbumPhotoOrigin(kind: scope.kind.rawValue, location: scope.root + "/" + key, name: name))
        case .cloud:
            // A backed-up photo is kept under its MD5.
            guard ContentHash.isHex(item, digits: 32) else { throw AlbumError.cannotHold(source.summary.name) }
            let md5 = item.lowercased()
            return (md5, AlbumPhotoOrigin(kind: scope.kind.rawValue, location: scope.root + "/" + md5, name: name))
        }
    }

    /// The photos of `album`, in its order, each with where its copies are now: files found by
    /// content (the identity index and the search index, each checked against the file as it
    /// is), so a photo moved or renamed on disk is found where it went once it has been seen there.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the indexes cannot be read.
    public func photos(of album: AlbumRecord) throws -> [AlbumPhoto] {
        let ordered = album.orderedPhotos
        let copies = try searchIndex.copies(ofMD5s: Set(ordered.map(\.md5)))
        return try ordered.map { md5, record in
            let indexed = (copies[md5] ?? []).filter { $0.source == .folders }.map { $0.root + "/" + $0.key }
            let origin = record.origin.kind == SearchQuery.SourceKind.folders.rawValue ? [record.origin.location] : []
            var candidates = origin + (try identities.paths(withMD5: md5)) + indexed
            var seen: Set<String> = []
            candidates = candidates.filter { seen.insert($0).inserted }
            let files = try candidates.filter { path in
                guard let status = try? FileStatus(path: path) else { return false }
                return try identities.md5(forPath: path, status: status) == md5
            }
            return AlbumPhoto(md5: md5, origin: record.origin, files: files, elsewhere: (copies[md5] ?? []).filter { $0.source != .folders })
        }
    }
}
