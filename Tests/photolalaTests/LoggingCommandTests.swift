import Foundation
import PhotolalaTestSupport
import Testing

/// `--log-level`, `PHOTOLALA_LOG_LEVEL` and `serve --access-log`, run as a user runs them.
@Suite("Logging")
struct LoggingCommandTests {
    @Test("--log-level debug writes debug lines to standard error; the default level writes none")
    func logLevel() async throws {
        let cli = try CLI()
        let quiet = try await cli.run("scan", cli.folder.path)
        #expect(quiet.status == 0)
        #expect(!quiet.standardError.contains(" debug "), "\(quiet.standardError)")

        let debug = try await cli.run("scan", cli.folder.path, "--log-level", "debug")
        #expect(debug.status == 0)
        let lines = debug.standardError.split(separator: "\n").filter { $0.contains(" debug photolala: The engine is ready.") }
        #expect(lines.count == 1, "\(debug.standardError)")
        #expect(lines.first?.contains("cache=\(cli.folder.path("cache"))") == true)
        #expect(debug.standardOutput.isEmpty, "log lines go to standard error only")

        let fromEnvironment = try await cli.run("scan", cli.folder.path, environment: ["PHOTOLALA_LOG_LEVEL": "debug"])
        #expect(fromEnvironment.standardError.contains(" debug photolala: "))
        let flagWins = try await cli.run("scan", cli.folder.path, "--log-level", "error", environment: ["PHOTOLALA_LOG_LEVEL": "debug"])
        #expect(!flagWins.standardError.contains(" debug "), "\(flagWins.standardError)")

        let wrong = try await cli.run("scan", cli.folder.path, environment: ["PHOTOLALA_LOG_LEVEL": "loud"])
        #expect(wrong.status == 1)
        #expect(
            wrong.standardError == "Error: PHOTOLALA_LOG_LEVEL must be one of trace, debug, info, notice, warning, error, critical, not 'loud'.\n")
    }

    @Test("serve --access-log appends a line per request with its status, and never the token")
    func accessLog() async throws {
        let cli = try CLI()
        let path = cli.folder.path("access.log")
        try "an earlier line\n".write(toFile: path, atomically: false, encoding: .utf8)
        let token = "s3cret-token-123"
        let server = try await RunningServer(cli, [try await Fixtures.directory().path, "--token", token, "--access-log", path])
        let base = String(server.url.prefix { $0 != "?" })
        #expect(try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", base + "api/sources?token=" + token]) == "200")
        #expect(try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", base + "api/sources?token=wrong"]) == "401")
        #expect(
            try await Shell.run(
                "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer " + token, base + "nothing-here"])
                == "404")

        // A line is written once its answer is sent, which curl may see a moment before.
        var lines: [Substring] = []
        for _ in 0..<50 {
            lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            if lines.count >= 4 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first == "an earlier line")
        let pattern = /^127\.0\.0\.1 - - \[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET ([^"]*)" (\d{3}) (\d+) \d+ms$/
        let requests = lines.dropFirst().compactMap { try? pattern.wholeMatch(in: $0) }
        #expect(requests.count == 3, "\(lines)")
        #expect(requests.map { "\($0.output.1) \($0.output.2)" } == ["/api/sources 200", "/api/sources 401", "/nothing-here 404"])
        #expect(requests.first.map { Int($0.output.3) ?? 0 > 0 } == true, "the bytes of the body")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(token) && !text.contains("wrong"), "\(text)")
    }

    @Test("An access log that cannot be written is reported once, and the server goes on answering")
    func accessLogFull() async throws {
        let cli = try CLI()
        let errors = cli.folder.path("stderr.txt")
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        defer { try? handle.close() }
        let server = try await RunningServer(cli, [cli.folder.path, "--access-log", "/dev/full"], standardError: handle)
        for _ in 0..<3 {
            #expect(try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", server.url + "api/sources"]) == "200")
        }
        func reports() throws -> [Substring] {
            try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n").filter {
                $0.contains(" error photolala.server: The access log cannot be written; lines are lost until it can.")
            }
        }
        for _ in 0..<50 where try reports().isEmpty {
            try await Task.sleep(for: .milliseconds(100))
        }
        // Every request's line has been tried by now; each failed.
        try await Task.sleep(for: .milliseconds(300))
        let reported = try reports()
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.contains("path=/dev/full") == true)
    }

    @Test("serve refuses an access log it cannot open, saying which")
    func accessLogUnwritable() async throws {
        let cli = try CLI()
        let path = cli.folder.path("no-such-folder/access.log")
        let output = try await cli.run("serve", cli.folder.path, "--port", "0", "--access-log", path)
        #expect(output.status == 1)
        #expect(output.standardError.contains("The access log '\(path)' cannot be opened: No such file or directory."), "\(output.standardError)")
    }
}
