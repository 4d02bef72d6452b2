import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP server on 127.0.0.1 that answers requests with scripted responses, in order (the
/// last one again once they run out), and counts the requests: for S3 answers no real server
/// gives on cue, such as an error inside a 200 answer, and for endpoints that are not S3 at all
/// (a web page answering 200).
public final class ScriptedHTTPServer: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var body: String
        public var contentType: String

        public init(status: Int, body: String, contentType: String = "application/xml") {
            self.status = status
            self.body = body
            self.contentType = contentType
        }
    }

    public let port: Int
    private let listener: Int32
    private let state: Mutex<(script: [Response], requests: Int)>

    public init(_ script: [Response]) throws {
        state = Mutex((script, 0))
        guard let (descriptor, port) = LoopbackSocket.bound(listening: 16) else { throw POSIXError(.EADDRNOTAVAIL) }
        listener = descriptor
        self.port = port
        Thread.detachNewThread { [self] in serve() }
    }

    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Requests answered so far.
    public var requests: Int { state.withLock { $0.requests } }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            readRequest(client)
            let response = state.withLock { state in
                state.requests += 1
                return state.script.count > 1 ? state.script.removeFirst() : state.script[0]
            }
            let body = Array(response.body.utf8)
            let head =
                "HTTP/1.1 \(response.status) Scripted\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let bytes = Array(head.utf8) + body
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
            close(client)
        }
    }

    /// Reads the request's head and as much body as its Content-Length says.
    private func readRequest(_ client: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var expected: Int?
        while expected.map({ received.count < $0 }) ?? true {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received += buffer[..<count]
            if expected == nil, let end = String(decoding: received, as: UTF8.self).range(of: "\r\n\r\n") {
                let head = String(decoding: received, as: UTF8.self)[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }.flatMap {
                    Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                }
                expected = String(decoding: received, as: UTF8.self)[..<end.upperBound].utf8.count + (length ?? 0)
            }
        }
    }
}
