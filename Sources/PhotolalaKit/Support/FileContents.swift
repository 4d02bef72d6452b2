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

    /// - Throws: ``PhotolalaError`` when the file cannot be read, is not a regular file (see
    ///   ``RegularFile``), is empty or exceeds `sizeLimit`.
    init(path: String, sizeLimit: Int64) throws {
        let file = try RegularFile(path: path)
        let status = FileStatus(file.info)
        guard status.size > 0 else { throw PhotolalaError.emptyFile(path) }
        guard status.size <= sizeLimit else { throw PhotolalaError.fileTooLarge(path, size: status.size, limit: sizeLimit) }
        let bytes = try file.read(upTo: Int(status.size))
        guard !bytes.isEmpty else { throw PhotolalaError.emptyFile(path) }
        self.path = path
        self.bytes = bytes
        self.status = status
    }
}
