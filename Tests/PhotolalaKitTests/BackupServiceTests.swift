import Foundation
import GRDB
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// The backup against SeaweedFS and the local-folder store: layout, skipping, multipart resume,
/// verification and quota.
@Suite struct BackupServiceTests {
    static let userID = "0f2504e0-4f89-11d3-9a0c-0305e82c3301"

    @Test(arguments: StoreKind.allCases) func photosThumbnailsMetadataAndCatalogLandWhereDesignSays(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let engine = try makeEngine(in: folder)
        let paths = try await makePhotos(3, in: folder)
        let service = BackupService(store: store, userID: Self.userID, engine: engine)
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

    @Test(arguments: StoreKind.allCases) func aMultipartUploadResumesAfterACrashBetweenParts(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let base = try await makeStore(kind, in: folder) else { return }
        let engine = try makeEngine(in: folder)
        let path = try #require(try await makePhotos(1, in: folder, padding: 11 << 20).first)
        var options = BackupService.Options()
        options.multipartThreshold = 5 << 20
        options.partSize = 5 << 20
        let store = FaultyStore(base)
        await store.configure(failPartsAfter: 1)
        let crashed = try await BackupService(store: store, userID: Self.userID, engine: engine, options: options).backUp([path])
        #expect(crashed.failed.count == 1)
        #expect(await store.partsUploaded == 1)
        let saved = try engine.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM multipartPart") }
        #expect(saved == 1)

        let resumed = FaultyStore(base)
        let report = try await BackupService(store: resumed, userID: Self.userID, engine: engine, options: options).backUp([path])
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(await resumed.partsUploaded == 2, "parts 2 and 3 only")
        let md5 = try ContentHash.md5(ofFileAt: path)
        let key = CloudLayout(userID: Self.userID).photo(md5)
        #expect(try await base.get(key) == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try await base.head(key)?.metadata["md5"] == md5)
        #expect(try await base.head(key)?.etag.hasSuffix("-3") == true)
        let left = try engine.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM multipartUpload") }
        #expect(left == 0)
        #expect(try await BackupService(store: base, userID: Self.userID, engine: engine, options: options).backUp([path]).skipped == [md5])
    }

    @Test(arguments: StoreKind.allCases) func aBodyDamagedInTransitIsCaughtByItsContentMD5(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let base = try await makeStore(kind, in: folder) else { return }
        let engine = try makeEngine(in: folder)
        let paths = try await makePhotos(1, in: folder)
        let store = FaultyStore(base)
        await store.configure(damageBodies: true)
        let report = try await BackupService(store: store, userID: Self.userID, engine: engine).backUp(paths)
        #expect(report.uploaded.isEmpty)
        #expect(report.failed.count == 1)
        #expect(report.failed.first?.reason.contains("BadDigest") == true || report.failed.first?.reason.contains("Content-MD5") == true)
        #expect(try await base.listAll(prefix: "photos/").isEmpty)
    }

    @Test func theQuotaIsCheckedBeforeAnythingIsUploaded() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let engine = try makeEngine(in: folder)
        let paths = try await makePhotos(2, in: folder)
        var options = BackupService.Options()
        options.quotaBytes = 100
        let error = await #expect(throws: BackupError.self) {
            try await BackupService(store: store, userID: Self.userID, engine: engine, options: options).backUp(paths)
        }
        #expect(error?.code == .quotaExceeded)
        #expect(error?.message.contains("PHOTOLALA_QUOTA_BYTES") == true)
        #expect(try await store.listAll(prefix: "").isEmpty)
    }

    @Test func aServerStoppedMidBatchIsRetriedThenReportedWithoutTheSecret() async throws {
        guard let server = try await SeaweedFS.start() else { return print("skipped: \(SeaweedFS.unavailableReason ?? "")") }
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let base = try await makeS3Store(on: server)
        let engine = try makeEngine(in: folder)
        let paths = try await makePhotos(4, in: folder)
        let store = FaultyStore(base)
        await store.configure(beforeFirstUpload: {
            server.stop()
            try? await Task.sleep(for: .seconds(2))
        })
        var options = BackupService.Options()
        options.concurrency = 1
        var text = ""
        do {
            let report = try await BackupService(store: store, userID: Self.userID, engine: engine, options: options).backUp(paths)
            #expect(report.failed.count == 4)
            text = report.failed.map(\.reason).joined(separator: "\n")
        } catch {
            text = "\(error)"
        }
        #expect(text.contains("could not reach"), "\(text)")
        #expect(!text.contains(server.secretKey))
    }
}

/// Progress updates collected from a `@Sendable` callback.
final class ProgressLog: Sendable {
    private let updates = Mutex<[BackupProgress]>([])

    func append(_ progress: BackupProgress) {
        updates.withLock { $0.append(progress) }
    }

    var count: Int { updates.withLock { $0.count } }
}
