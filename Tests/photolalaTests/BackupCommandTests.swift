import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// `photolala backup` and `photolala cloud` against SeaweedFS, through the built binary.
@Suite("photolala backup and cloud")
struct BackupCommandTests {
    /// Environment pointing the CLI at `store`'s bucket on `server`.
    static func environment(_ server: SeaweedFS, bucket: String, secret: String? = nil) -> [String: String] {
        [
            "PHOTOLALA_S3_ENDPOINT": server.endpoint, "PHOTOLALA_S3_BUCKET": bucket, "AWS_ACCESS_KEY_ID": server.accessKey,
            "AWS_SECRET_ACCESS_KEY": secret ?? server.secretKey, "AWS_REGION": "us-east-1",
            "PHOTOLALA_USER_ID": "6ba7b810-9dad-11d1-80b4-00c04fd430c8",
        ]
    }

    static func bucket(on server: SeaweedFS) async throws -> S3ObjectStore {
        let location = try S3Location(endpoint: server.endpoint, bucket: "cli" + UUID().uuidString.lowercased().prefix(8), region: "us-east-1")
        let store = S3ObjectStore(
            location: location, credentials: AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey),
            retry: RetryPolicy(maximumAttempts: 40, baseDelay: .milliseconds(100), maximumDelay: .milliseconds(400)))
        try await store.createBucket()
        return store
    }

    @Test("backup star, status --json, run, and a re-run that uploads nothing")
    func starAndRun() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(SeaweedFS.unavailableReason ?? "")") }
        let store = try await Self.bucket(on: server)
        let cli = try CLI()
        let environment = Self.environment(server, bucket: store.location.bucket)
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["photo.gif", "orientation6.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let star = try cli.run("backup", "star", photos + "/photo.gif", photos + "/orientation6.jpg", environment: environment)
        #expect(star.status == 0, "\(star.standardError)")
        let queued = try cli.run("backup", "status", "--json", environment: environment)
        #expect(
            queued.standardOutput
                == #"{"bytesTotal":\#(try Self.size(photos + "/photo.gif") + Self.size(photos + "/orientation6.jpg")),"bytesUploaded":0,"done":0,"failed":0,"queued":2,"uploading":0}"#
                + "\n")
        let run = try cli.run("backup", "run", environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("2 uploaded, 0 already in the cloud, 0 failed"))
        let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")
        let layout = CloudLayout(userID: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
        #expect(try await store.head(layout.photo(md5))?.storageClass == .deepArchive)
        #expect(try await store.tags(layout.photo(md5)) == ["Format": "JPEG"])
        #expect(try await store.head(layout.manifest) != nil)
        let done = try cli.run("backup", "status", environment: environment)
        #expect(done.standardOutput.hasSuffix("0 queued, 0 uploading, 2 backed up, 0 failed.\n"))
        #expect(done.standardOutput.contains("☁️ \(md5)"))
        #expect(try cli.run("backup", "star", photos + "/orientation6.jpg", environment: environment).status == 0)
        let again = try cli.run("backup", "run", environment: environment)
        #expect(again.standardOutput.hasPrefix("0 uploaded, 1 already in the cloud, 0 failed"), "\(again.standardOutput)")
    }

    @Test("a failing run with a wrong secret never prints the secret")
    func wrongSecret() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(SeaweedFS.unavailableReason ?? "")") }
        let store = try await Self.bucket(on: server)
        let cli = try CLI()
        let secret = "never-print-me-\(UUID().uuidString)"
        let environment = Self.environment(server, bucket: store.location.bucket, secret: secret)
        let photo = try await Fixtures.file("photo.gif").path
        #expect(try cli.run("backup", "star", photo, environment: environment).status == 0)
        let run = try cli.run("backup", "run", environment: environment)
        #expect(run.status != 0)
        // HEAD answers carry no body, so a refused HEAD is reported by its status.
        #expect(run.standardError.contains("HTTP 403"), "\(run.standardError)")
        let config = try cli.run("cloud", "config", environment: environment)
        #expect(config.standardOutput.contains("bucket: \(store.location.bucket)"))
        #expect(config.standardOutput.contains("access key \(server.accessKey)"))
        let help = try cli.run("backup", "run", "--help", environment: environment)
        let status = try cli.run("backup", "status", environment: environment)
        #expect(status.standardOutput.contains("❌"))
        for output in [run, config, help, status] {
            #expect(!(output.standardOutput + output.standardError).contains(secret))
        }
    }

    @Test("backup unstar finds a photo by the path it was starred under, even deleted; a photo not starred is an error")
    func unstarByPath() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["photo.gif", "orientation6.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let jpeg = photos + "/orientation6.jpg"
        let gif = photos + "/photo.gif"
        let md5 = try ContentHash.md5(ofFileAt: jpeg)
        #expect(try cli.run("backup", "star", jpeg, gif).status == 0)
        try FileManager.default.removeItem(atPath: jpeg)
        let unstar = try cli.run("backup", "unstar", jpeg)
        #expect(unstar.status == 0, "\(unstar.standardError)")
        #expect(unstar.standardOutput == "unstarred \(md5)  \(jpeg)\n")
        let again = try cli.run("backup", "unstar", jpeg, gif)
        #expect(again.status == 1)
        #expect(again.standardError.contains("error: \(jpeg): '\(jpeg)' is not starred"), "\(again.standardError)")
        #expect(again.standardOutput.contains("unstarred \(try ContentHash.md5(ofFileAt: gif))  \(gif)"))
        #expect(try cli.run("backup", "status", "--json").standardOutput.contains(#""queued":0"#))
    }

    @Test("cloud usage counts the user's bytes")
    func usage() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(SeaweedFS.unavailableReason ?? "")") }
        let store = try await Self.bucket(on: server)
        _ = try await store.put("photos/6ba7b810-9dad-11d1-80b4-00c04fd430c8/x.dat", body: [UInt8](repeating: 1, count: 1234), options: PutOptions())
        _ = try await store.put("photos/someone-else/y.dat", body: [1, 2, 3], options: PutOptions())
        let output = try CLI().run(
            "cloud", "usage", environment: Self.environment(server, bucket: store.location.bucket).merging(["PHOTOLALA_QUOTA_BYTES": "5000"]) { $1 })
        #expect(output.standardOutput == "1,234 bytes used of 5,000 bytes (quota).\n", "\(output.standardError)")
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
