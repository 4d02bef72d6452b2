import Synchronization

/// Work someone is waiting for (thumbnails of cells on screen), which background work
/// (cataloguing a folder, hashing it, reading its dates) gives way to.
///
/// On a machine of two cores a catalog build hashing gigabytes would otherwise take half the
/// cores from the thumbnails of what is on screen. Background work asks ``idle()`` between
/// photos, and waits there while foreground work runs; foreground work never waits for it.
/// One is shared by everything one ``Engine`` runs.
public final class ForegroundWork: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Foreground jobs running now.
    public var running: Int { state.withLock { $0.running } }

    /// Marks one foreground job started; every ``begin()`` is followed by one ``end()``.
    func begin() {
        state.withLock { $0.running += 1 }
    }

    /// Marks one foreground job finished, letting background work go on when it was the last.
    func end() {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in resumed {
            continuation.resume()
        }
    }

    /// Returns once no foreground job runs: at once when none does.
    func idle() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                guard state.running > 0 else { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow {
                continuation.resume()
            }
        }
    }
}
