#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees either the old content or the new, never a torn file.
enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    /// Creates missing parent folders.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws {
        try commit(writeTemporary(bytes, beside: path), to: path)
    }

    /// Writes `bytes` to a new temporary file in `path`'s folder (made if missing) and returns
    /// its path, for ``commit(_:to:)`` later: several files can be written first and then
    /// renamed into place together.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    static func writeTemporary(_ bytes: some Collection<UInt8>, beside path: String) throws -> String {
        let folder = FilePath.parent(of: path)
        try createFolder(folder)
        let temporary = folder + "/" + temporaryPrefix + "\(getpid())-\(UInt64.random(in: 0 ... .max))-" + FilePath.name(of: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PhotolalaError.writeFailed(path, errno: errno) }
        let failure = writeAll(Array(bytes), to: descriptor)
        close(descriptor)
        if failure != 0 {
            unlink(temporary)
            throw PhotolalaError.writeFailed(path, errno: failure)
        }
        return temporary
    }

    /// Renames a temporary file over `path`; readers see the old file or the new, never a mix.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    static func commit(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PhotolalaError.writeFailed(path, errno: failure)
        }
    }

    /// Names of temporary files start with this, so leftovers of a crash can be recognised.
    static let temporaryPrefix = ".tmp-"

    /// Creates `path` and its missing parents, like `mkdir -p`.
    /// - Throws: ``PhotolalaError/writeFailed`` when a folder cannot be made.
    static func createFolder(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { return }
        let parent = FilePath.parent(of: path)
        if parent != path && !parent.isEmpty {
            try createFolder(parent)
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw PhotolalaError.writeFailed(path, errno: errno)
        }
    }
}

/// Writes the whole buffer, retrying short writes; returns 0 or the `errno` that stopped it.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno != EINTR {
                return errno
            }
        }
        return 0
    }
}
