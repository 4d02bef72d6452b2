import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// No client holds the server: a head or body sent too slowly, a connection left idle and a
/// client that stopped reading are closed, and past the connection limit idle connections make
/// room for new ones, while the event stream and long downloads go on as long as they need.
@Suite("Connection timeouts and limits", .tags(.timed))
struct ConnectionLimitsTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// Timeouts short enough for a test: half a second for a head or a body, a second idle.
    private static var short: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerTimeout = .milliseconds(500)
        limits.bodyTimeout = .milliseconds(500)
        limits.idleTimeout = .seconds(1)
        return limits
    }

    private func app(_ limits: ConnectionLimits = Self.short) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(folders: [photos], port: 0)
        configuration.connections = limits
        return try APITestSupport.application(configuration, engine: engine)
    }

    @Test("A head sent in part is answered 408 and closed after the header timeout")
    func slowHead() async throws {
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app().test(.live) { client in
            let connection = try RawHTTPConnection(port: try #require(client.port))
            await connection.write("GET /api/sources HTTP/1.1\r\nHost: local")
            let reply = await connection.receive(timeout: .seconds(5))
            #expect(reply.closed && reply.elapsed < .seconds(4), "\(reply.elapsed)")
            #expect(reply.status == 408)

            // A head trickled a byte at a time is no slower to end.
            let trickled = try RawHTTPConnection(port: try #require(client.port))
            let start = ContinuousClock.now
            for byte in "GET /api/sources HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8 {
                guard await trickled.write([byte]) else { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let rest = await trickled.receive(timeout: .seconds(5))
            #expect(rest.closed && ContinuousClock.now - start < .seconds(5))
        }
    }

    @Test("A body shorter than its Content-Length is closed after the body timeout", arguments: ["POST /api/backup/star", "GET /api/sources"])
    func shortBody(request: String) async throws {
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app().test(.live) { client in
            let connection = try RawHTTPConnection(port: try #require(client.port))
            await connection.write(
                "\(request) HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100000\r\n\r\n{\"source\": ")
            let reply = await connection.receive(timeout: .seconds(5))
            #expect(reply.closed && reply.elapsed < .seconds(4), "\(reply.elapsed)")
        }
    }

    @Test("A connection that sends nothing, or nothing more after its response, is closed after the idle timeout")
    func idle() async throws {
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app().test(.live) { client in
            let silent = try RawHTTPConnection(port: try #require(client.port))
            let nothing = await silent.receive(timeout: .seconds(5))
            #expect(nothing.closed && nothing.bytes.isEmpty && nothing.elapsed > .milliseconds(900) && nothing.elapsed < .seconds(4))

            let kept = try RawHTTPConnection(port: try #require(client.port))
            await kept.write("GET /api/sources HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await kept.receiveResponse(timeout: .seconds(5)).status == 200)
            let after = await kept.receive(timeout: .seconds(5))
            #expect(after.closed && after.elapsed < .seconds(4))
        }
    }

    @Test("Past the connection limit the longest idle connections make room: a new request is answered")
    func limit() async throws {
        var limits = Self.short
        limits.idleTimeout = .seconds(60)
        limits.headerTimeout = .seconds(60)
        limits.maximumConnections = 32
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app(limits).test(.live) { client in
            let port = try #require(client.port)
            var idle: [RawHTTPConnection] = []
            for index in 0..<300 {
                idle.append(try RawHTTPConnection(port: port))
                if index % 3 == 0 {
                    // Half-sent heads count as idle too.
                    await idle[index].write("GET / HTTP/1.1\r\nHo")
                }
            }
            let start = ContinuousClock.now
            // As a browser does, a GET whose connection closes before any answer is sent again:
            // connections are counted in on two event loops, so a newcomer still waiting for its
            // first read can now and then be the one that makes room for a later one.
            var reply = try await RawHTTPConnection.exchange(
                Array("GET /api/sources HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8), port: port, timeout: .seconds(20))
            for _ in 0..<2 where reply.status == nil {
                reply = try await RawHTTPConnection.exchange(
                    Array("GET /api/sources HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8), port: port, timeout: .seconds(20))
            }
            // At once on an idle machine; a loaded one may drop a connection attempt while the
            // accept queue is full, and the client's retry comes a second or more later.
            #expect(reply.status == 200 && ContinuousClock.now - start < .seconds(20), "\(ContinuousClock.now - start)")
            var closed = 0
            for connection in idle where await connection.receive(timeout: .milliseconds(20)).closed {
                closed += 1
            }
            #expect(closed >= 300 - 32, "\(closed) of 300 idle connections closed")
        }
    }

    @Test("When every connection is responding, a new one is closed; once a response ends, its connection makes room")
    func allBusy() async throws {
        let size = 8 << 20
        try Data(count: size).write(to: URL(fileURLWithPath: photos + "/big.jpg"))
        var limits = Self.short
        limits.maximumConnections = 4
        // The download is not read while the refused connection is tried: a loaded machine may
        // take more than a second over that, which is not what this test is about.
        limits.idleTimeout = .seconds(30)
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app(limits).test(.live) { client in
            let port = try #require(client.port)
            var streams: [RawHTTPConnection] = []
            for _ in 0..<3 {
                let stream = try RawHTTPConnection(port: port)
                await stream.write("GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(await stream.receiveHead(timeout: .seconds(5)).status == 200)
                streams.append(stream)
            }
            let download = try RawHTTPConnection(port: port)
            await download.write("GET /api/sources/local-0/folders/~/items/~big.jpg/original HTTP/1.1\r\nHost: localhost\r\n\r\n")
            var received = await download.read(atMost: 64 << 10, timeout: .seconds(1)).bytes.count

            let refused = try RawHTTPConnection(port: port)
            await refused.write("GET /api/sources HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let reply = await refused.receive(timeout: .seconds(2))
            #expect(reply.closed && reply.status == nil)

            while received <= size {
                let part = await download.read(atMost: 1 << 20, timeout: .seconds(10))
                guard !part.closed, !part.bytes.isEmpty else { break }
                received += part.bytes.count
            }
            #expect(received > size)
            let accepted = try await RawHTTPConnection.exchange(
                Array("GET /api/sources HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8), port: port, timeout: .seconds(2))
            #expect(accepted.status == 200)
            withExtendedLifetime(streams) {}
        }
    }

    @Test("A JSON body nested too deep is 400, one too large 413, and the server goes on")
    func jsonBodies() async throws {
        // The standard timeouts: the half-second ones of the other tests would cut a 3 MB body
        // short on a loaded machine, and this is about what the body says, not how fast it comes.
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app(ConnectionLimits()).test(.live) { client in
            let headers: HTTPFields = [.origin: "http://localhost", .contentType: "application/json"]
            let depth = 100_000
            let nested = "{\"source\":\"local-0\",\"folder\":\"~\",\"starred\":true,\"ids\":" + String(repeating: "[", count: 600)
            let bodies: [(String, HTTPResponse.Status)] = [
                (String(repeating: "[", count: depth) + String(repeating: "]", count: depth), .badRequest),
                (nested + String(repeating: "]", count: 600) + "}", .badRequest),
                ("{\"ids\":[\"" + String(repeating: "x", count: 3 << 20) + "\"]}", .contentTooLarge),
            ]
            for (body, status) in bodies {
                do {
                    let response = try await client.execute(uri: "/api/backup/star", method: .post, headers: headers, body: ByteBuffer(string: body))
                    #expect(response.status == status)
                } catch  where status == .contentTooLarge {
                    // The server answered 413 and closed before the client finished sending the
                    // rest, which the client reports as a write to a closed channel: refused too.
                }
            }
            let sources = try await client.execute(uri: "/api/sources", method: .get)
            #expect(sources.status == .ok)
        }
    }

    @Test("The oldest event stream ends when too many are open")
    func eventStreams() async throws {
        var limits = Self.short
        limits.maximumEventStreams = 2
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app(limits).test(.live) { client in
            let port = try #require(client.port)
            let first = try RawHTTPConnection(port: port)
            await first.write("GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await first.receiveHead(timeout: .seconds(5)).status == 200)
            var later: [RawHTTPConnection] = []
            for _ in 0..<2 {
                let stream = try RawHTTPConnection(port: port)
                later.append(stream)
                await stream.write("GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(await stream.receiveHead(timeout: .seconds(5)).status == 200)
            }
            // Its response ended (the chunked body's last chunk); the connection may stay for another request.
            #expect(await first.receive(timeout: .seconds(3)).contains("0\r\n\r\n"))
            withExtendedLifetime(later) {}
        }
    }

    @Test("The event stream and a long download go on past every timeout while the client reads")
    func streaming() async throws {
        let size = 16 << 20
        try Data(count: size).write(to: URL(fileURLWithPath: photos + "/big.jpg"))
        try FileManager.default.createDirectory(atPath: photos + "/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/sub/a.jpg")
        // A ten-second idle timeout: a loaded machine can leave the reader off the CPU for
        // seconds, which is a client that stopped reading only at shorter timeouts.
        var limits = Self.short
        limits.idleTimeout = .seconds(10)
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app(limits).test(.live) { client in
            let port = try #require(client.port)
            let events = try RawHTTPConnection(port: port)
            await events.write("GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n")

            let download = try RawHTTPConnection(port: port)
            await download.write("GET /api/sources/local-0/folders/~/items/~big.jpg/original HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // 1 MB every 700 ms: over 11 seconds for the whole file, past the idle timeout.
            var received = 0
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .seconds(90) {
                let part = await download.read(atMost: 1 << 20, timeout: .seconds(2))
                received += part.bytes.count
                if part.closed || received > size { break }
                try await Task.sleep(for: .milliseconds(700))
            }
            #expect(received > size && ContinuousClock.now - start > .seconds(10), "\(received) bytes in \(ContinuousClock.now - start)")

            // The stream has been open for longer than the idle timeout, and still brings events
            // (a folder not open yet is listed).
            let listing = try await RawHTTPConnection.exchange(
                Array("GET /api/sources/local-0/folders/~sub/items HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8), port: port,
                timeout: .seconds(5))
            #expect(listing.status == 200)
            let stream = await events.receive(timeout: .seconds(2))
            #expect(!stream.closed && stream.contains("event: listing"))
        }
    }

    @Test("A download whose client stops reading is closed after the idle timeout")
    func stalledDownload() async throws {
        let size = 64 << 20
        FileManager.default.createFile(atPath: photos + "/huge.jpg", contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: photos + "/huge.jpg"))
        try file.truncate(atOffset: UInt64(size))
        try file.close()
        // Live: raw sockets reach the connection guard's timeouts and limits, which sit below the router.
        try await app().test(.live) { client in
            let download = try RawHTTPConnection(port: try #require(client.port))
            await download.write("GET /api/sources/local-0/folders/~/items/~huge.jpg/original HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // Each round waits for the buffers to fill (nothing more arrives for 2 s), waits out
            // the one-second timeout, then drains what is buffered, after which the close comes.
            // A loaded machine may stall the sending for a while and so look full too early:
            // the next round, with its buffers filled again, gives the server its chance again.
            var received = 0
            var closed = false
            for _ in 0..<6 where !closed {
                _ = await download.waitUntilUnreadStopsGrowing(quiet: .seconds(2), timeout: .seconds(60))
                try await Task.sleep(for: .seconds(3))
                var drained = 0
                while drained < 8 << 20 {
                    let part = await download.read(atMost: 1 << 20, timeout: .milliseconds(500))
                    drained += part.bytes.count
                    closed = part.closed
                    guard !closed, !part.bytes.isEmpty else { break }
                }
                received += drained
            }
            #expect(closed && received < size, "\(received) bytes read, closed: \(closed)")
        }
    }
}
