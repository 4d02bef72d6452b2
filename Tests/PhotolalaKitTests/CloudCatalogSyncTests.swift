import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// Seed 004's sync protocol against SeaweedFS: a second device sees the first one's backup,
/// only changed shards travel, a tampered shard is never imported, offline keeps working.
@Suite struct CloudCatalogSyncTests {
    static let userID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

    /// Device A backs up `count` photos into a fresh bucket; `nil` when SeaweedFS cannot run.
    static func backedUp(
        _ count: Int, in folder: TemporaryDirectory, server: SeaweedFS? = nil
    ) async throws -> (
        store: S3ObjectStore, deviceA: Engine, paths: [String]
    )? {
        var resolved = server
        if resolved == nil {
            resolved = try await SeaweedFS.shared()
        }
        guard let server = resolved else {
            print("skipped: \(await SeaweedFS.unavailableReason ?? "SeaweedFS unavailable")")
            return nil
        }
        let store = try await makeS3Store(on: server)
        let engine = try makeEngine(in: folder, device: "a")
        let paths = try await makePhotos(count, in: folder)
        let report = try await engine.backupService(store: store, userID: userID).backUp(paths)
        #expect(report.failed.isEmpty, "\(report.failed)")
        return (store, engine, paths)
    }

    static func deviceB(in folder: TemporaryDirectory) throws -> Engine {
        try makeEngine(in: folder, device: "b")
    }

    @Test("A second device browses the first device's backup with thumbnails") func aSecondDeviceBrowsesTheFirstDevicesBackupWithThumbnails()
        async throws
    {
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(3, in: folder) else { return }
        let (store, _, paths) = setup
        let counting = CountingStore(store)
        let source = try Self.deviceB(in: folder).cloudSource(store: counting, userID: Self.userID)
        let updates = SyncLog()
        let state = await source.sync.sync { updates.append($0) }
        #expect(state.error == nil, "\(state.error ?? "")")
        #expect(state.photoCount == 3)
        #expect(state.downloadedShards == Array(0..<16))
        #expect(state.lastSyncDate != nil)
        #expect(updates.last?.fraction == 1)
        #expect(updates.count >= 5)
        #expect(await counting.gets.allSatisfy { $0.hasPrefix("catalogs/") }, "listing never touches photos")
        #expect(await counting.lists == 0, "nor lists the bucket")

        let md5s = Set(try paths.map { try ContentHash.md5(ofFileAt: $0) })
        let listed = try source.listedPhotos()
        #expect(Set(listed.map(\.item.id)) == md5s)
        #expect(listed.allSatisfy { $0.size != nil && $0.date != nil })
        #expect(Set(try source.listedPhotos().map(\.item.displayName)) == Set(paths.map { FilePath.name(of: $0) }))
        let md5 = try #require(listed.first?.item.id)
        let thumbnail = try await source.thumbnail(for: md5)
        #expect(thumbnail.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(thumbnail.origin == .generated)
        #expect(try await source.thumbnail(for: md5).origin == .disk)
        let metadata = try await source.metadata(of: md5).metadata
        #expect(metadata.md5 == md5)
        #expect(paths.map { FilePath.name(of: $0) }.contains(metadata.originalFilename ?? ""))
        #expect(metadata.format == .jpeg)
        await #expect(throws: CloudError.self) { try await source.original(of: md5) }

        await counting.reset()
        let again = await source.sync.sync()
        #expect(again.error == nil)
        #expect(again.downloadedShards.isEmpty)
        #expect(await counting.heads == [CloudLayout(userID: Self.userID).manifest])
        #expect(await counting.gets == [CloudLayout(userID: Self.userID).albums], "an unchanged ETag costs one HEAD, and the albums one GET")
        #expect(await counting.puts.isEmpty)
    }

    @Test("Only the changed shard and facts shard are downloaded") func onlyTheChangedShardIsDownloaded() async throws {
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(3, in: folder) else { return }
        let (store, deviceA, paths) = setup
        let counting = CountingStore(store)
        let sync = try Self.deviceB(in: folder).cloudSync(store: counting, userID: Self.userID)
        #expect(await sync.sync().photoCount == 3)

        let added = try await makePhotos(1, in: folder, prefix: "NEW_")
        _ = try await deviceA.backupService(store: store, userID: Self.userID).backUp(paths + added)
        let shard = CatalogEntry(md5: try ContentHash.md5(ofFileAt: added[0]), filename: "", size: 0, photoDate: 0, modified: 0).shard
        await counting.reset()
        let state = await sync.sync()
        #expect(state.error == nil, "\(state.error ?? "")")
        #expect(state.photoCount == 4)
        #expect(state.downloadedShards == [shard])
        let layout = CloudLayout(userID: Self.userID)
        // And the facts shard of the same index, which holds the new photo's facts.
        let manifest = try PropertyListDecoder().decode(CatalogManifest.self, from: Data(try #require(try await store.get(layout.manifest))))
        let facts = try #require(manifest.facts?.first { $0.index == shard })
        #expect(
            await counting.gets == [
                layout.manifest, try await layout.storedShard(shard, in: store), layout.facts(shard, sha256: facts.sha256), layout.albums,
            ])
    }

    @Test("A tampered shard is rejected and never imported") func aTamperedShardIsRejectedAndNeverImported() async throws {
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(3, in: folder) else { return }
        let (store, _, paths) = setup
        let layout = CloudLayout(userID: Self.userID)
        let md5 = try ContentHash.md5(ofFileAt: paths[0])
        let shard = CatalogEntry(md5: md5, filename: "", size: 0, photoDate: 0, modified: 0).shard
        let key = try await layout.storedShard(shard, in: store)
        var tampered = try #require(try await store.get(key))
        tampered += Array("ffffffffffffffffffffffffffffffff,evil.jpg,1,0,0,,,\n".utf8)
        _ = try await store.put(key, body: tampered, options: PutOptions())

        let counting = CountingStore(store)
        let source = try Self.deviceB(in: folder).cloudSource(store: counting, userID: Self.userID)
        let state = await source.sync.sync()
        #expect(state.rejectedShards == [shard])
        #expect(state.error?.contains(FolderCatalog.shardName(shard)) == true)
        #expect(await counting.gets.filter { $0 == key }.count == 2, "fetched once more, then rejected")
        let listed = Set(try source.listedPhotos().map(\.item.id))
        #expect(!listed.contains("ffffffffffffffffffffffffffffffff"))
        #expect(!listed.contains(md5))
        #expect(listed.count == 3 - paths.filter { (try? ContentHash.md5(ofFileAt: $0))?.first == md5.first }.count)
        #expect(try source.sync.state().error != nil, "the next sync tries again")
    }

    @Test("The last synced catalog keeps working offline") func theLastSyncedCatalogKeepsWorkingOffline() async throws {
        guard let server = try await SeaweedFS.start() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        guard let setup = try await Self.backedUp(2, in: folder, server: server) else { return }
        let store = setup.store
        let source = try Self.deviceB(in: folder).cloudSource(store: store, userID: Self.userID)
        let synced = await source.sync.sync()
        #expect(synced.error == nil)
        let md5 = try #require(try source.listedPhotos().first?.item.id)
        _ = try await source.thumbnail(for: md5)

        try await server.stopped()
        let offline = await source.sync.sync()
        #expect(offline.isOffline)
        // Refused, or reset when a connection kept from before meets the server still exiting
        // (its port closes first): either way the message says what happened and what to do.
        let said = offline.error ?? ""
        let refused = said.contains("(connection refused): is the S3 server running?")
        #expect(refused || said.contains("was reset before the S3 server answered: try again"), "\(said)")
        #expect(offline.error?.contains(server.secretKey) == false)
        #expect(offline.lastSyncDate == synced.lastSyncDate)
        #expect(offline.photoCount == 2)
        #expect(try source.listedPhotos().count == 2)
        #expect(try await source.thumbnail(for: md5).origin == .disk)
    }
}

/// Progress updates collected from a `@Sendable` callback.
final class SyncLog: Sendable {
    private let updates = Mutex<[CloudSyncProgress]>([])

    func append(_ progress: CloudSyncProgress) {
        updates.withLock { $0.append(progress) }
    }

    var count: Int { updates.withLock { $0.count } }
    var last: CloudSyncProgress? { updates.withLock { $0.last } }
    var statuses: [String] { updates.withLock { $0.map(\.status) } }
}
