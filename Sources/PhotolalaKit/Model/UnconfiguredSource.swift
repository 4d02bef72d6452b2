/// A kind of source the sidebar lists before it is set up, with the message that says how to
/// set it up; every request for its photos is answered with that message.
public struct UnconfiguredSource: PhotoSource {
    public let summary: PhotoSourceSummary

    /// - Parameters:
    ///   - kind: `applePhotos` or `cloud`.
    ///   - name: The name the sidebar shows.
    ///   - message: What to set, in words for the user.
    public init(kind: String, name: String, message: String) {
        summary = PhotoSourceSummary(kind: kind, name: name, configured: false, message: message)
    }

    public var privatePaths: [String] { [] }

    public func folder(_ folderID: String) async throws -> PhotoFolder {
        throw notConfigured
    }

    public func listing(of folderID: String) throws -> any FolderListing {
        throw notConfigured
    }

    public func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        throw notConfigured
    }

    public func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        nil
    }

    public func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail]) {
        throw notConfigured
    }

    public func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        throw notConfigured
    }

    public func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        throw notConfigured
    }

    public func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        throw notConfigured
    }

    public func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        throw notConfigured
    }

    public func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        nil
    }

    private var notConfigured: SourceError {
        SourceError.notFound(summary.message ?? "\(summary.name) is not configured.")
    }
}
