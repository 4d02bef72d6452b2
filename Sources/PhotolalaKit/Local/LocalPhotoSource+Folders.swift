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

    /// A key is the photo's path below the root: its folder, and its name there.
    public func searchReference(forKey key: String) -> SearchReference? {
        let name = FilePath.name(of: key)
        let folderPath = key.count > name.count ? root + "/" + key.dropLast(name.count + 1) : root
        guard let folder = folderID(forPath: folderPath), let item = LocalFolderListing.itemID(forPath: root + "/" + key, inside: folderPath)
        else { return nil }
        return SearchReference(folder: folder, item: item)
    }
}
