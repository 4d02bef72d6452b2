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
///
/// It also injects single faults into S3 traffic mid-request (``Fault``): a connection dropped
/// after part of a request body, a request stalled for a while, a response cut short; and it
/// can reset every connection as a server killed mid-request does (``reset()``).
public final class TCPProxy: Sendable {
    /// One fault, applied once, when `afterRequestBytes` request bytes have gone through since
    /// it was injected (or since the fault before it struck), to the connection carrying them:
    /// an upload body is megabytes, other requests a few hundred bytes.
    public enum Fault: Sendable, Equatable {
        /// Forwards that many request bytes, then closes both sides: a body half sent.
        case drop(afterRequestBytes: Int)
        /// Forwards that many request bytes, then nothing for `duration`, then the rest.
        case stall(afterRequestBytes: Int, duration: Duration)
        /// Once the request has sent that many bytes, forwards only `responseBytes` of its
        /// response, then closes both sides: the server acted, the client never heard.
        case truncateResponse(afterRequestBytes: Int, responseBytes: Int)
        /// Forwards that many request bytes, then cuts the line for good (``cut()``).
        case cut(afterRequestBytes: Int)

        var requestBytes: Int {
            switch self {
            case .drop(let bytes), .stall(let bytes, _), .truncateResponse(let bytes, _), .cut(let bytes): bytes
            }
        }
    }

    public let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var accepted = 0
        var acceptedAfterCut = 0
        var isCut = false
        /// Whether connections after the cut are reset rather than closed.
        var resets = false
        var open: Set<Int32> = []
        var faults: [Fault] = []
        var triggered = 0
        /// Request bytes relayed since the first queued fault was injected or the last struck.
        var sent = 0
        /// Connections whose response is to be cut after so many more bytes.
        var truncating: [Int32: Int] = [:]
        var requestBytesPerSecond: Int?
    }

    /// Slows every connection's requests to about this many bytes a second (`nil`: full speed),
    /// so a test can act in the middle of an upload that would otherwise be over at once.
    public func throttle(requestBytesPerSecond: Int?) {
        state.withLock { $0.requestBytesPerSecond = requestBytesPerSecond }
    }

    /// Queues `fault` for the next connection that sends enough request bytes.
    public func inject(_ fault: Fault) {
        state.withLock { state in
            if state.faults.isEmpty {
                state.sent = 0
            }
            state.faults.append(fault)
        }
    }

    /// How many injected faults have struck.
    public var faultsTriggered: Int { state.withLock { $0.triggered } }

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

    /// Connections accepted in all, before and after a cut: whether a client reached the server at all.
    public var connectionsAccepted: Int { state.withLock { $0.accepted } }

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

    /// Cuts the line as a server killed mid-request: every later connection is accepted, its
    /// request read, and then reset (RST, as a close with `SO_LINGER` 0 sends), never answered.
    public func reset() {
        state.withLock { $0.resets = true }
        cut()
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
            let (isCut, resets) = state.withLock { state in
                state.accepted += 1
                if state.isCut {
                    state.acceptedAfterCut += 1
                } else {
                    state.open.insert(client)
                }
                return (state.isCut, state.resets)
            }
            if isCut && resets {
                Thread.detachNewThread { Self.resetAfterRequest(client) }
                continue
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
            Thread.detachNewThread { [self] in
                pump(from: client, to: upstream, connection: client, isRequest: true)
                other.signal()
            }
            pump(from: upstream, to: client, connection: client, isRequest: false)
            other.wait()
        }
        state.withLock { state in
            state.open.remove(client)
            state.open.remove(upstream)
            state.truncating[client] = nil
        }
        close(upstream)
        close(client)
    }

    /// What to do with the next bytes of one direction of a connection.
    private enum Step {
        /// Forward this many bytes (all there are when more than there are).
        case forward(Int)
        /// Forward this many, then end the connection.
        case forwardThenEnd(Int)
        /// Forward this many, then wait.
        case forwardThenWait(Int, Duration)
        /// Forward this many, then cut the whole line.
        case forwardThenCut(Int)
    }

    /// Where an injected fault strikes within `count` bytes about to be forwarded.
    private func step(connection: Int32, isRequest: Bool, count: Int) -> Step {
        state.withLock { state in
            if !isRequest {
                guard let left = state.truncating[connection] else { return .forward(count) }
                if count < left {
                    state.truncating[connection] = left - count
                    return .forward(count)
                }
                return .forwardThenEnd(left)
            }
            let before = state.sent
            state.sent += count
            guard let fault = state.faults.first, before + count >= fault.requestBytes else { return .forward(count) }
            state.faults.removeFirst()
            state.triggered += 1
            state.sent = 0
            let upTo = max(0, fault.requestBytes - before)
            switch fault {
            case .drop: return .forwardThenEnd(upTo)
            case .stall(_, let duration): return .forwardThenWait(upTo, duration)
            case .cut: return .forwardThenCut(upTo)
            case .truncateResponse(_, let responseBytes):
                state.truncating[connection] = responseBytes
                return .forward(count)
            }
        }
    }

    /// Copies bytes until one side ends, then ends both, so the other pump stops too; injected
    /// faults strike on the way.
    private func pump(from source: Int32, to destination: Int32, connection: Int32, isRequest: Bool) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        loop: while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            let step = step(connection: connection, isRequest: isRequest, count: count)
            let forwarded: Int
            switch step {
            case .forward(let bytes), .forwardThenEnd(let bytes), .forwardThenWait(let bytes, _), .forwardThenCut(let bytes):
                forwarded = min(bytes, count)
            }
            guard Self.sendAll(buffer, range: 0..<forwarded, to: destination) else { break }
            if isRequest, let rate = state.withLock({ $0.requestBytesPerSecond }), rate > 0 {
                Thread.sleep(forTimeInterval: Double(forwarded) / Double(rate))
            }
            switch step {
            case .forward: continue
            case .forwardThenEnd, .forwardThenCut:
                if case .forwardThenCut = step { cut() }
                break loop
            case .forwardThenWait(_, let duration):
                Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
                guard Self.sendAll(buffer, range: forwarded..<count, to: destination) else { break loop }
            }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    /// Reads what the client sends first (a second at most), then resets the connection.
    private static func resetAfterRequest(_ client: Int32) {
        var wait = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        _ = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        var abort = linger(l_onoff: 1, l_linger: 0)
        setsockopt(client, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        close(client)
    }

    /// Sends `buffer[range]` whole; `false` when the other side is gone.
    private static func sendAll(_ buffer: [UInt8], range: Range<Int>, to destination: Int32) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let sent = buffer[offset..<range.upperBound].withUnsafeBytes { send(destination, $0.baseAddress, $0.count, noSignal) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// A write to a closed socket fails instead of raising SIGPIPE.
    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal = Int32(0)
    #endif
}
