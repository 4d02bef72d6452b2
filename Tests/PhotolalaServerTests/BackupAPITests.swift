import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// Starring, badges, the queue's status, a run on demand and the cloud settings, against a
/// running server and, for uploads, a real SeaweedFS.
@Suite("The backup API")
struct BackupAPITests: WorkspaceSuite {
    static let token = "backup-test-token"
    static let userID = "0f2504e0-4f89-11d3-9a0c-0305e82c3302"
    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
        for name in ["orientation6.jpg", "photo-4000x3000.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: workspace.photos + "/" + name)
        }
    }

    private func app(cloud: CloudConfiguration? = nil) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(folders: [photos], port: 0, token: Self.token)
        configuration.cloud = cloud
        configuration.backupInactivity = .seconds(3_600)
        return try APITestSupport.application(configuration, engine: engine)
    }

    /// Every body the server sent, so a test can check that none carries the secret.
    private final class Bodies: @unchecked Sendable {
        var all: [String] = []
    }

    private func call(
        _ client: some TestClientProtocol, _ uri: String, method: HTTPRequest.Method = .get, body: [String: Any]? = nil, log: Bodies
    ) async throws -> (status: HTTPResponse.Status, json: [String: Any]) {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.execute(
            uri: uri, method: method, headers: [.authorization: "Bearer \(Self.token)", .contentType: "application/json"],
            body: data.map { ByteBuffer(bytes: $0) }
        ) { response in
            log.all.append(String(decoding: response.body.readableBytesView, as: UTF8.self))
            let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
            return (response.status, json)
        }
    }

    private func ids(_ client: some TestClientProtocol, log: Bodies) async throws -> [String] {
        for _ in 0..<400 {
            let listing = try await call(client, "/api/sources/local-0/folders/~/items", log: log).json
            if listing["complete"] as? Bool == true {
                return (listing["items"] as? [[Any]] ?? []).compactMap { $0[0] as? String }.sorted()
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("the listing never completed")
        return []
    }

    /// Each item's state, `error: …` for an item that failed, `none` for an unstarred one.
    private func states(_ body: [String: Any]) -> [String: String] {
        (body["items"] as? [String: [String: Any]] ?? [:]).mapValues { badge in
            if let state = badge["state"] as? String { return state }
            if let error = badge["error"] as? String { return "error: \(error)" }
            return "none"
        }
    }

    @Test("Without a cloud, photos are starred and unstarred; a run says what to set")
    func starringWithoutCloud() async throws {
        let log = Bodies()
        try await app().test(.router) { client in
            let ids = try await ids(client, log: log)
            #expect(ids.count == 2)
            let starred = try await call(
                client, "/api/backup/star", method: .post,
                body: ["source": "local-0", "folder": "~", "ids": ids + ["~missing.jpg"], "starred": true],
                log: log)
            #expect(starred.status == .ok)
            let result = states(starred.json)
            #expect(ids.allSatisfy { result[$0] == "starred" })
            #expect(result["~missing.jpg"]?.hasPrefix("error: ") == true)
            #expect(result["~missing.jpg"]?.contains(photos) == false)

            let badges = try await call(client, "/api/sources/local-0/folders/~/backup", log: log)
            #expect(states(badges.json) == Dictionary(uniqueKeysWithValues: ids.map { ($0, "starred") }))
            let status = try await call(client, "/api/backup/status", log: log).json
            #expect(status["queued"] as? Int == 2 && status["configured"] as? Bool == false)
            let run = try await call(client, "/api/backup/run", method: .post, log: log)
            #expect(run.status == .conflict)
            #expect((run.json["error"] as? String)?.contains("PHOTOLALA_S3_BUCKET") == true)
            let cloud = try await call(client, "/api/cloud", log: log).json
            #expect(cloud["configured"] as? Bool == false)
            #expect((cloud["message"] as? String)?.contains("AWS_SECRET_ACCESS_KEY") == true)

            let unstarred = try await call(
                client, "/api/backup/star", method: .post, body: ["source": "local-0", "folder": "~", "ids": [ids[0]], "starred": false], log: log)
            #expect(states(unstarred.json) == [ids[0]: "none"])
            #expect(states(try await call(client, "/api/sources/local-0/folders/~/backup", log: log).json) == [ids[1]: "starred"])
            let forged = try await client.execute(
                uri: "/api/backup/star", method: .post, body: ByteBuffer(string: #"{"source":"local-0","folder":"~","ids":[],"starred":true}"#))
            #expect(forged.status == .unauthorized)
        }
    }

    @Test("Photos starred before the server started upload once it has been quiet for the quiet period")
    func aQueueFromBeforeTheStartUploads() async throws {
        // Starred from the command line, before the server ran.
        let starred = engine.backupQueue()
        let paths = ["orientation6.jpg", "photo-4000x3000.jpg"].map { photos + "/" + $0 }
        for path in paths {
            try await starred.star(path)
        }
        let backupFolder = folder.path("nas")
        var configuration = ServerConfiguration(folders: [photos], port: 0, token: Self.token)
        configuration.cloud = CloudConfiguration(
            endpoint: nil, bucket: nil, region: "us-east-1", userID: Self.userID, quotaBytes: nil, credentials: nil,
            settingsFile: folder.path("data/cloud.json"), folder: backupFolder)
        configuration.backupInactivity = .seconds(600)
        let clock = ManualClock()
        configuration.clock = clock
        let log = Bodies()
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            // The queue's timer and the cloud's 15-minute sync wait on the clock.
            await clock.sleepers(2)
            #expect(clock.pendingDeadlines.contains(.seconds(600)), "\(clock.pendingDeadlines)")
            clock.advance(by: .seconds(599))
            var status = try await call(client, "/api/backup/status", log: log).json
            #expect(status["queued"] as? Int == 2 && status["done"] as? Int == 0, "nothing uploads before the quiet period ends: \(status)")
            clock.advance(by: .seconds(1))
            for _ in 0..<600 {
                status = try await call(client, "/api/backup/status", log: log).json
                if status["done"] as? Int == 2 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(status["done"] as? Int == 2, "\(status)")
            // The queue's bytes, as `backup status --json` prints them.
            let sizes = try paths.reduce(0) { $0 + ((try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
            #expect(status["bytesTotal"] as? Int == sizes && status["bytesUploaded"] as? Int == sizes, "\(status)")

            // The Cloud Backup panel's "Last verified" line, once `backup verify` has run.
            #expect(try await call(client, "/api/cloud", log: log).json["lastVerify"] == nil)
            let verifier = BackupVerifier(
                service: engine.backupService(store: LocalDirectoryObjectStore(root: backupFolder), userID: Self.userID),
                database: engine.database,
                lookup: BackupLookup(queue: BackupQueueStore(database: engine.database), cloudCatalog: nil, identities: engine.identities))
            try verifier.record(try await verifier.verify())
            let verified = try #require(try await call(client, "/api/cloud", log: log).json["lastVerify"] as? [String: Any])
            #expect(verified["photosChecked"] as? Int == 2 && verified["problems"] as? Int == 0, "\(verified)")
            #expect(verified["date"] is String)
        }
        let store = LocalDirectoryObjectStore(root: backupFolder)
        for path in paths {
            #expect(try await store.head("photos/\(Self.userID)/\(try ContentHash.md5(ofFileAt: path)).dat") != nil)
        }
    }

    @Test("With SeaweedFS: Back Up Now uploads the starred photos; the settings never show the secret")
    func backUpToSeaweedFS() async throws {
        guard let server = try await SeaweedFS.shared() else {
            print("skipped: \(await SeaweedFS.unavailableReason ?? "SeaweedFS unavailable")")
            return
        }
        let bucket = "ui" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        let credentials = AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey)
        let store = S3ObjectStore(
            location: try S3Location(endpoint: server.endpoint, bucket: bucket, region: "us-east-1"), credentials: credentials,
            retry: RetryPolicy(maximumAttempts: 40, baseDelay: .milliseconds(100), maximumDelay: .milliseconds(400)))
        try await store.createBucket()
        let cloud = CloudConfiguration(
            endpoint: server.endpoint, bucket: bucket, region: "us-east-1", userID: Self.userID, quotaBytes: 1 << 30, credentials: credentials,
            settingsFile: folder.path("data/cloud.json"))
        let log = Bodies()
        try await app(cloud: cloud).test(.router) { client in
            let ids = try await ids(client, log: log)
            let settings = try await call(client, "/api/cloud", log: log).json
            #expect(settings["configured"] as? Bool == true)
            #expect(settings["bucket"] as? String == bucket && settings["userID"] as? String == Self.userID)
            #expect(settings["endpoint"] as? String == server.endpoint && settings["accessKeyID"] as? String == server.accessKey)
            #expect(settings["usedBytes"] as? Int == 0 && settings["quotaBytes"] as? Int == 1 << 30)

            _ = try await call(
                client, "/api/backup/star", method: .post, body: ["source": "local-0", "folder": "~", "ids": ids, "starred": true], log: log)
            #expect(try await call(client, "/api/backup/run", method: .post, log: log).status == .accepted)
            var status: [String: Any] = [:]
            for _ in 0..<600 {
                status = try await call(client, "/api/backup/status", log: log).json
                if status["done"] as? Int == 2 || status["failed"] as? Int ?? 0 > 0 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(status["done"] as? Int == 2, "\(status)")
            #expect(status["configured"] as? Bool == true)
            let badges = try await call(client, "/api/sources/local-0/folders/~/backup", log: log)
            #expect(states(badges.json) == Dictionary(uniqueKeysWithValues: ids.map { ($0, "backedUp") }))
            for name in ["orientation6.jpg", "photo-4000x3000.jpg"] {
                let md5 = try ContentHash.md5(ofFileAt: photos + "/" + name)
                #expect(try await store.head("photos/\(Self.userID)/\(md5).dat") != nil)
            }
            let used = try await call(client, "/api/cloud", log: log).json
            #expect((used["usedBytes"] as? Int ?? 0) > 0)
        }
        #expect(!log.all.isEmpty)
        #expect(log.all.allSatisfy { !$0.contains(server.secretKey) })
    }
}
