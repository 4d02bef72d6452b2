import Foundation
import Hummingbird
import PhotolalaKit

/// Every item of every folder of a tree under one id space, `{folderID}/{itemID}`, so one
/// ``ThumbnailLoader`` (one memory budget, one queue) serves all the folders a browser opens.
struct FolderItems: PhotoSource {
    let tree: LocalPhotoSource

    static func id(folder: String, item: PhotoItem.ID) -> PhotoItem.ID {
        folder + "/" + item
    }

    var capabilities: PhotoSourceCapabilities { tree.capabilities }

    func loadItems() -> AsyncThrowingStream<[PhotoItem], any Error> {
        tree.loadItems()
    }

    func loadMetadata(for id: PhotoItem.ID) async throws -> PhotoMetadata {
        let (folder, item) = try resolve(id)
        return try await folder.loadMetadata(for: item)
    }

    func loadThumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        let (folder, item) = try resolve(id)
        return try await folder.loadThumbnail(for: item)
    }

    func loadFullImage(for id: PhotoItem.ID) async throws -> Data {
        let (folder, item) = try resolve(id)
        return try await folder.loadFullImage(for: item)
    }

    func changes() -> AsyncStream<PhotoSourceChange> {
        tree.changes()
    }

    private func resolve(_ id: PhotoItem.ID) throws -> (LocalPhotoSource, PhotoItem.ID) {
        guard let slash = id.firstIndex(of: "/") else { throw ServerError(.notFound, "No photo '\(id)'.") }
        return (try tree.folderSource(id: String(id[..<slash])), String(id[id.index(after: slash)...]))
    }
}
