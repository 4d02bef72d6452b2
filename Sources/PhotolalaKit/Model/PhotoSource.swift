public import Foundation

/// Anything the browser can show photos from: a folder tree, an Apple Photos library, a backup.
///
/// The browser never interprets a ``PhotoItem/id``: it hands ids back to the source that made
/// them. Every method may be called concurrently.
public protocol PhotoSource: Sendable {
    /// What this source can do beyond listing and showing photos.
    var capabilities: PhotoSourceCapabilities { get }

    /// The source's photos, delivered progressively: a first batch as soon as it is known, then
    /// the rest, so a large source shows something at once.
    func loadItems() -> AsyncThrowingStream<[PhotoItem], any Error>

    /// - Throws: ``PhotolalaError`` when the item is gone or cannot be read.
    func loadMetadata(for id: PhotoItem.ID) async throws -> PhotoMetadata

    /// The item's thumbnail as specified for Photolala: a JPEG whose short edge is 256 pixels.
    /// - Throws: ``PhotolalaError`` when the item is gone or is not a readable image.
    func loadThumbnail(for id: PhotoItem.ID) async throws -> Thumbnail

    /// The original bytes of the item.
    /// - Throws: ``PhotolalaError`` when the item is gone or cannot be read.
    func loadFullImage(for id: PhotoItem.ID) async throws -> Data

    /// Changes to the item list after it was first loaded; the stream ends when the source does.
    func changes() -> AsyncStream<PhotoSourceChange>
}

extension PhotoSource {
    /// Every item of the source, once all batches have arrived.
    public func allItems() async throws -> [PhotoItem] {
        var items: [PhotoItem] = []
        for try await batch in loadItems() {
            items += batch
        }
        return items
    }
}
