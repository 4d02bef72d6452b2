#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// A regular file open for reading: the one way Photolala opens a file it reads.
///
/// A named pipe put where a photo, a manifest or a shard was expected blocks `open(2)` until a
/// writer comes, and a device such as `/dev/zero` never ends: either would hold a server worker
/// or a command for ever. So the path is checked with `stat(2)` first, opened without waiting
/// (`O_NONBLOCK`, as what is there may have changed since), and the descriptor itself checked
/// with `fstat(2)` before waiting is allowed again; anything but a regular file is refused with
/// ``PhotolalaError/notRegularFile``. Reads of a local regular file then always end.
///
/// ```swift
/// let file = try RegularFile(path: path)
/// let head = try file.read(upTo: 4096)
/// ```
///
/// One reader at a time: the position of ``read(upTo:)`` is the descriptor's.
package final class RegularFile: @unchecked Sendable {
    package let path: String
    /// What `fstat(2)` said of the open descriptor.
    package let info: stat
    private let descriptor: Int32

    /// The size the file had when it was opened.
    package var size: Int64 { Int64(info.st_size) }

    /// - Throws: ``PhotolalaError/notRegularFile`` for a pipe, a socket or a device;
    ///   ``PhotolalaError/unreadableFile`` when the file cannot be opened (`EISDIR` for a folder).
    package convenience init(path: String) throws {
        var before = stat()
        guard stat(path, &before) == 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        try self.init(path: path, status: before)
    }

    /// The regular file at `path`, or `nil` when nothing is there (`ENOENT`), from one `stat`:
    /// for a store whose missing file is an answer, not an error.
    /// - Throws: As ``init(path:)`` for anything else.
    package static func ifPresent(at path: String) throws -> RegularFile? {
        var before = stat()
        guard stat(path, &before) == 0 else {
            if errno == ENOENT { return nil }
            throw PhotolalaError.unreadableFile(path, errno: errno)
        }
        return try RegularFile(path: path, status: before)
    }

    /// Opens the file `stat` said `before` is a regular file.
    private init(path: String, status before: stat) throws {
        self.path = path
        try Self.checkRegular(before, path: path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        var info = stat()
        do {
            guard fstat(descriptor, &info) == 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
            try Self.checkRegular(info, path: path)
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                throw PhotolalaError.unreadableFile(path, errno: errno)
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.info = info
    }

    deinit {
        close(descriptor)
    }

    private static func checkRegular(_ info: stat, path: String) throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw PhotolalaError.unreadableFile(path, errno: EISDIR)
        case S_IFIFO: throw PhotolalaError.notRegularFile(path, kind: "a named pipe (FIFO)")
        case S_IFSOCK: throw PhotolalaError.notRegularFile(path, kind: "a socket")
        case S_IFCHR, S_IFBLK: throw PhotolalaError.notRegularFile(path, kind: "a device")
        default: throw PhotolalaError.notRegularFile(path, kind: "something other than a file")
        }
    }

    // MARK: - Reading

    /// Up to `count` bytes from the current position: fewer only at the file's end.
    /// - Throws: ``PhotolalaError/unreadableFile`` with the system's reason.
    package func read(upTo count: Int) throws -> [UInt8] {
        try read(upTo: count, at: nil)
    }

    /// Up to `count` bytes from `offset`, the position left alone: fewer only at the file's end.
    /// - Throws: ``PhotolalaError/unreadableFile`` with the system's reason.
    package func read(upTo count: Int, at offset: Int64) throws -> [UInt8] {
        try read(upTo: count, at: Optional(offset))
    }

    private func read(upTo count: Int, at offset: Int64?) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            guard let base = buffer.baseAddress else { return }
            while filled < count {
                let result =
                    if let offset {
                        pread(descriptor, base + filled, count - filled, off_t(offset) + off_t(filled))
                    } else {
                        readDescriptor(descriptor, base + filled, count - filled)
                    }
                if result > 0 {
                    filled += result
                } else if result == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        guard failure == 0 else { throw PhotolalaError.unreadableFile(path, errno: failure) }
        return bytes
    }

    /// Runs `body` over up to `chunkSize` bytes at a time until the file ends, the buffer reused.
    /// - Throws: ``PhotolalaError/unreadableFile`` with the system's reason, or what `body` throws.
    package func forEachChunk(size chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = readDescriptor(descriptor, buffer.baseAddress, chunkSize)
            if count > 0 {
                try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            } else if count == 0 {
                return
            } else if errno != EINTR {
                throw PhotolalaError.unreadableFile(path, errno: errno)
            }
        }
    }
}

/// `read(2)`, under a name the methods called `read` do not hide.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
