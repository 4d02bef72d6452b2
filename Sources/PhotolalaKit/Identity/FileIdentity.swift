public import GRDB

/// A row of `fileIdentity`: what one read of a file taught, true while the file keeps the size
/// and modification time it had then. ``IdentityIndex`` is its one store.
public struct FileIdentity: Sendable, Equatable, Codable {
    /// The file's absolute path, as the photo was read.
    public var path: String
    public var size: Int64
    /// Modification time in nanoseconds since 1970 (``FileStatus/modifiedNanoseconds``).
    public var modifiedNanoseconds: Int64
    /// Lowercase hex MD5 of the file's bytes.
    public var md5: String
    /// The fast key's MD5 of the first 4 KiB (``FastKey``).
    public var headMD5: String?
    /// Displayed size, after orientation; `nil` until the file was read as an image.
    public var width: Int?
    public var height: Int?
    /// The EXIF orientation, 1 (upright) to 8; `nil` until the file was read as an image.
    public var orientation: Int?

    public init(
        path: String, status: FileStatus, md5: String, headMD5: String?, width: Int? = nil, height: Int? = nil, orientation: Int? = nil
    ) {
        self.path = path
        size = status.size
        modifiedNanoseconds = status.modifiedNanoseconds
        self.md5 = md5
        self.headMD5 = headMD5
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// Whether this was learnt of the file as `status` describes it now (same size and time).
    public func holds(for status: FileStatus) -> Bool {
        size == status.size && modifiedNanoseconds == status.modifiedNanoseconds
    }

    /// Whether the file was read as an image, so its dimensions and orientation are known.
    public var isInspected: Bool {
        width != nil && height != nil
    }
}

extension FileIdentity: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "fileIdentity"

    /// Inserts a row or replaces the path's, with ``replaceArguments``: a statement prepared
    /// once for many rows, where the record's own `insert` builds its SQL for each.
    static let replaceSQL = """
        INSERT OR REPLACE INTO fileIdentity (path, size, modifiedNanoseconds, md5, headMD5, width, height, orientation) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    var replaceArguments: StatementArguments {
        [path, size, modifiedNanoseconds, md5, headMD5, width, height, orientation]
    }
}
