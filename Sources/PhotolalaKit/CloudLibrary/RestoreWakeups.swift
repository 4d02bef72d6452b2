/// Wakes ``RestoreService/follow(polling:wakeups:changed:)`` when there is something new to
/// check (a restore was asked for, or a restored copy reached its expiry), instead of waiting.
public final class RestoreWakeups: Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        // Wake-ups that arrive while a round of checks runs are one wake-up.
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks for a round of checks now.
    public func wake() {
        continuation.yield()
    }
}
