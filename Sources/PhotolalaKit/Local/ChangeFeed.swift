import Foundation
import Synchronization

/// Holds a source's last known listing and tells subscribers how a new listing differs.
///
/// The listing is kept as an array sorted by id and compared by one merge, rather than as a
/// dictionary: for a folder of 100,000 photos that is 4 MB instead of 10.
final class ChangeFeed: Sendable {
    private struct Known {
        let id: PhotoItem.ID
        let status: FileStatus?
    }

    private let known = Mutex<[Known]?>(nil)
    private let subscribers = ChangeSubscribers()

    func subscribe() -> AsyncStream<PhotoSourceChange> {
        subscribers.subscribe()
    }

    /// Announces changes found by other means (a catalog reconciled with its folder), and
    /// takes `photos` as the listing later updates compare with.
    func publish(_ changes: [PhotoSourceChange], listing photos: [ScannedPhoto]) {
        let current = Self.sorted(photos).map { Known(id: photos[$0].item.id, status: photos[$0].status) }
        known.withLock { $0 = current }
        subscribers.send(changes)
    }

    /// Announces changes the files do not show, such as photo dates a new catalog has read,
    /// leaving the known listing as it is.
    func announce(_ changes: [PhotoSourceChange]) {
        subscribers.send(changes)
    }

    /// Replaces the known listing, announcing what was added, removed or changed since the
    /// last one. The first listing is the baseline and announces nothing.
    func update(with photos: [ScannedPhoto]) {
        let order = Self.sorted(photos)
        let current = order.map { Known(id: photos[$0].item.id, status: photos[$0].status) }
        let previous = self.known.withLock { known in
            defer { known = current }
            return known
        }
        guard let known = previous else { return }

        var added: [PhotoItem] = []
        var removed: [PhotoItem.ID] = []
        var updated: [PhotoItem] = []
        var old = known.startIndex
        for (position, index) in order.enumerated() {
            let photo = photos[index]
            while old < known.endIndex && known[old].id < photo.item.id {
                removed.append(known[old].id)
                old += 1
            }
            if old < known.endIndex && known[old].id == photo.item.id {
                if let before = known[old].status, let after = photo.status, before != after {
                    updated.append(photo.item)
                }
                old += 1
            } else if position == 0 || current[position - 1].id != photo.item.id {
                added.append(photo.item)
            }
        }
        removed += known[old...].map(\.id)
        subscribers.send([.added(added), .removed(removed), .updated(updated)])
    }

    /// Indices of `photos` in the order of their ids.
    private static func sorted(_ photos: [ScannedPhoto]) -> [Int] {
        photos.indices.sorted { photos[$0].item.id < photos[$1].item.id }
    }
}
