extension LocalPhotoSource {
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

    /// The id under which ``folderListing(id:)`` finds the folder at `path`, which must be this
    /// root or inside it.
    public func folderID(forPath path: String) -> String? {
        if path == root { return Self.rootFolderID }
        guard path.hasPrefix(root + "/") else { return nil }
        return LocalItemID.make(relativePath: String(path.dropFirst(root.count + 1)))
    }
}

extension LocalPhotoSource {
    public var searchScope: SearchScope? { SearchScope(kind: .folders, root: root) }

    /// A key is the photo's path below the root: its folder, and its name there. Made from the
    /// key alone, with no path joined, as a timeline asks it of a million photos.
    public func searchReference(forKey key: String) -> SearchReference? {
        let name = FilePath.name(of: key)
        guard !name.isEmpty else { return nil }
        let nameLength = name.utf8.count
        let keyLength = key.utf8.count
        let folder = keyLength > nameLength ? String(decoding: key.utf8.dropLast(nameLength + 1), as: UTF8.self) : ""
        return SearchReference(
            folder: folder.isEmpty ? Self.rootFolderID : LocalItemID.make(relativePath: folder), item: LocalItemID.make(folder: "", name: name))
    }

    /// A key is a path below the root: those beneath a folder start with its path and a slash.
    public func searchKeyPrefix(ofFolder folderID: String) -> String? {
        if folderID == Self.rootFolderID { return "" }
        return LocalItemID.relativePath(of: folderID).map { $0 + "/" }
    }
}
