import Foundation

/// Fans server-sent events out to every open page, with a comment every 15 seconds so a page
/// that went away is noticed (the write fails) and proxies keep the stream open.
actor EventHub {
    /// Subscribers by the order they came in, so the oldest is known.
    private var subscribers: [UInt64: AsyncStream<String>.Continuation] = [:]
    private var nextKey: UInt64 = 0
    private var heartbeat: Task<Void, Never>?
    private let maximumSubscribers: Int

    /// - Parameter maximumSubscribers: How many streams may be open; the oldest ends for a new
    ///   one, so pages (or a process posing as many) cannot hold every connection the server has.
    init(maximumSubscribers: Int = ConnectionLimits().maximumEventStreams) {
        self.maximumSubscribers = max(1, maximumSubscribers)
    }

    /// A stream of ready-to-send SSE messages; it ends when the page goes away, or when it is
    /// the oldest of too many.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        while subscribers.count >= maximumSubscribers, let oldest = subscribers.keys.min() {
            subscribers.removeValue(forKey: oldest)?.finish()
        }
        let key = nextKey
        nextKey += 1
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
    func publish(_ event: EventName, _ payload: some Encodable) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard !subscribers.isEmpty, let data = try? encoder.encode(payload) else { return }
        let message = "event: \(event.rawValue)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
        for continuation in subscribers.values {
            continuation.yield(message)
        }
    }

    private func unsubscribe(_ key: UInt64) {
        subscribers[key] = nil
        if subscribers.isEmpty {
            heartbeat?.cancel()
            heartbeat = nil
        }
    }
}
