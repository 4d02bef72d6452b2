import Foundation
import Synchronization

/// Holds a source's last known listing and tells subscribers how a new listing differs.
///
/// The listing is kept in id order and compared by one merge, rather than as a dictionary, and
/// front-coded with one fingerprint a file (``KnownListing``): 15 MB for a folder of a million
/// camera photos.
final class ChangeFeed: Sendable {
    private let known = Mutex<KnownListing?>(nil)
    private let subscribers = ChangeSubscribers()

    func subscribe() -> AsyncStream<PhotoSourceChange> {
        subscribers.subscribe()
    }

    /// Announces changes found by other means (a catalog reconciled with its folder), and
    /// takes `photos` as the listing later updates compare with.
    func publish(_ changes: [PhotoSourceChange], listing photos: [ScannedPhoto]) {
        let current = Self.known(photos, in: Self.sorted(photos))
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
        let current = Self.known(photos, in: order)
        let previous = self.known.withLock { known in
            defer { known = current }
            return known
        }
        guard let previous else { return }

        var added: [PhotoItem] = []
        var removed: [PhotoItem.ID] = []
        var updated: [PhotoItem] = []
        var known = previous.makeIterator()
        var old = known.next()
        var last: PhotoItem.ID?
        for index in order {
            let photo = photos[index]
            while let entry = old, entry.id < photo.item.id {
                removed.append(entry.id)
                old = known.next()
            }
            if let entry = old, entry.id == photo.item.id {
                let fingerprint = KnownListing.fingerprint(of: photo.status)
                if entry.fingerprint != 0, fingerprint != 0, entry.fingerprint != fingerprint {
                    updated.append(photo.item)
                }
                old = known.next()
            } else if last != photo.item.id {
                added.append(photo.item)
            }
            last = photo.item.id
        }
        while let entry = old {
            removed.append(entry.id)
            old = known.next()
        }
        subscribers.send([.added(added), .removed(removed), .updated(updated)])
    }

    /// `photos` in `order`, as later listings are compared with.
    private static func known(_ photos: [ScannedPhoto], in order: [Int]) -> KnownListing {
        KnownListing(order.lazy.map { (id: photos[$0].item.id, status: photos[$0].status) })
    }

    /// Indices of `photos` in the order of their ids.
    private static func sorted(_ photos: [ScannedPhoto]) -> [Int] {
        photos.indices.sorted { photos[$0].item.id < photos[$1].item.id }
    }
}
