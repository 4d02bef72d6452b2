import NIOCore
import Synchronization

/// Whether the client of a connection has gone, so work only it wanted can stop.
///
/// Hummingbird cancels a request's task only when the server shuts down: a page that aborts a
/// fetch (a thumbnail of a cell scrolled away) closes its connection, and the handler would go
/// on and make what nobody will see. ``Handler`` sits at the front of each connection's
/// pipeline and marks the departure when the client's side ends; ``cancellingOnDeparture(_:)``
/// cancels the work of the request being served then.
///
/// The end of the client's input counts as its departure: browsers never half-close a
/// connection while they wait for a response, they close it.
final class ClientDeparture: Sendable {
    /// The departure of the connection whose request the current task serves.
    @TaskLocal static var current: ClientDeparture?

    private struct State {
        var departed = false
        var watchers: [Int: @Sendable () -> Void] = [:]
        var lastWatcher = 0
    }

    private let state = Mutex(State())

    var hasDeparted: Bool { state.withLock { $0.departed } }

    /// Marks the client gone and calls every watcher, once.
    func depart() {
        let watchers = state.withLock { state in
            guard !state.departed else { return [@Sendable () -> Void]() }
            state.departed = true
            defer { state.watchers.removeAll() }
            return Array(state.watchers.values)
        }
        for watcher in watchers {
            watcher()
        }
    }

    /// Runs `body` and cancels it when the current connection's client goes (at once when it
    /// has gone already); without a connection (a test's router), as it is.
    /// - Throws: What `body` throws; `CancellationError` when the client went first.
    static func cancellingOnDeparture<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let departure = current else { return try await body() }
        // Work for a client gone already never starts: a task started, then cancelled, may have
        // run to its end on another core before the cancellation reached it.
        if departure.hasDeparted { throw CancellationError() }
        let work = Task { try await body() }
        let watcher = departure.watch { work.cancel() }
        defer { departure.unwatch(watcher) }
        return try await withTaskCancellationHandler {
            try await work.value
        } onCancel: {
            work.cancel()
        }
    }

    /// Calls `onDeparture` when the client goes, or at once when it has; the id ends the watch.
    private func watch(_ onDeparture: @escaping @Sendable () -> Void) -> Int? {
        let watcher: Int? = state.withLock { state in
            guard !state.departed else { return nil }
            state.lastWatcher += 1
            state.watchers[state.lastWatcher] = onDeparture
            return state.lastWatcher
        }
        if watcher == nil {
            onDeparture()
        }
        return watcher
    }

    private func unwatch(_ watcher: Int?) {
        guard let watcher else { return }
        _ = state.withLock { $0.watchers.removeValue(forKey: watcher) }
    }

    /// Marks the departure when the client's input ends or the connection closes.
    final class Handler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer

        private let departure: ClientDeparture

        init(marking departure: ClientDeparture) {
            self.departure = departure
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? ChannelEvent, case .inputClosed = event {
                departure.depart()
            }
            context.fireUserInboundEventTriggered(event)
        }

        func channelInactive(context: ChannelHandlerContext) {
            departure.depart()
            context.fireChannelInactive()
        }
    }
}

@available(*, unavailable)
extension ClientDeparture.Handler: Sendable {}
