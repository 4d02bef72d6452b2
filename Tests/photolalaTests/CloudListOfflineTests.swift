import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `photolala cloud ls` lists the cloud catalog synced before, without credentials or with the
/// store unreachable, saying so; with none synced, it says what to set.
@Suite("photolala cloud ls offline")
struct CloudListOfflineTests {
    /// The environment without any credentials: no keys, and no `~/.aws` to find them in.
    static func withoutCredentials(_ environment: [String: String], home: String) -> [String: String] {
        environment.merging(["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_PROFILE": "", "HOME": home]) { $1 }
    }

    @Test("without credentials the synced catalog is listed with 'Offline … as synced on DATE' on stderr; unreachable, it is listed too")
    func listsTheSyncedCopy() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        let deviceA = try CLI()
        let photos = try await CloudCommandTests.backUp(with: deviceA, environment: environment)
        let deviceB = try CLI()
        #expect(try await deviceB.run("cloud", "sync", environment: environment).status == 0)
        let online = try await deviceB.run("cloud", "ls", environment: environment)
        #expect(online.status == 0)
        #expect(online.standardError.isEmpty, "\(online.standardError)")

        let offline = Self.withoutCredentials(environment, home: deviceB.folder.path("home"))
        let listing = try await deviceB.run(["cloud", "ls"], environment: offline.merging(["TZ": "Asia/Tokyo"]) { $1 })
        #expect(listing.status == 0, "\(listing.standardError)")
        // The same photos as online; only the sync date's zone differs.
        let photoLines = { (text: String) in text.split(separator: "\n").dropLast() }
        #expect(photoLines(listing.standardOutput) == photoLines(online.standardOutput))
        #expect(listing.standardOutput.hasSuffix("+09:00).\n"), "\(listing.standardOutput)")
        let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")
        #expect(photoLines(listing.standardOutput).contains { $0.hasPrefix("\(md5)  ") }, "\(listing.standardOutput)")
        let prefix = "Offline (no AWS credentials were found): the cloud catalog as synced on "
        #expect(listing.standardError.hasPrefix(prefix), "\(listing.standardError)")
        let date = listing.standardError.dropFirst(prefix.count).prefix(25)
        #expect(date.hasSuffix("+09:00"), "\(listing.standardError)")
        #expect(listing.standardError.hasSuffix("; configure the cloud and run 'photolala cloud sync' to bring it up to date.\n"))
        let json = try await deviceB.run(["cloud", "ls", "--json"], environment: offline)
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(report?["count"] as? Int == 2, "\(json.standardOutput) \(json.standardError)")

        // With the store unreachable, the listing is the same: it asks the store nothing.
        let closed = try #require(LoopbackSocket.bound())
        defer { close(closed.descriptor) }
        let unreachable = environment.merging(["PHOTOLALA_S3_ENDPOINT": "http://127.0.0.1:\(closed.port)"]) { $1 }
        let stillListed = try await deviceB.run("cloud", "ls", environment: unreachable)
        #expect(stillListed.status == 0)
        #expect(stillListed.standardOutput == online.standardOutput)
    }

    @Test("without credentials and nothing synced, it says what to set and exits 1")
    func nothingSynced() async throws {
        let cli = try CLI()
        let environment = Self.withoutCredentials(
            ["PHOTOLALA_S3_BUCKET": "photos", "PHOTOLALA_USER_ID": BackupCommandTests.userID], home: cli.folder.path("home"))
        let listing = try await cli.run(["cloud", "ls"], environment: environment)
        #expect(listing.status == 1)
        #expect(
            listing.standardError
                == "Error: No cloud catalog has been synced on this device, and no AWS credentials were found. Set PHOTOLALA_S3_BUCKET and AWS credentials "
                + "(AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws), or PHOTOLALA_BACKUP_FOLDER, then run 'photolala cloud sync'.\n"
        )
        let noBucket = try await cli.run(["cloud", "ls"], environment: environment.merging(["PHOTOLALA_S3_BUCKET": ""]) { $1 })
        #expect(noBucket.standardError.contains("and no S3 bucket or backup folder is configured."), "\(noBucket.standardError)")
    }
}
