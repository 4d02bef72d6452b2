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

    /// The photos of `album`, in its order, each with where its copies are now: files found by
    /// content (the identity index and the search index, each checked against the file as it
    /// is), so a photo moved or renamed on disk is found where it went once it has been seen there.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the indexes cannot be read.
    public func photos(of album: AlbumRecord) throws -> [AlbumPhoto] {
        let ordered = album.orderedPhotos
        let copies = try searchIndex.copies(ofMD5s: Set(ordered.map(\.md5)))
        return try ordered.map { md5, record in
            let indexed = (copies[md5] ?? []).filter { $0.source == .folders }.map { $0.root + "/" + $0.key }
            var candidates = [record.origin.location] + (try identities.paths(withMD5: md5)) + indexed
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
