import Foundation
import Synchronization

/// Tells one scope's subscribers how its listing changed after the library was reopened: the
/// assets added, removed, and changed (edited, favourited, redated).
final class ApplePhotosChangeFeed: Sendable {
    private struct State {
        var subscribers: [UUID: AsyncStream<PhotoSourceChange>.Continuation] = [:]
        /// A fingerprint of each listed asset, by uuid.
        var known: [String: Int]?
        var generation = -1
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

    /// Whether the known listing comes from an older generation of the library than `generation`.
    func isBehind(_ generation: Int) -> Bool {
        state.withLock { $0.known != nil && $0.generation < generation }
    }

    /// Takes `assets`, listed from `generation`, as the listing to compare with, and announces
    /// how they differ from the previous one (the first listing announces nothing).
    func update(_ assets: [ApplePhotosAsset], generation: Int) {
        var current: [String: Int] = [:]
        current.reserveCapacity(assets.count)
        for asset in assets {
            current[asset.uuid] = Self.fingerprint(asset)
        }
        let (known, subscribers) = state.withLock { state -> ([String: Int]?, [AsyncStream<PhotoSourceChange>.Continuation]) in
            guard generation > state.generation else { return (nil, []) }
            defer {
                state.known = current
                state.generation = generation
            }
            return (state.known, Array(state.subscribers.values))
        }
        guard let known else { return }
        let added = assets.filter { known[$0.uuid] == nil }.map(ApplePhotosLibrarySource.item)
        let updated = assets.filter { asset in known[asset.uuid].map { $0 != current[asset.uuid] } ?? false }
            .map(ApplePhotosLibrarySource.item)
        let removed = known.keys.filter { current[$0] == nil }.sorted()
        var changes: [PhotoSourceChange] = []
        if !added.isEmpty { changes.append(.added(added)) }
        if !removed.isEmpty { changes.append(.removed(removed)) }
        if !updated.isEmpty { changes.append(.updated(updated)) }
        for change in changes {
            for continuation in subscribers {
                continuation.yield(change)
            }
        }
    }

    /// What a browser shows of an asset: a change to any of it is an update.
    private static func fingerprint(_ asset: ApplePhotosAsset) -> Int {
        var hasher = Hasher()
        hasher.combine(asset.modificationDate)
        hasher.combine(asset.creationDate)
        hasher.combine(asset.isFavorite)
        hasher.combine(asset.hasAdjustments)
        hasher.combine(asset.isMissing)
        return hasher.finalize()
    }
}
