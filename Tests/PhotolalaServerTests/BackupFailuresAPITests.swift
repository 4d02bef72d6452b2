import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// How the last run ended, the failed photos and their retry, against a backup folder.
@Suite("The backup failures API")
struct BackupFailuresAPITests: WorkspaceSuite {
    static let token = "failures-test-token"
    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
        for name in ["orientation6.jpg", "photo.gif"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: workspace.photos + "/" + name)
        }
    }

    private func app() throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(folders: [photos], port: 0, token: Self.token)
        configuration.cloud = CloudConfiguration(
            endpoint: nil, bucket: nil, region: "us-east-1", userID: "0f2504e0-4f89-11d3-9a0c-0305e82c3302", quotaBytes: nil, credentials: nil,
            settingsFile: folder.path("data/cloud.json"), folder: folder.path("backup"))
        configuration.backupInactivity = .seconds(3_600)
        return try APITestSupport.application(configuration, engine: engine)
    }

    private func call(
        _ client: some TestClientProtocol, _ uri: String, method: HTTPRequest.Method = .get, body: String? = nil
    ) async throws -> (
        status: HTTPResponse.Status, json: [String: Any]
    ) {
        try await client.execute(
            uri: uri, method: method, headers: [.authorization: "Bearer \(Self.token)", .contentType: "application/json"],
            body: body.map { ByteBuffer(string: $0) }
        ) { response in
            (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:])
        }
    }

    /// Waits for the run to end: nothing queued or uploading.
    private func settled(_ client: some TestClientProtocol) async throws -> [String: Any] {
        for _ in 0..<600 {
            let status = try await call(client, "/api/backup/status").json
            if status["queued"] as? Int == 0, status["uploading"] as? Int == 0, status["lastRun"] is [String: Any] { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the run never ended")
        return [:]
    }

    @Test("a photo that fails is listed with its name, folder and reason; the last run says so; Retry queues it and backs it up")
    func failuresAndRetry() async throws {
        let gif = photos + "/photo.gif"
        let md5 = try ContentHash.md5(ofFileAt: gif)
        let queue = engine.backupQueue()
        _ = await queue.star([photos + "/orientation6.jpg", gif])
        let saved = try Data(contentsOf: URL(fileURLWithPath: gif))
        try FileManager.default.removeItem(atPath: gif)
        try await app().test(.router) { client in
            #expect(try await call(client, "/api/backup/status").json["lastRun"] is NSNull)
            #expect(try await call(client, "/api/backup/run", method: .post).status == .accepted)
            let status = try await settled(client)
            let lastRun = try #require(status["lastRun"] as? [String: Any])
            #expect(lastRun["uploaded"] as? Int == 1 && lastRun["failed"] as? Int == 1, "\(lastRun)")
            let failures = try #require(try await call(client, "/api/backup/failures").json["items"] as? [[String: Any]])
            #expect(failures.count == 1)
            #expect(failures.first?["md5"] as? String == md5)
            #expect(failures.first?["name"] as? String == "photo.gif")
            #expect(failures.first?["folder"] as? String == "photos")
            let reason = failures.first?["reason"] as? String ?? ""
            #expect(reason.contains("photo.gif") && !reason.contains(folder.path("")), "\(reason)")

            try saved.write(to: URL(fileURLWithPath: gif))
            let retried = try await call(client, "/api/backup/retry", method: .post, body: #"{"md5s":["\#(md5)","not-an-md5"]}"#)
            #expect(retried.status == .ok)
            #expect(retried.json["queued"] as? [String] == [md5])
            var done: [String: Any] = [:]
            for _ in 0..<600 {
                done = try await call(client, "/api/backup/status").json
                if done["done"] as? Int == 2 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(done["done"] as? Int == 2, "\(done)")
            #expect((try await call(client, "/api/backup/failures").json["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a store that cannot be reached ends the run, and the last run says why")
    func unreachableStore() async throws {
        // A port held bound but not listening: connections are refused, and no other test
        // running meanwhile can take it (a port closed again could be bound by one).
        let closed = try #require(LoopbackSocket.bound())
        defer { close(closed.descriptor) }
        var configuration = ServerConfiguration(folders: [photos], port: 0, token: Self.token)
        configuration.cloud = CloudConfiguration(
            endpoint: "http://127.0.0.1:\(closed.port)", bucket: "photos", region: "us-east-1", userID: "0f2504e0-4f89-11d3-9a0c-0305e82c3302",
            quotaBytes: nil, credentials: AWSCredentials(accessKeyID: "AKIDTEST", secretAccessKey: "not-a-secret-that-matters"),
            settingsFile: folder.path("data/cloud.json"))
        configuration.backupInactivity = .seconds(3_600)
        _ = await engine.backupQueue().star([photos + "/photo.gif"])
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            #expect(try await call(client, "/api/backup/run", method: .post).status == .accepted)
            var lastRun: [String: Any] = [:]
            for _ in 0..<1_200 {
                if let run = try await call(client, "/api/backup/status").json["lastRun"] as? [String: Any] {
                    lastRun = run
                    break
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(lastRun["failed"] as? Int == 1, "\(lastRun)")
            #expect(
                lastRun["error"] as? String
                    == "The backup run stopped: Could not connect to http://127.0.0.1:\(closed.port) (connection refused): is the S3 server running?",
                "\(lastRun)")
        }
    }

    @Test(
        "a retry body of the wrong shape is 400, and a retry without the token is refused",
        arguments: [
            #"{"md5s":"abc"}"#, #"{"md5s":[1,2]}"#, #"[]"#, #"{"md5s":[["a"]]}"#, "not json",
        ])
    func hostileRetry(body: String) async throws {
        try await app().test(.router) { client in
            #expect(try await call(client, "/api/backup/retry", method: .post, body: body).status == .badRequest)
            let forged = try await client.execute(uri: "/api/backup/retry", method: .post, body: ByteBuffer(string: #"{"md5s":[]}"#))
            #expect(forged.status == .unauthorized)
        }
    }
}
