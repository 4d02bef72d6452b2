import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit
@testable import PhotolalaServer

/// The inspector's "Backup" line of a photo in a served folder: what the synced catalog of the
/// backup says of it, and when the catalog cannot be read, that it is unknown and why, never
/// that it is not backed up (which would ask the user to back it up again).
@Suite("The inspector's backup line")
struct InspectorBackupLineTests {
    static let userID = "5d7e1f2a-6b3c-4d8e-9f0a-1b2c3d4e5f60"

    @Test("A photo backed up by another device says so; once the catalog cannot be read, 'Unknown' and the reason, the other lines kept")
    func unknownWhenTheCatalogCannotBeRead() async throws {
        let folder = try TemporaryDirectory()
        let here = folder.path("here")
        try FileManager.default.createDirectory(atPath: here, withIntermediateDirectories: true)
        let photo = here + "/orientation6.jpg"
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photo)
        let backup = LocalDirectoryObjectStore(root: folder.path("nas"))
        let deviceA = try makeEngine(in: folder, device: "a")
        #expect(try await deviceA.backupService(store: backup, userID: Self.userID).backUp([photo]).uploaded.count == 1)

        let deviceB = try makeEngine(in: folder, device: "b")
        var configuration = ServerConfiguration(folders: [here], port: 0)
        configuration.cloud = CloudConfiguration(
            endpoint: nil, bucket: nil, region: "us-east-1", userID: Self.userID, quotaBytes: nil, credentials: nil,
            settingsFile: folder.path("b/data/cloud.json"), folder: folder.path("nas"))
        let clock = ManualClock()
        configuration.clock = clock
        try await APITestSupport.application(configuration, engine: deviceB).test(.router) { client in
            // The sync at start is done when the upkeep waits on the clock, beside the backup queue.
            await clock.sleepers(2)
            let id = try #require(try await APITestSupport.rows(client, source: "local-0", folder: "~").first?[0] as? String)
            let item = "/api/sources/local-0/folders/~/items/\(id)"
            // The thumbnail reads the photo once, and its MD5 is known from then on.
            try await client.execute(uri: item + "/thumbnail", method: .get) { #expect($0.status == .ok) }
            var lines: [String: String] = [:]
            for _ in 0..<400 {
                lines = try await details(client, item)
                if lines["backup"] != nil { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(lines["backup"]?.hasPrefix("Backed up on ") == true, "\(lines)")

            try deviceB.database.write { try $0.execute(sql: "DROP TABLE \(CatalogEntry.databaseTableName)") }
            let broken = try await details(client, item)
            let backupLine = try #require(broken["backup"])
            #expect(backupLine.hasPrefix("Unknown: "), "\(broken)")
            #expect(backupLine.contains(CatalogEntry.databaseTableName), "the reason names what failed: \(backupLine)")
            #expect(broken.keys.sorted() == lines.keys.sorted(), "every other line still shows: \(broken)")
        }
    }

    /// The inspector's lines of an item, by field.
    private func details(_ client: some TestClientProtocol, _ item: String) async throws -> [String: String] {
        let metadata = try await client.execute(uri: item + "/metadata", method: .get) { response in
            #expect(response.status == .ok)
            return try APITestSupport.json(response)
        }
        let details = metadata["details"] as? [[String: Any]] ?? []
        return details.reduce(into: [:]) { lines, detail in
            if let field = detail["field"] as? String { lines[field] = detail["value"] as? String }
        }
    }
}
