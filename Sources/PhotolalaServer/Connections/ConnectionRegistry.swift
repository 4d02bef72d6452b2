import NIOCore
import Synchronization

/// The server's open connections across its event loops, kept under a limit by closing the
/// least useful one when a new one comes.
///
/// A connection waiting for a request goes first (the one waiting longest), then one still
/// sending its request (the one that started longest ago); a connection whose response is under
/// way is never closed for another, and when all of them are, the newcomer is. So a flood of
/// idle or half-sent connections cannot keep a real request out.
final class ConnectionRegistry: Sendable {
    /// What a connection is doing, in the order connections are given up.
    enum Phase: Comparable {
        /// Waiting for its next request.
        case idle
        /// Receiving a request's head or body.
        case receiving
        /// Sending a response.
        case responding
    }

    private struct Entry {
        let channel: any Channel
        var phase: Phase
        var since: NIODeadline
    }

    let limit: Int
    private let entries = Mutex([ObjectIdentifier: Entry]())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Counts a new connection in, closing another to make room when the limit is reached.
    /// - Returns: `false` when every open connection is responding: the caller closes the new one.
    func admit(_ channel: any Channel) -> Bool {
        let (admitted, evicted) = entries.withLock { entries -> (Bool, (any Channel)?) in
            var evicted: (any Channel)?
            if entries.count >= limit {
                let candidates = entries.lazy.filter { $0.value.phase != .responding }
                guard let oldest = candidates.min(by: { ($0.value.phase, $0.value.since) < ($1.value.phase, $1.value.since) }) else {
                    return (false, nil)
                }
                evicted = entries.removeValue(forKey: oldest.key)?.channel
            }
            entries[Self.key(channel)] = Entry(channel: channel, phase: .idle, since: .now())
            return (true, evicted)
        }
        evicted?.close(promise: nil)
        return admitted
    }

    /// Records what the connection does now.
    func update(_ channel: any Channel, phase: Phase, since: NIODeadline) {
        entries.withLock { entries in
            let key = Self.key(channel)
            guard entries[key] != nil else { return }
            entries[key]?.phase = phase
            entries[key]?.since = since
        }
    }

    func remove(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(channel)) }
    }

    private static func key(_ channel: any Channel) -> ObjectIdentifier {
        ObjectIdentifier(channel)
    }
}
