import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit
@testable import PhotolalaServer

/// The cloud settings form's API: a save takes effect at once (the Cloud source, the uploader,
/// the cloud routes), the secret is never in an answer, and hostile bodies are refused with words.
@Suite("The cloud settings API")
struct CloudSettingsAPITests {
    static let secret = "photolala-form-secret-0123456789abcdef"
    /// The page's own origin, as a browser sends it; the test client names the server "localhost".
    static let headers: HTTPFields = [.contentType: "application/json", .origin: "http://localhost"]

    @Test("Saving the settings sets up the cloud without a restart, and no answer holds the secret")
    func savingSetsUpTheCloud() async throws {
        let workspace = try TestWorkspace()
        try await app(workspace).test(.router) { client in
            var bodies: [String] = []
            let before = try await get(client, "/api/cloud/settings", into: &bodies)
            #expect(before["hasSecret"] as? Bool == false && before["configured"] as? Bool == false, "\(before)")
            #expect(try await cloudSource(client)["configured"] as? Bool == false)
            try await client.execute(uri: "/api/cloud/sync", method: .get) { response in
                #expect(response.status == .conflict)
                #expect(String(buffer: response.body).contains("Cloud Backup panel"))
            }
            try await client.execute(uri: "/api/backup/run", method: .post, headers: Self.headers) { #expect($0.status == .conflict) }

            // A closed port: the upkeep's first sync fails at once, which is not what this is about.
            let change: [String: Any] = [
                "endpoint": "http://127.0.0.1:9", "bucket": "form-bucket", "region": "us-east-1", "userID": "",
                "accessKeyID": "AKIDFORM", "secretAccessKey": Self.secret,
            ]
            let saved = try await put(client, change)
            #expect(saved.status == .ok, "\(saved.text)")
            bodies.append(saved.text)
            let settings = try #require(try JSONSerialization.jsonObject(with: Data(saved.text.utf8)) as? [String: Any])
            #expect(settings["configured"] as? Bool == true && settings["hasSecret"] as? Bool == true, "\(settings)")
            #expect(settings["bucket"] as? String == "form-bucket" && settings["accessKeyID"] as? String == "AKIDFORM")
            #expect((settings["overrides"] as? [String: Any])?.isEmpty == true)

            // At once: the Cloud source, the uploader and the cloud routes use it.
            #expect(try await cloudSource(client)["configured"] as? Bool == true)
            let status = try await get(client, "/api/backup/status", into: &bodies)
            #expect(status["configured"] as? Bool == true)
            try await client.execute(uri: "/api/cloud/sync", method: .get) { #expect($0.status == .ok) }
            let summary = try await get(client, "/api/cloud", into: &bodies)
            #expect(summary["bucket"] as? String == "form-bucket" && summary["configured"] as? Bool == true, "\(summary)")
            _ = try await get(client, "/api/cloud/settings", into: &bodies)

            // A blank secret keeps the saved one.
            let kept = try await put(client, ["region": "eu-west-1", "secretAccessKey": ""])
            #expect(kept.status == .ok, "\(kept.text)")
            bodies.append(kept.text)
            let credentials = try String(contentsOfFile: workspace.folder.path("data/cloud-credentials"), encoding: .utf8)
            #expect(credentials.contains(Self.secret))
            let mode = try FileManager.default.attributesOfItem(atPath: workspace.folder.path("data/cloud-credentials"))[.posixPermissions] as? Int
            #expect(mode == 0o600)

            for body in bodies {
                #expect(!body.contains(Self.secret), "an answer holds the secret: \(body)")
            }
        }
    }

    @Test("Hostile bodies are refused with words and change nothing")
    func hostileBodies() async throws {
        let workspace = try TestWorkspace()
        try await app(workspace).test(.router) { client in
            let cases: [(body: String, status: HTTPResponse.Status, says: String)] = [
                ("{\"bucket\":\"" + String(repeating: "a", count: 40_000) + "\"}", .contentTooLarge, ""),
                ("{\"bucket\": ", .badRequest, "not understood"),
                ("[\"bucket\"]", .badRequest, "not understood"),
                ("{\"bucket\": 5}", .badRequest, "'bucket' has the wrong type"),
                ("{\"secretAccessKey\": [\"\(Self.secret)\"]}", .badRequest, "'secretAccessKey' has the wrong type"),
                (String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000), .badRequest, "not understood"),
                ("{\"endpoint\": \"file:///etc/passwd\"}", .badRequest, "URL with a host"),
                ("{\"bucket\": \"../../etc/passwd\"}", .badRequest, "bucket name"),
                ("{\"region\": \"../../x\"}", .badRequest, "region"),
                ("{\"userID\": \"../../../etc\"}", .badRequest, "UUID"),
                ("{\"accessKeyID\": \"AKID\\n[default]\", \"secretAccessKey\": \"x\"}", .badRequest, "access key id"),
                ("{\"accessKeyID\": \"AKID\", \"secretAccessKey\": \"\(Self.secret) \(Self.secret)\"}", .badRequest, "secret access key"),
            ]
            for (body, status, says) in cases {
                try await client.execute(uri: "/api/cloud/settings", method: .put, headers: Self.headers, body: ByteBuffer(string: body)) {
                    response in
                    let text = String(buffer: response.body)
                    #expect(response.status == status, "\(body.prefix(60)): \(response.status) \(text)")
                    #expect(says.isEmpty || text.contains(says), "\(body.prefix(60)): \(text)")
                    #expect(!text.contains(Self.secret))
                }
            }
            // Without the page's origin (another site's form), nothing is saved.
            try await client.execute(
                uri: "/api/cloud/settings", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{\"bucket\":\"evil\"}")
            ) { #expect($0.status == .forbidden) }
            #expect(!FileManager.default.fileExists(atPath: workspace.folder.path("data/cloud-credentials")))
            let settings = try await client.execute(uri: "/api/cloud/settings", method: .get) { try APITestSupport.json($0) }
            #expect(settings["bucket"] == nil || settings["bucket"] is NSNull, "\(settings)")
            #expect(try await cloudSource(client)["configured"] as? Bool == false)
        }
    }

    @Test("A field the environment sets is named, and the environment's secret is never answered")
    func overridesAreNamed() async throws {
        let workspace = try TestWorkspace()
        let environment = [
            "HOME": workspace.folder.path, "PHOTOLALA_S3_BUCKET": "env-bucket", "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": Self.secret,
        ]
        try await app(workspace, environment: environment).test(.router) { client in
            try await client.execute(uri: "/api/cloud/settings", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(!text.contains(Self.secret))
                let settings = try APITestSupport.json(response)
                #expect(
                    settings["overrides"] as? [String: String]
                        == ["bucket": "PHOTOLALA_S3_BUCKET", "accessKeyID": "AWS_ACCESS_KEY_ID", "secretAccessKey": "AWS_ACCESS_KEY_ID"],
                    "\(settings)")
                #expect(settings["bucket"] as? String == "env-bucket" && settings["accessKeyID"] as? String == "AKIDENV")
            }
        }
    }

    @Test("Test Connection says what failed: the store unreachable, the key pair refused, no such bucket")
    func testConnection() async throws {
        guard let server = try await SeaweedFS.shared() else {
            return print("skipped: \(await SeaweedFS.unavailableReason ?? "SeaweedFS unavailable")")
        }
        let bucket = "form" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        let credentials = AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey)
        try await S3ObjectStore(location: try S3Location(endpoint: server.endpoint, bucket: bucket, region: "us-east-1"), credentials: credentials)
            .createBucket()
        let workspace = try TestWorkspace()
        try await app(workspace).test(.router) { client in
            try await client.execute(uri: "/api/cloud/settings/test", method: .post, headers: Self.headers) { #expect($0.status == .conflict) }
            let cases: [([String: Any], ok: Bool, says: String)] = [
                (
                    ["endpoint": server.endpoint, "bucket": bucket, "accessKeyID": server.accessKey, "secretAccessKey": server.secretKey], true,
                    "Connected"
                ),
                (["secretAccessKey": "not-the-secret"], false, "refused the key pair"),
                (["secretAccessKey": server.secretKey, "bucket": "no-such-bucket-\(bucket)"], false, "has no bucket"),
                (["bucket": bucket, "endpoint": "http://127.0.0.1:9"], false, "cannot be reached"),
            ]
            for (change, ok, says) in cases {
                #expect(try await put(client, change).status == .ok)
                try await client.execute(uri: "/api/cloud/settings/test", method: .post, headers: Self.headers) { response in
                    let text = String(buffer: response.body)
                    let answer = try APITestSupport.json(response)
                    #expect(response.status == .ok && answer["ok"] as? Bool == ok, "\(change): \(text)")
                    #expect((answer["message"] as? String)?.contains(says) == true, "\(change): \(text)")
                    #expect(!text.contains(server.secretKey))
                }
            }
        }
    }

    private func app(_ workspace: TestWorkspace, environment: [String: String]? = nil) throws -> some ApplicationProtocol {
        try FileManager.default.createDirectory(atPath: workspace.folder.path("here"), withIntermediateDirectories: true)
        var configuration = ServerConfiguration(folders: [workspace.folder.path("here")], port: 0)
        // No ~/.aws of the machine running the tests.
        configuration.environment = environment ?? ["HOME": workspace.folder.path]
        configuration.cloud = try CloudConfiguration.load(
            environment: configuration.environment, dataDirectory: workspace.engine.configuration.dataDirectory)
        return try APITestSupport.application(configuration, engine: workspace.engine)
    }

    private func cloudSource(_ client: some TestClientProtocol) async throws -> [String: Any] {
        let list = try await client.execute(uri: "/api/sources", method: .get) { try APITestSupport.json($0) }
        return (list["sources"] as? [[String: Any]])?.first { $0["id"] as? String == "cloud" } ?? [:]
    }

    private func get(_ client: some TestClientProtocol, _ uri: String, into bodies: inout [String]) async throws -> [String: Any] {
        let text = try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .ok, "\(uri): \(response.status)")
            return String(buffer: response.body)
        }
        bodies.append(text)
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    private func put(_ client: some TestClientProtocol, _ body: [String: Any]) async throws -> (status: HTTPResponse.Status, text: String) {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await client.execute(uri: "/api/cloud/settings", method: .put, headers: Self.headers, body: ByteBuffer(bytes: data)) {
            ($0.status, String(buffer: $0.body))
        }
    }
}
