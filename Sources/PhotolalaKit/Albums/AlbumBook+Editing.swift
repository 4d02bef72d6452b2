import Foundation

extension AlbumBook {
    /// Makes an album, or an album folder, at `path`, making the folders it names that are not
    /// there yet.
    /// - Returns: Its id.
    /// - Throws: ``AlbumError`` when something is at `path` already, a name is not one, or a
    ///   folder of the path is an album.
    @discardableResult
    public mutating func create(_ path: String, isFolder: Bool, device: String) throws(AlbumError) -> String {
        let names = Self.names(in: path)
        guard let name = names.last else { throw .invalidName(path) }
        try Self.check(name)
        let parent = try folder(at: names.dropLast(), creating: true, device: device)
        if live.contains(where: { $0.parent.value == parent && $0.name.value == name }) { throw .exists(path) }
        return insert(name: name, parent: parent, isFolder: isFolder, stamp: stamp(device: device))
    }

    /// Renames an album or folder, or moves it when `newPath` names other folders (made when
    /// missing).
    /// - Throws: ``AlbumError`` when it is not there, `newPath` is taken, or it would go into itself.
    public mutating func rename(_ path: String, to newPath: String, device: String) throws(AlbumError) {
        let album = try album(at: path)
        let names = Self.names(in: newPath)
        guard let name = names.last else { throw .invalidName(newPath) }
        try Self.check(name)
        let parent = names.count > 1 ? try folder(at: names.dropLast(), creating: true, device: device) : album.parent.value
        if live.contains(where: { $0.parent.value == parent && $0.name.value == name && $0.id != album.id }) { throw .exists(newPath) }
        var ancestor = parent
        while let id = ancestor {
            if id == album.id { throw .intoItself(path) }
            ancestor = albums[id]?.parent.value
        }
        let now = stamp(device: device)
        if name != album.name.value { albums[album.id]?.name = AlbumStamped(name, now) }
        if parent != album.parent.value { albums[album.id]?.parent = AlbumStamped(parent, now) }
    }

    /// Deletes an album, or a folder and everything in it; their photos stay where they are.
    /// - Returns: How many albums were deleted (a folder's count those within it).
    /// - Throws: ``AlbumError/notFound(_:)``.
    @discardableResult
    public mutating func delete(_ path: String, device: String) throws(AlbumError) -> Int {
        let album = try album(at: path)
        let now = stamp(device: device)
        var deleted = 0
        var pending = [album.id]
        while let id = pending.popLast() {
            if albums[id]?.isFolder == false { deleted += 1 }
            pending += live.filter { $0.parent.value == id }.map(\.id)
            albums[id]?.deleted = AlbumStamped(true, now)
        }
        return deleted
    }

    /// Adds photos to the end of an album, in the order given; one already in it stays where it is.
    /// - Returns: How many were added.
    /// - Throws: ``AlbumError`` when the album is not there or is a folder.
    @discardableResult
    public mutating func add(_ photos: [(md5: String, origin: AlbumPhotoOrigin)], to path: String, device: String) throws(AlbumError) -> Int {
        let album = try photoAlbum(at: path)
        let now = stamp(device: device)
        var last = album.orderedPhotos.last?.record.position.value ?? 0
        var added = 0
        for (md5, origin) in photos where albums[album.id]?.photos[md5]?.isIn != true {
            last += 1
            albums[album.id]?.photos[md5] = AlbumPhotoRecord(added: now, removed: nil, position: AlbumStamped(last, now), origin: origin)
            added += 1
        }
        return added
    }

    /// Takes photos out of an album; they stay where they are.
    /// - Returns: How many were in it.
    /// - Throws: ``AlbumError`` when the album is not there or is a folder.
    @discardableResult
    public mutating func remove(_ md5s: [String], from path: String, device: String) throws(AlbumError) -> Int {
        let album = try photoAlbum(at: path)
        let now = stamp(device: device)
        var removed = 0
        for md5 in Set(md5s) where album.photos[md5]?.isIn == true {
            albums[album.id]?.photos[md5]?.removed = now
            removed += 1
        }
        return removed
    }

    /// Puts the album's photos in the order of `md5s`; those it does not name follow, as they were.
    /// - Throws: ``AlbumError`` when the album is not there or is a folder.
    public mutating func reorder(_ path: String, as md5s: [String], device: String) throws(AlbumError) {
        let album = try photoAlbum(at: path)
        let now = stamp(device: device)
        var seen: Set<String> = []
        let named = md5s.filter { album.photos[$0]?.isIn == true && seen.insert($0).inserted }
        let others = album.orderedPhotos.map(\.md5).filter { !seen.contains($0) }
        for (index, md5) in (named + others).enumerated() where album.photos[md5]?.position.value != Double(index + 1) {
            albums[album.id]?.photos[md5]?.position = AlbumStamped(Double(index + 1), now)
        }
    }

    /// Makes a photo of the album its cover.
    /// - Throws: ``AlbumError`` when the album is not there or is a folder.
    public mutating func setCover(_ md5: String, of path: String, device: String) throws(AlbumError) {
        let album = try photoAlbum(at: path)
        let now = stamp(device: device)
        albums[album.id]?.cover = AlbumStamped(md5, now)
    }

    private func photoAlbum(at path: String) throws(AlbumError) -> AlbumRecord {
        let album = try album(at: path)
        if album.isFolder { throw .isAFolder(path) }
        return album
    }

    /// The id of the folder that `names` leads to (`nil`: the top), made when missing if `creating`.
    private mutating func folder(at names: ArraySlice<String>, creating: Bool, device: String) throws(AlbumError) -> String? {
        var parent: String?
        for (depth, name) in names.enumerated() {
            try Self.check(name)
            let path = names.prefix(depth + 1).joined(separator: "/")
            let matches = live.filter { $0.parent.value == parent && $0.name.value == name }
            if matches.count > 1 { throw .ambiguous(path, count: matches.count) }
            if let match = matches.first {
                guard match.isFolder else { throw .notAFolder(path) }
                parent = match.id
            } else if creating {
                parent = insert(name: name, parent: parent, isFolder: true, stamp: stamp(device: device))
            } else {
                throw .notFound(path)
            }
        }
        return parent
    }

    private mutating func insert(name: String, parent: String?, isFolder: Bool, stamp: AlbumStamp) -> String {
        let id = UUID().uuidString.lowercased()
        albums[id] = AlbumRecord(
            id: id, isFolder: isFolder, created: stamp, name: AlbumStamped(name, stamp), parent: AlbumStamped(parent, stamp),
            deleted: AlbumStamped(false, stamp), cover: AlbumStamped(nil, stamp), photos: [:])
        return id
    }

    /// A name of an album or folder: not empty, no control characters, not `.` or `..`; "/"
    /// separates names in a path.
    private static func check(_ name: String) throws(AlbumError) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name, name != ".", name != "..", !name.contains("/"), name.count <= 255,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidName(name) }
    }
}
