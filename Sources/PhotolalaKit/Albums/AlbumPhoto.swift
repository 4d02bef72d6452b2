/// A photo of an album and where its copies are now: the files of folder trees that still hold
/// its content, and the Apple Photos assets and backed-up originals the search index knows.
/// One with no copy found is missing, never dropped: it comes back when a copy does.
public struct AlbumPhoto: Sendable, Hashable {
    public let md5: String
    /// Where it was added from, and its name then.
    public let origin: AlbumPhotoOrigin
    /// The files that hold it, first the one it was added from when it still does.
    public let files: [String]
    /// Its copies in Apple Photos libraries and the cloud backup.
    public let elsewhere: [SearchIndex.Copy]

    public var isMissing: Bool {
        files.isEmpty && elsewhere.isEmpty
    }
}
