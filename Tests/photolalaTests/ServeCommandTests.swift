import Foundation
import PhotolalaTestSupport
import Testing

/// `photolala serve` as a user runs it: a real process on a free port, spoken to with curl.
@Suite("photolala serve")
struct ServeCommandTests {
    @Test("It prints its URL, serves the UI and the API, and refuses a foreign Host header")
    func serves() async throws {
        let cli = try CLI()
        let server = try await RunningServer(cli, [try await Fixtures.directory().path])
        #expect(server.line.hasPrefix("Photolala is serving 1 folder at http://127.0.0.1:"))
        #expect(server.url.hasPrefix("http://127.0.0.1:") && server.url.hasSuffix("/"))
        let page = try await Shell.run("curl", ["-s", server.url])
        #expect(page.contains("<script type=\"module\" src=\"js/main.js\">"))
        let status = try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", server.url + "api/sources"])
        #expect(status == "200")
        let rebinding = try await Shell.run(
            "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Host: attacker.example", server.url + "api/sources"])
        #expect(rebinding == "403")
    }

    @Test("The line it prints counts every source, not only folders")
    func startupLine() async throws {
        let cli = try CLI()
        let library = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: cli.folder)
        let one = try await RunningServer(cli, ["--library", library])
        #expect(one.line == "Photolala is serving 1 Apple Photos library at \(one.url)")
        let both = try await RunningServer(cli, [cli.folder.path, try await Fixtures.directory().path, "--library", library])
        #expect(both.line == "Photolala is serving 2 folders and 1 Apple Photos library at \(both.url)")
    }

    @Test("Off loopback it will not start without a token, and with --generate-token the URL carries one")
    func tokens() async throws {
        let cli = try CLI()
        let refused = try await cli.run("serve", cli.folder.path, "--host", "0.0.0.0", "--port", "0")
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("Pass --token SECRET or --generate-token"))

        let server = try await RunningServer(cli, [cli.folder.path, "--generate-token"])
        #expect(server.url.contains("/?token="))
        let base = String(server.url.prefix { $0 != "?" })
        #expect(try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", base + "api/sources"]) == "401")
        #expect(try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", server.url]) == "200")
    }

    @Test("A photo added to an open folder reaches the page through the event stream")
    func liveUpdates() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: photos + "/first.gif")
        let server = try await RunningServer(cli, [photos])

        let events = Process()
        let log = cli.folder.path("events.txt")
        FileManager.default.createFile(atPath: log, contents: nil)
        events.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        events.arguments = ["curl", "-s", "-N", "--max-time", "20", server.url + "api/events"]
        events.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try events.run()
        defer { events.terminate() }

        // Open the folder, and wait for its listing to complete.
        for _ in 0..<100 {
            if try await Shell.run("curl", ["-s", server.url + "api/sources/local-0/folders/~/items"]).contains("\"complete\":true") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.webp").path, toPath: photos + "/second.webp")

        var seen = ""
        for _ in 0..<100 {
            seen = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if seen.contains("second.webp") { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(seen.contains("event: change"), "\(seen)")
        #expect(seen.contains("second.webp"))
        let items = try await Shell.run("curl", ["-s", server.url + "api/sources/local-0/folders/~/items"])
        #expect(items.contains("second.webp"))
    }

    @Test("A missing folder and a port in use are said in words a user can act on, never as a Swift value")
    func startupErrors() async throws {
        let cli = try CLI()
        let missing = try await cli.run("serve", "/nonexistent-photolala-folder", "--port", "0")
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: No such folder: /nonexistent-photolala-folder\n")

        let taken = try #require(LoopbackSocket.bound(listening: 8))
        defer { close(taken.descriptor) }
        let busy = try await cli.run("serve", try await Fixtures.directory().path, "--port", String(taken.port))
        #expect(busy.status == 1)
        #expect(
            busy.standardError.hasSuffix("Error: Port \(taken.port) is already in use: stop the other server or pass --port.\n"),
            "\(busy.standardError)")
        #expect(!busy.standardError.contains("errno"))
    }
}
