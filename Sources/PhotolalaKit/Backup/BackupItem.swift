/// A photo to back up as the star queue knows it: where it is, and its MD5 and size when it
/// was starred.
///
/// With the MD5 known, planning a run costs HEADs only and each photo is read once, for its
/// upload; the store checks the bytes sent against this MD5, so a file edited since it was
/// starred is refused rather than stored under the wrong key.
public struct BackupItem: Sendable, Equatable {
    public var path: String
    /// Lowercase hex MD5 of the content when it was starred.
    public var md5: String
    public var size: Int64
    /// The name the backup records; the file's own when `nil`.
    public var filename: String?
    /// The Apple Photos asset the file is the original of; the cloud catalog's `applephotoid`.
    public var applePhotoID: String?

    /// - Parameters:
    ///   - path: Where the photo is.
    ///   - md5: Its MD5 (hex) when starred.
    ///   - size: Its size in bytes when starred.
    ///   - filename: The name to record when it is not the file's own (an Apple Photos
    ///     original, stored under its asset's uuid).
    ///   - applePhotoID: The asset's uuid, for an Apple Photos original.
    public init(path: String, md5: String, size: Int64, filename: String? = nil, applePhotoID: String? = nil) {
        self.path = path
        self.md5 = md5.lowercased()
        self.size = size
        self.filename = filename
        self.applePhotoID = applePhotoID
    }

    /// The original filename the backup records, in the metadata plist and the cloud catalog.
    public var originalFilename: String {
        filename ?? FilePath.name(of: path)
    }
}
