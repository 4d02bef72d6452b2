import Logging
import NIOCore
import NIOHTTP1

/// Holds one connection to its ``ConnectionLimits``: closes it when a request's head or body
/// arrives too slowly, when it has waited too long for a request, or when its client stopped
/// reading; counts it in the server's ``ConnectionRegistry``; and puts request targets in the
/// origin form the routes and the access guard read.
///
/// It sits between NIO's HTTP/1 decoder and Hummingbird's conversion to HTTP types, where the
/// request line is still as the client sent it; ``RequestBytes`` tells it when the first bytes
/// of a head arrive, before there is a head. Hummingbird's own idle timer counts from the last
/// decoded part, so a head or body sent a byte at a time would never end.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private let registry: ConnectionRegistry
    private let logger: Logger
    private var started = false
    /// Requests read whose response has not ended.
    private var openRequests = 0
    /// When the first bytes of the head being received came; `nil` between requests.
    private var headStarted: NIODeadline?
    /// When the head of the request whose body is being received ended.
    private var bodyStarted: NIODeadline?
    /// When the connection last had nothing to do.
    private var quietSince = NIODeadline.now()
    /// When the client stopped taking what is written to it.
    private var unwritableSince: NIODeadline?
    /// After a request that could not be read (a target that is none, a head the decoder
    /// refused): Hummingbird answers 400, and everything else the client sends is dropped.
    private var refusing = false
    private var check: Scheduled<Void>?

    init(limits: ConnectionLimits, registry: ConnectionRegistry, logger: Logger) {
        self.limits = limits
        self.registry = registry
        self.logger = logger
    }

    // MARK: - Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            start(context)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop(context)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        guard registry.admit(context.channel) else {
            logger.debug("Connection refused: all \(registry.limit) connections are busy responding.")
            context.close(promise: nil)
            return
        }
        quietSince = .now()
        scheduleCheck(context)
    }

    private func stop(_ context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        registry.remove(context.channel)
    }

    // MARK: - Traffic

    /// Notes bytes from the client: between requests, the start of a head.
    func bytesArrived(on channel: any Channel) {
        guard headStarted == nil, bodyStarted == nil else { return }
        let now = NIODeadline.now()
        headStarted = now
        if openRequests == 0 {
            registry.update(channel, phase: .receiving, since: now)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard let head = Self.originForm(of: head) else {
                // Hummingbird answers a parse error with 400 and closes the connection.
                refusing = true
                headStarted = nil
                context.fireErrorCaught(HTTPParserError.invalidURL)
                return
            }
            let now = NIODeadline.now()
            headStarted = nil
            bodyStarted = now
            openRequests += 1
            registry.update(context.channel, phase: .receiving, since: now)
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            bodyStarted = nil
            registry.update(context.channel, phase: .responding, since: .now())
            context.fireChannelRead(data)
        }
    }

    /// A request the decoder could not read is answered 400 by Hummingbird, and nothing more
    /// is read: the connection is idle from then on.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        refusing = true
        headStarted = nil
        bodyStarted = nil
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            openRequests = max(0, openRequests - 1)
            if openRequests == 0, headStarted == nil, bodyStarted == nil {
                quietSince = .now()
                registry.update(context.channel, phase: .idle, since: quietSince)
            }
        }
        context.write(data, promise: promise)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        unwritableSince = context.channel.isWritable ? nil : .now()
        context.fireChannelWritabilityChanged()
    }

    // MARK: - Deadlines

    /// How often deadlines are checked: a quarter of the shortest, between 10 ms and a second.
    private var checkInterval: TimeAmount {
        let shortest = min(limits.headerTimeout, limits.bodyTimeout, limits.idleTimeout) / 4
        return TimeAmount(min(max(shortest, .milliseconds(10)), .seconds(1)))
    }

    private func scheduleCheck(_ context: ChannelHandlerContext) {
        check = context.eventLoop.assumeIsolated().scheduleTask(in: checkInterval) { [self] in
            if let reason = expired(at: .now()) {
                timeOut(context, reason: reason)
            } else {
                scheduleCheck(context)
            }
        }
    }

    /// What ran out of time, if anything did.
    private func expired(at now: NIODeadline) -> String? {
        if let headStarted, now - headStarted > TimeAmount(limits.headerTimeout) {
            return "its request head took longer than \(limits.headerTimeout)"
        }
        if let bodyStarted, now - bodyStarted > TimeAmount(limits.bodyTimeout) {
            return "its request body took longer than \(limits.bodyTimeout)"
        }
        if openRequests == 0, headStarted == nil, bodyStarted == nil, now - quietSince > TimeAmount(limits.idleTimeout) {
            return "it was idle for \(limits.idleTimeout)"
        }
        if let unwritableSince, now - unwritableSince > TimeAmount(limits.idleTimeout) {
            return "its client read nothing for \(limits.idleTimeout)"
        }
        return nil
    }

    /// Closes the connection; a client that was sending a head with nothing else under way is
    /// told so first (408).
    private func timeOut(_ context: ChannelHandlerContext, reason: String) {
        check = nil
        logger.debug("Connection closed: \(reason).")
        if headStarted != nil, openRequests == 0 {
            let head = HTTPResponseHead(version: .http1_1, status: .requestTimeout, headers: ["Connection": "close", "Content-Length": "0"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.close(promise: nil)
    }

    // MARK: - Request targets

    /// The head with its target in origin form (`/path?query`): as it is, or from absolute
    /// form (`http://host/path`), whose authority then becomes the Host header (RFC 9112
    /// §3.2.2: the target's authority counts, not the header), for the access guard to check.
    /// `*` is left for the router (no route has it); any other target is `nil`.
    static func originForm(of head: HTTPRequestHead) -> HTTPRequestHead? {
        let target = head.uri
        if target.hasPrefix("/") || target == "*" { return head }
        let lowered = target.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let rest = target.dropFirst(scheme.count)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let path = rest[end...]
        var head = head
        head.uri = path.hasPrefix("/") ? String(path) : "/" + path
        head.headers.replaceOrAdd(name: "Host", value: String(rest[..<end]))
        return head
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}
