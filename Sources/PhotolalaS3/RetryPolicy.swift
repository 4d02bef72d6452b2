/// How often and how patiently a failed S3 request is tried again: exponential backoff with
/// full jitter, so many clients throttled together do not return together.
public struct RetryPolicy: Sendable {
    /// Tries in all, the first included.
    public var maximumAttempts: Int
    /// The delay cap before the first retry; it doubles after each one.
    public var baseDelay: Duration
    public var maximumDelay: Duration

    /// - Parameters:
    ///   - maximumAttempts: Tries in all, at least 1.
    ///   - baseDelay: Upper bound of the first retry's random delay.
    ///   - maximumDelay: Upper bound of any retry's delay.
    public init(maximumAttempts: Int = 5, baseDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(10)) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// A random delay before retry number `retry` (1 for the first): uniform in
    /// `0 ... min(maximumDelay, baseDelay × 2^(retry-1))`.
    public func delay(beforeRetry retry: Int) -> Duration {
        let cap = min(maximumDelay, baseDelay * (1 << min(max(retry - 1, 0), 20)))
        let nanoseconds = cap.components.seconds * 1_000_000_000 + cap.components.attoseconds / 1_000_000_000
        return .nanoseconds(Int64.random(in: 0...max(nanoseconds, 0)))
    }

    /// Runs `body` until it succeeds, fails with an error that is not retryable, or the attempts run out.
    /// - Parameter isRetryable: Which errors are worth another try.
    func run<T>(isRetryable: (any Error) -> Bool, _ body: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch {
                guard attempt < maximumAttempts, isRetryable(error), !Task.isCancelled else { throw error }
                try await Task.sleep(for: delay(beforeRetry: attempt))
                attempt += 1
            }
        }
    }
}
