import NIOCore

/// The address of the client whose connection the current task serves, for the access log:
/// Hummingbird's `BasicRequestContext` does not carry it, and ``GuardedHTTP1Channel`` knows it.
enum ClientAddress {
    @TaskLocal static var current: String?

    /// The IP address of a peer, `nil` for one without (a Unix socket).
    static func of(_ address: SocketAddress?) -> String? {
        address?.ipAddress
    }
}
