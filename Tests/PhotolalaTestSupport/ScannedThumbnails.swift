public import PhotolalaKit

/// The thumbnails of a tree's photos by the ids its scan gave them, made by the engine as
/// `photolala thumbnails` makes them: a ``ThumbnailSource`` for a test's own loader.
public struct ScannedThumbnails: ThumbnailSource {
    /// The photos, in the order the scan found them.
    public let items: [PhotoItem]
    /// Each photo's file, by its id.
    public let paths: [PhotoItem.ID: String]
    let engine: Engine

    /// Scans the tree of `source` whole.
    public init(scanning source: LocalPhotoSource, engine: Engine) async throws {
        var items: [PhotoItem] = []
        var paths: [PhotoItem.ID: String] = [:]
        for try await batch in source.scan() {
            for photo in batch.photos {
                items.append(photo.item)
                paths[photo.item.id] = photo.path
            }
        }
        self.items = items
        self.paths = paths
        self.engine = engine
    }

    /// - Throws: ``PhotolalaError/photoNotFound`` for an id the scan did not give.
    public func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        guard let path = paths[id] else { throw PhotolalaError.photoNotFound(id) }
        return try await engine.thumbnail(ofFileAt: path)
    }
}
