import Foundation
import GRDB
import PhotolalaS3
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// The backup against SeaweedFS and the local-folder store: layout, skipping, multipart resume,
/// verification and quota.
@Suite struct BackupServiceTests {
    static let userID = "0f2504e0-4f89-11d3-9a0c-0305e82c3301"

    @Test("Photos, thumbnails, metadata and catalog land where DESIGN.md says", arguments: StoreKind.allCases)
    func photosThumbnailsMetadataAndCatalogLandWhereDesignSays(_ kind: StoreKind) async throws {
        let workspace = try TestWorkspace()
        guard let store = try await makeStore(kind, in: workspace.folder) else { return }
        let paths = try await makePhotos(3, in: workspace.folder)
        let service = workspace.engine.backupService(store: store, userID: Self.userID)
        let updates = ProgressLog()
        let report = try await service.backUp(paths) { updates.append($0) }
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(report.uploaded.count == 3)
        #expect(report.progress.photosDone == 3)
        #expect(report.progress.bytesUploaded == report.progress.bytesTotal)
        #expect(updates.count > 3)
        let layout = CloudLayout(userID: Self.userID)
        for (path, md5) in zip(paths, try paths.map { try ContentHash.md5(ofFileAt: $0) }) {
            let photo = try #require(try await store.head(layout.photo(md5)))
            #expect(photo.storageClass == .deepArchive)
            #expect(photo.etag == md5)
            #expect(try await store.tags(layout.photo(md5)) == ["Format": "JPEG"])
            #expect(try await store.head(layout.thumbnail(md5))?.storageClass == .standard)
            let thumbnail = try #require(try await store.get(layout.thumbnail(md5)))
            #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
            let plist = try #require(try await store.get(layout.metadata(md5)))
            #expect(plist.starts(with: Array("bplist00".utf8)))
            let metadata = try PropertyListDecoder().decode(PhotoMetadata.self, from: Data(plist))
            #expect(metadata.originalFilename == FilePath.name(of: path))
            #expect(metadata.md5 == md5)
        }
        let (entries, manifest) = try await CloudCatalog(store: store, layout: layout).load()
        #expect(Set(entries.map(\.md5)) == Set(report.uploaded))
        #expect(manifest?.photoCount == 3)
        #expect(manifest?.shards.count == 16)

        let again = try await service.backUp(paths)
        #expect(again.uploaded.isEmpty)
        #expect(Set(again.skipped) == Set(report.uploaded))
        #expect(again.progress.bytesTotal == 0)
    }

    @Test("A multipart upload resumes after a crash between parts", arguments: StoreKind.allCases)
    func aMultipartUploadResumesAfterACrashBetweenParts(_ kind: StoreKind) async throws {
        let workspace = try TestWorkspace()
        guard let base = try await makeStore(kind, in: workspace.folder) else { return }
        let path = try #require(try await makePhotos(1, in: workspace.folder, padding: 11 << 20).first)
        var options = BackupService.Options()
        options.multipartThreshold = 5 << 20
        options.partSize = 5 << 20
        let store = FaultyStore(base)
        await store.configure(failPartsAfter: 1)
        let crashed = try await workspace.engine.backupService(store: store, userID: Self.userID, options: options).backUp([path])
        #expect(crashed.failed.count == 1)
        #expect(await store.partsUploaded == 1)
        let saved = try workspace.engine.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM multipartPart") }
        #expect(saved == 1)

        let resumed = FaultyStore(base)
        let report = try await workspace.engine.backupService(store: resumed, userID: Self.userID, options: options).backUp([path])
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(await resumed.partsUploaded == 2, "parts 2 and 3 only")
        let md5 = try ContentHash.md5(ofFileAt: path)
        let key = CloudLayout(userID: Self.userID).photo(md5)
        #expect(try await base.get(key) == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try await base.head(key)?.metadata["md5"] == md5)
        #expect(try await base.head(key)?.etag.hasSuffix("-3") == true)
        let left = try workspace.engine.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM multipartUpload") }
        #expect(left == 0)
        #expect(try await workspace.engine.backupService(store: base, userID: Self.userID, options: options).backUp([path]).skipped == [md5])
    }

    @Test("A body damaged in transit is caught by its content MD5", arguments: StoreKind.allCases) func aBodyDamagedInTransitIsCaughtByItsContentMD5(
        _ kind: StoreKind
    ) async throws {
        let workspace = try TestWorkspace()
        guard let base = try await makeStore(kind, in: workspace.folder) else { return }
        let paths = try await makePhotos(1, in: workspace.folder)
        let store = FaultyStore(base)
        await store.configure(damageBodies: true)
        let report = try await workspace.engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.uploaded.isEmpty)
        #expect(report.failed.count == 1)
        #expect(report.failed.first?.reason.contains("BadDigest") == true || report.failed.first?.reason.contains("Content-MD5") == true)
        #expect(try await base.listAll(prefix: "photos/").isEmpty)
    }

    @Test("The quota is checked before anything is uploaded") func theQuotaIsCheckedBeforeAnythingIsUploaded() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let paths = try await makePhotos(2, in: workspace.folder)
        var options = BackupService.Options()
        options.quotaBytes = 100
        let error = await #expect(throws: BackupError.self) {
            try await workspace.engine.backupService(store: store, userID: Self.userID, options: options).backUp(paths)
        }
        #expect(error?.code == .quotaExceeded)
        #expect(error?.message.contains("PHOTOLALA_QUOTA_BYTES") == true)
        #expect(try await store.listAll(prefix: "").isEmpty)
        // What is stored counts, thumbnails and metadata too: room for the originals alone is not enough.
        options.quotaBytes = try paths.reduce(0) { $0 + (try FileStatus(path: $1).size) }
        let tight = await #expect(throws: BackupError.self) {
            try await workspace.engine.backupService(store: store, userID: Self.userID, options: options).backUp(paths)
        }
        #expect(tight?.code == .quotaExceeded)
    }

    @Test("A server stopped mid-batch is retried then reported without the secret") func aServerStoppedMidBatchIsRetriedThenReportedWithoutTheSecret()
        async throws
    {
        guard let server = try await SeaweedFS.start() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        defer { server.stop() }
        let bucket = try await makeS3Store(on: server)
        // The client talks to the server through a relay that cuts the line at once when the
        // server is stopped, and counts the connections tried after that.
        let relay = try TCPProxy(upstreamPort: Int(server.endpoint.split(separator: ":").last ?? "") ?? 0)
        defer { relay.stop() }
        let attempts = 3
        let store = FaultyStore(
            S3ObjectStore(
                location: try S3Location(endpoint: relay.endpoint, bucket: bucket.location.bucket, region: "us-east-1"),
                credentials: AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey),
                retry: RetryPolicy(maximumAttempts: attempts, baseDelay: .milliseconds(50), maximumDelay: .milliseconds(200)), timeout: .seconds(30)))
        let workspace = try TestWorkspace()
        let paths = try await makePhotos(4, in: workspace.folder)
        let log = ProgressLog()
        let originals = Counter()
        // Originals go up one at a time: before the second, wait for the first photo to be
        // complete (thumbnail and metadata too), then stop the server.
        await store.configure(beforePut: { key in
            guard key.hasPrefix("photos/") else { return }
            await originals.increment()
            guard await originals.value == 2 else { return }
            while (log.last?.photosDone ?? 0) < 1 {
                try? await Task.sleep(for: .milliseconds(20))
            }
            relay.cut()
            server.stop()
        })
        var options = BackupService.Options()
        options.concurrency = 1
        let report = try await workspace.engine.backupService(store: store, userID: Self.userID, options: options).backUp(paths) { log.append($0) }

        #expect(report.uploaded.count == 1, "the photo completed before the stop")
        #expect(report.skipped.isEmpty)
        #expect(report.failed.count == 3)
        #expect(Set(report.failed.compactMap(\.md5) + report.uploaded) == Set(try paths.map { try ContentHash.md5(ofFileAt: $0) }))
        for failure in report.failed {
            #expect(
                failure.reason.hasPrefix("The connection to \(relay.endpoint) was reset before the S3 server answered: try again"),
                "\(failure.reason)")
        }
        // The catalog could not be read either: reported, with the photo stored all the same.
        let catalogFailure = try #require(report.catalogFailure)
        #expect(
            catalogFailure.contains("was reset before the S3 server answered") && catalogFailure.contains("The next backup run lists them"),
            "\(catalogFailure)")
        // Three originals and the catalog's manifest failed, each after its retries.
        let failedRequests = 4
        #expect(relay.connectionsAfterCut > failedRequests, "retried: \(relay.connectionsAfterCut) connections for \(failedRequests) requests")
        #expect(relay.connectionsAfterCut <= failedRequests * attempts)
        let text = report.failed.map(\.reason).joined(separator: "\n") + catalogFailure
        #expect(!text.contains(server.secretKey))
    }

    @Test("A shard missing or altered in the store is rebuilt from the stored photos", arguments: StoreKind.allCases)
    func aShardMissingOrAlteredInTheStoreIsRebuiltFromTheStoredPhotos(_ kind: StoreKind) async throws {
        let workspace = try TestWorkspace()
        guard let store = try await makeStore(kind, in: workspace.folder) else { return }
        let service = workspace.engine.backupService(store: store, userID: Self.userID)
        let paths = try await makePhotos(8, in: workspace.folder)
        #expect(try await service.backUp(Array(paths.prefix(7))).catalogFailure == nil)
        let catalog = CloudCatalog(store: store, layout: service.layout)
        let written = try await catalog.load()
        let listed = try #require(written.manifest).shards.filter { $0.rows > 0 }.map(\.index)
        #expect(listed.count >= 2)
        // One shard altered (a row dropped, as a partial write would), another gone.
        let altered = try await service.layout.storedShard(listed[0], in: store)
        let csv = try #require(try await store.get(altered))
        _ = try await store.put(
            altered, body: Array(String(decoding: csv, as: UTF8.self).split(separator: "\n").dropLast().joined(separator: "\n").utf8),
            options: PutOptions())
        try await store.delete(try await service.layout.storedShard(listed[1], in: store))
        let error = await #expect(throws: BackupError.self) { try await catalog.load() }
        #expect(error?.code == .catalogDamaged)

        let report = try await service.backUp([paths[7]])
        #expect(report.catalogFailure == nil)
        let repaired = try await catalog.load()
        #expect(repaired.entries.count == 8)
        #expect(Set(written.entries).isSubset(of: Set(repaired.entries)), "every row is back, as it was")
    }

    @Test("Two devices backing up at once both end up in the catalog", arguments: StoreKind.allCases)
    func twoDevicesBackingUpAtOnceBothEndUpInTheCatalog(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let first = try makeEngine(in: folder)
        let second = try makeEngine(in: folder, device: "b")
        let paths = try await makePhotos(12, in: folder)
        async let one = first.backupService(store: store, userID: Self.userID).backUp(Array(paths[..<6]))
        async let other = second.backupService(store: store, userID: Self.userID).backUp(Array(paths[6...]))
        let reports = try await [one, other]
        #expect(reports.allSatisfy { $0.catalogFailure == nil && $0.failed.isEmpty })
        let entries = try await CloudCatalog(store: store, layout: CloudLayout(userID: Self.userID)).load().entries
        #expect(Set(entries.map(\.md5)) == Set(try paths.map { try ContentHash.md5(ofFileAt: $0) }))
    }
}

/// Progress updates collected from a `@Sendable` callback.
final class ProgressLog: Sendable {
    private let updates = Mutex<[BackupProgress]>([])

    func append(_ progress: BackupProgress) {
        updates.withLock { $0.append(progress) }
    }

    var count: Int { updates.withLock { $0.count } }
    var last: BackupProgress? { updates.withLock { $0.last } }
}
