/// Where a ``ThumbnailLoader`` gets the thumbnails it does not hold in memory.
public protocol ThumbnailSource: Sendable {
    /// The item's thumbnail as specified for Photolala: a JPEG whose short edge is 256 pixels.
    /// - Throws: ``PhotolalaError`` when the item is gone or is not a readable image.
    func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail
}
