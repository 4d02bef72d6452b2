import Hummingbird
import PhotolalaKit

/// A kind of source the sidebar lists before it is set up, with the message that says how to
/// set it up; every request for its photos is answered with that message.
struct UnconfiguredSource: ServedSource {
    let summary: API.Source

    init(id: String, kind: String, name: String, message: String) {
        summary = API.Source(id: id, kind: kind, name: name, configured: false, message: message)
    }

    var privatePaths: [String] { [] }

    func folder(_ folderID: String) async throws -> API.Folder {
        throw notConfigured
    }

    func listing(of folderID: String) throws -> any FolderListing {
        throw notConfigured
    }

    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        throw notConfigured
    }

    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        nil
    }

    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> API.Metadata {
        throw notConfigured
    }

    func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        throw notConfigured
    }

    func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        throw notConfigured
    }

    func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        throw notConfigured
    }

    func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        throw notConfigured
    }

    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        nil
    }

    private var notConfigured: ServerError {
        ServerError(.notFound, summary.message ?? "\(summary.name) is not configured.")
    }
}
