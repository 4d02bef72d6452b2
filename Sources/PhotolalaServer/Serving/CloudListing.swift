import PhotolalaKit

/// The Cloud source's one folder as a ``FolderSession`` lists and follows it: every photo of
/// the synced catalog, then, after each sync that changed the catalog, the photos added and
/// removed, found by comparing the catalog with what was announced before.
struct CloudListing: FolderListing {
    let photos: CloudPhotoSource
    let syncs: CloudSyncRunner

    var watchedPath: String? { nil }

    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        AsyncThrowingStream { continuation in
            do {
                continuation.yield(try photos.listedPhotos())
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    func changes() -> AsyncStream<PhotoSourceChange> {
        AsyncStream { continuation in
            let task = Task {
                var known = Set((try? photos.listedPhotos().map(\.item.id)) ?? [])
                for await _ in await syncs.catalogChanges() {
                    guard let current = try? photos.listedPhotos() else { continue }
                    let ids = Set(current.map(\.item.id))
                    let added = current.filter { !known.contains($0.item.id) }.map(\.item)
                    let removed = known.filter { !ids.contains($0) }
                    known = ids
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
        await syncs.run()
    }

    func settle() async {}
}
