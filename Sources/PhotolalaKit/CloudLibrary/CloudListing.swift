import Logging
import Synchronization

/// The Cloud source's one folder as a folder session lists and follows it: every photo of the
/// synced catalog, then, after each sync that changed the catalog, the photos added and
/// removed, found by comparing the catalog with what was announced before (kept from the
/// listing, so 100,000 rows are read once, not twice, when the folder opens).
final class CloudListing: FolderListing, Sendable {
    let photos: CloudPhotoSource
    let syncs: any CloudCatalogFollowing
    /// The ids announced so far; `nil` until the listing has read the catalog.
    private let announced = Mutex<Set<PhotoItem.ID>?>(nil)

    init(photos: CloudPhotoSource, syncs: any CloudCatalogFollowing) {
        self.photos = photos
        self.syncs = syncs
    }

    var watchedPath: String? { nil }

    /// The oldest and newest photos first (the first screen in date order, in a small first
    /// page), then the rest of the catalog.
    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let first = try photos.listedPhotos(atBothEnds: 1_000)
                    continuation.yield(first)
                    let shown = Set(first.map(\.item.id))
                    let all = try photos.listedPhotos()
                    announced.withLock { $0 = Set(all.map(\.item.id)) }
                    continuation.yield(all.filter { !shown.contains($0.item.id) })
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func changes() -> AsyncStream<PhotoSourceChange> {
        AsyncStream { continuation in
            let task = Task {
                for await _ in await syncs.catalogChanges() {
                    let current: [ListedPhoto]
                    do {
                        current = try photos.listedPhotos()
                    } catch {
                        photos.logger.error(
                            "The synced cloud catalog could not be read; open pages miss this sync's changes.", metadata: ["error": .error(error)])
                        continue
                    }
                    let ids = Set(current.map(\.item.id))
                    let previous = announced.withLock { known in
                        defer { known = ids }
                        return known
                    }
                    // Before the listing read the catalog there is nothing to compare with.
                    guard let previous else { continue }
                    let added = current.filter { !previous.contains($0.item.id) }.map(\.item)
                    let removed = previous.filter { !ids.contains($0) }
                    if !added.isEmpty { continuation.yield(.added(added)) }
                    if !removed.isEmpty { continuation.yield(.removed(Array(removed))) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func listedPhotos(for items: [PhotoItem]) -> [ListedPhoto] {
        photos.listedPhotos(for: items.map(\.id))
    }

    /// Syncs the catalog; the changes it brings are announced by ``changes()``.
    func refresh() async throws {
        await syncs.syncNow()
    }

    func settle() async {}
}
