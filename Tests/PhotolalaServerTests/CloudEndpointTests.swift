import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit
@testable import PhotolalaServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cloud settings against an endpoint that is not what it should be (issue 36, items 6 and
/// 7): a metadata address, a URL with a password, a web page, a server that speaks in its own
/// words or never answers. The server contacts an endpoint only when asked, passes on none of
/// its text, and gives up within its deadline, saying so.
@Suite("Cloud settings against a hostile endpoint")
struct CloudEndpointTests {
    static let headers: HTTPFields = [.contentType: "application/json", .origin: "http://localhost"]
    static let secret = "hostile-endpoint-secret-0123456789abcdef"

    @Test("A link-local or metadata endpoint, or one with a password, is refused unless the settings file allows link-local")
    func refusesLinkLocalAndUserInfo() async throws {
        let workspace = try TestWorkspace()
        try await app(workspace).test(.router) { client in
            let refused = [
                "http://169.254.169.254", "http://169.254.169.254/latest/meta-data/", "http://169.254.10.20:8333", "http://[fe80::1]:8333",
                "http://[fd00:ec2::254]", "http://metadata.google.internal", "http://METADATA.google.internal.", "http://2852039166",
                "http://[::ffff:169.254.169.254]",
            ]
            for endpoint in refused {
                let (status, text) = try await put(client, ["endpoint": endpoint, "bucket": "photos"])
                #expect(status == .badRequest, "\(endpoint): \(status) \(text)")
                #expect(text.contains("allowLinkLocalEndpoint"), "\(endpoint): \(text)")
            }
            let (status, text) = try await put(client, ["endpoint": "http://photolala:hunter2-password@127.0.0.1:8333", "bucket": "photos"])
            #expect(status == .badRequest, "\(text)")
            #expect(text.contains("user name or password") && !text.contains("hunter2"), "\(text)")

            let settings = try await client.execute(uri: "/api/cloud/settings", method: .get) { try APITestSupport.json($0) }
            #expect(settings["endpoint"] == nil || settings["endpoint"] is NSNull, "nothing was saved: \(settings)")
            #expect(settings["bucket"] == nil || settings["bucket"] is NSNull, "nothing was saved: \(settings)")
        }

        // The settings file may allow it, for an S3 server that really is on a link-local address.
        let file = workspace.folder.path("config.json")
        try Data(#"{"cloud": {"allowLinkLocalEndpoint": true}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let configurationFile = try ConfigurationFile.load(explicitPath: file, environment: [:])
        try await app(workspace, configurationFile: configurationFile).test(.router) { client in
            let (status, text) = try await put(client, ["endpoint": "http://169.254.10.20:8333", "bucket": "photos"])
            #expect(status == .ok, "\(text)")
        }
    }

    @Test("Saving the settings contacts nothing; Test Connection does, and says Connected to a real S3")
    func contactsTheEndpointOnlyWhenAsked() async throws {
        guard let server = try await SeaweedFS.shared() else {
            return print("skipped: \(await SeaweedFS.unavailableReason ?? "SeaweedFS unavailable")")
        }
        let bucket = "ask" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        let credentials = AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey)
        try await S3ObjectStore(location: try S3Location(endpoint: server.endpoint, bucket: bucket, region: "us-east-1"), credentials: credentials)
            .createBucket()
        let port = try #require(URLComponents(string: server.endpoint)?.port)
        let proxy = try TCPProxy(upstreamPort: port)
        defer { proxy.stop() }
        let workspace = try TestWorkspace()
        let clock = ManualClock()
        try await app(workspace, clock: clock).test(.router) { client in
            await clock.sleepers(1)  // the star queue's quiet period; no cloud yet
            let change = ["endpoint": proxy.endpoint, "bucket": bucket, "accessKeyID": server.accessKey, "secretAccessKey": server.secretKey]
            let (status, text) = try await put(client, change)
            #expect(status == .ok, "\(text)")
            // The new cloud's upkeep waits on the clock beside the queue: whatever it was to do
            // at once is done.
            await clock.sleepers(2)
            #expect(proxy.connectionsAccepted == 0, "a save alone reached the endpoint")

            let answer = try await client.execute(uri: "/api/cloud/settings/test", method: .post, headers: Self.headers) {
                try APITestSupport.json($0)
            }
            #expect(answer["ok"] as? Bool == true && (answer["message"] as? String)?.contains("Connected") == true, "\(answer)")
            #expect(proxy.connectionsAccepted > 0)
        }
    }

    @Test("A web page answering 200 is not Connected, and an endpoint's own words are never passed on")
    func passesOnNoRemoteText() async throws {
        let page = try ScriptedHTTPServer([
            .init(
                status: 200, body: "<html><head><title>Router</title></head><body><p>Welcome to the admin page</p></body></html>",
                contentType: "text/html")
        ])
        defer { page.stop() }
        let talker = try ScriptedHTTPServer([
            .init(status: 400, body: "<Error><Code>InvalidArgument</Code><Message>internal-banner-7f3a root@10.0.0.5</Message></Error>")
        ])
        defer { talker.stop() }
        let workspace = try TestWorkspace()
        try await app(workspace).test(.router) { client in
            let keys = ["bucket": "photos", "accessKeyID": "AKIDHOSTILE", "secretAccessKey": Self.secret]
            #expect(try await put(client, keys.merging(["endpoint": page.endpoint]) { $1 }).status == .ok)
            let pageAnswer = try await testConnection(client)
            #expect(pageAnswer.ok == false && pageAnswer.message.contains("not as an S3 server"), "\(pageAnswer)")
            #expect(!pageAnswer.message.contains("Welcome"), "\(pageAnswer)")

            #expect(try await put(client, ["endpoint": talker.endpoint]).status == .ok)
            let answer = try await testConnection(client)
            #expect(answer.ok == false && answer.message.contains("InvalidArgument"), "\(answer)")
            let summary = try await client.execute(uri: "/api/cloud", method: .get) { String(buffer: $0.body) }
            #expect(summary.contains("InvalidArgument"), "\(summary)")
            for text in [answer.message, summary] {
                #expect(!text.contains("internal-banner") && !text.contains("10.0.0.5") && !text.contains(Self.secret), "\(text)")
            }
        }
    }

    @Test("An endpoint that accepts and never answers is given up on within the deadline, which the message says")
    func givesUpOnASilentEndpoint() async throws {
        // A listening socket that never accepts: the kernel completes each connection, and
        // nothing ever answers on it.
        let (listener, port) = try #require(LoopbackSocket.bound(listening: 16))
        defer { close(listener) }
        let workspace = try TestWorkspace()
        try await app(workspace, answerDeadline: .seconds(1)).test(.router) { client in
            let change = ["endpoint": "http://127.0.0.1:\(port)", "bucket": "photos", "accessKeyID": "AKIDSILENT", "secretAccessKey": Self.secret]
            #expect(try await put(client, change).status == .ok)
            // Generous bounds: a second's deadline, on a loaded machine; minutes before the fix.
            let answer = try await within(.seconds(45)) { try await testConnection(client) }
            #expect(answer?.ok == false && answer?.message.contains("did not answer within 1 s") == true, "\(String(describing: answer))")
            let summary = try await within(.seconds(45)) {
                try await client.execute(uri: "/api/cloud", method: .get) { String(buffer: $0.body) }
            }
            #expect(summary?.contains("did not answer within 1 s") == true, "\(String(describing: summary))")
        }
    }

    // MARK: - Helpers

    private func app(
        _ workspace: TestWorkspace, configurationFile: ConfigurationFile = ConfigurationFile(), clock: ManualClock? = nil,
        answerDeadline: Duration? = nil
    ) throws -> some ApplicationProtocol {
        try FileManager.default.createDirectory(atPath: workspace.folder.path("here"), withIntermediateDirectories: true)
        var configuration = ServerConfiguration(folders: [workspace.folder.path("here")], port: 0)
        // No ~/.aws of the machine running the tests.
        configuration.environment = ["HOME": workspace.folder.path]
        configuration.configurationFile = configurationFile
        configuration.cloud = try CloudConfiguration.load(
            environment: configuration.environment, dataDirectory: workspace.engine.configuration.dataDirectory, configurationFile: configurationFile)
        if let clock {
            configuration.clock = clock
        }
        if let answerDeadline {
            configuration.cloudAnswerDeadline = answerDeadline
        }
        return try APITestSupport.application(configuration, engine: workspace.engine)
    }

    private func put(_ client: some TestClientProtocol, _ body: [String: String]) async throws -> (status: HTTPResponse.Status, text: String) {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await client.execute(uri: "/api/cloud/settings", method: .put, headers: Self.headers, body: ByteBuffer(bytes: data)) {
            ($0.status, String(buffer: $0.body))
        }
    }

    private func testConnection(_ client: some TestClientProtocol) async throws -> (ok: Bool?, message: String) {
        try await client.execute(uri: "/api/cloud/settings/test", method: .post, headers: Self.headers) { response in
            let answer = try APITestSupport.json(response)
            return (answer["ok"] as? Bool, answer["message"] as? String ?? String(buffer: response.body))
        }
    }

    /// `body`'s result, or `nil` when it takes longer than `limit` (it is cancelled then), so a
    /// request that hangs fails the test instead of holding it for minutes.
    private func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
