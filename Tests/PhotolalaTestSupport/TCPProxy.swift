import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP relay on 127.0.0.1 in front of a server, counting the connections it accepts, that can
/// cut the line at once, as a server going away mid-batch: open connections are closed, and
/// later ones are accepted and closed at once, each counted. A stopped `weed` takes a second
/// or more to go; a cut is immediate, so a test knows which requests got through, and the
/// count after it tells how often the client tried again.
public final class TCPProxy: Sendable {
    public let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var acceptedAfterCut = 0
        var isCut = false
        var open: Set<Int32> = []
    }

    /// Starts relaying a new port to `upstreamPort` on 127.0.0.1.
    /// - Throws: ``SeaweedFS/StartFailure`` when no port can be bound.
    public init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        guard let (descriptor, port) = LoopbackSocket.bound(listening: 128) else {
            throw SeaweedFS.StartFailure(message: "the proxy cannot listen: errno \(errno)")
        }
        listener = descriptor
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The relay's URL, for a client to use instead of the server's.
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Connections accepted since the cut; 0 before it.
    public var connectionsAfterCut: Int { state.withLock { $0.acceptedAfterCut } }

    /// Closes every open connection, and every later one as soon as it is accepted.
    public func cut() {
        let open = state.withLock { state in
            state.isCut = true
            return state.open
        }
        for descriptor in open {
            shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Stops accepting; the relay's threads end with their connections.
    public func stop() {
        cut()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let isCut = state.withLock { state in
                if state.isCut {
                    state.acceptedAfterCut += 1
                } else {
                    state.open.insert(client)
                }
                return state.isCut
            }
            if isCut {
                close(client)
                continue
            }
            Thread.detachNewThread { [self] in relay(client) }
        }
    }

    /// Relays one connection both ways until either side closes or the line is cut.
    private func relay(_ client: Int32) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = LoopbackSocket.address(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        let registered = state.withLock { state in
            guard !state.isCut else { return false }
            state.open.insert(upstream)
            return true
        }
        if connected && registered {
            let other = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                Self.pump(from: client, to: upstream)
                other.signal()
            }
            Self.pump(from: upstream, to: client)
            other.wait()
        }
        state.withLock { state in
            state.open.remove(client)
            state.open.remove(upstream)
        }
        close(upstream)
        close(client)
    }

    /// Copies bytes until one side ends, then ends both, so the other pump stops too.
    private static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        loop: while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let sent = buffer[offset..<count].withUnsafeBytes { send(destination, $0.baseAddress, $0.count, noSignal) }
                guard sent > 0 else { break loop }
                offset += sent
            }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    /// A write to a closed socket fails instead of raising SIGPIPE.
    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal = Int32(0)
    #endif
}
