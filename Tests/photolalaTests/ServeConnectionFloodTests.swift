import Foundation
import PhotolalaTestSupport
import Testing

/// `photolala serve` as a hostile local process finds it: run with a small open-file limit
/// (512, half of what Debian and Ubuntu sessions allow, so that this test's own connections fit
/// in theirs), flooded with more idle connections than it allows.
@Suite("photolala serve under a connection flood", .tags(.timed))
struct ServeConnectionFloodTests {
    @Test("600 idle connections, more than its file limit allows, do not keep a request out")
    func idleFlood() async throws {
        let cli = try CLI()
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 512 && exec \"$0\" \"$@\"", CLI.binary, "serve", try await Fixtures.directory().path, "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PHOTOLALA_CACHE_DIR": cli.folder.path("cache"), "PHOTOLALA_DATA_DIR": cli.folder.path("data"),
        ]) { $1 }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let url = try await firstLine(of: output).split(separator: " ").last ?? ""
        let port = try #require(url.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })

        let idle = try (0..<600).map { _ in try RawHTTPConnection(port: port) }
        let start = ContinuousClock.now
        let reply = try await RawHTTPConnection.exchange(
            Array("GET /api/sources HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8), port: port, timeout: .seconds(20))
        // Before the connection limit it was never answered; a loaded machine may take seconds.
        #expect(reply.status == 200, "no answer in \(ContinuousClock.now - start) with \(idle.count) idle connections open")
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
