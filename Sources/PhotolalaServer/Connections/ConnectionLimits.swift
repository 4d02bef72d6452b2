/// How long a connection may take over each part of a request, and how many may be open, so
/// that no client (one slow or hostile local process, say) can hold the server.
///
/// A response takes as long as it needs (an original downloading, the event stream), as long as
/// the client keeps reading it.
public struct ConnectionLimits: Sendable {
    /// How long a request's head (its line and headers) may take to arrive, from its first byte.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a request's body may take to arrive, from the end of its head.
    public var bodyTimeout: Duration = .seconds(30)
    /// How long a connection may wait for its next request, or for its client to read more of
    /// a response it stopped reading.
    public var idleTimeout: Duration = .seconds(60)
    /// How many connections may be open at once. When a new one would pass the limit, the one
    /// that has been waiting longest for a request (or sending one) is closed for it, and when
    /// every connection is busy responding, the new one is closed instead.
    public var maximumConnections = 256
    /// How many pages may follow the event stream at once; the oldest stream ends for a new one
    /// (a page that is still open reconnects).
    public var maximumEventStreams = 64

    public init() {}
}
