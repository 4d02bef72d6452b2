/// An injected clock read as the time since the stopwatch started, so a type can keep points
/// in time (when the queue last changed, when it runs next) as plain durations whatever the
/// clock: `ContinuousClock` in production, a manual one in tests, which then wait no real time.
struct Stopwatch: Sendable {
    private let now: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Starts now on `clock`.
    init(clock: some Clock<Duration>) {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleeper = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    }

    /// The time since the stopwatch started.
    var elapsed: Duration { now() }

    /// Sleeps until `elapsed` reaches `deadline`: at once when it has.
    /// - Throws: `CancellationError` when the task is cancelled.
    func sleep(untilElapsed deadline: Duration) async throws {
        try await sleeper(deadline)
    }
}
