import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// `photolala cloud sync|ls|restore|restore-status|get` through the built binary: sync against
/// SeaweedFS, restores against moto.
@Suite("photolala cloud browse and restore")
struct CloudCommandTests {
    static let userID = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"

    /// Backs up the fixture JPEG and GIF with one CLI (device A) and returns their folder.
    static func backUp(with cli: CLI, environment: [String: String]) async throws -> String {
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["photo.gif", "orientation6.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        #expect(try await cli.run("backup", "star", photos + "/photo.gif", photos + "/orientation6.jpg", environment: environment).status == 0)
        let run = try await cli.run("backup", "run", environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        return photos
    }

    @Test("a second data directory syncs and lists the first one's backup")
    func syncAndList() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        let deviceA = try CLI()
        let photos = try await Self.backUp(with: deviceA, environment: environment)
        let deviceB = try CLI()
        let sync = try await deviceB.run("cloud", "sync", environment: environment)
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(sync.standardOutput.hasPrefix("2 photos in the cloud catalog; 16 shards downloaded; synced "), "\(sync.standardOutput)")
        let again = try await deviceB.run("cloud", "sync", environment: environment)
        #expect(again.standardOutput.hasPrefix("2 photos in the cloud catalog; 0 shards downloaded"), "\(again.standardOutput)")
        let listing = try await deviceB.run("cloud", "ls", "--json", environment: environment)
        let json = try JSONSerialization.jsonObject(with: Data(listing.standardOutput.utf8)) as? [String: Any]
        #expect(json?["count"] as? Int == 2)
        // Dates are Unix seconds, as photoDate is.
        let synced = try #require(json?["lastSyncDate"] as? Int)
        #expect(abs(Double(synced) - Date().timeIntervalSince1970) < 3_600)
        #expect((json?["photos"] as? [[String: Any]])?.allSatisfy { $0["photoDate"] is Int && $0.keys.contains("width") } == true)
        let names = (json?["photos"] as? [[String: Any]])?.compactMap { $0["filename"] as? String }
        #expect(Set(names ?? []) == ["photo.gif", "orientation6.jpg"])
        let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")
        #expect(try await deviceB.run("cloud", "ls", environment: environment).standardOutput.contains("\(md5)  "))

        // Before any sync, the listing's keys are all there: the date is null.
        let fresh = try await CLI().run("cloud", "ls", "--json", environment: environment)
        #expect(fresh.standardOutput == #"{"count":0,"lastSyncDate":null,"photos":[]}"# + "\n", "\(fresh.standardOutput)")
    }

    @Test("restore shows the cost first, refuses Expedited, and get writes the original with its extension")
    func restoreAndGet() async throws {
        guard let server = try await MotoServer.shared() else { return print("skipped: \(await MotoServer.unavailableReason ?? "")") }
        let bucket = "cli" + UUID().uuidString.lowercased().prefix(8)
        let store = S3ObjectStore(
            location: try S3Location(endpoint: server.endpoint, bucket: bucket, region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: "AKIDMOTO", secretAccessKey: "moto-secret"))
        try await store.createBucket()
        let environment = [
            "PHOTOLALA_S3_ENDPOINT": server.endpoint, "PHOTOLALA_S3_BUCKET": bucket, "AWS_ACCESS_KEY_ID": "AKIDMOTO",
            "AWS_SECRET_ACCESS_KEY": "moto-secret", "AWS_REGION": "us-east-1", "PHOTOLALA_USER_ID": Self.userID,
        ]
        let cli = try CLI()
        let photos = try await Self.backUp(with: cli, environment: environment)
        #expect(try await cli.run("cloud", "sync", environment: environment).status == 0)
        let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")

        let expedited = try await cli.run("cloud", "restore", md5, "--tier", "Expedited", "--days", "2", environment: environment)
        #expect(expedited.status != 0)
        #expect(expedited.standardError.contains("'Expedited'"), "\(expedited.standardError)")
        #expect(try await cli.run("cloud", "restore", "--help").standardOutput.contains("Standard (~12 h) or Bulk (~48 h)."))

        let archived = try await cli.run("cloud", "get", md5, "-o", cli.folder.path("out.jpg"), environment: environment)
        #expect(archived.status != 0)
        #expect(archived.standardError.contains("is in Deep Archive: restore it first"), "\(archived.standardError)")

        let quoted = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let declined = try await Shell.capture(
            "/bin/sh",
            [
                "-c",
                "echo n | env PHOTOLALA_CACHE_DIR='\(cli.folder.path("cache"))' PHOTOLALA_DATA_DIR='\(cli.folder.path("data"))' \(quoted) '\(CLI.binary)' cloud restore \(md5) --tier Bulk --days 2",
            ])
        #expect(declined.standardOutput.hasPrefix("Estimated cost: 1 photo, "), "\(declined.standardOutput)")
        #expect(declined.standardOutput.contains("Bulk (about 48 hours): $"))
        #expect(declined.standardError.contains("Not requested"))

        // The prices are settings: $1,000,000 per GB and nothing per request makes a clear figure.
        let size = try FileStatus(path: photos + "/orientation6.jpg").size
        var priced = environment
        priced["PHOTOLALA_RESTORE_PRICE_BULK_PER_GB"] = "1000000"
        priced["PHOTOLALA_RESTORE_PRICE_BULK_PER_1000_REQUESTS"] = "0"
        let configured = try await Shell.capture(
            "/bin/sh",
            [
                "-c",
                "echo n | env PHOTOLALA_CACHE_DIR='\(cli.folder.path("cache"))' PHOTOLALA_DATA_DIR='\(cli.folder.path("data"))' \(priced.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")) '\(CLI.binary)' cloud restore \(md5) --tier Bulk --days 2",
            ])
        let dollars = String(format: "$%.2f", Double(size) / Double(1 << 30) * 1_000_000)
        #expect(
            configured.standardOutput.contains("Bulk (about 48 hours): \(dollars) (\(dollars) retrieval + $0.0000 requests)"),
            "\(configured.standardOutput)")
        priced["PHOTOLALA_RESTORE_PRICE_BULK_PER_GB"] = "cheap"
        let invalid = try await cli.run("cloud", "restore", md5, "--tier", "Bulk", "--days", "2", "--yes", environment: priced)
        #expect(invalid.status != 0)
        #expect(
            invalid.standardError.contains("PHOTOLALA_RESTORE_PRICE_BULK_PER_GB must be a price in US dollars (0 or more), not 'cheap'."),
            "\(invalid.standardError)")

        // moto, like Deep Archive, takes a while: under way when asked, restored when checked again.
        try await server.delayRestores()
        let restore = try await cli.run("cloud", "restore", md5, "--tier", "Standard", "--days", "2", "--yes", environment: environment)
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(restore.standardOutput.contains("⏳ \(md5)  restoring\n"), "\(restore.standardOutput)")
        let status = try await cli.run("cloud", "restore-status", "--json", environment: environment)
        let restores = (try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])?["restores"] as? [[String: Any]]
        #expect(restores?.first?["state"] as? String == "restored")
        #expect(restores?.first?["tier"] as? String == "Standard")
        #expect(restores?.first?["days"] as? Int == 2)
        #expect(restores?.first?["expiry"] is Int && restores?.first?["requested"] is Int && restores?.first?["checked"] is Int)
        #expect(try await cli.run("cloud", "restore-status", environment: environment).standardOutput.contains("📥 \(md5)  restored until "))

        let folder = cli.folder.path("restored")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let get = try await cli.run("cloud", "get", md5, "-o", folder, environment: environment)
        #expect(get.status == 0, "\(get.standardError)")
        #expect(get.standardOutput == folder + "/orientation6.jpg\n")
        #expect(try ContentHash.md5(ofFileAt: folder + "/orientation6.jpg") == md5)
    }
}
