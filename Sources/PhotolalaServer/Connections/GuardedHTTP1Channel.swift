import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP/1.1 as Hummingbird's `HTTP1Channel` serves it, with a ``ConnectionGuard`` in each
/// connection's pipeline where the request line is still as the client sent it.
///
/// `HTTP1Channel` takes extra handlers only after its conversion to HTTP types, which has
/// dropped an absolute-form target's authority by then and knows nothing of a head that is
/// still arriving; so this channel builds the same pipeline with the guard in front of it.
/// Each request is served knowing its connection's ``ClientDeparture``.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    struct Value: ServerChildChannelValue {
        let asyncChannel: HTTP1Channel.Value
        let departure: ClientDeparture

        var channel: any Channel { asyncChannel.channel }
    }

    let responder: Responder
    let limits: ConnectionLimits
    let registry: ConnectionRegistry

    /// An HTTP/1.1 server whose connections are held to `limits`, and to half the process's
    /// open-file limit: a server that runs out of descriptors cannot accept the connection that
    /// would close an idle one, nor open a photo.
    static func server(limits: ConnectionLimits) -> HTTPServerBuilder {
        let registry = ConnectionRegistry(limit: min(limits.maximumConnections, openFileLimit / 2))
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(responder: responder, limits: limits, registry: registry)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let connection = ConnectionGuard(limits: limits, registry: registry, logger: logger)
            let departure = ClientDeparture()
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ClientDeparture.Handler(marking: departure))
            try pipeline.addHandler(RequestBytes(notifying: connection))
            // As HTTP1Channel sets it up: errors answered by Hummingbird, headers checked by HTTP types,
            // heads of at most 80 KB (target and headers) and 1,000 fields.
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderFieldCount = 1_000
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
            try pipeline.addHandler(connection)
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            // Without a timeout of its own (the guard has them), it still closes connections on graceful shutdown.
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            let asyncChannel = try HTTP1Channel.Value(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            return Value(asyncChannel: asyncChannel, departure: departure)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await ClientAddress.$current.withValue(ClientAddress.of(value.channel.remoteAddress)) {
            await ClientDeparture.$current.withValue(value.departure) {
                await handleHTTP(asyncChannel: value.asyncChannel, logger: logger)
            }
        }
    }

    /// How many files the process may have open.
    private static var openFileLimit: Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        // Unlimited is the largest value, which clamps to Int.max.
        return getrlimit(resource, &limit) == 0 ? Int(clamping: limit.rlim_cur) : Int.max
    }
}
