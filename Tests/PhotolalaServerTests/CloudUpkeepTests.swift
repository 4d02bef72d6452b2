import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// The cloud's upkeep while the server runs: a catalog sync at start, then every 15 minutes,
/// measured on the server's clock (a manual one here, so no real time passes).
@Suite("Cloud upkeep")
struct CloudUpkeepTests {
    static let userID = "3f0c9a52-8e1b-4d6f-a7c2-5b9e0d4f1a63"

    @Test("What another device backs up shows in the Cloud source after the next 15-minute sync, not before")
    func syncsEveryFifteenMinutes() async throws {
        let folder = try TemporaryDirectory()
        let backup = LocalDirectoryObjectStore(root: folder.path("nas"))
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["orientation6.jpg", "southwest.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let deviceA = try makeEngine(in: folder, device: "a").backupService(store: backup, userID: Self.userID)
        #expect(try await deviceA.backUp([photos + "/orientation6.jpg"]).uploaded.count == 1)

        let deviceB = try makeEngine(in: folder, device: "b")
        try FileManager.default.createDirectory(atPath: folder.path("here"), withIntermediateDirectories: true)
        var configuration = ServerConfiguration(folders: [folder.path("here")], port: 0)
        configuration.cloud = CloudConfiguration(
            endpoint: nil, bucket: nil, region: "us-east-1", userID: Self.userID, quotaBytes: nil, credentials: nil,
            settingsFile: folder.path("b/data/cloud.json"), folder: folder.path("nas"))
        let clock = ManualClock()
        configuration.clock = clock
        try await APITestSupport.application(configuration, engine: deviceB).test(.router) { client in
            // The sync at start is done when the upkeep waits on the clock, beside the backup queue.
            await clock.sleepers(2)
            #expect(clock.pendingDeadlines == [.seconds(600), .seconds(900)], "the queue's quiet period and the sync's interval")
            #expect(try await APITestSupport.rows(client, source: "cloud", folder: "~").count == 1)

            #expect(try await deviceA.backUp([photos + "/southwest.jpg"]).uploaded.count == 1)
            clock.advance(by: .seconds(899))
            await clock.sleepers(2)
            #expect(try await APITestSupport.rows(client, source: "cloud", folder: "~").count == 1, "no sync before 15 minutes")

            clock.advance(by: .seconds(1))
            // The sync ran once the upkeep waits again.
            await clock.sleepers(2)
            var count = 0
            for _ in 0..<400 {
                count = try await APITestSupport.rows(client, source: "cloud", folder: "~").count
                if count == 2 { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(count == 2, "the sync after 15 minutes brings the new photo")
        }
    }
}
