import NIOCore

/// Tells a ``ConnectionGuard`` when bytes arrive, in front of the HTTP decoder: the start of a
/// request head is known before the head is whole.
final class RequestBytes: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: ConnectionGuard

    init(notifying connection: ConnectionGuard) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.bytesArrived(on: context.channel)
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension RequestBytes: Sendable {}
