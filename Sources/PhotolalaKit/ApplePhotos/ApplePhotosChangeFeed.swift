import Foundation
import Synchronization

/// Tells one listing's subscribers how its listing changed after the library was reopened: the
/// assets added, removed, and changed (edited, favourited, redated).
final class ApplePhotosChangeFeed: Sendable {
    private struct State {
        /// A fingerprint of each listed asset, by uuid.
        var known: [String: Int]?
        var generation = -1
    }

    private let state = Mutex(State())
    private let subscribers = ChangeSubscribers()

    func subscribe() -> AsyncStream<PhotoSourceChange> {
        subscribers.subscribe()
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
        let known = state.withLock { state -> [String: Int]? in
            guard generation > state.generation else { return nil }
            defer {
                state.known = current
                state.generation = generation
            }
            return state.known
        }
        guard let known else { return }
        let added = assets.filter { known[$0.uuid] == nil }.map(\.item)
        let updated = assets.filter { asset in known[asset.uuid].map { $0 != current[asset.uuid] } ?? false }
            .map(\.item)
        let removed = known.keys.filter { current[$0] == nil }.sorted()
        subscribers.send([.added(added), .removed(removed), .updated(updated)])
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
