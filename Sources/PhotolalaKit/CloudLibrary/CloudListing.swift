import Logging
import Synchronization

/// The Cloud source's one folder as a folder session lists and follows it: every photo of the
/// synced catalog, then, after each sync that changed the catalog, the photos added and
/// removed, found by comparing the catalog with what was announced before (kept from the
/// listing, so 100,000 rows are read once, not twice, when the folder opens). A backed-up
/// RAW+JPEG pair or Live Photo is one item, as in its folder (``FilePairing/Rule/backup``).
final class CloudListing: FolderListing, Sendable {
    let photos: CloudBackupReader
    let syncs: any CloudCatalogFollowing
    /// The ids announced so far; `nil` until the listing has read the catalog.
    private let announced = Mutex<Set<PhotoItem.ID>?>(nil)

    init(photos: CloudBackupReader, syncs: any CloudCatalogFollowing) {
        self.photos = photos
        self.syncs = syncs
    }

    var watchedPath: String? { nil }

    var pairing: FilePairing.Rule? { .backup }

    /// Photos read from each end of the catalog for the first page.
    static let firstPageEnd = 1_000

    /// The oldest and newest photos first (the first screen in date order, in a small first
    /// page), then the rest of the catalog, paired (``FilePairing``).
    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in
            let ends = try photos.listedPhotos(atBothEnds: Self.firstPageEnd)
            let first = FilePairing.pair(Self.settled(ends, end: Self.firstPageEnd), rule: .backup)
            if !first.isEmpty {
                continuation.yield(first)
            }
            let all = try photos.listedPhotos()
            announced.withLock { $0 = Set(all.map(\.item.id)) }
            continuation.yield(Self.rest(of: FilePairing.pair(all, rule: .backup), after: first))
        }
    }

    /// The photos of the catalog's two ends (`end` from each) that pair only among themselves:
    /// without those taken within a moment (``FilePairing/momentTolerance``) of a photo not
    /// read, and those carrying a Live Photo content identifier no other of them carries. They
    /// come with the rest, so no item is shown before its companions. A catalog read whole
    /// (fewer than two ends' photos) is settled.
    static func settled(_ ends: [ListedPhoto], end: Int) -> [ListedPhoto] {
        guard ends.count >= 2 * end else { return ends }
        let dates = ends.compactMap(\.date).sorted()
        guard dates.count == ends.count else { return [] }
        // The newest of the oldest photos read, and the oldest of the newest.
        let (oldest, newest) = (dates[end - 1], dates[end])
        let settled = ends.filter { photo in
            guard let date = photo.date else { return false }
            return date < oldest.subtractingReportingOverflow(FilePairing.momentTolerance).partialValue
                || date > newest.addingReportingOverflow(FilePairing.momentTolerance).partialValue
        }
        var carried: [String: Int] = [:]
        for identifier in settled.compactMap(\.liveIdentifier) {
            carried[identifier, default: 0] += 1
        }
        return settled.filter { photo in photo.liveIdentifier.map { carried[$0, default: 0] > 1 } ?? true }
    }

    /// The items of `all` that `first` did not show: an item whose file was shown comes as its
    /// companions not shown, each an item of its own, so every file is listed once.
    static func rest(of all: [ListedPhoto], after first: [ListedPhoto]) -> [ListedPhoto] {
        let shown = Set(first.flatMap { $0.files.map(\.item.id) })
        guard !shown.isEmpty else { return all }
        var rest: [ListedPhoto] = []
        for item in all {
            if shown.contains(item.item.id) {
                rest += item.companions.filter { !shown.contains($0.item.id) }
            } else {
                var unshown = item
                unshown.companions.removeAll { shown.contains($0.item.id) }
                rest.append(unshown)
            }
        }
        return rest
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
