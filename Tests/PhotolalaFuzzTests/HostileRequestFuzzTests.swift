import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// `photolala serve` against hostile HTTP requests over raw sockets: every route of its router
/// with hostile parameters, headers and bodies (``RouteRequests``), hand-written families
/// (traversal however encoded, ids of hidden and outside files, overlong and malformed heads,
/// bad bodies and Host headers), then mutations of valid requests until the budget ends. Any
/// 5xx, any request left unanswered for 10 seconds, or any byte of a file the listing hides
/// fails the run; a crash kills the test process, which fails it too. The derived and
/// hand-written requests are all sent, however long they take.
@Suite("Hostile HTTP requests")
struct HostileRequestFuzzTests {
    /// How many requests are in flight at once.
    static let parallel = 8

    @Test("The server answers every hostile request without a 5xx, a hang, or a byte of a hidden or outside file")
    func hostileRequests() async throws {
        let tree = try await HostileTree()
        var configuration = ServerConfiguration(folders: [tree.served], port: 0)
        configuration.publicDirectory = Fixtures.repositoryRoot.appendingPathComponent("Sources/PhotolalaServer/Public").path
        // Short, so that requests left incomplete on purpose are closed quickly.
        configuration.connections.headerTimeout = .seconds(1)
        configuration.connections.bodyTimeout = .seconds(1)
        configuration.connections.idleTimeout = .seconds(2)
        let derived = RouteRequests(try buildRouter(configuration: configuration, engine: tree.engine).router)
        #expect(derived.routes.count >= 24, "the router lists its routes")
        let app = try buildApplication(configuration: configuration, engine: tree.engine)
        // Live: hostile bytes go through a raw socket to the HTTP decoder and connection guard.
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let budget = FuzzBudget(share: 0.3)
            var requests = HostileRequests(seed: budget.seed, derived: derived.all)
            var sent = 0
            var failures = 0
            // A window of requests in flight, each replaced as soon as it is answered.
            await withTaskGroup(of: (Int, [UInt8], Exchange).self) { group in
                func send() {
                    let request = requests.next()
                    let number = sent
                    sent += 1
                    group.addTask { (number, request, await Exchange(request, port: port)) }
                }
                for _ in 0..<Self.parallel {
                    send()
                }
                for await (number, request, exchange) in group {
                    if let problem = exchange.problem(hiding: tree.markers) {
                        failures += 1
                        let text = String(reflecting: String(decoding: request.prefix(300), as: UTF8.self))
                        Issue.record("Seed \(budget.seed), request \(number): \(problem). Request (\(request.count) bytes): \(text)")
                    }
                    if (budget.hasTime || sent < requests.handWritten) && failures < 5 {
                        send()
                    }
                }
            }
            print(
                "HostileRequestFuzzTests: \(sent) requests (\(requests.handWritten) derived and hand-written), seed \(budget.seed) (PHOTOLALA_FUZZ_SEED replays it)"
            )
            #expect(sent >= requests.handWritten, "the budget ended before the hand-written requests were all sent")
        }
    }
}

/// One request sent on its own connection and what came back within 10 seconds.
private struct Exchange: Sendable {
    let reply: RawHTTPConnection.Reply?

    init(_ request: [UInt8], port: Int) async {
        guard let connection = try? RawHTTPConnection(port: port) else {
            reply = nil
            return
        }
        await connection.write(request)
        reply = await connection.receiveResponse(timeout: .seconds(10))
    }

    /// What is wrong with the answer, if anything.
    func problem(hiding markers: [String]) -> String? {
        guard let reply else { return "the server refused the connection" }
        if let marker = markers.first(where: reply.contains) {
            return "the response holds '\(marker)', from a file that must never be served"
        }
        if reply.contains("HTTP/1.1 5") || reply.contains("HTTP/1.0 5") {
            return "a server error: \(String(decoding: reply.bytes.prefix(200), as: UTF8.self))"
        }
        if reply.timedOut && !reply.contains("text/event-stream") {
            return "no answer and no close within 10 seconds"
        }
        return nil
    }
}

/// A served folder with photos beside everything its listing hides, and a folder outside it:
/// each hidden, non-photo or outside file holds its own marker.
private struct HostileTree: WorkspaceSuite {
    let workspace: TestWorkspace
    let served: String
    private(set) var markers: [String] = []

    init() async throws {
        workspace = try TestWorkspace()
        served = workspace.folder.path("served")
        let outside = workspace.folder.path("outside")
        let files = FileManager.default
        for path in [served + "/sub/.inner", served + "/.private", served + "/.git", outside] {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let fixtures = [
            "orientation6.jpg", "photo.heic", "photo.tiff", "photo.webp", "png-named.jpg", "IMG_0001", "truncated.jpg", "empty.jpg",
            "notes.jpg", "bomb.png",
        ]
        for name in fixtures {
            try files.copyItem(atPath: try await Fixtures.file(name).path, toPath: served + "/" + name)
        }
        try files.copyItem(atPath: try await Fixtures.file("photo.png").path, toPath: served + "/sub/inside.png")
        for try await _ in workspace.engine.catalogBuilder(jobs: 1).build(folder: try workspace.engine.localSource(root: served)) {}

        let jpeg = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
        for path in [served + "/.hidden.jpg", served + "/.private/p.jpg", served + "/sub/.inner/q.jpg", outside + "/secret.jpg"] {
            try mark(path, after: jpeg)
        }
        for path in [
            served + "/.env", served + "/notes.txt", served + "/secret", served + "/.git/config", served + "/sub/readme.md",
            served + "/.photolala/extra.plist", outside + "/secret.txt",
        ] {
            try mark(path, after: Data())
        }
        try files.createSymbolicLink(atPath: served + "/escape.jpg", withDestinationPath: outside + "/secret.jpg")
        try files.createSymbolicLink(atPath: served + "/outdir", withDestinationPath: "../outside")
        try files.createSymbolicLink(atPath: served + "/inlink.jpg", withDestinationPath: ".private/p.jpg")
        try files.createSymbolicLink(atPath: served + "/privdoor", withDestinationPath: ".private")
    }

    /// Writes `prefix` then a marker of its own to `path`.
    private mutating func mark(_ path: String, after prefix: Data) throws {
        let marker = "LEAK-\(markers.count)-\(UUID().uuidString.prefix(8))"
        markers.append(marker)
        try (prefix + Data(marker.utf8)).write(to: URL(fileURLWithPath: path))
    }
}

/// Hostile requests: first every derived and hand-written one, then mutations of valid requests
/// and of those, from a seed.
struct HostileRequests {
    private var mutator: Mutator
    private let seeds: [[UInt8]]
    private let families: [[UInt8]]
    private var position = 0

    init(seed: UInt64, derived: [[UInt8]]) {
        mutator = Mutator(seed: seed)
        seeds = Self.validRequests
        families = derived + Self.handWrittenRequests
    }

    var handWritten: Int { families.count }

    mutating func next() -> [UInt8] {
        if position < families.count {
            defer { position += 1 }
            return families[position]
        }
        let pool = mutator.index(below: 3) == 0 ? families : seeds
        return mutator.mutate(pool[mutator.index(below: pool.count)], limit: 1 << 18)
    }

    // MARK: - Requests

    static func request(_ target: String, method: String = "GET", headers: [String] = ["Host: localhost"], body: [UInt8]? = nil) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n"
        if let body {
            head += "Content-Length: \(body.count)\r\n"
        }
        return Array((head + "\r\n").utf8) + (body ?? [])
    }

    static func star(_ body: [UInt8]) -> [UInt8] {
        request(
            "/api/backup/star", method: "POST", headers: ["Host: localhost", "Origin: http://localhost", "Content-Type: application/json"], body: body
        )
    }

    static func starBody(folder: String = "~", ids: [String]) -> [UInt8] {
        let quoted = ids.map { "\"\($0)\"" }.joined(separator: ",")
        return Array("{\"source\":\"local-0\",\"folder\":\"\(folder)\",\"ids\":[\(quoted)],\"starred\":true}".utf8)
    }

    static func id(_ path: String) -> String {
        Data(path.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static let routes = ["thumbnail", "metadata", "full", "original"]
    static let items = "/api/sources/local-0/folders/"

    /// What the web UI asks, with real ids: the seeds of mutations.
    static let validRequests: [[UInt8]] = {
        var requests = [request("/"), request("/js/main.js"), request("/api/sources"), request("/api/backup/status"), request("/api/cloud")]
        requests += [request(items + "~"), request(items + "~/items?offset=0&limit=50"), request(items + "~sub/items"), request(items + "~/backup")]
        for photo in ["~orientation6.jpg", "~photo.heic", "~IMG_0001", "~bomb.png", "~truncated.jpg"] {
            requests += routes.map { request(items + "~/items/\(photo)/\($0)") }
        }
        requests.append(request(items + "~/items/~orientation6.jpg/full", headers: ["Host: localhost", "Range: bytes=0-10", "If-None-Match: \"x\""]))
        requests.append(request(items + "~sub/items/~inside.png/thumbnail", headers: ["Host: localhost", "Photolala-Priority: prefetch"]))
        requests.append(star(starBody(ids: ["~orientation6.jpg", "~photo.heic"])))
        requests.append(request("/api/backup/run", method: "POST", headers: ["Host: localhost", "Origin: http://localhost"], body: []))
        return requests
    }()

    /// Ids and folders of everything hidden, outside or not a photo, then heads and bodies no
    /// client should send.
    static let handWrittenRequests: [[UInt8]] = {
        var requests: [[UInt8]] = []
        let hiddenPaths = [
            ".env", ".hidden.jpg", ".private/p.jpg", ".git/config", ".photolala/extra.plist", ".photolala/manifest.plist", "notes.txt", "secret",
            "sub/readme.md", "sub/.inner/q.jpg", "escape.jpg", "outdir/secret.jpg", "outdir/secret.txt", "inlink.jpg", "privdoor/p.jpg",
            "../outside/secret.jpg", "../outside/secret.txt", "sub/../.env", "./.env", "sub//inside.png", "/etc/passwd", "..", ".", "",
        ]
        let ids = hiddenPaths.map(id) + ["~notes.txt", "~secret", "~.env", "~..", "~escape.jpg", "~inlink.jpg", "~", "~~", "~a/b", "%7E.env"]
        for item in ids {
            requests += routes.map { request(items + "~/items/\(item)/\($0)") }
        }
        let folders =
            [".private", ".photolala", ".git", "outdir", "privdoor", "..", "../outside", "sub/.inner", "/", "/etc"].map(id) + [
                "~.private", "~outdir", "~privdoor", "~..", "%2e%2e",
            ]
        for folder in folders {
            requests += ["", "/items", "/backup", "/items/~p.jpg/original", "/items/~secret.txt/original"].map { request(items + folder + $0) }
            requests.append(star(starBody(folder: folder, ids: ["~p.jpg", "~secret.jpg"])))
        }
        requests.append(star(starBody(ids: ids)))
        for target in [
            "/../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%252e%252e/%252e%252e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
            "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/....//....//etc/passwd", "/..\\..\\etc\\passwd", "//etc/passwd",
            "/js/../../outside/secret.txt",
            "/css/%2e%2e/%2e%2e/%2e%2e/outside/secret.txt", "/index.html%00.jpg", "/.env", "/.git/config", items + "~/items/..%2f..%2fouter/original",
            items + "..%2f..%2f/items/~secret.jpg/original", items + "~/items/~secret/original?token=x&offset=-1",
            items + "~/items?offset=-5&limit=-1",
            items + "~/items?offset=99999999999999999999999&limit=abc", "/api/sources/../../etc/passwd", "/api/sources/local-9/folders/~",
            "/api/sources/%00/folders/~", "*", "/" + String(repeating: "a", count: 70_000),
            "/api/sources?" + String(repeating: "x=1&", count: 20_000),
        ] {
            requests.append(request(target))
        }
        let absurd = String(repeating: "A", count: 100_000)
        for head in [
            "GET http://evil.example/api/sources HTTP/1.1\r\nHost: localhost", "GET http://localhost/api/sources HTTP/1.1",
            "GET /api/sources HTTP/1.1\r\nHost: localhost\r\nHost: evil.example", "GET /api/sources HTTP/1.1\r\nHost: evil.example",
            "GET /api/sources HTTP/1.1\r\nHost: 127.0.0.1:1 evil", "GET /api/sources HTTP/1.1", "GET /api/sources HTTP/1.0",
            "GET /api/sources HTTP/0.9\r\nHost: localhost", "GET /api/sources HTTP/9.9\r\nHost: localhost",
            "BREW /api/sources HTTP/1.1\r\nHost: localhost",
            "get /api/sources HTTP/1.1\r\nHost: localhost", "CONNECT localhost:22 HTTP/1.1\r\nHost: localhost",
            "OPTIONS * HTTP/1.1\r\nHost: localhost",
            "TRACE / HTTP/1.1\r\nHost: localhost", "DELETE /api/sources HTTP/1.1\r\nHost: localhost", "PRI * HTTP/2.0\r\n\r\nSM",
            "GET /api/sources HTTP/1.1\r\nHost: localhost\r\nX-Long: \(absurd)", "GET /api/sources HTTP/1.1\r\nHost: localhost\r\n \tfolded",
            "GET /api/sources HTTP/1.1\r\nHost: localhost\r\n" + String(repeating: "X-A: b\r\n", count: 3_000),
            "GET /api/sources HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue",
            "GET /api/sources HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1",
            "GET /api/sources HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999999999999999",
            "POST /api/backup/star HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Length: 5\r\nContent-Length: 7",
            "POST /api/backup/star HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3",
            "GET /api/sources/local-0/folders/~/items/~orientation6.jpg/full HTTP/1.1\r\nHost: localhost\r\nRange: bytes=99999999-",
            "GET /api/sources/local-0/folders/~/items/~orientation6.jpg/full HTTP/1.1\r\nHost: localhost\r\nRange: bytes=-0,5-1,a-b",
            "GET /api/sources/local-0/folders/~/items/~orientation6.jpg/thumbnail HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: \(absurd.prefix(9_000))",
        ] {
            requests.append(Array((head + "\r\nConnection: close\r\n\r\n").utf8))
        }
        // Incomplete on purpose: the server must time them out, not wait.
        requests.append(Array("GET /api/sources HTTP/1.1\r\nHost: loc".utf8))
        requests.append(
            Array("POST /api/backup/star HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Length: 1000\r\n\r\n{\"a\"".utf8))
        requests.append(
            Array(
                "POST /api/backup/star HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFF\r\nab"
                    .utf8))
        requests.append([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + [UInt8](repeating: 0x41, count: 64))

        // JSON bodies: nested deeply, too large, of the wrong shape.
        let depth = 100_000
        requests.append(star(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)))
        requests.append(
            star(Array(("{\"ids\":" + String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth) + "}").utf8)))
        requests.append(
            star(Array(("{\"source\":\"local-0\",\"folder\":\"~\",\"starred\":true,\"ids\":" + String(repeating: "[", count: 600) + "]").utf8)))
        requests.append(star(starBody(ids: [String](repeating: "~orientation6.jpg", count: 50_000))))
        requests.append(star(starBody(ids: [String(repeating: "A", count: 1_000_000)])))
        requests.append(star(Array(("{\"ids\":[\"" + String(repeating: "x", count: 3 << 20) + "\"]}").utf8)))
        for body in [
            "", "null", "[]", "{}", "{\"source\":1e999999,\"folder\":\"~\",\"ids\":[],\"starred\":true}", "{\"source\":\"local-0\"", "\u{FEFF}{}",
            "{\"source\":\"local-0\",\"folder\":\"~\",\"ids\":[\"\\ud800\"],\"starred\":true}",
            "{\"source\":\"cloud\",\"folder\":\"~\",\"ids\":[\"a\"],\"starred\":true}",
            "{\"source\":\"apple-photos\",\"folder\":\"~\",\"ids\":[\"a\"],\"starred\":false}",
        ] {
            requests.append(star(Array(body.utf8)))
        }
        for path in ["/api/cloud/restore", "/api/cloud/restore/estimate", "/api/cloud/sync?force=true"] {
            requests.append(
                request(
                    path, method: "POST", headers: ["Host: localhost", "Origin: http://localhost", "Content-Type: application/json"],
                    body: Array("{\"ids\":[[[[".utf8)))
        }
        return requests
    }()
}
