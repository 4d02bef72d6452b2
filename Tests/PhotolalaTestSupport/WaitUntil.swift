import Testing

/// Polls `condition` every few milliseconds, for ten seconds at most, and records an issue when
/// it is still false then: for what finishes in the background (a load, a settling backlog).
public func waitUntil(_ condition: () async -> Bool) async throws {
    for _ in 0..<2_000 {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("condition not met within 10 s")
}
