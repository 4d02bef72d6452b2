import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to a server on 127.0.0.1 that sends bytes exactly as given, for requests no
/// HTTP client would send: half a head, a wrong Content-Length, two Host headers, an
/// absolute-form target.
///
/// Its waits block a thread of their own, never one of Swift's cooperative pool, which an
/// in-process server needs to answer.
public final class RawHTTPConnection: Sendable {
    /// What came back for a request.
    public struct Reply: Sendable {
        /// The bytes received, head and body (as many as were kept).
        public let bytes: [UInt8]
        /// How many bytes were received, kept or not.
        public let bytesCount: Int
        /// Whether the server closed the connection (rather than the wait running out).
        public let closed: Bool
        /// How long until the server closed, or until the wait ran out.
        public let elapsed: Duration
        /// Whether the wait ran out before the server closed the connection (or, waiting for
        /// one response, before it was whole).
        public let timedOut: Bool

        /// The status code of the first response, if one came.
        public var status: Int? {
            let text = String(decoding: bytes.prefix(12), as: UTF8.self)
            guard text.hasPrefix("HTTP/1.") else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }

        /// Whether the bytes received (head or body) contain `text`.
        public func contains(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            guard let first = needle.first else { return true }
            var start = 0
            while start + needle.count <= bytes.count {
                guard let found = bytes[start...(bytes.count - needle.count)].firstIndex(of: first) else { return false }
                if bytes[found..<(found + needle.count)].elementsEqual(needle) { return true }
                start = found + 1
            }
            return false
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let descriptor: Int32

    /// Connects to `port` on 127.0.0.1.
    /// - Throws: ``Failure`` when the connection cannot be made.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = LoopbackSocket.address(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            let failure = errno
            close(descriptor)
            throw Failure(description: "connect to port \(port): errno \(failure)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Waits, without reading, until the bytes waiting to be read have stopped growing for
    /// `quiet` (the server's send buffer and this socket's receive buffer are full, or it has
    /// stopped sending), or `timeout` has passed; returns how many are waiting.
    public func waitUntilUnreadStopsGrowing(quiet: Duration, timeout: Duration) async -> Int {
        let start = ContinuousClock.now
        var unread = -1
        var since = start
        while ContinuousClock.now - start < timeout {
            var now: Int32 = 0
            _ = ioctl(descriptor, UInt(FIONREAD), &now)
            if Int(now) != unread {
                unread = Int(now)
                since = .now
            } else if ContinuousClock.now - since >= quiet {
                break
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return unread
    }

    /// Sends `bytes` whole; `false` when the server has closed the connection.
    @discardableResult
    public func write(_ bytes: [UInt8]) async -> Bool {
        await Self.blocking { self.writeNow(bytes) }
    }

    @discardableResult
    public func write(_ text: String) async -> Bool {
        await write(Array(text.utf8))
    }

    private func writeNow(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads until the server closes the connection or `timeout` passes, keeping at most
    /// `limit` bytes (the rest is read and dropped).
    public func receive(timeout: Duration, limit: Int = 1 << 20) async -> Reply {
        await Self.blocking { self.receiveNow(timeout: timeout, limit: limit) }
    }

    private func receiveNow(timeout: Duration, limit: Int) -> Reply {
        let start = ContinuousClock.now
        var bytes: [UInt8] = []
        var count = 0
        while true {
            let left = start + timeout - ContinuousClock.now
            guard left > .zero else {
                return Reply(bytes: bytes, bytesCount: count, closed: false, elapsed: ContinuousClock.now - start, timedOut: true)
            }
            let part = readNow(atMost: 64 << 10, timeout: left)
            count += part.bytes.count
            bytes += part.bytes.prefix(max(0, limit - bytes.count))
            if part.closed {
                return Reply(bytes: bytes, bytesCount: count, closed: true, elapsed: ContinuousClock.now - start, timedOut: false)
            }
        }
    }

    /// At most `count` of the bytes that arrive next, waiting at most `timeout` for them, and
    /// whether the server has closed the connection.
    public func read(atMost count: Int, timeout: Duration) async -> (bytes: [UInt8], closed: Bool) {
        await Self.blocking { self.readNow(atMost: count, timeout: timeout) }
    }

    private func readNow(atMost count: Int, timeout: Duration) -> (bytes: [UInt8], closed: Bool) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(1, min(Double(Int32.max), timeout / .milliseconds(1))))
        guard poll(&poller, 1, milliseconds) > 0 else { return ([], false) }
        var buffer = [UInt8](repeating: 0, count: max(1, count))
        let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return received <= 0 ? ([], true) : (Array(buffer[..<received]), false)
    }

    /// Reads until one response whose head says how long its body is (`Content-Length`, or
    /// none for a status without a body) has arrived, the server closes, or `timeout` passes.
    public func receiveResponse(timeout: Duration) async -> Reply {
        await Self.blocking { self.receiveResponseNow(timeout: timeout) }
    }

    /// Reads until a response head has arrived (a stream's, say, whose body never ends), the
    /// server closes, or `timeout` passes.
    public func receiveHead(timeout: Duration) async -> Reply {
        await Self.blocking { self.receiveResponseNow(timeout: timeout, headOnly: true) }
    }

    private func receiveResponseNow(timeout: Duration, headOnly: Bool = false) -> Reply {
        let start = ContinuousClock.now
        var bytes: [UInt8] = []
        while true {
            let left = start + timeout - ContinuousClock.now
            guard left > .zero else {
                return Reply(bytes: bytes, bytesCount: bytes.count, closed: false, elapsed: ContinuousClock.now - start, timedOut: true)
            }
            let part = readNow(atMost: 64 << 10, timeout: left)
            bytes += part.bytes
            if part.closed || (headOnly ? Self.headEnd(in: bytes) != nil : Self.isComplete(bytes)) {
                return Reply(bytes: bytes, bytesCount: bytes.count, closed: part.closed, elapsed: ContinuousClock.now - start, timedOut: false)
            }
        }
    }

    /// Whether `bytes` hold a response head and all of its body: as long as its Content-Length
    /// says, up to the last chunk of a chunked one, or none without either; an event stream's
    /// body never ends, so its head is the whole response.
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let end = headEnd(in: bytes) else { return false }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased().split(separator: "\r\n")
        if head.contains(where: { $0.hasPrefix("content-type:") && $0.contains("text/event-stream") }) {
            return true
        }
        if head.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
            return bytes.suffix(5).elementsEqual("0\r\n\r\n".utf8)
        }
        let length = head.first { $0.hasPrefix("content-length:") }.flatMap {
            Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }
        return bytes.count >= end + 4 + (length ?? 0)
    }

    /// Where the first response head ends (its blank line), if it has.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(separator) }
    }

    /// Sends `request` on a new connection and reads until the server closes it or `timeout`
    /// passes.
    /// - Throws: ``Failure`` when the connection cannot be made.
    public static func exchange(_ request: [UInt8], port: Int, timeout: Duration) async throws -> Reply {
        let connection = try RawHTTPConnection(port: port)
        await connection.write(request)
        return await connection.receive(timeout: timeout)
    }

    /// Runs `body` on a thread of its own.
    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    /// A write to a closed socket fails instead of raising SIGPIPE.
    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal = Int32(0)
    #endif
}
