#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a folder tree with `readdir`, finding photos by extension (or, for files without
/// one, by their first bytes) without opening or stat-ing the rest.
///
/// Hidden files and folders are skipped. Symbolic links are followed only while they stay
/// inside the root, and a folder reached twice (a link loop) is reported and not entered again.
/// Problems are reported as events and never stop the walk.
struct DirectoryScanner {
    struct Options {
        /// Descend into subfolders; otherwise list the root's own photos and subfolders.
        var recursive = true
        /// `stat` each photo for its size and modification time.
        var includeStatus = false
    }

    enum Event {
        case photo(ScannedPhoto)
        case folder(ScannedFolder)
        case problem(ScanProblem)
    }

    /// Canonical absolute path of the root (no symbolic links, no trailing slash).
    let root: String
    let options: Options

    /// Walks the tree, calling `visit` for every event, until done or `isCancelled` says stop.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when the root itself cannot be opened.
    func walk(isCancelled: () -> Bool, visit: (Event) -> Void) throws {
        var visited = Set<FolderIdentity>()
        var pending: [(path: String, relative: String)] = [(root, "")]
        var isRoot = true
        while let (path, relative) = pending.popLast() {
            if isCancelled() { return }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0, let directory = fdopendir(descriptor) else {
                let code = errno
                if descriptor >= 0 { close(descriptor) }
                if isRoot { throw PhotolalaError.unreadableFolder(path, errno: code) }
                visit(.problem(ScanProblem(path: path, message: "Cannot open folder '\(path)': \(systemMessage(code)); skipped.")))
                continue
            }
            defer { closedir(directory) }
            isRoot = false

            var info = stat()
            if fstat(descriptor, &info) == 0 {
                guard visited.insert(FolderIdentity(info)).inserted else {
                    visit(.problem(ScanProblem(path: path, message: "Folder '\(path)' was reached twice through a link loop; skipped.")))
                    continue
                }
            }

            var subfolders: [(name: String, path: String)] = []
            var photos: [(name: String, status: FileStatus?)] = []
            while let entry = readdir(directory) {
                guard let name = Self.name(of: entry) else {
                    visit(.problem(ScanProblem(path: path, message: "A file name in '\(path)' is not valid UTF-8; skipped.")))
                    continue
                }
                if name.hasPrefix(".") { continue }
                let childPath = path + "/" + name
                switch classify(entry: entry, name: name, path: childPath, folder: descriptor) {
                case .folder(let identity?) where visited.contains(identity):
                    let message = "Link '\(childPath)' leads back to a folder already scanned (a link loop); skipped."
                    visit(.problem(ScanProblem(path: childPath, message: message)))
                case .folder:
                    subfolders.append((name, childPath))
                case .file(let status):
                    if Self.isPhotoName(name) || (!name.contains(".") && Self.looksLikeImage(childPath)) {
                        photos.append((name, options.includeStatus ? status ?? Self.status(of: name, in: descriptor) : nil))
                    }
                case .skip:
                    break
                case .problem(let message):
                    visit(.problem(ScanProblem(path: childPath, message: message)))
                }
            }

            photos.sort { $0.name < $1.name }
            for photo in photos {
                let relativePath = relative.isEmpty ? photo.name : relative + "/" + photo.name
                let item = PhotoItem(id: LocalItemID.make(relativePath: relativePath), displayName: photo.name)
                visit(.photo(ScannedPhoto(item: item, path: path + "/" + photo.name, status: photo.status)))
            }
            subfolders.sort { $0.name < $1.name }
            for folder in subfolders {
                visit(.folder(ScannedFolder(name: folder.name, path: folder.path)))
            }
            if options.recursive {
                for folder in subfolders.reversed() {
                    pending.append((folder.path, relative.isEmpty ? folder.name : relative + "/" + folder.name))
                }
            }
        }
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

    private func classify(entry: UnsafeMutablePointer<dirent>, name: String, path: String, folder: Int32) -> Kind {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR):
            return .folder(nil)
        case Int32(DT_REG):
            return .file(nil)
        case Int32(DT_LNK):
            return classifyLink(path)
        default:
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .skip }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder(nil)
            case S_IFREG: return .file(FileStatus(info))
            case S_IFLNK: return classifyLink(path)
            default: return .skip
            }
        }
    }

    private func classifyLink(_ path: String) -> Kind {
        guard let resolved = realpath(path, nil) else {
            return .problem("Link '\(path)' points to nothing (\(systemMessage(errno))); skipped.")
        }
        let target = String(cString: resolved)
        free(resolved)
        guard target == root || target.hasPrefix(root + "/") else {
            return .problem("Link '\(path)' leads outside '\(root)' to '\(target)'; skipped. Add that folder to browse it.")
        }
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

    static func isPhotoName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return ImageFormat.photoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Reads a file's first bytes to see whether it is an image Photolala reads.
    private static func looksLikeImage(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 && ImageFormat(sniffing: head.prefix(count)) != nil
    }
}

/// A folder's device and inode, which identify it however it was reached.
private struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
