import Foundation
import Synchronization

/// The open ``PhotoSource/changes()`` streams of a source, so that every source announces its
/// changes the same way: each subscriber gets every non-empty change, and a stream that ends
/// leaves the list by itself.
final class ChangeSubscribers: Sendable {
    private let continuations = Mutex<[UUID: AsyncStream<PhotoSourceChange>.Continuation]>([:])

    func subscribe() -> AsyncStream<PhotoSourceChange> {
        let (stream, continuation) = AsyncStream<PhotoSourceChange>.makeStream()
        let key = UUID()
        continuations.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.continuations.withLock { _ = $0.removeValue(forKey: key) }
        }
        return stream
    }

    /// Hands each change that is not empty to every subscriber.
    func send(_ changes: [PhotoSourceChange]) {
        let subscribers = continuations.withLock { Array($0.values) }
        for change in changes where !change.isEmpty {
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
