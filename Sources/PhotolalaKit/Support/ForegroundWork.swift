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
        /// When the last foreground job ended.
        var lastEnded: ContinuousClock.Instant?
    }

    private let state = Mutex(State())

    public init() {}

    /// Foreground jobs running now.
    public var running: Int { state.withLock { $0.running } }

    /// Whether a foreground job besides the caller's runs now or ended less than `period` ago:
    /// a screen filling. A page asks for its cells' thumbnails a few at a time, each as another
    /// comes back, so when thumbnails take milliseconds (from a camera's preview) there are
    /// moments when only one runs, though the screen is far from filled.
    func hasCompany(within period: Duration) -> Bool {
        state.withLock { state in
            state.running > 1 || state.lastEnded.map { $0 + period > .now } ?? false
        }
    }

    /// Marks one foreground job started; every ``begin()`` is followed by one ``end()``.
    func begin() {
        state.withLock { $0.running += 1 }
    }

    /// Marks one foreground job finished, letting background work go on when it was the last.
    func end() {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            state.lastEnded = .now
            guard state.running == 0 else { return [] }
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in resumed {
            continuation.resume()
        }
    }

    /// Returns once `period` has passed, from now, with no foreground job running: what a
    /// folder's background work waits for after its listing, so the page that asked for the
    /// listing gets both cores for itself and its first screen of thumbnails, which it asks for
    /// a moment after the listing comes. Returns early when the task is cancelled.
    func quiet(for period: Duration) async {
        var deadline = ContinuousClock.now + period
        while true {
            do {
                try await Task.sleep(until: deadline)
            } catch {
                return
            }
            await idle()
            guard let last = state.withLock({ $0.lastEnded }), last + period > .now else { return }
            deadline = last + period
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
