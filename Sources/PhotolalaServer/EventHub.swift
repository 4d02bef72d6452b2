import Foundation

/// Fans server-sent events out to every open page, with a comment every 15 seconds so a page
/// that went away is noticed (the write fails) and proxies keep the stream open.
actor EventHub {
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
    private var heartbeat: Task<Void, Never>?

    /// A stream of ready-to-send SSE messages; it ends when the page goes away.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        let key = UUID()
        subscribers[key] = continuation
        continuation.onTermination = { _ in
            Task { await self.unsubscribe(key) }
        }
        if heartbeat == nil {
            heartbeat = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(15))
                    self.beat()
                }
            }
        }
        return stream
    }

    private func beat() {
        for continuation in subscribers.values {
            continuation.yield(": ping\n\n")
        }
    }

    /// Sends `event` with `payload` as its JSON data to every subscriber.
    func publish(_ event: String, _ payload: some Encodable) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard !subscribers.isEmpty, let data = try? encoder.encode(payload) else { return }
        let message = "event: \(event)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
        for continuation in subscribers.values {
            continuation.yield(message)
        }
    }

    private func unsubscribe(_ key: UUID) {
        subscribers[key] = nil
        if subscribers.isEmpty {
            heartbeat?.cancel()
            heartbeat = nil
        }
    }
}
