import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the catalog sync does when the cloud is not as it should be: a damaged or hostile
/// manifest, a catalog that was deleted, shards that drop out, a manifest that changes under
/// the sync, a shard that arrives damaged once; and two syncs at once. The backup is in a backup
/// folder (a real store, laid out like the bucket), so every case runs without a server.
@Suite struct CloudCatalogSyncSafetyTests {
    static let userID = "0e3c5e2a-8d1f-4b6a-9c7e-2f4d6b8a0c1e"
    let layout = CloudLayout(userID: Self.userID)

    /// Device A backs up `count` photos to a backup folder; device B has synced them once.
    struct Backup {
        let store: LocalDirectoryObjectStore
        let deviceA: Engine
        let deviceB: Engine
        let paths: [String]
        let folder: TemporaryDirectory

        var sync: CloudCatalogSync { deviceB.cloudSync(store: store, userID: CloudCatalogSyncSafetyTests.userID) }
        var source: CloudBackupReader { deviceB.cloudSource(store: store, userID: CloudCatalogSyncSafetyTests.userID) }
    }

    func backUp(_ count: Int, syncing: Bool = true) async throws -> Backup {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("nas"))
        let deviceA = try makeEngine(in: folder, device: "a")
        let paths = try await makePhotos(count, in: folder)
        let report = try await deviceA.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.failed.isEmpty, "\(report.failed)")
        let deviceB = try makeEngine(in: folder, device: "b")
        let backup = Backup(store: store, deviceA: deviceA, deviceB: deviceB, paths: paths, folder: folder)
        if syncing {
            let state = await backup.sync.sync()
            #expect(state.error == nil && state.photoCount == count, "\(state)")
        }
        return backup
    }

    func manifest(in store: some ObjectStore) async throws -> CatalogManifest {
        try CatalogManifest(propertyList: try #require(try await store.get(layout.manifest)), path: layout.manifest)
    }

    func put(_ manifest: CatalogManifest, in store: some ObjectStore) async throws {
        _ = try await store.put(layout.manifest, body: try manifest.propertyList(), options: PutOptions())
    }

    /// The problems of device B's local copy of the catalog, as `catalog verify` finds them.
    func localProblems(_ backup: Backup) throws -> [String] {
        try FolderCatalog(folder: FilePath.parent(of: backup.sync.catalogDirectory), cacheDirectory: backup.folder.path("b/cache")).verify().map(
            \.message)
    }

    func md5s(_ paths: [String]) throws -> Set<String> {
        Set(try paths.map { try ContentHash.md5(ofFileAt: $0) })
    }

    static let damages: [(name: String, expected: String, damage: @Sendable (inout CatalogManifest) -> Void)] = [
        ("shard index 99", "a shard numbered 99", { $0.shards[3].index = 99 }),
        ("duplicated shard", "twice", { $0.shards[5].index = $0.shards[4].index }),
        ("negative rows", "claims -4 rows", { $0.shards[2].rows = -4 }),
        ("checksum that is no SHA-256", "is not a SHA-256", { $0.shards[0].sha256 = "../../etc/passwd" }),
        ("photo count unlike its rows", "is not the", { $0.photoCount += 1 }),
    ]

    @Test("A damaged manifest is rejected and the last catalog keeps working", arguments: 0..<damages.count)
    func aDamagedManifestIsRejectedAndTheLastCatalogKeepsWorking(_ which: Int) async throws {
        let damage = Self.damages[which]
        let backup = try await backUp(3)
        let before = try backup.sync.state()
        var manifest = try await manifest(in: backup.store)
        damage.damage(&manifest)
        try await put(manifest, in: backup.store)

        let state = await backup.sync.sync()
        let error = try #require(state.error, "\(damage.name) was accepted")
        #expect(error.contains(damage.expected) && error.contains("was not used"), "\(damage.name): \(error)")
        #expect(!state.isOffline)
        #expect(state.photoCount == 3)
        #expect(state.manifestETag == before.manifestETag)
        #expect(Set(try backup.source.listedPhotos().map(\.item.id)) == (try md5s(backup.paths)))
        #expect(try localProblems(backup).isEmpty)
    }

    @Test("A deleted cloud catalog empties the synced one but an unreachable store does not")
    func aDeletedCloudCatalogEmptiesTheSyncedOneButAnUnreachableStoreDoesNot() async throws {
        let backup = try await backUp(2)
        // A store that cannot be reached is no answer: the catalog stays.
        let closed = S3ObjectStore(
            location: try S3Location(endpoint: "http://127.0.0.1:\(try SeaweedFS.freePorts(1)[0])", bucket: "gone", region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: "AKIDCLOSED", secretAccessKey: "closed-secret"), retry: RetryPolicy(maximumAttempts: 1))
        let offline = await backup.deviceB.cloudSync(store: closed, userID: Self.userID).sync()
        #expect(offline.isOffline && offline.photoCount == 2, "\(offline)")
        #expect(FileManager.default.fileExists(atPath: backup.sync.catalogDirectory + "/" + FolderCatalog.manifestName))

        // The cloud says the catalog is not there (404): the cloud wins.
        for object in try await backup.store.listAll(prefix: layout.catalogPrefix) {
            try await backup.store.delete(object.key)
        }
        let state = await backup.sync.sync()
        #expect(state.error == nil, "\(state.error ?? "")")
        #expect(state.photoCount == 0 && state.manifestETag == nil && state.lastSyncDate != nil)
        #expect(try backup.source.listedPhotos().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: backup.sync.catalogDirectory))
    }

    @Test("A shard that drops out of the manifest is removed") func aShardThatDropsOutOfTheManifestIsRemoved() async throws {
        let backup = try await backUp(4)
        var manifest = try await manifest(in: backup.store)
        let dropped = try #require(manifest.shards.first { $0.rows > 0 })
        manifest.shards.removeAll { $0.index == dropped.index }
        manifest.photoCount -= dropped.rows
        try await put(manifest, in: backup.store)

        let state = await backup.sync.sync()
        #expect(state.error == nil, "\(state.error ?? "")")
        #expect(state.photoCount == 4 - dropped.rows)
        let listed = try backup.source.listedPhotos().map(\.item.id)
        #expect(listed.count == 4 - dropped.rows)
        #expect(listed.allSatisfy { CatalogEntry(md5: $0, filename: "", size: 0, photoDate: 0, modified: 0).shard != dropped.index })
        #expect(!FileManager.default.fileExists(atPath: backup.sync.catalogDirectory + "/" + FolderCatalog.shardName(dropped.index)))
        #expect(try localProblems(backup).isEmpty)
    }

    @Test("The ETag recorded is that of the manifest read") func theETagRecordedIsThatOfTheManifestRead() async throws {
        let backup = try await backUp(2, syncing: false)
        let counting = CountingStore(backup.store)
        let sync = backup.deviceB.cloudSync(store: counting, userID: Self.userID)
        let headETag = try #require(try await backup.store.head(layout.manifest)).etag
        // The manifest changes between the HEAD and the GET: another device backed up meanwhile.
        var newer = try await manifest(in: backup.store)
        newer.modified = newer.modified.addingTimeInterval(60)
        let newerBytes = try newer.propertyList()
        await counting.replace(layout.manifest, with: newerBytes)

        let state = await sync.sync()
        #expect(state.error == nil, "\(state.error ?? "")")
        #expect(state.manifestETag == ContentHash.md5(of: newerBytes))
        #expect(state.manifestETag != headETag)
        await counting.reset()
        // The store's manifest is not the one read: the next sync reads it again.
        #expect(await sync.sync().error == nil)
        #expect(await counting.gets.first == layout.manifest)
    }

    @Test("A shard damaged on the way once is fetched again and imported without listing the bucket")
    func aShardDamagedOnTheWayOnceIsFetchedAgainAndImportedWithoutListingTheBucket() async throws {
        let backup = try await backUp(3, syncing: false)
        let counting = CountingStore(backup.store)
        let sync = backup.deviceB.cloudSync(store: counting, userID: Self.userID)
        let md5 = try ContentHash.md5(ofFileAt: backup.paths[0])
        let shard = CatalogEntry(md5: md5, filename: "", size: 0, photoDate: 0, modified: 0).shard
        let key = try await layout.storedShard(shard, in: backup.store)
        await counting.replace(key, with: Array("md5,filename\nbroken".utf8))

        let state = await sync.sync()
        #expect(state.error == nil, "\(state.error ?? "")")
        #expect(state.rejectedShards.isEmpty && state.downloadedShards.contains(shard))
        #expect(await counting.gets.filter { $0 == key }.count == 2)
        #expect(await counting.lists == 0, "a sync never lists the bucket")
        #expect(try backup.source.sync.copy.entry(md5: md5) != nil)
    }

    @Test("A rejected shard keeps the old one so the local copy stays whole and the next sync retries")
    func aRejectedShardKeepsTheOldOneSoTheLocalCopyStaysWholeAndTheNextSyncRetries() async throws {
        let backup = try await backUp(3)
        let added = try await makePhotos(1, in: backup.folder, prefix: "NEW_")
        _ = try await backup.deviceA.backupService(store: backup.store, userID: Self.userID).backUp(backup.paths + added)
        let md5 = try ContentHash.md5(ofFileAt: added[0])
        let shard = CatalogEntry(md5: md5, filename: "", size: 0, photoDate: 0, modified: 0).shard
        let oldRows = try backup.source.listedPhotos().filter {
            CatalogEntry(md5: $0.item.id, filename: "", size: 0, photoDate: 0, modified: 0).shard == shard
        }
        let before = try backup.sync.state()
        let counting = CountingStore(backup.store)
        let sync = backup.deviceB.cloudSync(store: counting, userID: Self.userID)
        await counting.replace(try await layout.storedShard(shard, in: backup.store), with: Array("tampered".utf8), times: 2)

        let rejected = await sync.sync()
        #expect(rejected.rejectedShards == [shard])
        #expect(rejected.manifestETag == before.manifestETag)
        #expect(try backup.source.sync.copy.entry(md5: md5) == nil)
        #expect(try oldRows.allSatisfy { try backup.source.sync.copy.entry(md5: $0.item.id) != nil }, "the old shard's photos stay")
        #expect(try localProblems(backup).isEmpty, "the local copy matches its manifest")

        let retried = await sync.sync()
        #expect(retried.error == nil && retried.rejectedShards.isEmpty, "\(retried)")
        #expect(retried.downloadedShards == [shard])
        #expect(try backup.source.sync.copy.entry(md5: md5) != nil)
        #expect(retried.photoCount == 4)
        #expect(try localProblems(backup).isEmpty)
    }

    @Test("Two syncs at once of one data folder both succeed") func twoSyncsAtOnceOfOneDataFolderBothSucceed() async throws {
        let backup = try await backUp(5, syncing: false)
        // Two processes on one data folder: each its own engine (database connection) and sync.
        let other = try Engine(configuration: backup.deviceB.configuration)
        let first = backup.sync
        let second = other.cloudSync(store: backup.store, userID: Self.userID)
        async let one = first.sync(force: true)
        async let two = second.sync(force: true)
        let (a, b) = await (one, two)
        #expect(a.error == nil && b.error == nil, "\(a.error ?? "") \(b.error ?? "")")
        #expect(a.photoCount == 5 && b.photoCount == 5)
        #expect(try localProblems(backup).isEmpty)
        #expect(Set(try backup.source.listedPhotos().map(\.item.id)) == (try md5s(backup.paths)))
    }

    @Test("A sync waits for the one holding the lock and gives up after its timeout")
    func aSyncWaitsForTheOneHoldingTheLockAndGivesUpAfterItsTimeout() async throws {
        let backup = try await backUp(2, syncing: false)
        var sync = backup.sync
        // Another process's sync holds the lock.
        try AtomicFile.createFolder(FilePath.parent(of: sync.lockPath))
        let holder = open(sync.lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)

        sync.lockTimeout = .milliseconds(300)
        let refused = await sync.sync()
        #expect(refused.error?.contains("already running") == true, "\(refused.error ?? "")")
        #expect(refused.photoCount == 0)

        sync.lockTimeout = .seconds(60)
        let log = SyncLog()
        let waiting = Task { await sync.sync { log.append($0) } }
        for _ in 0..<3_000 {
            if log.statuses.contains("Waiting for another sync to finish…") { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(log.statuses.contains("Waiting for another sync to finish…"))
        close(holder)
        let state = await waiting.value
        #expect(state.error == nil && state.photoCount == 2, "\(state)")
    }

    /// A folder opened before the first sync learns of every photo it brought at once: asking
    /// for many photos' facts reads the catalog in one pass, and gives the same answer as
    /// looking a few up one by one.
    @Test("The facts of many photos are read in one pass with the same answer") func theFactsOfManyPhotosAreReadInOnePassWithTheSameAnswer()
        async throws
    {
        let backup = try await backUp(3)
        let listed = try backup.source.listedPhotos()
        let ids = listed.map(\.item.id)
        #expect(backup.source.listedPhotos(for: ids) == listed)
        let many = ids + (0...CloudBackupReader.lookupsBeforeScan).map { String(format: "%032x", $0) }
        #expect(backup.source.listedPhotos(for: many).sorted { $0.item.id < $1.item.id } == listed.sorted { $0.item.id < $1.item.id })
    }
}
