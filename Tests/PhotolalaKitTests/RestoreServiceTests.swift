import Foundation
import GRDB
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Deep Archive restores against moto's S3 server, which implements RestoreObject, refuses GETs
/// of archived objects and reports `x-amz-restore`.
@Suite struct RestoreServiceTests {
    static let userID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"

    /// A bucket on moto holding two backed-up photos, synced; restores take one check to complete.
    static func backedUp(in folder: TemporaryDirectory) async throws -> (store: S3ObjectStore, engine: Engine, paths: [String])? {
        guard let server = try await MotoServer.shared() else {
            print("skipped: \(await MotoServer.unavailableReason ?? "")")
            return nil
        }
        try await server.delayRestores()
        let location = try S3Location(endpoint: server.endpoint, bucket: "moto" + UUID().uuidString.lowercased().prefix(8), region: "us-east-1")
        let store = S3ObjectStore(
            location: location, credentials: AWSCredentials(accessKeyID: "AKIDMOTO", secretAccessKey: "moto-secret"),
            retry: RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(50)))
        try await store.createBucket()
        let engine = try makeEngine(in: folder)
        let paths = try await makePhotos(2, in: folder)
        let report = try await engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(await engine.cloudSync(store: store, userID: Self.userID).sync().photoCount == 2)
        return (store, engine, paths)
    }

    /// Follows the restores, as the server does, until `done` says so (or 100 rounds passed).
    static func follow(_ restores: RestoreService, until done: @escaping @Sendable ([RestoreStatus]) -> Bool) async -> [[RestoreStatus]] {
        let (rounds, sink) = AsyncStream.makeStream(of: [RestoreStatus].self)
        let follower = Task {
            await restores.follow(
                polling: RestoreService.Polling(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100)), wakeups: RestoreWakeups()
            ) {
                sink.yield($0)
            }
        }
        defer { follower.cancel() }
        var seen: [[RestoreStatus]] = []
        for await round in rounds {
            seen.append(round)
            if done(round) || seen.count >= 100 { break }
        }
        return seen
    }

    @Test("An archived original is priced, restored and downloaded with its extension")
    func anArchivedOriginalIsPricedRestoredAndDownloadedWithItsExtension() async throws {
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(in: folder) else { return }
        let (store, engine, paths) = setup
        let source = engine.cloudSource(store: store, userID: Self.userID)
        let md5 = try ContentHash.md5(ofFileAt: paths[0])

        let restores = engine.restores(store: store, userID: Self.userID)
        let archived = try await restores.refresh(md5)
        #expect(archived.state == .archived)
        let refused = await #expect(throws: CloudError.self) { try await source.original(of: md5) }
        #expect(refused?.code == .archived)
        let direct = await #expect(throws: ObjectStoreError.self) { try await store.get(CloudLayout(userID: Self.userID).photo(md5)) }
        #expect(direct?.s3Code == "InvalidObjectState")

        let size = try FileStatus(path: paths[0]).size
        let estimate = try await restores.estimate([md5], tier: .bulk)
        #expect(estimate.bytes == size)
        #expect(abs(estimate.totalCost - (Double(size) / Double(1 << 30) * 0.0025 + 0.025 / 1000)) < 1e-12)
        #expect(estimate.summary.hasPrefix("1 photo, "))
        #expect(try await restores.estimate([md5], tier: .standard).totalCost > estimate.totalCost)

        // Deep Archive takes hours: the restore is under way when first checked.
        let requested = try await restores.request([md5], tier: .bulk, days: 3)
        #expect(requested.map(\.tier) == [.bulk])
        #expect(requested.map(\.state) == [.restoring])
        #expect(try restores.savedStatuses().map(\.state) == [.restoring])

        let rounds = await Self.follow(restores) { $0.first?.state == .restored }
        let restored = try #require(rounds.last?.first)
        #expect(restored.state == .restored)
        #expect((restored.expiry ?? .distantPast) > Date())
        #expect(try restores.savedStatuses().map(\.state) == [.restored])
        #expect(try restores.savedStatuses().first?.days == 3)

        let output = folder.path("restored")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let path = try await restores.download(md5, to: output)
        #expect(path == output + "/" + FilePath.name(of: paths[0]).replacingOccurrences(of: ".JPG", with: ".jpg"))
        #expect(try ContentHash.md5(ofFileAt: path) == md5)
        #expect(try await source.original(of: md5).count == Int(size))

        let other = try ContentHash.md5(ofFileAt: paths[1])
        let stillArchived = await #expect(throws: CloudError.self) { try await restores.download(other, to: output) }
        #expect(stillArchived?.code == .archived)
    }

    @Test("An archived original read without asking first says how to restore it") func anArchivedOriginalReadWithoutAskingFirstSaysHowToRestoreIt()
        async throws
    {
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(in: folder) else { return }
        let (store, _, paths) = setup
        let md5 = try ContentHash.md5(ofFileAt: paths[0])
        // As when a restored copy expires between the HEAD and the GET: S3 answers 403 InvalidObjectState.
        let error = await #expect(throws: CloudError.self) {
            try await CloudBackupReader.fetchOriginal(md5, from: store, layout: CloudLayout(userID: Self.userID))
        }
        #expect(error?.code == .archived)
        #expect(error?.message.contains("photolala cloud restore \(md5)") == true)
    }

    @Test("A restored copy past its expiry is archived again everywhere and checked at its expiry")
    func aRestoredCopyPastItsExpiryIsArchivedAgainEverywhereAndCheckedAtItsExpiry() async throws {
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(in: folder) else { return }
        let (store, engine, paths) = setup
        let restores = engine.restores(store: store, userID: Self.userID)
        let expired = try ContentHash.md5(ofFileAt: paths[0])
        let current = try ContentHash.md5(ofFileAt: paths[1])
        let now = Date()
        let tomorrow = now.addingTimeInterval(86_400)
        // What an earlier check saved: one copy restored until an hour ago, one until tomorrow.
        try engine.database.write { db in
            for (md5, expiry) in [(expired, now.addingTimeInterval(-3_600)), (current, tomorrow)] {
                try db.execute(
                    sql: "INSERT INTO restoreRequest (md5, state, tier, days, requested, expiry, checked) VALUES (?, 'restored', 'Bulk', 1, ?, ?, ?)",
                    arguments: [md5, now.addingTimeInterval(-90_000), expiry, now.addingTimeInterval(-7_200)])
            }
        }
        let saved = Dictionary(uniqueKeysWithValues: try restores.savedStatuses().map { ($0.md5, $0.state) })
        #expect(saved == [expired: .archived, current: .restored], "one rule for every view of the saved states")

        let round = await restores.checkDue(now: now)
        #expect(abs((round.nextExpiry ?? .distantPast).timeIntervalSince(tomorrow)) < 0.01, "the next check is due when the other copy expires")
        #expect(!round.waiting)
        // The expired one was asked again (moto never restored it: archived); the other was not.
        let checked = try restores.storedStatuses()
        #expect(checked.first { $0.md5 == expired }?.state == .archived)
        #expect(checked.first { $0.md5 == expired }?.checked ?? .distantPast > now.addingTimeInterval(-60))
        #expect(checked.first { $0.md5 == current }?.checked ?? .distantFuture < now.addingTimeInterval(-60))
    }

    @Test("Expedited is not a tier for Deep Archive") func expeditedIsNotATierForDeepArchive() throws {
        #expect(RestoreTier.allCases.map(\.rawValue) == ["Standard", "Bulk"])
        let error = #expect(throws: CloudError.self) { try RestoreTier(parsing: "Expedited") }
        #expect(error?.message.contains("no Expedited tier") == true)
        #expect(try RestoreTier(parsing: "bulk") == .bulk)
    }

    @Test("The restore header gives the state") func theRestoreHeaderGivesTheState() throws {
        let ongoing = try #require(ObjectRestoreState(header: #"ongoing-request="true""#))
        #expect(ongoing.ongoing && ongoing.expiry == nil)
        let done = try #require(ObjectRestoreState(header: #"ongoing-request="false", expiry-date="Fri, 21 Dec 2012 00:00:00 GMT""#))
        #expect(!done.ongoing)
        #expect(done.expiry == Date(timeIntervalSince1970: 1_356_048_000))
        func info(_ restore: ObjectRestoreState?, _ storageClass: StorageClass = .deepArchive) -> ObjectInfo {
            ObjectInfo(
                size: 1, etag: "e", lastModified: nil, storageClass: storageClass, metadata: [:], contentType: nil, tagCount: nil, restore: restore)
        }
        #expect(ArchiveStatus(info(nil)) == .archived)
        #expect(ArchiveStatus(info(ongoing)) == .restoring)
        #expect(ArchiveStatus(info(done)) == .archived, "past its expiry the copy is gone")
        #expect(ArchiveStatus(info(ObjectRestoreState(ongoing: false, expiry: Date().addingTimeInterval(86_400)))) == .restored)
        #expect(ArchiveStatus(info(nil, .standard)) == .available)
        #expect(RestoreService.fileExtension(format: "HEIF") == "heic")
        #expect(RestoreService.fileExtension(format: "JPEG") == "jpg")
        #expect(RestoreService.fileExtension(format: "PNG") == "png")
    }
}
