import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// The archive searched from another device: the facts of each backed-up photo travel in the
/// bucket beside the catalog (``CloudFacts``), and backups made before facts were kept get
/// theirs from their metadata plists on the next sync. Against SeaweedFS.
@Suite("Searching a backup from another device")
struct CloudSearchCommandTests {
    /// MD5s of the `search --json` rows of `query` over the cloud backup as `cli` last synced it.
    private func found(_ query: String, by cli: CLI, environment: [String: String]) async throws -> [String] {
        let output = try await cli.run(["search", query, "--cloud", "--json"], environment: environment)
        #expect(output.status == 0, "\(output.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(json["results"] as? [[String: Any]])
        #expect(rows.allSatisfy { $0["source"] as? String == "cloud" })
        return rows.compactMap { $0["md5"] as? String }
    }

    @Test("a photo backed up on device A is found by place:, camera: and keyword: on device B after cloud sync, its original in Deep Archive")
    func factsTravelWithTheBackup() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        var environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        environment["PHOTOLALA_PLACE_DATA"] = try await Fixtures.places()
        let layout = CloudLayout(userID: BackupCommandTests.userID)

        let deviceA = try CLI()
        let photos = deviceA.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(
            at: photos + "/rome.jpg",
            tags: [
                "-DateTimeOriginal=2019:06:15 14:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-GPSLatitude=41.8986", "-GPSLatitudeRef=N",
                "-GPSLongitude=12.4769", "-GPSLongitudeRef=E",
            ])
        try await Fixtures.datedPhoto(
            at: photos + "/party.jpg", tags: ["-DateTimeOriginal=2021:01:01 00:30:00", "-Make=Nikon", "-XMP-dc:Subject=wedding"])
        #expect(try await deviceA.run("backup", "star", photos + "/rome.jpg", photos + "/party.jpg", environment: environment).status == 0)
        let run = try await deviceA.run("backup", "run", environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let rome = try ContentHash.md5(ofFileAt: photos + "/rome.jpg")
        let party = try ContentHash.md5(ofFileAt: photos + "/party.jpg")

        let deviceB = try CLI()
        let sync = try await deviceB.run("cloud", "sync", environment: environment)
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(try await found("place:italy camera:canon", by: deviceB, environment: environment) == [rome])
        #expect(try await found("keyword:wedding", by: deviceB, environment: environment) == [party])
        #expect(try await found("camera:canon -place:rome", by: deviceB, environment: environment) == [])
        #expect(try await store.head(layout.photo(rome))?.storageClass == .deepArchive, "found without restoring the original")

        // The manifest lists the facts; the seeds' fixed keys hold every shard it lists, for v5.1 readers.
        let manifestBytes = try #require(try await store.get(layout.manifest))
        var manifest = try PropertyListDecoder().decode(CatalogManifest.self, from: Data(manifestBytes))
        #expect(manifest.facts?.map(\.rows).reduce(0, +) == 2)
        for shard in manifest.shards where shard.rows > 0 {
            let copy = try #require(try await store.get(layout.shard(shard.index)))
            #expect(ContentHash.sha256(of: copy) == shard.sha256)
        }

        // A backup made before facts were kept: a device that syncs it reads each photo's metadata plist, once.
        manifest.facts = nil
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        _ = try await store.put(layout.manifest, body: Array(try encoder.encode(manifest)), options: PutOptions(contentType: "application/x-plist"))
        let deviceC = try CLI()
        let earlier = try await deviceC.run("cloud", "sync", environment: environment)
        #expect(earlier.status == 0, "\(earlier.standardError)")
        #expect(try await found("place:italy camera:canon", by: deviceC, environment: environment) == [rome])
        #expect(try await found("keyword:wedding", by: deviceC, environment: environment) == [party])
    }
}
