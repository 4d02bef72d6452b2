import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree's folders by id, each resolved to its canonical path once and kept in an
/// ``LRUCache``, so a request about a photo costs one `realpath` of the photo, not a new
/// source for its folder (its `realpath`, `stat` and change feed).
///
/// A remembered folder that was removed, or replaced by a link, resolves no photo any more:
/// a photo's canonical path must still lie inside the folder's remembered one. The root itself
/// is the folder it was when the tree was opened (its device and inode), or nothing is read:
/// a root replaced by a link to `/etc` would otherwise list `/etc`.
final class LocalFolders: Sendable {
    /// The tree's canonical root.
    let root: String
    /// The root's device and inode when the tree was opened.
    private let rootNode: Node
    private let paths: Mutex<LRUCache<String, String>>

    /// A file's device and inode: what it is, whatever its path.
    private struct Node: Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// - Parameter capacity: Folders remembered; each costs one path.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when `root` is not a folder.
    init(root: String, capacity: Int = 1_024) throws {
        var info = stat()
        guard stat(root, &info) == 0 else { throw PhotolalaError.unreadableFolder(root, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw PhotolalaError.unreadableFolder(root, errno: ENOTDIR) }
        self.root = root
        rootNode = Node(info)
        paths = Mutex(LRUCache(budget: capacity))
    }

    /// Checks that the root is still the folder the tree was opened on, not a link put in its
    /// place (the root is canonical, so it was no link then) nor another folder.
    /// - Throws: ``PhotolalaError/folderGone`` or ``PhotolalaError/folderReplaced``.
    func checkRoot() throws {
        var info = stat()
        guard lstat(root, &info) == 0 else { throw PhotolalaError.folderGone(root) }
        guard info.st_mode & S_IFMT == S_IFDIR, Node(info) == rootNode else { throw PhotolalaError.folderReplaced(root) }
    }

    /// The canonical path of folder `id` as it is now: the root itself, or a folder inside it
    /// that a listing shows (not hidden, not reached through anything hidden, not outside
    /// through a link). Folders are resolved afresh for what reads them whole (a listing, its
    /// subfolders, a tile), so a folder replaced by a link since is never read.
    /// - Throws: ``PhotolalaError/unreadableFolder`` for malformed ids and folders outside the
    ///   root, hidden, gone or not folders.
    func path(ofFolder id: String) throws -> String {
        try checkRoot()
        if id == LocalPhotoSource.rootFolderID { return root }
        guard let relative = LocalItemID.relativePath(of: id) else { throw PhotolalaError.unreadableFolder(id, errno: ENOENT) }
        guard let path = Self.resolve(relative, inside: root) else { throw PhotolalaError.unreadableFolder(relative, errno: ENOENT) }
        guard try FileStatus(path: path).isDirectory else { throw PhotolalaError.unreadableFolder(relative, errno: ENOTDIR) }
        paths.withLock { _ = $0.insert(path, forKey: id, cost: 1) }
        return path
    }

    /// The path of photo `id` of folder `folderID`, resolved as that folder's listing resolves it.
    /// - Throws: ``PhotolalaError/unreadableFolder`` for a folder the tree does not show;
    ///   ``PhotolalaError/photoNotFound`` for anything the folder's listing does not show.
    func path(of id: PhotoItem.ID, inFolder folderID: String) throws -> String {
        try Self.path(of: id, inside: try knownPath(ofFolder: folderID))
    }

    /// The canonical path folder `id` had when it was last resolved, or resolved now: enough to
    /// name a photo in it, whose own canonical path must lie inside.
    /// - Throws: ``PhotolalaError/unreadableFolder`` as ``path(ofFolder:)``.
    func knownPath(ofFolder id: String) throws -> String {
        try checkRoot()
        if id == LocalPhotoSource.rootFolderID { return root }
        if let known = paths.withLock({ $0.value(forKey: id) }) { return known }
        return try path(ofFolder: id)
    }

    /// The path of item `id` inside `base`, which must be one the listing of `base` shows: a
    /// photo directly in it even through links, not hidden.
    /// - Throws: ``PhotolalaError/photoNotFound`` for malformed ids and anything not shown.
    static func path(of id: PhotoItem.ID, inside base: String) throws -> String {
        guard let relative = LocalItemID.relativePath(of: id), !relative.contains("/") else {
            throw PhotolalaError.photoNotFound(id)
        }
        guard let path = resolve(relative, inside: base),
            ListingRule.showsFile(ListingRule.verdict(ofName: FilePath.name(of: relative)), at: path)
        else {
            throw PhotolalaError.photoNotFound(relative)
        }
        return path
    }

    /// The canonical path of `relative` inside `base`, or `nil` when nothing is there, it leads
    /// out of `base` (through a link) or it is hidden, or reached through something hidden, on
    /// the way there or at its end.
    static func resolve(_ relative: String, inside base: String) -> String? {
        guard ListingRule.showsPath(relative), let path = FilePath.canonical(base + "/" + relative), path != base,
            FilePath.isInside(path, root: base), ListingRule.showsPath(path.dropFirst(base.count))
        else { return nil }
        return path
    }
}
