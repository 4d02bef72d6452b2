extension AsyncThrowingStream where Failure == any Error, Element: Sendable {
    /// A stream whose elements `body` yields from a task of its own: the stream ends when `body`
    /// returns, fails with what it throws, and cancels the task when its reader stops reading.
    ///
    /// The one bridge from async work to a stream, so that no listing forgets to cancel its work
    /// when a page goes, or to end its stream when the work fails.
    ///
    /// ```swift
    /// AsyncThrowingStream.producing { continuation in
    ///     continuation.yield(try await firstScreen())
    /// }
    /// ```
    public static func producing(_ body: @escaping @Sendable (Continuation) async throws -> Void) -> Self {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await body(continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
