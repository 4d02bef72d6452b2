#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, read in one pass, with the status they were read under.
///
/// Photolala hashes a photo and decodes its thumbnail from the same buffer, so the file is read
/// from disk once for both.
struct FileContents: Sendable {
    let path: String
    let bytes: [UInt8]
    let status: FileStatus

    /// An empty file's contents.
    init(empty path: String, status: FileStatus) {
        self.path = path
        bytes = []
        self.status = status
    }

    /// - Throws: ``PhotolalaError`` when the file cannot be read, is empty or exceeds `sizeLimit`.
    init(path: String, sizeLimit: Int64) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        let status = FileStatus(info)
        guard !status.isDirectory else { throw PhotolalaError.unreadableFile(path, errno: EISDIR) }
        guard status.size > 0 else { throw PhotolalaError.emptyFile(path) }
        guard status.size <= sizeLimit else { throw PhotolalaError.fileTooLarge(path, size: status.size, limit: sizeLimit) }

        let capacity = Int(status.size)
        var readError: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < capacity {
                let result = read(descriptor, base + count, capacity - count)
                if result > 0 {
                    count += result
                } else if result == 0 {
                    break
                } else if errno != EINTR {
                    readError = errno
                    break
                }
            }
        }
        guard readError == 0 else { throw PhotolalaError.unreadableFile(path, errno: readError) }
        guard !bytes.isEmpty else { throw PhotolalaError.emptyFile(path) }
        self.path = path
        self.bytes = bytes
        self.status = status
    }
}
