import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a folder tree with `readdir`, finding photos by extension (or, for files without
/// one, by their first bytes) without opening or stat-ing the rest.
///
/// What it lists is what ``ListingRule`` shows: hidden files and folders are skipped, and
/// symbolic links are followed only while they stay inside the root and lead to nothing hidden.
/// A folder reached twice (a link loop) is reported and not entered again.
/// Problems are reported as events and never stop the walk.
struct DirectoryScanner {
    struct Options {
        /// Descend into subfolders; otherwise list the root's own photos and subfolders.
        var recursive = true
        /// `stat` each photo for its size and modification time.
        var includeStatus = false
        /// Find subfolders only, passing over files without looking at them.
        var foldersOnly = false
    }

    /// Canonical absolute path of the root (no symbolic links, no trailing slash).
    let root: String
    let options: Options

    /// Walks the tree, calling `visit` with each folder's listing, until done or `isCancelled`
    /// says stop.
    ///
    /// Folders are read by several threads at once (a network share answers one folder per
    /// round trip), while events come out in one fixed depth-first order: each folder's photos
    /// by name, then its subfolders by name.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when the root itself cannot be opened.
    func walk(isCancelled: @escaping @Sendable () -> Bool, visit: (DirectoryContents) -> Void) throws {
        let registry = FolderRegistry()
        let rootListing = readFolder(FolderToRead(path: root, relative: ""), registry: registry)
        if let failure = rootListing.failure { throw failure }
        visit(rootListing)
        guard options.recursive, !rootListing.subfolders.isEmpty else { return }

        let crawl = ParallelCrawl(readers: max(2, ProcessInfo.processInfo.activeProcessorCount)) { folder in
            isCancelled() ? nil : self.readFolder(folder, registry: registry)
        }
        defer { crawl.stop() }
        crawl.enqueue(rootListing.subfolders)
        var pending = Array(rootListing.subfolders.reversed())
        while let next = pending.popLast() {
            guard !isCancelled(), let listing = crawl.listing(of: next) else { return }
            visit(listing)
            pending += listing.subfolders.reversed()
        }
    }

    /// Reads one folder: its photos and subfolders, each sorted by name, and its problems.
    private func readFolder(_ folder: FolderToRead, registry: FolderRegistry) -> DirectoryContents {
        var listing = DirectoryContents()
        let path = folder.path
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, let directory = fdopendir(descriptor) else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            listing.failure = PhotolalaError.unreadableFolder(path, errno: code)
            listing.problems.append(ScanProblem(path: path, message: "Cannot open folder '\(path)': \(systemMessage(code)); skipped."))
            return listing
        }
        defer { closedir(directory) }

        var info = stat()
        if fstat(descriptor, &info) == 0, !registry.claim(FolderIdentity(info)) {
            listing.problems.append(
                ScanProblem(
                    path: path, message: "Folder '\(path)' was already scanned through another path (a link loop or a second link to it); skipped."))
            return listing
        }

        var subfolders: [String] = []
        // Names and, when asked for, statuses side by side: the names sort on their own, 16
        // bytes an element where a name beside its status was 64 (a tenth of a scan's time).
        var names: [String] = []
        var statuses: [FileStatus?] = []
        while let entry = readdir(directory) {
            let verdict = Self.verdict(of: entry)
            if verdict == .hidden { continue }
            if options.foldersOnly && Int32(entry.pointee.d_type) == Int32(DT_REG) { continue }
            guard let name = Self.name(of: entry) else {
                listing.problems.append(ScanProblem(path: path, message: "A file name in '\(path)' is not valid UTF-8; skipped."))
                continue
            }
            switch classify(entry: entry, name: name, parent: path, folder: descriptor) {
            case .folder(let identity?) where registry.contains(identity):
                let link = path + "/" + name
                listing.problems.append(
                    ScanProblem(path: link, message: "Link '\(link)' leads back to a folder already scanned (a link loop); skipped."))
            case .folder:
                subfolders.append(name)
            case .file(let status):
                if options.foldersOnly { continue }
                // A regular file already: a photo's name says enough, a name without an extension needs its bytes.
                if verdict == .photo || (verdict == .noExtension && ListingRule.showsFile(verdict, at: path + "/" + name)) {
                    names.append(name)
                    if options.includeStatus { statuses.append(status ?? Self.status(of: name, in: descriptor)) }
                }
            case .skip:
                break
            case .problem(let message):
                listing.problems.append(ScanProblem(path: path + "/" + name, message: message))
            }
        }

        let ids = LocalItemID.Folder(folder.relative)
        if statuses.isEmpty {
            listing.photos = names.sorted().map { name in
                ScannedPhoto(item: PhotoItem(id: ids.id(of: name), displayName: name), folder: path, status: nil)
            }
        } else {
            listing.photos = names.indices.sorted { names[$0] < names[$1] }.map { index in
                ScannedPhoto(item: PhotoItem(id: ids.id(of: names[index]), displayName: names[index]), folder: path, status: statuses[index])
            }
        }
        listing.subfolders = subfolders.sorted().map { name in
            FolderToRead(path: path + "/" + name, relative: folder.relative.isEmpty ? name : folder.relative + "/" + name)
        }
        return listing
    }

    // MARK: - Entries

    private enum Kind {
        /// A folder, with its identity when it was reached through a link.
        case folder(FolderIdentity?)
        /// A regular file, with its status when it had to be read to classify it.
        case file(FileStatus?)
        case skip
        case problem(String)
    }

    private func classify(entry: UnsafeMutablePointer<dirent>, name: String, parent: String, folder: Int32) -> Kind {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR):
            return .folder(nil)
        case Int32(DT_REG):
            return .file(nil)
        case Int32(DT_LNK):
            return classifyLink(parent + "/" + name)
        default:
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .skip }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder(nil)
            case S_IFREG: return .file(FileStatus(info))
            case S_IFLNK: return classifyLink(parent + "/" + name)
            default: return .skip
            }
        }
    }

    private func classifyLink(_ path: String) -> Kind {
        guard let target = FilePath.canonical(path) else {
            return .problem("Link '\(path)' points to nothing (\(systemMessage(errno))); skipped.")
        }
        guard FilePath.isInside(target, root: root) else {
            return .problem("Link '\(path)' leads outside '\(root)' to '\(target)'; skipped. Add that folder to browse it.")
        }
        // Like the hidden file or folder itself, a way to it is not listed.
        guard ListingRule.showsPath(target.dropFirst(root.count)) else { return .skip }
        var info = stat()
        guard stat(target, &info) == 0 else { return .skip }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder(FolderIdentity(info))
        case S_IFREG: return .file(FileStatus(info))
        default: return .skip
        }
    }

    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String? {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                String(validatingCString: $0)
            }
        }
    }

    private static func status(of name: String, in folder: Int32) -> FileStatus? {
        var info = stat()
        return fstatat(folder, name, &info, 0) == 0 ? FileStatus(info) : nil
    }

    /// What the entry's name says, read from its bytes in place.
    private static func verdict(of entry: UnsafeMutablePointer<dirent>) -> ListingRule.NameVerdict {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                return ListingRule.verdict(ofName: UnsafeBufferPointer(start: name, count: length))
            }
        }
    }
}

/// A folder's device and inode, which identify it however it was reached.
struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The folders a walk has entered, shared by its reading threads.
final class FolderRegistry: Sendable {
    private let entered = Mutex(Set<FolderIdentity>())

    /// Records the folder as entered; `false` when it already was (a link loop).
    func claim(_ identity: FolderIdentity) -> Bool {
        entered.withLock { $0.insert(identity).inserted }
    }

    func contains(_ identity: FolderIdentity) -> Bool {
        entered.withLock { $0.contains(identity) }
    }
}

/// A folder waiting to be read: its absolute path and its path relative to the root.
struct FolderToRead: Hashable, Sendable {
    let path: String
    let relative: String
}

/// What reading one folder found.
struct DirectoryContents: Sendable {
    var photos: [ScannedPhoto] = []
    var subfolders: [FolderToRead] = []
    var problems: [ScanProblem] = []
    /// Why the folder could not be opened at all.
    var failure: PhotolalaError?
}
