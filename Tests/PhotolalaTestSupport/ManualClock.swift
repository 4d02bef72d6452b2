import Synchronization

/// A clock that moves only when a test says so: code given it (the backup queue's quiet
/// period, the cloud sync's interval) sleeps until ``advance(by:)`` passes its deadline, so a
/// test of a ten-minute timer waits no real time and no sleep ends early or late.
///
/// ```swift
/// let clock = ManualClock()
/// let queue = engine.backupQueue(service: service, inactivity: .seconds(600), clock: clock)
/// await clock.sleepers(1)          // the queue's timer is waiting
/// clock.advance(by: .seconds(600)) // and wakes
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: the time advanced since it was made.
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        /// Tests waiting for a number of sleepers.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant {
        state.withLock { $0.now }
    }

    public var minimumResolution: Duration { .zero }

    /// Sleeps until the clock is advanced to `deadline`; at once when it is there already.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resume: [CheckedContinuation<Void, Never>]? = state.withLock { state in
                    if deadline <= state.now || Task.isCancelled {
                        return nil
                    }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let ready = state.watchers.filter { $0.count <= state.sleepers.count }
                    state.watchers.removeAll { $0.count <= state.sleepers.count }
                    return ready.map(\.continuation)
                }
                guard let resume else {
                    continuation.resume(with: Task.isCancelled ? .failure(CancellationError()) : .success(()))
                    return
                }
                resume.forEach { $0.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on, waking every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys {
                state.sleepers[id] = nil
            }
            return due.values.map(\.continuation)
        }
        woken.forEach { $0.resume() }
    }

    /// Waits until at least `count` tasks sleep on this clock: the code under test has come to
    /// its timer, so advancing the clock now wakes it.
    public func sleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.sleepers.count < count else { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready {
                continuation.resume()
            }
        }
    }

    /// The deadlines of the tasks sleeping now, earliest first, as time from now.
    public var pendingDeadlines: [Duration] {
        state.withLock { state in state.sleepers.values.map { state.now.duration(to: $0.deadline) }.sorted() }
    }
}
