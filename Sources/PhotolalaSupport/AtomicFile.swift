#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// Writes files so that a reader sees either the old content or the new, never a torn file.
package enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    /// Creates missing parent folders.
    /// - Parameter permissions: The new file's mode, given when it is created, so a file of
    ///   secrets (`0o600`) is never readable by others, not even for a moment.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    package static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws {
        try commit(writeTemporary(bytes, beside: path, permissions: permissions), to: path)
    }

    /// Writes `bytes` to a new temporary file in `path`'s folder (made if missing) and returns
    /// its path, for ``commit(_:to:)`` later: several files can be written first and then
    /// renamed into place together.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    package static func writeTemporary(_ bytes: some Collection<UInt8>, beside path: String, permissions: mode_t = 0o644) throws -> String {
        let (temporary, descriptor) = try createTemporary(beside: path, permissions: permissions)
        let failure = Array(bytes).withUnsafeBytes { writeAll($0, to: descriptor) }
        close(descriptor)
        if failure != 0 {
            unlink(temporary)
            throw PhotolalaError.writeFailed(path, errno: failure)
        }
        return temporary
    }

    /// Copies the file at `source` to `path` a megabyte at a time (a 4 GB video never sits in
    /// memory), through a temporary file and a rename.
    /// - Throws: ``PhotolalaError/unreadableFile`` when `source` cannot be read (or
    ///   ``PhotolalaError/notRegularFile``), ``PhotolalaError/writeFailed`` when the copy cannot be written, each with the
    ///   system's reason.
    package static func copy(_ source: String, to path: String) throws {
        let input = try RegularFile(path: source)
        let (temporary, output) = try createTemporary(beside: path)
        var failure: (any Error)?
        do {
            try input.forEachChunk { chunk in
                let written = writeAll(chunk, to: output)
                if written != 0 { throw PhotolalaError.writeFailed(path, errno: written) }
            }
        } catch {
            failure = error
        }
        close(output)
        if let failure {
            unlink(temporary)
            throw failure
        }
        try commit(temporary, to: path)
    }

    /// A new, empty temporary file in `path`'s folder (made if missing), open for writing.
    package static func createTemporary(beside path: String, permissions: mode_t = 0o644) throws -> (path: String, descriptor: Int32) {
        let folder = FilePath.parent(of: path)
        try createFolder(folder)
        let temporary = folder + "/" + temporaryPrefix + "\(getpid())-\(UInt64.random(in: 0 ... .max))-" + FilePath.name(of: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw PhotolalaError.writeFailed(path, errno: errno) }
        return (temporary, descriptor)
    }

    /// Renames a temporary file over `path`; readers see the old file or the new, never a mix.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    package static func commit(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PhotolalaError.writeFailed(path, errno: failure)
        }
    }

    /// Names of temporary files start with this, so leftovers of a crash can be recognised.
    package static let temporaryPrefix = ".tmp-"

    /// Creates `path` and its missing parents, like `mkdir -p`.
    /// - Throws: ``PhotolalaError/writeFailed`` when a folder cannot be made.
    package static func createFolder(_ path: String) throws {
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
package func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
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
