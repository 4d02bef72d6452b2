import Foundation
import Synchronization

/// Holds a source's last known listing and tells subscribers how a new listing differs.
final class ChangeFeed: Sendable {
    private struct State {
        var subscribers: [UUID: AsyncStream<PhotoSourceChange>.Continuation] = [:]
        var known: [PhotoItem.ID: FileStatus?]?
    }

    private let state = Mutex(State())

    func subscribe() -> AsyncStream<PhotoSourceChange> {
        let (stream, continuation) = AsyncStream<PhotoSourceChange>.makeStream()
        let key = UUID()
        state.withLock { $0.subscribers[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Announces changes found by other means (a catalog reconciled with its folder), and
    /// takes `photos` as the listing later updates compare with.
    func publish(_ changes: [PhotoSourceChange], listing photos: [ScannedPhoto]) {
        let current = Dictionary(photos.map { ($0.item.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        let subscribers = state.withLock { state in
            state.known = current
            return Array(state.subscribers.values)
        }
        for change in changes where !change.isEmpty {
            for continuation in subscribers {
                continuation.yield(change)
            }
        }
    }

    /// Replaces the known listing, announcing what was added, removed or changed since the
    /// last one. The first listing is the baseline and announces nothing.
    func update(with photos: [ScannedPhoto]) {
        let current = Dictionary(photos.map { ($0.item.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        let (known, subscribers) = state.withLock { state in
            defer { state.known = current }
            return (state.known, Array(state.subscribers.values))
        }
        guard let known else { return }

        let added = photos.filter { known[$0.item.id] == nil }.map(\.item)
        let removed = known.keys.filter { current[$0] == nil }.sorted()
        let updated = photos.filter { photo in
            guard let before = known[photo.item.id] ?? nil, let after = photo.status else { return false }
            return before != after
        }.map(\.item)
        for change in [PhotoSourceChange.added(added), .removed(removed), .updated(updated)] where !change.isEmpty {
            for continuation in subscribers {
                continuation.yield(change)
            }
        }
    }
}

extension PhotoSourceChange {
    fileprivate var isEmpty: Bool {
        switch self {
        case .added(let items), .updated(let items): items.isEmpty
        case .removed(let ids): ids.isEmpty
        }
    }
}
